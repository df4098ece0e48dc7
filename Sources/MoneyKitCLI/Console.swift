// Standard output and error, buffered, with a quiet exit when the reader goes away
// (`tool list | head -1` must not print an error or die of SIGPIPE).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered writer to a file descriptor.
public final class OutputChannel: @unchecked Sendable {
    public let descriptor: Int32
    private var buffer: [UInt8] = []
    private let flushThreshold = 64 * 1024

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(4096)
    }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes `text` and a newline.
    public func line(_ text: String = "") {
        write(text)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= flushThreshold { flush() }
    }

    public func flush() {
        var offset = 0
        while offset < buffer.count {
            let count = buffer.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { exit(ExitCode.ok.rawValue) }
                buffer.removeAll()
                exit(ExitCode.ioError.rawValue)
            }
            offset += count
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// The process's standard streams.
public enum Console {
    public static let out = OutputChannel(descriptor: STDOUT_FILENO)
    public static let err = OutputChannel(descriptor: STDERR_FILENO)

    /// Ignore SIGPIPE so a closed pipe shows up as EPIPE, which `flush` treats as a
    /// quiet, successful end.
    public static func prepare() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func flushAll() {
        out.flush()
        err.flush()
    }
}

/// The C `write`, under a name that does not clash with `OutputChannel.write`.
@inline(__always)
private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
