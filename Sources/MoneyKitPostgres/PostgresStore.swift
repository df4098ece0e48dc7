// A tool's store in a PostgreSQL database: the connection (opened on first use), the
// schema brought up to date before a change, and the two ways in: a read-only snapshot,
// and a change that is one transaction carrying a client-made id. A change whose COMMIT
// went unanswered is looked up by that id after reconnecting: found, it is reported as
// saved; not found, it runs again. So a retried increment never counts twice.

import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitStorage

/// What a change knows about itself.
package struct PostgresChange: Sendable {
    /// The change's client-made id (stored in `applied_changes`).
    package let id: PostgresChangeID
    /// Who makes it: "user@host" (undo reverts only this actor's changes).
    package let actor: String
}

/// A tool's store on a PostgreSQL server.
package final class PostgresStore {
    package let layout: PostgresSchemaLayout
    /// Who makes the changes: "user@host".
    package let actor: String
    private let connectionText: String
    /// The run's environment, whose PG* variables the connection follows (nil: the process's).
    private let environment: [String: String]?
    private var openConnection: PostgresConnection?
    /// Whether the schema was found at this tool's version on this connection.
    private var isCurrent = false

    /// A store reached through `connectionText` (a URI or a libpq keyword string); nothing
    /// is connected until the first command. `actor` is the invocation's (Invocation.actor
    /// reads MONEYKIT_ACTOR once); no default, so no store reads the process's identity itself.
    /// `environment` is the run's (Invocation.environment): libpq is given its PG* variables
    /// rather than reading the process's (nil: the process's, as libpq reads them).
    package init(connectionText: String, layout: PostgresSchemaLayout, actor: String, environment: [String: String]? = nil) {
        self.connectionText = connectionText
        self.environment = environment
        self.layout = layout
        self.actor = actor
        redactedText = PostgresConnectionText.redacted(connectionText)
    }

    /// The connection string with its passwords hidden, for messages before connecting.
    /// Made once: every row a report checks names its store with it (reading the text
    /// again for each of 13,000 rows was 94% of a month table's work).
    package let redactedText: String

    /// The open connection, opened now if there is none.
    /// - Throws: `StoreError.badConnection`, `StoreError.unavailable`.
    package func connection() throws(StoreError) -> PostgresConnection {
        if let openConnection, openConnection.isConnected { return openConnection }
        isCurrent = false
        let opened = try PostgresConnection.open(connectionText, applicationName: layout.tool, environment: environment)
        openConnection = opened
        return opened
    }

    /// The channel every change NOTIFYs when it commits: `SCHEMA_changes`.
    package var changesChannel: String { "\(layout.schema)_changes" }

    /// A connection of its own that LISTENs to `changesChannel`: a reader that stays
    /// (a live board) asks it `takeNotifications()` to know when others have changed the store.
    /// - Throws: the connection's errors.
    package func listenForChanges() throws(StoreError) -> PostgresConnection {
        let listener = try PostgresConnection.open(connectionText, applicationName: layout.tool, environment: environment)
        do {
            try listener.execute("LISTEN \(changesChannel)")
        } catch {
            listener.close()
            throw error
        }
        return listener
    }

    /// The server, named as messages name it (connects if needed).
    /// - Throws: the connection's errors.
    package func serverName() throws(StoreError) -> String { try connection().server }

    /// Runs `body` in one read-only snapshot (REPEATABLE READ). `hasTables` is false when
    /// the database holds no tables of the tool yet: the store reads as empty and nothing is
    /// created. Tables of an older version are brought up to date first.
    /// - Throws: what `body` throws; the store's errors (foreign, newer, unavailable).
    package func read<Result>(_ body: (PostgresConnection, _ hasTables: Bool) throws -> Result) throws -> Result {
        let connection = try connection()
        // The schema is checked (PostgresSchemaAudit) once per connection: a schema found
        // at this version is not checked again inside the snapshot, since only its owner
        // could change what the check looked at.
        if !isCurrent, case .version(let found) = try layout.state(on: connection) {
            if found < layout.version { try layout.migrate(on: connection) }
            isCurrent = true
        }
        if isCurrent {
            return try connection.transaction(isolation: .repeatableRead, readOnly: true) { connection in
                try body(connection, true)
            }
        }
        return try connection.transaction(isolation: .repeatableRead, readOnly: true) { connection in
            switch try layout.state(on: connection) {
            case .missing:
                return try body(connection, false)
            case .version:
                isCurrent = true
                return try body(connection, true)
            }
        }
    }

    /// Runs `body` as one transaction (READ COMMITTED: `body` locks the rows it changes
    /// with SELECT … FOR UPDATE) and commits it; creates or migrates the tables first.
    /// Serialization failures and deadlocks run it again; a lost COMMIT is resolved by the
    /// change's id. `body` must have no effects outside the database.
    /// - Throws: what `body` throws (nothing is kept); the store's errors;
    ///   `StoreError.connectionLost` when the outcome cannot be learnt.
    package func change<Result>(_ body: (PostgresConnection, PostgresChange) throws -> Result) throws -> Result {
        try prepareTables()
        let change = PostgresChange(id: PostgresChangeID(), actor: actor)
        var reruns = 0
        while true {
            var produced: Result?
            do {
                return try connection().transaction(attempts: 10) { connection in
                    try connection.execute(
                        "INSERT INTO \(layout.schema).applied_changes (id, actor) VALUES ($1, $2)",
                        [.text(change.id.text), .text(change.actor)])
                    // Now and then, forget the ids older than a day: an unanswered COMMIT is
                    // resolved within seconds.
                    if Int.random(in: 0..<200) == 0 {
                        try connection.execute(
                            "DELETE FROM \(layout.schema).applied_changes WHERE at < now() - interval '1 day'")
                    }
                    let result = try body(connection, change)
                    // Delivered at COMMIT to every connection that listens (a live board).
                    if layout.notifiesChanges { try connection.execute("NOTIFY \(changesChannel)") }
                    produced = result
                    return result
                }
            } catch StoreError.connectionLost(let server, let reason, true) {
                // The COMMIT was sent and not answered (the body had finished).
                guard let result = produced else {
                    throw StoreError.connectionLost(server: server, reason: reason, mayHaveCommitted: true)
                }
                let saved = wasSaved(change.id)
                if saved == true { return result }
                guard saved == false, reruns < 2 else {
                    throw StoreError.connectionLost(server: server, reason: reason, mayHaveCommitted: saved == nil)
                }
                reruns += 1
            }
        }
    }

    /// Creates the tables or brings them to this version: `TOOL db init`. Returns the
    /// versions before (nil: none) and after.
    /// - Throws: the store's errors (`cannotCreate` without the right to create them).
    @discardableResult
    package func initialize() throws -> (before: Int?, after: Int) {
        let result = try layout.migrate(on: connection())
        isCurrent = true
        return result
    }

    /// Gives `grantee` the rights the everyday commands need (see
    /// PostgresSchemaLayout.grant); returns the line `TOOL db init --grant` prints.
    /// - Throws: `PostgresUnknownRole`; the server's errors.
    @discardableResult
    package func grant(to grantee: PostgresGrantee, readOnly: Bool) throws -> String {
        try layout.grant(to: grantee, readOnly: readOnly, on: connection())
        return layout.grantReport(grantee: grantee, readOnly: readOnly)
    }

    /// Makes sure the tables exist at this version before a change: one query when they
    /// do, a migration under the advisory lock when they do not.
    private func prepareTables() throws {
        guard !isCurrent else { return }
        let connection = try connection()
        if try layout.state(on: connection) != .version(layout.version) {
            try layout.migrate(on: connection)
        }
        isCurrent = true
    }

    /// Whether the change `id` was saved, asked on a new connection (nil: the server cannot
    /// be reached, so nobody knows).
    private func wasSaved(_ id: PostgresChangeID) -> Bool? {
        openConnection?.close()
        openConnection = nil
        for attempt in 0..<3 {
            if attempt > 0 { PosixFile.pause(milliseconds: 200) }
            guard let connection = try? connection() else { continue }
            if let count = try? connection.scalarInteger(
                "SELECT count(*) FROM \(layout.schema).applied_changes WHERE id = $1", [.text(id.text)]) {
                return count > 0
            }
        }
        return nil
    }
}

extension PostgresStore {
    /// `TOOL db init`: makes the tables or brings them to this version, and returns the
    /// line it prints (`initializationReport`).
    /// - Throws: what `initialize()` throws.
    package func initializeReporting() throws -> String {
        let (before, after) = try initialize()
        return try initializationReport(before: before, after: after)
    }

    /// `TOOL db init [--grant ROLE]`: the grantee is looked up first (an unknown role
    /// changes nothing), then the tables are made or brought to this version and the
    /// rights given. Returns the lines it prints. Every role (PUBLIC) is confirmed by the
    /// command before this is called.
    /// - Throws: `PostgresUnknownRole`; what `initialize()` and `grant` throw.
    package func initializeReporting(granting grantee: PostgresGrantee?, readOnly: Bool) throws -> [String] {
        if let grantee { _ = try PostgresSchemaLayout.grantTarget(grantee, on: connection()) }
        var lines = [try initializeReporting()]
        if let grantee { lines.append(try grant(to: grantee, readOnly: readOnly)) }
        return lines
    }

    /// What `TOOL db init` prints: the tables made or brought up to date, on which server.
    /// - Throws: the connection's errors.
    package func initializationReport(before: Int?, after: Int) throws(StoreError) -> String {
        let server = try serverName()
        switch before {
        case nil: return "made \(layout.tool)'s tables (version \(after)) in \(server)"
        case after?: return "\(layout.tool)'s tables in \(server) are up to date (version \(after))"
        case let old?: return "brought \(layout.tool)'s tables in \(server) from version \(old) to \(after)"
        }
    }
}

extension PostgresSchemaLayout {
    /// What `TOOL db init --grant ROLE` prints once the rights are given.
    package func grantReport(grantee: PostgresGrantee, readOnly: Bool) -> String {
        readOnly
            ? "granted \(grantee.described) reading \(tool)'s rows"
            : "granted \(grantee.described) reading and writing \(tool)'s rows (no right to create or drop tables)"
    }

    /// Why `--grant` is refused on a file store (a usage error).
    package static let grantNeedsPostgres = "--grant needs a PostgreSQL store; a file store is guarded by its file mode (0600)"
}
