// An open file, pipe or terminal: opening for reading, reading to the end in one loop,
// writing all of a buffer, a regular file's size. Interrupted calls are retried. Whether
// it is a terminal, and the terminal's size, are terminal APIs: MoneyKitProcess adds them.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor, as the process holds it (not closed when the value goes).
public struct FileDescriptor: Sendable, Equatable {
    /// The descriptor number.
    public let rawValue: Int32

    /// The descriptor numbered `rawValue`, already open.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Standard input (0).
    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    /// Standard output (1).
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    /// Standard error (2).
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// Opens `path` (bytes as `LosslessText` keeps them) for reading.
    /// - Throws: `SystemError` when it cannot be opened.
    public static func openForReading(_ path: String) throws(SystemError) -> FileDescriptor {
        let fd = open(path.systemPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError.last }
        return FileDescriptor(rawValue: fd)
    }

    /// Closes the descriptor (after a read, where a close error changes nothing).
    public func close() {
        _ = systemClose(rawValue)
    }

    /// Reads what is there into `buffer` (up to its size), retrying when interrupted.
    /// Returns the number of bytes read, 0 at the end of input.
    /// - Throws: `SystemError` when the read fails (EISDIR for a folder).
    public func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(rawValue, $0.baseAddress, $0.count) }
            if count >= 0 { return count }
            let failure = SystemError.last
            if failure.code != EINTR { throw failure }
        }
    }

    /// Everything left to read, in chunks of `chunkSize`.
    /// - Throws: `SystemError` when a read fails.
    public func readToEnd(chunkSize: Int = 65536) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        if let size = regularFileSize { bytes.reserveCapacity(size) }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = try read(into: &chunk)
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes all of `bytes`, retrying short writes and interrupted calls; nil when done.
    public func writeAll(_ bytes: [UInt8]) -> SystemError? {
        let code = PosixFile.writeAll(rawValue, bytes)
        return code == 0 ? nil : SystemError(code: code)
    }

    /// The size of the regular file open here, nil for a pipe, a terminal or a folder.
    public var regularFileSize: Int? {
        var info = stat()
        guard fstat(rawValue, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// What one byte-sized read found.
    public enum ByteRead: Equatable, Sendable {
        /// The byte read.
        case byte(UInt8)
        /// Nothing this time (interrupted by a signal, or not ready).
        case nothing
        /// The input is gone: end of file, or the terminal hung up.
        case ended
    }

    /// Reads one byte (a key on a terminal in raw mode).
    public func readByte() -> ByteRead {
        var byte: UInt8 = 0
        let count = systemRead(rawValue, &byte, 1)
        if count == 1 { return .byte(byte) }
        if count == 0 { return .ended }
        return errno == EINTR || errno == EAGAIN ? .nothing : .ended
    }

    /// Waits up to `timeoutMilliseconds` (-1: for ever) until there is something to read.
    /// False on timeout or when a signal arrived first.
    public func waitUntilReadable(timeoutMilliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, timeoutMilliseconds) > 0
    }
}

// The C calls under names that do not clash with the methods above.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
