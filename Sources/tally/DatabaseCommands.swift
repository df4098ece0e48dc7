// tally db init and tally db copy: the store itself. init makes or migrates the tables
// (a file store: the database file) and can grant a role the everyday rights; copy moves
// the whole store into a new or empty one, between any two backends (Tally.copy).

import MoneyKitStorage
import MoneyKitCLI
import MoneyKitPostgres
import TallyKit
import TallyPostgres
import TallySQLite

extension TallyCommands {
    func initializeStore() throws -> ExitCode {
        let role = arguments.text(TallySpec.grant)
        let readOnly = arguments.flag(TallySpec.readOnly)
        if readOnly && role == nil {
            throw CLIError.usage("--read-only needs --grant ROLE", commandPath: arguments.commandPath)
        }
        switch tally.repository {
        case let shared as PostgresTallyRepository:
            guard let role else {
                invocation.err.line(try shared.initialize().terminalSafe)
                break
            }
            let grantee = PostgresGrantee(role)
            if grantee == .everyone {
                guard try Confirmation.require(grantee.confirmationQuestion(tool: "tally", readOnly: readOnly), invocation: invocation) else {
                    invocation.err.line("Nothing granted, nothing changed.")
                    return .ok
                }
            }
            do {
                for line in try shared.initialize(granting: grantee, readOnly: readOnly) { invocation.err.line(line.terminalSafe) }
            } catch let unknown as PostgresUnknownRole {
                throw CLIError.notFound("role", unknown.role, known: unknown.known)
            }
        case let file as SQLiteTallyRepository:
            if role != nil {
                throw CLIError.usage(PostgresSchemaLayout.grantNeedsPostgres, commandPath: arguments.commandPath)
            }
            invocation.err.line(try file.initialize().terminalSafe)
        default:
            break
        }
        return .ok
    }

    func copyStore() throws -> ExitCode {
        guard let target = arguments.text(TallySpec.copyTarget), !target.isEmpty else {
            throw CLIError.usage("missing --to TARGET", commandPath: arguments.commandPath)
        }
        let location = StoreLocation(path: target, isDefault: false)
        let shown = PostgresTallyRepository.names(target) ? PostgresTallyRepository.redacted(target) : target
        let summary: TallyCopySummary
        do {
            summary = try tally.copy(to: Self.repository(at: location, invocation: invocation))
        } catch TallyError.copyTargetNotEmpty(let counters) {
            throw CLIError(
                "\(shown) already holds a tally store (\(counters) counter\(counters == 1 ? "" : "s")); nothing was copied",
                hint: "db copy never merges into or overwrites a store: give a new file or an empty database", exitCode: .cannotCreate)
        }
        let counters = "\(summary.counters) counter\(summary.counters == 1 ? "" : "s")"
        let events = "\(summary.events) event\(summary.events == 1 ? "" : "s")"
        invocation.err.line("copied \(counters) and \(events) to \(shown); the undo history stays behind".terminalSafe)
        return .ok
    }
}
