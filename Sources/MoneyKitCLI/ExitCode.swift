// The exit codes every tool uses (from sysexits.h), and what each means to a user.

package enum ExitCode: Int32, Sendable, Codable, CaseIterable {
    /// Success.
    case ok = 0
    /// A check the user asked for failed (a till that is short, with --check).
    case checkFailed = 1
    /// The command line was wrong: unknown option, missing or bad argument (EX_USAGE).
    case usage = 64
    /// Input data was wrong: a malformed amount, an overflow, a corrupt file (EX_DATAERR).
    case dataError = 65
    /// An input file or a named thing does not exist or cannot be read (EX_NOINPUT).
    case noInput = 66
    /// A service is unavailable: a database server cannot be reached, or the client
    /// library it needs (libpq) is not installed (EX_UNAVAILABLE).
    case unavailable = 69
    /// An output file or folder cannot be created or written (EX_CANTCREAT).
    case cannotCreate = 73
    /// Reading or writing failed part way (EX_IOERR).
    case ioError = 74
    /// Busy: the store is locked by another process; try again (EX_TEMPFAIL).
    case busy = 75
    /// The configuration or environment is wrong (EX_CONFIG).
    case configuration = 78

    /// One line for the man page's EXIT STATUS and `--help`.
    package var meaning: String {
        switch self {
        case .ok: return "Success."
        case .checkFailed: return "A check that was asked for failed."
        case .usage: return "The command line was wrong: an unknown command or option, or a missing or invalid argument."
        case .dataError: return "Input data was wrong: a malformed amount, an overflow, or a store that is corrupt or from a newer version."
        case .noInput: return "An input file or a named item does not exist or cannot be read."
        case .unavailable: return "A database server cannot be reached or refused the connection, or PostgreSQL's client library (libpq) is not installed."
        case .cannotCreate: return "A file or folder cannot be created or written."
        case .ioError: return "An input or output error."
        case .busy: return "The store is locked by another process; try again."
        case .configuration: return "The configuration or environment is wrong (for example HOME unset)."
        }
    }
}
