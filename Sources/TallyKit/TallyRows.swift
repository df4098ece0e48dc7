// What a tally adapter maps, and nothing else: counters, events, the next serial and the
// undo journal's rows, inside one transaction of its backend. The rules, the change
// groups and undo are TallySession's, written once over these rows.

import MoneyKitStorage

/// The rows of a tally store on one backend (in memory, SQLite, PostgreSQL), inside one
/// reading or change. Writes are refused (`willWrite`) where the store may not be changed.
package protocol TallyRows: AnyObject {
    /// Names the store in messages (a path, a server).
    var storeName: String { get }
    /// The undo journal's rows in the same transaction.
    var journalRows: any UndoJournalRows { get }

    /// Throws when this store takes no write (an empty stand-in for a store not made yet).
    /// - Throws: what the adapter refuses writes with.
    func willWrite() throws

    // MARK: counters (read in a change: locked until it ends where others write at once)

    /// The counter `serial`, or nil.
    /// - Throws: the store's errors.
    func counter(serial: Int64) throws -> Counter?
    /// The counter named exactly `name`, or nil.
    /// - Throws: the store's errors.
    func counter(exactly name: String) throws -> Counter?
    /// The counters whose stored match key is `key`, by serial.
    /// - Throws: the store's errors.
    func counters(withStoredKey key: String) throws -> [Counter]
    /// Every counter, by serial.
    /// - Throws: the store's errors.
    func allCounters() throws -> [Counter]
    /// Every derived counter (a formula stored), by serial.
    /// - Throws: the store's errors.
    func derivedCounters() throws -> [Counter]
    /// Whether any counter is stored.
    /// - Throws: the store's errors.
    func hasCounters() throws -> Bool
    /// Stores a new counter (its match key with it).
    /// - Throws: the store's errors.
    func insertCounter(_ counter: Counter) throws
    /// Stores new counters, as `insertCounter` does each (an adapter may write several a
    /// statement; the default writes one at a time).
    /// - Throws: the store's errors.
    func insertCounters(_ counters: [Counter]) throws
    /// Stores `counter` over the counter with its serial.
    /// - Throws: the store's errors.
    func updateCounter(_ counter: Counter) throws
    /// Deletes the counter `serial`, if stored.
    /// - Throws: the store's errors.
    func deleteCounter(serial: Int64) throws
    /// Makes the name lookups of this change wait for other changes that take names
    /// (PostgreSQL); nothing where one writer runs at a time.
    /// - Throws: the store's errors.
    func lockNames() throws
    /// Locks every derived counter's row, in serial order, before any other row of the
    /// change (PostgreSQL): two changes of two sources of one derived counter then queue
    /// on it rather than each lock a source the other's check must read (a deadlock).
    /// Nothing where one writer runs at a time.
    /// - Throws: the store's errors.
    func lockDerivedCounters() throws

    // MARK: match keys (made by `ItemName.matchKeyRule`; a store written before it keeps older ones)

    /// The rule the stored match keys were made by (nil: the first rule).
    /// - Throws: the store's errors.
    func matchKeyRule() throws -> Int64?
    /// Every counter's serial, name and stored match key.
    /// - Throws: the store's errors.
    func storedMatchKeys() throws -> [(serial: Int64, name: String, key: String)]
    /// Stores `key` as the match key of counter `serial`.
    /// - Throws: the store's errors.
    func setMatchKey(_ key: String, serial: Int64) throws
    /// Records that the match keys are made by `rule`.
    /// - Throws: the store's errors.
    func setMatchKeyRule(_ rule: Int64) throws

    // MARK: events (the log)

    /// The events of counter `serial` within [from, through] (nil: unbounded), by time then id.
    /// - Throws: the store's errors.
    func events(of serial: Int64, from: Double?, through: Double?) throws -> [CounterEvent]
    /// Every event, in the order recorded.
    /// - Throws: the store's errors.
    func allEvents() throws -> [CounterEvent]
    /// Whether any event is stored.
    /// - Throws: the store's errors.
    func hasEvents() throws -> Bool
    /// Appends `event` (a new id) as recorded by undo step `step` (0: by none).
    /// - Throws: the store's errors.
    func appendEvent(_ event: CounterEvent, step: Int64) throws
    /// Appends `events` in this order, as `appendEvent` does each (an adapter may write
    /// several a statement; the default writes one at a time).
    /// - Throws: the store's errors.
    func appendEvents(_ events: [CounterEvent], step: Int64) throws
    /// Deletes the events undo step `step` recorded.
    /// - Throws: the store's errors.
    func deleteEvents(step: Int64) throws
    /// Deletes the events of counter `serial`.
    /// - Throws: the store's errors.
    func deleteEvents(serial: Int64) throws

    // MARK: serials

    /// The stored next serial, nil in a store not set up yet.
    /// - Throws: the store's errors.
    func storedNextSerial() throws -> Int64?
    /// Stores the next serial.
    /// - Throws: the store's errors.
    func setNextSerial(_ value: Int64) throws
    // MARK: settings

    /// When the store's days begin, in minutes past local midnight; nil: at midnight.
    /// - Throws: the store's errors.
    func storedDayStart() throws -> Int64?
    /// Stores when the days begin (nil: at midnight).
    /// - Throws: the store's errors.
    func setDayStart(_ minutes: Int64?) throws
    /// Writes what the adapter kept back (events waiting to be written); called before the change commits.
    /// - Throws: the store's errors.
    func finish() throws
}

extension TallyRows {
    /// Each counter in turn.
    /// - Throws: the store's errors.
    package func insertCounters(_ counters: [Counter]) throws {
        for counter in counters { try insertCounter(counter) }
    }

    /// Each event in turn.
    /// - Throws: the store's errors.
    package func appendEvents(_ events: [CounterEvent], step: Int64) throws {
        for event in events { try appendEvent(event, step: step) }
    }
}
