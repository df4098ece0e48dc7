// tally's default store: one SQLite database (see SQLiteTallySchema for its tables and
// TallyStorePaths for where it is). Every command is one transaction (BEGIN IMMEDIATE;
// a writer waits up to the busy timeout, then fails as busy: exit 75), durable when it
// returns (WAL, synchronous=FULL). A read never creates, migrates or changes anything.
// The JSON document of an older tally is imported in the first changing command's own
// transaction and left as it was, as a backup.

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite
import TallyKit

/// Counters and their log in one SQLite database.
public final class SQLiteTallyRepository: TallyRepository {
    /// The clock that dates the undo steps a JSON document brings over (a tool's run sets its own).
    package var clock: () -> Double = { Instant.preciseNow() }
    /// `TALLY_FILE`: where the store is when no option names it.
    public static let environmentVariable = "TALLY_FILE"
    /// The name, in the tool's XDG data folder, that the default store stands for (an
    /// older tally's JSON document; the database is counters.db beside it).
    public static let defaultFileName = "counters.json"
    /// How many change groups undo can revert (the oldest beyond are forgotten).
    public static let undoLimit = UndoHistory.stepsKept

    /// The database and the JSON document it takes over.
    public let paths: TallyStorePaths
    /// Called once, by the change that imported the JSON document: its path, the
    /// database's and how many counters came over.
    public var onImportedLegacy: ((_ legacy: String, _ database: String, _ counters: Int) -> Void)?
    let undoLimit: Int
    /// Who the changes are made by (kept with each undo step; a file store's undo takes the
    /// newest change whoever made it).
    let actor: String

    /// The store at `paths`, changed by `actor` (user@host); undo reaches back `undoLimit` changes.
    public init(paths: TallyStorePaths, actor: String, undoLimit: Int = SQLiteTallyRepository.undoLimit) {
        self.paths = paths
        self.actor = actor
        self.undoLimit = undoLimit
    }

    /// The store `location` names (see TallyStorePaths), changed by `actor`.
    public convenience init(location: StoreLocation, actor: String) {
        self.init(paths: TallyStorePaths(path: location.path, isDefault: location.isDefault), actor: actor)
    }

    /// A session over `database`'s rows.
    private func makeSession(_ database: SQLiteDatabase) -> (TallySession, SQLiteTallyRows) {
        let rows = SQLiteTallyRows(database: database)
        return (TallySession(rows: rows, actor: actor, isShared: false, stepsKept: undoLimit), rows)
    }

    /// An in-memory store holding `document`, as this store would after taking it over.
    private func memory(_ document: TallyDocument) throws -> InMemoryTallyRepository {
        try InMemoryTallyRepository(document, undoLimit: undoLimit, actor: actor)
    }

    // MARK: reading

    /// Runs `body` on one snapshot. A missing database reads as the JSON document it
    /// would take over, else as empty at the default location; nothing is created.
    /// - Throws: what `body` throws; `StoreError` (not a tally database, newer, corrupt, I/O;
    ///   `unreadable` for a store the user named that is not there).
    public func read<Result>(_ body: (any TallyStoreReading) throws -> Result) throws -> Result {
        if try !hasDatabase, let document = try legacyDocument() {
            return try memory(document).read(body)
        }
        // A store the user named that is not there is a typo, not an empty store.
        if !paths.isDefault, try StoreError.mapping(PosixFile.fileSize(paths.database)) == nil {
            throw SQLiteDatabase.missingStore(paths.legacy ?? paths.database)
        }
        let database = try SQLiteDatabase.open(paths.database, schema: SQLiteTallySchema.schema, access: .read)
        defer { database.close() }
        let (session, rows) = makeSession(database)
        return try database.reading {
            // A database made but not yet filled from the JSON document reads as the document.
            if database.exists, try rows.storedNextSerial() == nil, let document = try legacyDocument() {
                return try memory(document).read(body)
            }
            return try body(session)
        }
    }

    // MARK: changing

    /// Runs `body` as one transaction of the database, created (and filled from the JSON
    /// document) when missing; a change that writes nothing to a missing store creates
    /// nothing. `label`, when given, begins the change group before `body`.
    /// - Throws: what `body` throws (nothing is stored); `StoreError`.
    public func write<Result>(_ label: String?, at: Double, _ body: (any TallyStoreChange) throws -> Result) throws -> Result {
        if try !hasDatabase {
            // Checked before anything is created: a broken document is refused, nothing made.
            let document = try legacyDocument()
            // Tried in memory first, so that a refused change creates nothing: on an empty
            // store, a change that finds nothing to change (an unknown name, nothing to
            // undo) is done there; on the JSON document, a change that throws (an
            // overflow, a name taken) throws before the database is made.
            do {
                if let document {
                    _ = try memory(document).write(label, at: at, body)
                } else if label == nil {
                    return try InMemoryTallyRepository(undoLimit: undoLimit, actor: actor).readOnlyAttempt(body)
                }
            } catch is StoreNeeded {}
            let database = try SQLiteDatabase.open(
                paths.database, schema: SQLiteTallySchema.schema, access: .write(createFolders: paths.isDefault))
            defer { database.close() }
            return try changing(database, label, at: at, body)
        }
        let database = try SQLiteDatabase.open(paths.database, schema: SQLiteTallySchema.schema, access: .write(createFolders: false))
        defer { database.close() }
        return try changing(database, label, at: at, body)
    }

    /// `body` in one write transaction, after the JSON document is imported if this
    /// database has not taken it over yet.
    private func changing<Result>(
        _ database: SQLiteDatabase, _ label: String?, at: Double, _ body: (any TallyStoreChange) throws -> Result
    ) throws -> Result {
        var imported: Int?
        // Room for a large import's pages (taken only as used): pages that do not fit are
        // spilled to the WAL mid-transaction and written again (measured: 100,000
        // counters imported in 2.6 s with the default 2 MB, see Tests/Benchmarks).
        try database.execute("PRAGMA cache_size = -65536")
        let result = try database.transaction { database in
            if try SQLiteTallyRows(database: database).storedNextSerial() == nil {
                // Read again under the write lock: another process may have imported it.
                let (session, rows) = makeSession(database)
                if let document = try legacyDocument() {
                    try session.importLegacy(document, at: clock())
                    imported = document.counters.count
                } else {
                    try rows.setNextSerial(1)
                }
            }
            return try makeSession(database).0.change(label, at: at, body)
        }
        if let imported, let legacy = paths.legacy { onImportedLegacy?(legacy, paths.database, imported) }
        return result
    }

    /// `tally db init` on a file store: creates the database (taking over the JSON
    /// document of an older tally, if any) or brings it to this version; returns the line
    /// to print.
    /// - Throws: `StoreError` (a broken JSON document is refused before anything is made).
    public func initialize() throws -> String {
        let existed = try hasDatabase
        if !existed { _ = try legacyDocument() }
        let database = try SQLiteDatabase.open(
            paths.database, schema: SQLiteTallySchema.schema, access: .write(createFolders: paths.isDefault))
        defer { database.close() }
        try changing(database, nil, at: 0) { _ in }
        let version = SQLiteTallySchema.migrations.count
        return existed
            ? "tally's database \(paths.database) is up to date (version \(version))"
            : "made tally's database \(paths.database) (version \(version))"
    }

    /// Whether the database file exists with content.
    private var hasDatabase: Bool {
        get throws { try (StoreError.mapping(PosixFile.fileSize(paths.database)) ?? 0) > 0 }
    }

    /// The JSON document the database takes over, when there is one; checked (a broken
    /// one is refused with its path and fault).
    private func legacyDocument() throws -> TallyDocument? {
        guard let legacy = paths.legacy, try StoreError.mapping(PosixFile.fileSize(legacy)) != nil else { return nil }
        return try JSONFileStore<TallyDocument>(location: StoreLocation(path: legacy, isDefault: false), prettyPrinted: false).load()
    }
}
