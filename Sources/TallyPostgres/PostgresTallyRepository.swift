// tally's shared store: the counters and their log in a PostgreSQL database (schema
// `tally`, see PostgresTallySchema). Every command is one transaction; a change locks
// the rows it reads (SELECT … FOR UPDATE), so concurrent `tally inc` of one counter all
// count, and carries a client-made id (PostgresStore), so a change retried after an
// unanswered COMMIT never counts twice. The rules and undo are TallySession's, with the
// journal shared by actors: undo reverts the newest change of this actor (user@host)
// only, and refuses when another actor changed its counters since.

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitPostgres
import TallyKit

/// Counters and their log in a PostgreSQL database.
public final class PostgresTallyRepository: TallyRepository {
    let store: PostgresStore
    let undoLimit: Int

    /// The store reached through `connectionText` (a postgresql:// URI or a libpq keyword
    /// string); changes are made as `actor` ("user@host"); undo reaches back `undoLimit`
    /// changes of each actor. Nothing is connected until the first command. The PG*
    /// variables libpq follows are `environment`'s (a run's own; nil: the process's).
    public init(connectionText: String, actor: String, undoLimit: Int = UndoHistory.stepsKept, environment: [String: String]? = nil) {
        store = PostgresStore(connectionText: connectionText, layout: PostgresTallySchema.layout, actor: actor, environment: environment)
        self.undoLimit = undoLimit
    }

    /// Whether `text` (a --file value or TALLY_FILE) names a PostgreSQL database: a
    /// postgresql:// or postgres:// URI, or a libpq keyword string (host=…, dbname=…).
    public static func names(_ text: String) -> Bool { PostgresConnectionText.isConnection(text) }

    /// `text` with its passwords hidden.
    public static func redacted(_ text: String) -> String { PostgresConnectionText.redacted(text) }

    /// Who this repository's changes are made by.
    public var actor: String { store.actor }

    /// The connection text with its passwords hidden, for messages.
    public var redactedText: String { store.redactedText }

    /// Runs `body` on one snapshot (REPEATABLE READ, read only). A database without
    /// tally's tables reads as empty; nothing is created.
    /// - Throws: what `body` throws; `StoreError` (unreachable, not tally's, newer).
    public func read<Result>(_ body: (any TallyStoreReading) throws -> Result) throws -> Result {
        try store.read { connection, hasTables in
            guard hasTables else { return try InMemoryTallyRepository(undoLimit: undoLimit, actor: store.actor).read(body) }
            return try body(session(connection, actor: store.actor, locking: false))
        }
    }

    /// A session over `connection`'s rows.
    private func session(_ connection: PostgresConnection, actor: String, locking: Bool) -> TallySession {
        TallySession(rows: PostgresTallyRows(connection: connection, locking: locking), actor: actor, isShared: true, stepsKept: undoLimit)
    }

    /// Runs `body` as one transaction (made again on a serialization failure or deadlock,
    /// so on a fresh session each time: `body` may run more than once); the tables are
    /// made first when missing. `label`, when given, begins the change group before `body`.
    /// - Throws: what `body` throws (nothing is stored); `StoreError`.
    public func write<Result>(_ label: String?, at: Double, _ body: (any TallyStoreChange) throws -> Result) throws -> Result {
        try store.change { connection, change in
            try session(connection, actor: change.actor, locking: true).change(label, at: at, body)
        }
    }

    /// `tally db init`: makes tally's tables or brings them to this version; returns the
    /// line to print.
    /// - Throws: `StoreError` (`cannotCreate` without the right to create them).
    public func initialize() throws -> String {
        try store.initializeReporting()
    }

    /// `tally db init --grant ROLE`: looks the grantee up first (an unknown role changes
    /// nothing), makes or migrates the tables, then gives it the everyday rights
    /// (`readOnly`: reading only). Returns the lines to print.
    /// - Throws: `PostgresUnknownRole`; `StoreError` (as `initialize()`).
    package func initialize(granting grantee: PostgresGrantee, readOnly: Bool) throws -> [String] {
        try store.initializeReporting(granting: grantee, readOnly: readOnly)
    }

    /// The GRANT statements `grant` runs, ROLE standing for the role (for the manual).
    public static func grantStatements(readOnly: Bool) -> [String] {
        PostgresTallySchema.layout.grantStatements(readOnly: readOnly)
    }
}
