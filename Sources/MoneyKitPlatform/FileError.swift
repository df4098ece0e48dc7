// What can go wrong with a file or folder the platform layer reads, writes, locks or
// creates, naming the path every time. The platform knows nothing of stores: the storage
// layer maps each case one to one onto its `StoreError` (`StoreError(_:)`), same message.

/// An error from the file system. `description` names the path and what is wrong.
package enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file or its folder cannot be read (permissions, not a regular file).
    case unreadable(path: String, reason: String)
    /// The file or its folder cannot be created or replaced.
    case cannotCreate(path: String, reason: String)
    /// Reading or writing failed part way (disk full, I/O error).
    case io(path: String, reason: String)
    /// Another process holds the file's lock for longer than we wait.
    case busy(path: String)

    /// The message: what is wrong, naming the path.
    package var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read \(path): \(reason)"
        case let .cannotCreate(path, reason): return "cannot create \(path): \(reason)"
        case let .io(path, reason): return "I/O error on \(path): \(reason)"
        case let .busy(path): return "\(path) is locked by another process"
        }
    }

    /// The path the error is about.
    package var path: String {
        switch self {
        case let .unreadable(path, _), let .cannotCreate(path, _), let .io(path, _), let .busy(path): return path
        }
    }
}
