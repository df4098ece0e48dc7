// The error every command throws to stop with a message and an exit code.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// An error shown as `TOOL: error: MESSAGE`, optionally followed by `hint: HINT`; a usage
/// error also prints the usage line of the command and where to find help.
package struct CLIError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package var hint: String?
    /// Further lines printed after the message, one each (e.g. every bad line of an
    /// import); like the message, escaped for the terminal when shown.
    package var details: [String] = []
    package var exitCode: ExitCode
    /// Usage errors name the command whose usage line is printed after the message.
    package var usageCommandPath: [String]?

    /// Whether `message` and `hint` are already shown text (made from a `ShownText`):
    /// printed as they are, where a plain message is escaped whole when printed.
    package private(set) var isShownText = false

    package init(_ message: String, hint: String? = nil, exitCode: ExitCode, usageCommandPath: [String]? = nil) {
        self.message = message
        self.hint = hint
        self.exitCode = exitCode
        self.usageCommandPath = usageCommandPath
    }

    /// An error whose message (and hint) say which parts are this program's own: an
    /// amount it formatted (`\(formatted: money)`) keeps its direction marks, while every
    /// other interpolation (a name, an argument, a path) is escaped (see `ShownText`).
    package init(_ message: ShownText, hint: ShownText? = nil, exitCode: ExitCode, usageCommandPath: [String]? = nil) {
        self.init(message.text, hint: hint?.text, exitCode: exitCode, usageCommandPath: usageCommandPath)
        isShownText = true
    }

    /// The message as the terminal shows it: escaped, unless it is shown text already.
    package var shownMessage: String { isShownText ? message : message.terminalSafe }

    /// The hint as the terminal shows it (see `shownMessage`).
    package var shownHint: String? { hint.map { isShownText ? $0 : $0.terminalSafe } }

    package var description: String { message }

    /// The command line is wrong (64); the usage line of `commandPath` follows the message.
    package static func usage(_ message: String, hint: String? = nil, commandPath: [String] = []) -> CLIError {
        CLIError(message, hint: hint, exitCode: .usage, usageCommandPath: commandPath)
    }

    /// Input data is wrong (65).
    /// A read that failed part way: 66 for a folder given as the input, 74 otherwise,
    /// naming the input ("standard input", a path).
    package static func readFailure(_ name: String, _ failure: SystemError) -> CLIError {
        CLIError("cannot read \(name): \(failure)", exitCode: failure.isDirectory ? .noInput : .ioError)
    }

    package static func data(_ message: String, hint: String? = nil) -> CLIError {
        CLIError(message, hint: hint, exitCode: .dataError)
    }

    /// Input data is wrong (65), said with shown text (see `init(_:hint:exitCode:usageCommandPath:)`).
    package static func data(_ message: ShownText, hint: ShownText? = nil) -> CLIError {
        CLIError(message, hint: hint, exitCode: .dataError)
    }

    /// A named thing does not exist (66), with "did you mean" when a known name is close.
    package static func notFound(_ what: String, _ name: String, known: [String] = [], hint: String? = nil) -> CLIError {
        let suggestion = Suggestions.closest(to: name, among: known).map { "did you mean '\($0)'?" }
        return CLIError("no \(what) named '\(name)'", hint: suggestion ?? hint, exitCode: .noInput)
    }

    /// Any error as the CLIError a tool reports: MoneyKit's errors get their exit codes
    /// here, so every tool maps them alike; a platform `FileError` is mapped as its
    /// `StoreError` is.
    package static func from(_ error: Error) -> CLIError {
        switch error {
        case let cliError as CLIError:
            return cliError
        case let moneyError as MoneyError:
            return CLIError(moneyError.description, hint: moneyError.hint, exitCode: .dataError)
        case let storeError as StoreError:
            return CLIError(storeError.description, hint: storeError.hint, exitCode: storeError.exitCode)
        case let fileError as FileError:
            // A platform call not wrapped in StoreError.mapping reports as if it were.
            return from(StoreError(fileError))
        default:
            return CLIError("\(error)", exitCode: .ioError)
        }
    }
}

extension StoreError {
    /// The exit code a tool reports for this error.
    package var exitCode: ExitCode {
        switch self {
        case .corrupt, .newerVersion, .foreign, .rejected: return .dataError
        case .unreadable: return .noInput
        case .cannotCreate, .readOnly: return .cannotCreate
        case .io: return .ioError
        case .busy, .connectionLost: return .busy
        case .unavailable, .clientLibraryMissing: return .unavailable
        case .noHome, .badConnection: return .configuration
        }
    }

    var hint: String? {
        switch self {
        case .corrupt: return "move the file aside to start afresh, or restore it from a backup"
        case .newerVersion: return "use a newer version of this tool"
        case .foreign: return "name this tool's own store with its option or variable, or move this file aside"
        case .busy: return "another command is still running; try again"
        case .noHome: return "set HOME, or name a file with the tool's option or variable"
        case .unavailable: return "check that the server is running and that the connection string, PG* variables and ~/.pgpass are right"
        case .clientLibraryMissing: return "only a shared store (PostgreSQL) needs it: a file store works without it"
        case .badConnection: return "give a postgresql:// URI or a libpq keyword string such as 'host=/run/postgresql dbname=shop'"
        default: return nil
        }
    }
}
