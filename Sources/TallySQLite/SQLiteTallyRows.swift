// The rows of tally's SQLite database, mapped and nothing else (the rules and the undo
// are TallySession's): each statement touches the rows it needs (one counter by name,
// one event), through prepared statements kept for the connection, so `tally inc` costs
// the same with one counter or a million events.

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite
import TallyKit

final class SQLiteTallyRows: TallyRows {
    let database: SQLiteDatabase
    let journal: SQLiteUndoJournalRows
    /// The tags each counter had when read, so that an update rewrites them only when changed.
    private var tagsRead: [Int64: [String]] = [:]

    init(database: SQLiteDatabase) {
        self.database = database
        journal = SQLiteUndoJournalRows(database: database)
    }

    var storeName: String { database.path }
    var journalRows: any UndoJournalRows { journal }

    func willWrite() {}

    private func corrupt(_ reason: String) -> StoreError { .corrupt(path: database.path, reason: reason) }

    // MARK: counters

    /// A counter from a row of `SQLiteTallySchema.counterColumns` (tags not yet read), checked.
    private func counter(from row: SQLiteRow) throws -> Counter {
        let created = row.text(6)
        var counter = Counter(
            name: row.text(1), count: row.int64(2), start: row.int64(3), step: row.int64(4), pinned: row.int64(5) != 0,
            created: created, serial: row.int64(0), goal: row.optionalInt64(8), minimum: row.optionalInt64(9),
            maximum: row.optionalInt64(10), updated: row.optionalText(7) ?? created)
        if let text = row.optionalText(11) {
            guard let formula = CounterFormula(storedText: text) else {
                throw corrupt("counter \(counter.serial) ('\(counter.name)') has a formula that is not one: '\(text)'")
            }
            counter.formula = formula
        }
        // The same check as every write makes before it stores a counter (`requireStorable`).
        if let fault = counter.storedFault { throw corrupt(fault.described(place: "counter \(counter.serial)", name: counter.name)) }
        counter.tags = []
        return counter
    }

    /// The counters `sql` selects, with their tags.
    private func counters(_ sql: String, _ parameters: [SQLiteValue]) throws -> [Counter] {
        var result: [Counter] = []
        try database.cached(sql).forEachRow(parameters) { result.append(try counter(from: $0)) }
        if result.count > 8 {
            // Many counters: every tag in one pass.
            var tags: [Int64: [String]] = [:]
            try database.cached("SELECT serial, tag FROM counter_tags ORDER BY serial, position").forEachRow { row in
                tags[row.int64(0), default: []].append(row.text(1))
            }
            for index in result.indices { result[index].tags = tags[result[index].serial] ?? [] }
        } else {
            for index in result.indices { result[index].tags = try tags(of: result[index].serial) }
        }
        for counter in result { tagsRead[counter.serial] = counter.tags }
        return result
    }

    private func tags(of serial: Int64) throws -> [String] {
        var tags: [String] = []
        try database.cached("SELECT tag FROM counter_tags WHERE serial = ? ORDER BY position").forEachRow([.integer(serial)]) {
            tags.append($0.text(0))
        }
        return tags
    }

    func counter(serial: Int64) throws -> Counter? {
        try counters("SELECT \(SQLiteTallySchema.counterColumns) FROM counters WHERE serial = ?", [.integer(serial)]).first
    }

    func counter(exactly name: String) throws -> Counter? {
        try counters("SELECT \(SQLiteTallySchema.counterColumns) FROM counters WHERE name = ?", [.text(name)]).first
    }

    func counters(withStoredKey key: String) throws -> [Counter] {
        try counters("SELECT \(SQLiteTallySchema.counterColumns) FROM counters WHERE match_key = ? ORDER BY serial", [.text(key)])
    }

    func allCounters() throws -> [Counter] {
        try counters("SELECT \(SQLiteTallySchema.counterColumns) FROM counters ORDER BY serial", [])
    }

    func derivedCounters() throws -> [Counter] {
        // Asked at every change of a count: a short statement first (cheaper to prepare,
        // measured: tally inc +110k instructions with the whole row, +40k with this) on
        // the partial index counters_derived, which holds nothing in most stores.
        guard try database.scalarInteger("SELECT EXISTS (SELECT 1 FROM counters WHERE formula IS NOT NULL)") == 1 else { return [] }
        return try counters("SELECT \(SQLiteTallySchema.counterColumns) FROM counters WHERE formula IS NOT NULL ORDER BY serial", [])
    }

    func hasCounters() throws -> Bool {
        try database.scalarInteger("SELECT EXISTS (SELECT 1 FROM counters)") == 1
    }

    /// The row of `counter` (the caller checked it is storable).
    private func values(of counter: Counter) -> [SQLiteValue] {
        func optional(_ value: Int64?) -> SQLiteValue { value.map(SQLiteValue.integer) ?? .null }
        return [
            .integer(counter.serial), .text(counter.name), .text(ItemName.matchKey(counter.name)), .integer(counter.count),
            .integer(counter.start), .integer(counter.step), .integer(counter.pinned ? 1 : 0), .text(counter.created),
            .text(counter.updated), optional(counter.goal), optional(counter.minimum), optional(counter.maximum),
            counter.formula.map { .text($0.storedText) } ?? .null,
        ]
    }

    func insertCounter(_ counter: Counter) throws {
        try insertCounters([counter])
    }

    /// How many rows one INSERT of a batch writes (an import's counters and events).
    static let rowsPerInsert = 32

    /// The counters written several to a statement: a statement's own cost (binding, stepping,
    /// resetting) is paid once per `rowsPerInsert` rows.
    func insertCounters(_ counters: [Counter]) throws {
        try insertBatched(counters, columns: "counters (serial, name, match_key, count, start, step, pinned, created, updated, goal, minimum, maximum, formula)",
                          width: 13, values: values(of:))
        for counter in counters where !counter.tags.isEmpty { try writeTags(counter) }
    }

    /// The events written several to a statement, in order (their ids follow it).
    func appendEvents(_ events: [CounterEvent], step: Int64) throws {
        try insertBatched(events, columns: "events (change_id, serial, at, kind, count_before, count_after, old_value, new_value, actor)",
                          width: 9) { eventValues($0, step: step) }
    }

    /// Inserts `rows` into `columns` (`width` of them), `rowsPerInsert` a statement.
    private func insertBatched<Row>(_ rows: [Row], columns: String, width: Int, values: (Row) -> [SQLiteValue]) throws {
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + Self.rowsPerInsert, rows.endIndex)
            let placeholders = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
            let sql = "INSERT INTO \(columns) VALUES " + Array(repeating: placeholders, count: end - start).joined(separator: ", ")
            try database.cached(sql).run(rows[start..<end].flatMap(values))
            start = end
        }
    }

    private func writeTags(_ counter: Counter) throws {
        for (position, tag) in counter.tags.enumerated() {
            try database.cached("INSERT INTO counter_tags (serial, position, tag) VALUES (?, ?, ?)")
                .run([.integer(counter.serial), .integer(Int64(position)), .text(tag)])
        }
        tagsRead[counter.serial] = counter.tags
    }

    func updateCounter(_ counter: Counter) throws {
        try database.cached("""
            UPDATE counters SET name = ?2, match_key = ?3, count = ?4, start = ?5, step = ?6, pinned = ?7, created = ?8,
            updated = ?9, goal = ?10, minimum = ?11, maximum = ?12, formula = ?13 WHERE serial = ?1
            """).run(values(of: counter))
        if try tagsRead[counter.serial] ?? tags(of: counter.serial) != counter.tags {
            try database.cached("DELETE FROM counter_tags WHERE serial = ?").run([.integer(counter.serial)])
            try writeTags(counter)
        }
    }

    func deleteCounter(serial: Int64) throws {
        try database.cached("DELETE FROM counter_tags WHERE serial = ?").run([.integer(serial)])
        try database.cached("DELETE FROM counters WHERE serial = ?").run([.integer(serial)])
        tagsRead[serial] = nil
    }

    /// Nothing: SQLite runs one write transaction at a time.
    func lockNames() {}

    /// Nothing: SQLite runs one write transaction at a time.
    func lockDerivedCounters() {}

    // MARK: match keys

    func matchKeyRule() throws -> Int64? {
        var rule: Int64?
        try database.cached("SELECT value FROM meta WHERE key = 'match_key_rule'").forEachRow { rule = $0.int64(0) }
        return rule
    }

    func storedMatchKeys() throws -> [(serial: Int64, name: String, key: String)] {
        var keys: [(serial: Int64, name: String, key: String)] = []
        try database.cached("SELECT serial, name, match_key FROM counters").forEachRow { keys.append(($0.int64(0), $0.text(1), $0.text(2))) }
        return keys
    }

    func setMatchKey(_ key: String, serial: Int64) throws {
        try database.cached("UPDATE counters SET match_key = ? WHERE serial = ?").run([.text(key), .integer(serial)])
    }

    func setMatchKeyRule(_ rule: Int64) throws {
        try database.cached("INSERT OR REPLACE INTO meta (key, value) VALUES ('match_key_rule', ?)").run([.integer(rule)])
    }

    // MARK: events

    func events(of serial: Int64, from: Double?, through: Double?) throws -> [CounterEvent] {
        let bounds: [SQLiteValue] = [
            .integer(serial), .integer(from.map(CounterEvent.milliseconds) ?? .min), .integer(through.map(CounterEvent.milliseconds) ?? .max),
        ]
        return try events(where: "WHERE serial = ? AND at >= ? AND at <= ? ORDER BY at, id", bounds)
    }

    func allEvents() throws -> [CounterEvent] { try events(where: "", []) }

    /// The events `condition` selects (every event in id order when it is empty).
    private func events(where condition: String, _ parameters: [SQLiteValue]) throws -> [CounterEvent] {
        var result: [CounterEvent] = []
        let sql = "SELECT id, serial, at, kind, count_before, count_after, old_value, new_value, actor FROM events "
            + (condition.isEmpty ? "ORDER BY id" : condition)
        try database.cached(sql).forEachRow(parameters) { row in
            guard let kind = CounterEventKind(rawValue: row.text(3)) else {
                throw corrupt("event \(row.int64(0)) has an unknown kind '\(row.text(3))'")
            }
            result.append(CounterEvent(
                id: row.int64(0), serial: row.int64(1), at: Double(row.int64(2)) / 1000, kind: kind, countBefore: row.int64(4),
                countAfter: row.int64(5), oldValue: row.optionalText(6), newValue: row.optionalText(7), actor: row.optionalText(8)))
        }
        return result
    }

    func hasEvents() throws -> Bool {
        try database.scalarInteger("SELECT EXISTS (SELECT 1 FROM events)") == 1
    }

    func appendEvent(_ event: CounterEvent, step: Int64) throws {
        try appendEvents([event], step: step)
    }

    /// An event's columns, as `appendEvent` writes them.
    private func eventValues(_ event: CounterEvent, step: Int64) -> [SQLiteValue] {
        [
            .integer(step), .integer(event.serial), .integer(CounterEvent.milliseconds(event.at)), .text(event.kind.rawValue),
            .integer(event.countBefore), .integer(event.countAfter), event.oldValue.map(SQLiteValue.text) ?? .null,
            event.newValue.map(SQLiteValue.text) ?? .null, event.actor.map(SQLiteValue.text) ?? .null,
        ]
    }

    func deleteEvents(step: Int64) throws {
        try database.cached("DELETE FROM events WHERE change_id = ?").run([.integer(step)])
    }

    func deleteEvents(serial: Int64) throws {
        try database.cached("DELETE FROM events WHERE serial = ?").run([.integer(serial)])
    }

    // MARK: serials

    func storedNextSerial() throws -> Int64? {
        var value: Int64?
        try database.cached("SELECT value FROM meta WHERE key = 'next_serial'").forEachRow { value = $0.int64(0) }
        return value
    }

    func setNextSerial(_ value: Int64) throws {
        try database.cached("INSERT OR REPLACE INTO meta (key, value) VALUES ('next_serial', ?)").run([.integer(value)])
    }

    // MARK: settings

    func storedDayStart() throws -> Int64? {
        var value: Int64?
        try database.cached("SELECT value FROM meta WHERE key = 'day_start'").forEachRow { value = $0.int64(0) }
        return value
    }

    func setDayStart(_ minutes: Int64?) throws {
        guard let minutes else { return try database.cached("DELETE FROM meta WHERE key = 'day_start'").run([]) }
        try database.cached("INSERT OR REPLACE INTO meta (key, value) VALUES ('day_start', ?)").run([.integer(minutes)])
    }

    func finish() {}
}
