// A failed system call, as its errno: what the layers above need to decide (a folder
// where a file was expected, a closed pipe) and the system's own words for messages.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An errno from a failed system call.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The errno value.
    public let code: Int32

    /// The error with errno `code`.
    public init(code: Int32) {
        self.code = code
    }

    /// The error of the last failed call on this thread.
    static var last: SystemError { SystemError(code: errno) }

    /// The system's description: "No such file or directory".
    public var description: String { String(cString: strerror(code)) }

    /// A folder was given where a file was expected (EISDIR).
    public var isDirectory: Bool { code == EISDIR }

    /// The reader of a pipe went away (EPIPE).
    public var isBrokenPipe: Bool { code == EPIPE }
}
