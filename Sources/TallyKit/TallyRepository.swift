// What tally needs from a store: reading counters and their logs, and changing them one
// command at a time. The in-memory adapter (here), the SQLite adapter (TallySQLite, the
// default) and the shared store (TallyPostgres) implement the repository; one session
// (TallySession) implements the reading and changing below for all of them. Nothing here loads or rewrites the
// whole store: `tally inc NAME` finds one counter, updates it and records one event.

/// A change group: what one command changed, reverted as a whole by one undo.
public struct TallyChangeGroup: Equatable, Sendable {
    /// For people: `inc coffee`, `rm coffee`, `import 3 counters`.
    public var action: String
    /// The names of the counters it changed, as they were before and as it left them.
    public var names: [String]

    /// A group with this action and these names.
    public init(action: String, names: [String]) {
        self.action = action
        self.names = names
    }
}

/// A store of counters and their logs: the seam every adapter (in memory, SQLite,
/// PostgreSQL) offers, the shape of GRDB's DatabaseReader.read and DatabaseWriter.write.
///
/// `read` sees one consistent state and never creates, migrates or changes anything (a
/// store that does not exist yet reads as empty). `write` runs its body in one
/// transaction on the latest state, holding the change and its undo step, and keeps what
/// the body did only when it returns; when it throws, nothing is stored. Two writes at
/// once never lose an update.
///
/// A body may run more than once: PostgreSQL runs a transaction again after a
/// serialization failure or a deadlock, on a fresh session. So a body has no effect
/// outside its session (no printing, no counting in captured variables it does not
/// reset), and returns what the caller needs instead.
public protocol TallyRepository {
    /// Runs `body` on one consistent state of the store.
    /// - Throws: what `body` throws; the store's errors (unreadable, not a tally store).
    func read<Result>(_ body: (any TallyStoreReading) throws -> Result) throws -> Result
    /// Runs `body` as one transaction and keeps what it did, only when it returns. `label`,
    /// when given, begins the change group (the undo step) before `body`, dated `at`; nil
    /// when `body` names its group itself (`begin`), from what it finds. `body` may run
    /// more than once (see above).
    /// - Throws: what `body` throws (nothing is kept); the store's errors.
    func write<Result>(_ label: String?, at: Double, _ body: (any TallyStoreChange) throws -> Result) throws -> Result
}

extension TallyRepository {
    /// Runs `body` as one transaction whose body begins its own change group (see
    /// `write(_:at:_:)`); it may run more than once.
    /// - Throws: what `body` throws (nothing is kept); the store's errors.
    public func write<Result>(_ body: (any TallyStoreChange) throws -> Result) throws -> Result {
        try write(nil, at: 0, body)
    }
}

/// What a command may read.
public protocol TallyStoreReading {
    /// The counter stored under exactly `name`, or nil.
    /// - Throws: the store's errors.
    func counter(exactly name: String) throws -> Counter?
    /// The counters whose name has `key` as its `ItemName.matchKey`.
    /// - Throws: the store's errors.
    func counters(matchingKey key: String) throws -> [Counter]
    /// Every counter, in creation order (serial).
    /// - Throws: the store's errors.
    func allCounters() throws -> [Counter]
    /// The counter `serial`, or nil.
    /// - Throws: the store's errors.
    func counter(serial: Int64) throws -> Counter?
    /// Every derived counter (CounterFormula), by serial: a change of a source reads them
    /// to report what it moved, without reading every counter.
    /// - Throws: the store's errors.
    func derivedCounters() throws -> [Counter]
    /// The events of the counter `serial` from `from` up to `through` (inclusive; nil:
    /// unbounded), oldest first.
    /// - Throws: the store's errors.
    func events(of serial: Int64, from: Double?, through: Double?) throws -> [CounterEvent]
    /// The newest change group undo can revert, or nil. In a shared store: the newest
    /// made by this actor (user@host).
    /// - Throws: the store's errors.
    func latestChange() throws -> TallyChangeGroup?
    /// Every event in the log, in the order recorded (`tally db copy`).
    /// - Throws: the store's errors.
    func allEvents() throws -> [CounterEvent]
    /// The serial the next new counter would get (serials are never reused).
    /// - Throws: the store's errors.
    func nextFreeSerial() throws -> Int64
    /// When the store's days begin, in minutes past local midnight (0: at midnight).
    /// - Throws: the store's errors (a stored value out of range is a corrupt store).
    func dayStart() throws -> Int
    /// Whether the store holds nothing: no counter, no event, no change to undo.
    /// - Throws: the store's errors.
    func isEmpty() throws -> Bool
}

/// What a command may change, within its one transaction. Every write belongs to the
/// change group started by `begin` (or continued by `continueLatest`); the adapter keeps
/// what undo needs (each counter as it was before the group first touched it).
public protocol TallyStoreChange: TallyStoreReading {
    /// Starts this command's change group: one undo step, named `action`.
    /// - Throws: the store's errors.
    func begin(_ action: String, at: Double) throws
    /// Adds the writes that follow to the newest change group (a feed session saving again);
    /// a group that cannot be continued (see `TallySession`) starts anew, stamped `at`.
    /// - Throws: the store's errors.
    func continueLatest(at: Double) throws
    /// Makes the store's days begin `minutes` (0..<1440) past local midnight, in this
    /// change group (undo puts the old time back).
    /// - Throws: the store's errors.
    func setDayStart(_ minutes: Int) throws
    /// The serial for a new counter; serials are never reused.
    /// - Throws: `TallyError.noSerialLeft`; the store's errors.
    func takeSerial() throws -> Int64
    /// Stores a new counter.
    /// - Throws: the store's errors.
    func insert(_ counter: Counter) throws
    /// Stores new counters, as `insert` does each: a store may write them together (an import).
    /// - Throws: the store's errors.
    func insert(_ counters: [Counter]) throws
    /// Stores `counter` over the counter with its serial.
    /// - Throws: the store's errors.
    func update(_ counter: Counter) throws
    /// Deletes `counter` (its events stay with the change group, for undo).
    /// - Throws: the store's errors.
    func delete(_ counter: Counter) throws
    /// Appends `event` to the log, in this change group.
    /// - Throws: the store's errors.
    func record(_ event: CounterEvent) throws
    /// Appends `events` to the log in this order, as `record` does each: a store may write
    /// them together (an import).
    /// - Throws: the store's errors.
    func record(_ events: [CounterEvent]) throws
    /// The derived counters this change has moved so far (a source's count changed), each
    /// with its value before and after; the change is refused when one would leave the
    /// 64-bit range or lose a source (every change checks this before it commits).
    /// - Throws: `TallyError.derivedOverflow`, `.derivedSourceGone`; the store's errors.
    func derivedChanges() throws -> [DerivedChange]
    /// Reverts the newest change group: puts back every counter as it was, removes what it
    /// created and the events it recorded. Nil when there is none. In a shared store: the
    /// newest group of this actor, refused when another actor changed its counters since.
    /// - Throws: `TallyError.undoConflict` (shared store); the store's errors.
    func revertLatest() throws -> TallyChangeGroup?

    // Copying a whole store (`tally db copy`): written outside any change group, so undo
    // never reverts them.
    /// Stores `counter` as it is, serial included.
    /// - Throws: the store's errors.
    func storeCopied(_ counter: Counter) throws
    /// Appends `event` to the log as it is (time and actor kept; a new id).
    /// - Throws: the store's errors.
    func storeCopied(_ event: CounterEvent) throws
    /// Stores when the days begin, as it is (outside any change group).
    /// - Throws: the store's errors.
    func storeCopied(dayStart minutes: Int) throws
    /// Makes the next serial at least `serial`.
    /// - Throws: the store's errors.
    func reserveSerials(below serial: Int64) throws
}
