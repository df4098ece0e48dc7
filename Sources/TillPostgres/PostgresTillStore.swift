// tillcount's shared store on PostgreSQL: the entry point the executable chooses when
// --db (or $TILLCOUNT_DB) names a database. Every till's live count and every saved count
// live there (tables in PostgresTillSchema.swift), behind the same repository protocols as
// the files: PostgresTillDirectory and PostgresTillRepository for the live counts,
// PostgresTillHistory for the saved counts, one TillStore (read, write). Every read is one snapshot, every change one
// transaction with bound parameters only, carrying a client-made id (see PostgresStore).

import TillKit
import MoneyKitPostgres
import MoneyKitPlatform
import MoneyKitStorage

/// A tillcount store in a PostgreSQL database.
public final class PostgresTillStore {
    let store: PostgresStore

    /// Whether `text` (a --db or $TILLCOUNT_DB value) names a PostgreSQL database: a
    /// postgresql:// or postgres:// URI, or a libpq keyword string (host=…, dbname=…).
    public static func names(_ text: String) -> Bool {
        PostgresConnectionText.isConnection(text)
    }

    /// The store reached through `connectionText`, changed by `actor` ("user@host": the
    /// executable passes who runs it). Nothing is connected until the first command. The
    /// PG* variables libpq follows are `environment`'s (a run's own; nil: the process's).
    public init(connectionText: String, actor: String, environment: [String: String]? = nil) {
        store = PostgresStore(connectionText: connectionText, layout: PostgresTillSchema.layout, actor: actor, environment: environment)
    }

    /// Who this store's changes are made by.
    public var actor: String { store.actor }

    /// The transaction `write` runs, while it runs: every read and change of the
    /// adapters joins it.
    private var joined: (connection: PostgresConnection, change: PostgresChange)?
    /// The snapshot `read` holds, while it does: every read of the adapters joins it.
    private var snapshot: (connection: PostgresConnection, hasTables: Bool)?

    /// Runs `body` in one read-only snapshot, or in the snapshot or transaction in progress.
    /// - Throws: what `body` throws; the store's errors.
    func read<Result>(_ body: (PostgresConnection, _ hasTables: Bool) throws -> Result) throws -> Result {
        if let joined { return try body(joined.connection, true) }
        if let snapshot { return try body(snapshot.connection, snapshot.hasTables) }
        return try store.read(body)
    }

    /// Runs `body` as one transaction, or in the transaction of `write` in progress.
    /// - Throws: what `body` throws (nothing is kept); the store's errors.
    func change<Result>(_ body: (PostgresConnection, PostgresChange) throws -> Result) throws -> Result {
        if let joined { return try body(joined.connection, joined.change) }
        return try store.change(body)
    }

    /// The connection text with its passwords hidden.
    public var redactedText: String { store.redactedText }

    /// Every till's live count in this database.
    public var directory: PostgresTillDirectory { PostgresTillDirectory(store: self) }

    /// The saved counts in this database.
    public var history: PostgresTillHistory { PostgresTillHistory(store: self) }

    /// Creates the tables or brings them up to date (`tillcount db init`); returns the line
    /// to print.
    /// - Throws: `StoreError` (`cannotCreate` without the right to create them; newer; foreign; unavailable).
    public func initialize() throws -> String {
        try store.initializeReporting()
    }

    /// `tillcount db init --grant ROLE`: looks the grantee up first (an unknown role changes
    /// nothing), makes or migrates the tables, then gives it the everyday rights
    /// (`readOnly`: reading only). Returns the lines to print.
    /// - Throws: `PostgresUnknownRole`; `StoreError` (as `initialize()`).
    package func initialize(granting grantee: PostgresGrantee, readOnly: Bool) throws -> [String] {
        try store.initializeReporting(granting: grantee, readOnly: readOnly)
    }

    /// The GRANT statements `grant` runs, ROLE standing for the role (for the manual).
    public static func grantStatements(readOnly: Bool) -> [String] {
        PostgresTillSchema.layout.grantStatements(readOnly: readOnly)
    }

    /// The tables, for the manual.
    public static var tableNames: [String] { PostgresTillSchema.tableNames }

    /// The server as messages name it (connects).
    /// - Throws: the connection's errors.
    public func serverName() throws -> String { try store.serverName() }
}

extension PostgresTillStore: TillStore {
    /// The session of the snapshot or transaction in progress: the directory, the history
    /// and the journal on its connection (an empty one where no tables exist yet).
    private var session: JoinedTillSession {
        JoinedTillSession(tills: directory, history: history, person: actor) { [self] in
            try read { connection, hasTables -> any UndoJournalRows in
                hasTables ? PostgresUndoJournalRows(connection: connection, schema: PostgresTillSchema.layout.schema) : InMemoryUndoJournalRows()
            }
        }
    }

    /// Runs `body` in one read-only snapshot of the database, which every read of the live
    /// counts and the history in it joins (inside a write: the write's transaction).
    /// - Throws: what `body` throws; the store's errors.
    public func read<Result>(_ body: (any TillSession) throws -> Result) throws -> Result {
        let session = self.session
        if joined != nil || snapshot != nil { return try body(session) }
        return try store.read { connection, hasTables -> Result in
            snapshot = (connection, hasTables)
            defer { snapshot = nil }
            return try body(session)
        }
    }

    /// Runs `body` as one transaction of the database, which every read and change of the
    /// live counts and the history in it joins. PostgreSQL may run `body` again (a
    /// serialization failure, a deadlock, a COMMIT never answered), so it has no effect
    /// outside the store.
    /// - Throws: what `body` throws (nothing is kept); the store's errors.
    public func write<Result>(_ label: String, _ body: (any TillSession) throws -> Result) throws -> Result {
        let session = self.session
        if joined != nil { return try body(session) }
        return try store.change { connection, change -> Result in
            joined = (connection, change)
            defer { joined = nil }
            return try body(session)
        }
    }
}
