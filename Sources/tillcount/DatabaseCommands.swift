// tillcount db init and db copy: making a store ready (the tables of a shared PostgreSQL
// store, so the everyday role needs no DDL; the history file of a file store) and copying
// a whole store into an empty or new one (TillStoreCopy, the same for every pair of backends).

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitPostgres
import TillKit
import TillPostgres
import TillSQLite

struct DatabaseCommands {
    let context: TillContext

    /// db init [--grant ROLE] [--read-only].
    func initialize() throws -> ExitCode {
        let arguments = context.arguments
        let role = arguments.text(TillcountSpec.grantRole)
        let readOnly = arguments.flag(TillcountSpec.readOnly)
        if readOnly && role == nil {
            throw CLIError.usage("--read-only needs --grant ROLE", commandPath: arguments.commandPath)
        }
        switch context.store {
        case .postgres(let shared):
            guard let role else {
                context.invocation.err.line(try shared.initialize().terminalSafe)
                break
            }
            let grantee = PostgresGrantee(role)
            if grantee == .everyone {
                let question = grantee.confirmationQuestion(tool: "tillcount", readOnly: readOnly)
                guard try Confirmation.require(question, invocation: context.invocation) else {
                    context.invocation.err.line("Nothing granted, nothing changed.")
                    return .ok
                }
            }
            do {
                for line in try shared.initialize(granting: grantee, readOnly: readOnly) { context.invocation.err.line(line.terminalSafe) }
            } catch let unknown as PostgresUnknownRole {
                throw CLIError.notFound("role", unknown.role, known: unknown.known)
            }
        case .files(_, let history):
            if role != nil {
                throw CLIError.usage(PostgresSchemaLayout.grantNeedsPostgres, commandPath: arguments.commandPath)
            }
            let existed = PosixFile.isRegularFile(history.path)
            try history.prepareToSave()
            let what = existed ? "is ready (schema version \(SQLiteTillHistory.schemaVersion))" : "made (schema version \(SQLiteTillHistory.schemaVersion))"
            context.invocation.err.line("history \(history.path) \(what); the live counts are kept in it from their first change".terminalSafe)
        }
        return .ok
    }

    /// db copy --to TARGET: a connection text, or a folder that is new or empty (it gets
    /// history.sqlite, holding the live counts and the history).
    func copy() throws -> ExitCode {
        let arguments = context.arguments
        guard let target = arguments.text(TillcountSpec.copyTarget), !target.isEmpty else {
            throw CLIError.usage("db copy needs --to TARGET (a folder, or a postgresql:// URI)", commandPath: arguments.commandPath)
        }
        let targetTills: any TillDirectory
        let targetHistory: any TillHistoryRepository & TillHistoryCopyTarget
        let targetName: String
        if PostgresTillStore.names(target) {
            let shared = PostgresTillStore(connectionText: target, actor: context.invocation.actor, environment: context.invocation.environment)
            targetTills = shared.directory
            targetHistory = shared.history
            targetName = shared.redactedText
        } else {
            if PosixFile.isDirectory(target) {
                if let entries = try StoreError.mapping(PosixFile.entryNames(in: target)), !entries.isEmpty {
                    throw TillError.copyTargetNotEmpty(target: target, what: "\(entries.count) file(s)")
                }
            } else {
                try StoreError.mapping(PosixFile.makeDirectories(target))
            }
            let database = SQLiteTillDatabase(path: "\(target)/history.sqlite", createsFolders: false)
            targetTills = SQLiteTillDirectory(
                database: database, files: JSONTillDirectory(stateFile: StoreLocation(path: "\(target)/count.json", isDefault: false)))
            targetHistory = SQLiteTillHistory(database: database)
            targetName = target
        }
        // The source read in one snapshot: a copy of one moment of it.
        let outcome = try context.tillStore.read { source in
            try TillStoreCopy.copy(
                from: (source.tills, source.history), to: (targetTills, targetHistory),
                targetName: targetName, definitions: context.till.definitions)
        }
        context.out.line("copied \(outcome.tills) till(s) and \(outcome.savedCounts) saved count(s) to \(targetName)".terminalSafe)
        return .ok
    }
}
