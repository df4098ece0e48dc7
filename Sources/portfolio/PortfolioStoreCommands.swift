// Which store portfolio opens (a SQLite file, or PostgreSQL when the --db text or
// $PORTFOLIO_DB is a postgresql:// URI or a libpq keyword string), and the commands about
// the store itself: `db init` (make or bring up to date the tables; with --grant, give a
// least-privilege role its rights) and `db copy --to TARGET` (the whole store into an
// empty one, any backend to any other).

import MoneyKitPlatform
import MoneyKitStorage
import MoneyKitCLI
import MoneyKitPostgres
import PortfolioKit
import PortfolioSQLite
import PortfolioPostgres

extension PortfolioCommands {
    /// Who changes a shared store (`Invocation.actor`).
    var actor: String { invocation.actor }

    /// The store at `location` (a path or a connection text) for `access`. A read of a
    /// store the user named that is not there is an error (66: a typo is not an empty
    /// store), unless the read plans a change that would make it (`plansChange`: an import).
    func open(_ location: StoreLocation, _ access: PortfolioStoreAccess, plansChange: Bool = false) throws -> any PortfolioStore {
        if PostgresConnectionText.isConnection(location.path) {
            // The run's PG* variables, not the process's, reach libpq (PostgresRunEnvironment).
            let store = PostgresPortfolioRepository(store: sharedStore(location))
            store.clock = { [invocation] in invocation.now() }
            return store
        }
        var access = access
        if case .write = access { access = .write(createFolders: location.isDefault) }
        let store = try SQLitePortfolioRepository(path: location.path, access: access, mustExist: !location.isDefault && !plansChange)
        // Undo steps are stamped by the run's clock, as every default date is.
        store.clock = { [invocation] in invocation.now() }
        return store
    }

    /// The PostgreSQL store `location` names, changed by this run's actor, connected with
    /// this run's PG* variables.
    private func sharedStore(_ location: StoreLocation) -> PostgresStore {
        PostgresStore(connectionText: location.path, layout: PostgresPortfolioRepository.layout, actor: actor, environment: invocation.environment)
    }

    /// The store opened for reading by a command that plans a change it may then make
    /// (an import reads first, so that a file with errors creates nothing): a named
    /// store not made yet reads as empty here.
    func openToPlanChange() throws -> any PortfolioStore {
        try open(try storeLocation, .read, plansChange: true)
    }

    private var storeLocation: StoreLocation {
        get throws {
            try XDGPaths(environment: invocation.environment).storeLocation(
                option: arguments.value("db"), environmentVariable: "PORTFOLIO_DB",
                kind: .data, tool: "portfolio", fileName: "portfolio.sqlite")
        }
    }

    /// portfolio db init [--grant ROLE] [--read-only]
    func databaseInit() throws -> ExitCode {
        let location = try storeLocation
        let role = arguments.value("grant")
        let readOnly = arguments.flag("read-only")
        if readOnly && role == nil {
            throw CLIError.usage("--read-only needs --grant ROLE", commandPath: arguments.commandPath)
        }
        guard PostgresConnectionText.isConnection(location.path) else {
            if role != nil {
                throw CLIError.usage(PostgresSchemaLayout.grantNeedsPostgres, commandPath: arguments.commandPath)
            }
            let existed = ((try? PosixFile.fileSize(location.path)) ?? nil) != nil
            let store = try SQLitePortfolioRepository(path: location.path, access: .write(createFolders: location.isDefault))
            store.close()
            invocation.say(existed ? "portfolio's database \(location.path) is ready (up to date)" : "made portfolio's database \(location.path)")
            return .ok
        }
        let store = sharedStore(location)
        let grantee = role.map(PostgresGrantee.init)
        if grantee == .everyone {
            guard try Confirmation.require(PostgresGrantee.everyone.confirmationQuestion(tool: "portfolio", readOnly: readOnly), invocation: invocation) else {
                invocation.say("Nothing granted, nothing changed.")
                return .ok
            }
        }
        do {
            for line in try store.initializeReporting(granting: grantee, readOnly: readOnly) { invocation.say(line) }
        } catch let unknown as PostgresUnknownRole {
            throw CLIError.notFound("role", unknown.role, known: unknown.known)
        }
        return .ok
    }

    /// portfolio db copy --to TARGET
    func databaseCopy() throws -> ExitCode {
        guard let targetText = arguments.value("to"), !targetText.isEmpty else {
            throw CLIError.usage("missing --to TARGET", commandPath: arguments.commandPath)
        }
        let sourceLocation = try storeLocation
        let targetLocation = StoreLocation(path: targetText, isDefault: false)
        let source = try open(sourceLocation, .read)
        defer { source.close() }
        let target = try open(targetLocation, .write(createFolders: false))
        defer { target.close() }
        let summary = try PortfolioStoreCopy.copy(from: source, to: target, description: "copy from \(source.location)")
        invocation.say("Copied \(summary.text) from \(source.location.terminalSafe) to \(target.location.terminalSafe); the undo history stays behind.")
        return .ok
    }
}
