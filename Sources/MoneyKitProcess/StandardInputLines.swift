// Standard input counted in lines as it arrives, waiting at most a given time for more:
// what `tally feed` needs of the machine (poll and read on descriptor 0), kept here so
// that no tool file imports a C library.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MoneyKitPlatform

package struct StandardInputLines {
    /// What one wait brought.
    package enum Event: Equatable, Sendable {
        /// Nothing arrived within the time given.
        case timedOut
        /// A signal interrupted the wait or the read; ask again.
        case interrupted
        /// Bytes arrived holding `newlines` line ends; `endsMidLine` when the last byte
        /// was not one (a line still being written, or a last line without a newline).
        case bytes(newlines: Int64, endsMidLine: Bool)
        /// The input has ended.
        case end
    }

    private var buffer = [UInt8](repeating: 0, count: 65536)
    private let descriptor: Int32

    /// Lines of the open descriptor `descriptor` (standard input unless given).
    package init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// Waits up to `timeoutMilliseconds` (negative: without limit) for input and reads
    /// what has arrived. Unlike `FileDescriptor.waitUntilReadable` and `read(into:)`, a
    /// failed wait is an error rather than a timeout, and EAGAIN is a retry.
    /// - Throws: `SystemError` when the wait or the read fails.
    package mutating func next(timeoutMilliseconds: Int32) throws(SystemError) -> Event {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, timeoutMilliseconds)
        if ready < 0 {
            if errno == EINTR { return .interrupted }
            throw SystemError(code: errno)
        }
        if ready == 0 { return .timedOut }
        let got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if got < 0 {
            if errno == EINTR || errno == EAGAIN { return .interrupted }
            throw SystemError(code: errno)
        }
        if got == 0 { return .end }
        var newlines: Int64 = 0
        for byte in buffer[0..<got] where byte == 0x0A { newlines += 1 }
        return .bytes(newlines: newlines, endsMidLine: buffer[got - 1] != 0x0A)
    }
}
