// The rows of tally's PostgreSQL store, mapped and nothing else (the rules and the undo
// are TallySession's). In a change, every counter read is locked (SELECT … FOR UPDATE)
// until the transaction ends, so a read-modify-write such as `tally inc` never loses a
// concurrent update; name lookups wait for other changes that take names; events are
// written many to a statement, before anything reads the log and before the commit.

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitPostgres
import TallyKit

final class PostgresTallyRows: TallyRows {
    let connection: PostgresConnection
    let journal: PostgresUndoJournalRows
    /// In a change: rows read are locked until the transaction ends.
    let locking: Bool
    /// Whether the lock that orders name checks is held (see `lockNames`).
    private var namesLocked = false
    /// Events appended and not yet written (`eventValues` each).
    private var pendingEvents: [[PostgresValue]] = []

    init(connection: PostgresConnection, locking: Bool) {
        self.connection = connection
        self.locking = locking
        journal = PostgresUndoJournalRows(connection: connection, schema: PostgresTallySchema.layout.schema)
    }

    var storeName: String { connection.server }
    var journalRows: any UndoJournalRows { journal }

    func willWrite() {}

    private func corrupt(_ reason: String) -> StoreError { .corrupt(path: connection.server, reason: reason) }

    /// " FOR UPDATE" in a change (the rows stay locked until it ends), else nothing.
    private var lockClause: String { locking ? " FOR UPDATE" : "" }

    // MARK: counters

    /// A counter from a row of `PostgresTallySchema.counterColumns`, checked.
    private func counter(from row: PostgresRow) throws -> Counter {
        func integer(_ column: Int) throws -> Int64 {
            guard let value = try row.integer(column) else { throw corrupt("a counter has no \(Self.counterFields[column])") }
            return value
        }
        func text(_ column: Int) throws -> String {
            guard let value = row.text(column) else { throw corrupt("a counter has no \(Self.counterFields[column])") }
            return value
        }
        let serial = try integer(0)
        let created = try text(6)
        guard let pinned = try row.boolean(5) else { throw corrupt("counter \(serial) has no pinned flag") }
        var counter = Counter(
            name: try text(1), count: try integer(2), start: try integer(3), step: try integer(4), pinned: pinned,
            created: created, serial: serial, goal: try row.integer(8), minimum: try row.integer(9),
            maximum: try row.integer(10), updated: row.text(7) ?? created)
        counter.tags = try tags(row.text(11), of: serial)
        if let text = row.text(12) {
            guard let formula = CounterFormula(storedText: text) else {
                throw corrupt("counter \(serial) ('\(counter.name)') has a formula that is not one: '\(text)'")
            }
            counter.formula = formula
        }
        // The same check as every write makes before it stores a counter (`requireStorable`).
        if let fault = counter.storedFault { throw corrupt(fault.described(place: "counter \(serial)", name: counter.name)) }
        return counter
    }

    private static let counterFields = ["serial", "name", "count", "start", "step", "pinned", "created"]

    /// Tags from their JSON array (`array_to_json(tags)`).
    private func tags(_ json: String?, of serial: Int64) throws -> [String] {
        guard let json else { return [] }
        guard let items = (try? JSONValue.parse(json))?.arrayValue else { throw corrupt("counter \(serial) has unreadable tags") }
        return try items.map { item in
            guard let tag = item.stringValue else { throw corrupt("counter \(serial) has a tag that is not text") }
            return tag
        }
    }

    private func counters(_ condition: String, _ parameters: [PostgresValue]) throws -> [Counter] {
        let sql = "SELECT \(PostgresTallySchema.counterColumns) FROM tally.counters \(condition)\(lockClause)"
        return try connection.query(sql, parameters).map(counter(from:))
    }

    func counter(serial: Int64) throws -> Counter? {
        try counters("WHERE serial = $1", [.integer(serial)]).first
    }

    func counter(exactly name: String) throws -> Counter? {
        try counters("WHERE name = $1", [.text(name)]).first
    }

    func counters(withStoredKey key: String) throws -> [Counter] {
        try counters("WHERE match_key = $1 ORDER BY serial", [.text(key)])
    }

    func allCounters() throws -> [Counter] {
        try counters("ORDER BY serial", [])
    }

    /// Not locked: a change reads them to report what it moved, and two doors counting at
    /// once must not wait for each other on the counter both move.
    func derivedCounters() throws -> [Counter] {
        let sql = "SELECT \(PostgresTallySchema.counterColumns) FROM tally.counters WHERE formula IS NOT NULL ORDER BY serial"
        return try connection.query(sql, []).map(counter(from:))
    }

    func hasCounters() throws -> Bool {
        try connection.query("SELECT EXISTS (SELECT 1 FROM tally.counters)").first?.boolean(0) == true
    }

    /// The counter's fields, as $1…$14 (tags as a JSON array); the caller checked it is storable.
    private func values(of counter: Counter) -> [PostgresValue] {
        func optional(_ value: Int64?) -> PostgresValue { value.map(PostgresValue.integer) ?? .null }
        return [
            .integer(counter.serial), .text(counter.name), .text(ItemName.matchKey(counter.name)), .integer(counter.count),
            .integer(counter.start), .integer(counter.step), .boolean(counter.pinned), .text(counter.created),
            .text(counter.updated), optional(counter.goal), optional(counter.minimum), optional(counter.maximum),
            .text(JSONValue.array(counter.tags.map(JSONValue.string)).serialized()),
            counter.formula.map { .text($0.storedText) } ?? .null,
        ]
    }

    func insertCounter(_ counter: Counter) throws {
        try connection.execute("""
            INSERT INTO tally.counters (serial, name, match_key, count, start, step, pinned, created, updated, goal, minimum,
                maximum, tags, formula)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \(PostgresTallySchema.tagsFromJSON("$13")), $14)
            """, values(of: counter))
    }

    func updateCounter(_ counter: Counter) throws {
        try connection.execute("""
            UPDATE tally.counters SET name = $2, match_key = $3, count = $4, start = $5, step = $6, pinned = $7, created = $8,
                updated = $9, goal = $10, minimum = $11, maximum = $12, tags = \(PostgresTallySchema.tagsFromJSON("$13")),
                formula = $14
            WHERE serial = $1
            """, values(of: counter))
    }

    func deleteCounter(serial: Int64) throws {
        try connection.execute("DELETE FROM tally.counters WHERE serial = $1", [.integer(serial)])
    }

    /// In a change, waits for the other changes that check or take names (a new counter,
    /// a rename, an import) before looking names up, so two of them cannot both find a
    /// name free. Taken before the lookup: a statement sees only what committed before it
    /// began.
    func lockDerivedCounters() throws {
        guard locking else { return }
        try connection.execute("SELECT serial FROM tally.counters WHERE formula IS NOT NULL ORDER BY serial FOR UPDATE")
    }

    func lockNames() throws {
        guard locking, !namesLocked else { return }
        try connection.execute("SELECT pg_advisory_xact_lock(hashtext('moneykit tally names'))")
        namesLocked = true
    }

    // MARK: match keys

    func matchKeyRule() throws -> Int64? {
        try connection.scalarInteger("SELECT value FROM tally.meta WHERE key = 'match_key_rule'")
    }

    func storedMatchKeys() throws -> [(serial: Int64, name: String, key: String)] {
        try connection.query("SELECT serial, name, match_key FROM tally.counters ORDER BY serial FOR UPDATE").compactMap { row in
            guard let serial = try row.integer(0), let name = row.text(1) else { return nil }
            return (serial, name, row.text(2) ?? "")
        }
    }

    func setMatchKey(_ key: String, serial: Int64) throws {
        try connection.execute("UPDATE tally.counters SET match_key = $1 WHERE serial = $2", [.text(key), .integer(serial)])
    }

    func setMatchKeyRule(_ rule: Int64) throws {
        try connection.execute(
            "INSERT INTO tally.meta (key, value) VALUES ('match_key_rule', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            [.integer(rule)])
    }

    // MARK: events

    func events(of serial: Int64, from: Double?, through: Double?) throws -> [CounterEvent] {
        try writePendingEvents()
        let bounds: [PostgresValue] = [
            .integer(serial), .integer(from.map(CounterEvent.milliseconds) ?? .min), .integer(through.map(CounterEvent.milliseconds) ?? .max),
        ]
        return try events("WHERE serial = $1 AND at >= $2 AND at <= $3 ORDER BY at, id", bounds)
    }

    func allEvents() throws -> [CounterEvent] {
        try writePendingEvents()
        return try events("ORDER BY id", [])
    }

    private func events(_ condition: String, _ parameters: [PostgresValue]) throws -> [CounterEvent] {
        let sql = "SELECT id, serial, at, kind, count_before, count_after, old_value, new_value, actor FROM tally.events \(condition)"
        return try connection.query(sql, parameters).map { row in
            guard let id = try row.integer(0), let serial = try row.integer(1), let at = try row.integer(2),
                let before = try row.integer(4), let after = try row.integer(5), let kindText = row.text(3)
            else { throw corrupt("an event lacks a field") }
            guard let kind = CounterEventKind(rawValue: kindText) else { throw corrupt("event \(id) has an unknown kind '\(kindText)'") }
            return CounterEvent(
                id: id, serial: serial, at: Double(at) / 1000, kind: kind, countBefore: before, countAfter: after,
                oldValue: row.text(6), newValue: row.text(7), actor: row.text(8))
        }
    }

    func hasEvents() throws -> Bool {
        try writePendingEvents()
        return try connection.query("SELECT EXISTS (SELECT 1 FROM tally.events)").first?.boolean(0) == true
    }

    func appendEvent(_ event: CounterEvent, step: Int64) {
        // Written with the next read of the log, or before the commit (an import of
        // thousands writes them a few statements at a time).
        pendingEvents.append([
            .integer(event.serial), .integer(step), .integer(CounterEvent.milliseconds(event.at)),
            .text(event.kind.rawValue), .integer(event.countBefore), .integer(event.countAfter),
            event.oldValue.map(PostgresValue.text) ?? .null, event.newValue.map(PostgresValue.text) ?? .null,
            event.actor.map(PostgresValue.text) ?? .null,
        ])
    }

    /// Writes the events `appendEvent` kept back, up to 500 a statement, in order.
    private func writePendingEvents() throws {
        var start = 0
        while start < pendingEvents.count {
            let chunk = pendingEvents[start..<min(start + 500, pendingEvents.count)]
            let rows = chunk.indices.map { index -> String in
                let o = (index - start) * 9
                return "($\(o + 2)::bigint, $\(o + 1)::bigint, $\(o + 3)::bigint, $\(o + 4)::text, $\(o + 5)::bigint, "
                    + "$\(o + 6)::bigint, $\(o + 7)::text, $\(o + 8)::text, $\(o + 9)::text)"
            }
            try connection.execute(
                "INSERT INTO tally.events (change_id, serial, at, kind, count_before, count_after, old_value, new_value, actor) VALUES "
                    + rows.joined(separator: ", "),
                chunk.flatMap { $0 })
            start += chunk.count
        }
        pendingEvents = []
    }

    func deleteEvents(step: Int64) throws {
        try writePendingEvents()
        try connection.execute("DELETE FROM tally.events WHERE change_id = $1", [.integer(step)])
    }

    func deleteEvents(serial: Int64) throws {
        try writePendingEvents()
        try connection.execute("DELETE FROM tally.events WHERE serial = $1", [.integer(serial)])
    }

    // MARK: serials

    func storedNextSerial() throws -> Int64? {
        try connection.scalarInteger("SELECT value FROM tally.meta WHERE key = 'next_serial'\(lockClause)")
    }

    func setNextSerial(_ value: Int64) throws {
        try connection.execute(
            "INSERT INTO tally.meta (key, value) VALUES ('next_serial', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            [.integer(value)])
    }

    // MARK: settings

    func storedDayStart() throws -> Int64? {
        try connection.scalarInteger("SELECT value FROM tally.meta WHERE key = 'day_start'\(lockClause)")
    }

    func setDayStart(_ minutes: Int64?) throws {
        guard let minutes else {
            _ = try connection.execute("DELETE FROM tally.meta WHERE key = 'day_start'", [])
            return
        }
        try connection.execute(
            "INSERT INTO tally.meta (key, value) VALUES ('day_start', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            [.integer(minutes)])
    }

    func finish() throws {
        try writePendingEvents()
    }
}
