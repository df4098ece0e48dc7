// What can go wrong reading or writing a tool's store, naming the file every time.

/// An error from a store. `description` names the file and what is wrong with it.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not a valid store (bad JSON, wrong shape, wrong format name).
    case corrupt(path: String, reason: String)
    /// The file was written by a newer version of the tool.
    case newerVersion(path: String, found: Int, supported: Int)
    /// The file or its folder cannot be read (permissions, not a regular file).
    case unreadable(path: String, reason: String)
    /// The file or its folder cannot be created or replaced.
    case cannotCreate(path: String, reason: String)
    /// Reading or writing failed part way (disk full, I/O error).
    case io(path: String, reason: String)
    /// The file exists but may not be written (its mode or its folder's forbids it).
    case readOnly(path: String)
    /// Another process holds the lock for longer than we wait.
    case busy(path: String)
    /// No folder to keep the store in: HOME and the XDG variables are all unset.
    case noHome(variable: String)
    /// The file is a valid file of its kind but not this tool's store (another program's
    /// database): refused, never adopted. `expected` names what it should be.
    case foreign(path: String, expected: String, reason: String)
    /// The store refused a change or a computation on its data (a constraint, a sum too
    /// large for 64 bits).
    case rejected(path: String, reason: String)
    /// A database server cannot be reached or refused the connection. `server` names it
    /// (host and port, or socket, and database), never with a password.
    case unavailable(server: String, reason: String)
    /// The connection to a database server broke during a command. `mayHaveCommitted`
    /// says whether the change may have been saved (the break came during or after the
    /// commit) or surely was not.
    case connectionLost(server: String, reason: String, mayHaveCommitted: Bool)
    /// A database connection string that cannot be used, shown with its password hidden.
    case badConnection(text: String, reason: String)
    /// The client library a database needs (libpq) is not installed, or lacks a function:
    /// `reason` is the loader's message, `remedy` what to install.
    case clientLibraryMissing(library: String, reason: String, remedy: String)

    /// The message: what is wrong, naming the file.
    public var description: String {
        switch self {
        case let .corrupt(path, reason):
            return "\(path) is not a valid store: \(reason); it was left untouched"
        case let .newerVersion(path, found, supported):
            return "\(path) has format version \(found), newer than this tool reads (\(supported)); it was left untouched"
        case let .unreadable(path, reason):
            return "cannot read \(path): \(reason)"
        case let .cannotCreate(path, reason):
            return "cannot create \(path): \(reason)"
        case let .io(path, reason):
            return "I/O error on \(path): \(reason)"
        case let .readOnly(path):
            return "cannot change \(path): it is read-only"
        case let .busy(path):
            return "\(path) is locked by another process"
        case let .noHome(variable):
            return "cannot find a place for the store: neither \(variable) nor HOME is set"
        case let .foreign(path, expected, reason):
            return "\(path) is not \(expected): \(reason); it was left untouched"
        case let .rejected(path, reason):
            return "\(path): \(reason)"
        case let .unavailable(server, reason):
            return "cannot connect to \(server): \(reason)"
        case let .connectionLost(server, reason, mayHaveCommitted):
            let outcome = mayHaveCommitted
                ? "the change may or may not have been saved: check before repeating it"
                : "the change was not saved"
            return "lost the connection to \(server) (\(reason)); \(outcome)"
        case let .badConnection(text, reason):
            return "cannot use the connection string '\(text)': \(reason)"
        case let .clientLibraryMissing(library, reason, remedy):
            return "cannot connect: \(library) cannot be loaded (\(reason)); \(remedy)"
        }
    }

    /// The file the error is about, when there is one.
    public var path: String? {
        switch self {
        case let .corrupt(path, _), let .newerVersion(path, _, _), let .unreadable(path, _),
            let .cannotCreate(path, _), let .io(path, _), let .readOnly(path), let .busy(path),
            let .foreign(path, _, _), let .rejected(path, _), let .unavailable(path, _),
            let .connectionLost(path, _, _):
            return path
        case .noHome, .badConnection, .clientLibraryMissing: return nil
        }
    }
}
