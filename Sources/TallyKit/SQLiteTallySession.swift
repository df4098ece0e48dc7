// One reading or change of the tally database: each statement touches the rows it needs
// (one counter by name, one event, one undo row), through prepared statements kept for
// the connection, so `tally inc` costs the same with one counter or a million events.

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitSQLite

final class SQLiteTallySession: TallyStoreChange {
    let database: SQLiteDatabase
    let undoLimit: Int
    /// The change group the writes belong to.
    private var group: Int64?
    /// The counters the group has kept for undo in this session (a hot import stores each once).
    private var remembered: Set<Int64> = []
    /// The next serial as this session has moved it, written back by `finish`.
    private var nextSerial: Int64?
    /// The tags each counter had when read, so that an update rewrites them only when changed.
    private var tagsRead: [Int64: [String]] = [:]
    /// Whether the stored match keys follow the current rule, once asked (see `updateMatchKeys`).
    private var keysAreCurrent: Bool?

    init(database: SQLiteDatabase, undoLimit: Int) {
        self.database = database
        self.undoLimit = undoLimit
    }

    private func corrupt(_ reason: String) -> StoreError { .corrupt(path: database.path, reason: reason) }

    // MARK: reading

    /// A counter from a row of `SQLiteTallySchema.counterColumns` (tags not yet read), checked.
    private func counter(from row: SQLiteRow) throws -> Counter {
        let created = row.text(6)
        var counter = Counter(
            name: row.text(1), count: row.int64(2), start: row.int64(3), step: row.int64(4), pinned: row.int64(5) != 0,
            created: created, serial: row.int64(0), goal: row.optionalInt64(8), minimum: row.optionalInt64(9),
            maximum: row.optionalInt64(10), updated: row.optionalText(7) ?? created)
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

    func counter(exactly name: String) throws -> Counter? {
        try counters("SELECT \(SQLiteTallySchema.counterColumns) FROM counters WHERE name = ?", [.text(name)]).first
    }

    func counters(matchingKey key: String) throws -> [Counter] {
        guard try matchKeysAreCurrent() else {
            // Keys made by an earlier rule (lower case, not case folding): compare every
            // name until the first change recomputes them (`updateMatchKeys`).
            return try allCounters().filter { ItemName.matchKey($0.name) == key }
        }
        return try counters("SELECT \(SQLiteTallySchema.counterColumns) FROM counters WHERE match_key = ? ORDER BY serial", [.text(key)])
    }

    /// Whether every stored match_key is made by the current rule: `meta.match_key_rule`
    /// is `ItemName.matchKeyRule` (absent in a store written before case folding).
    private func matchKeysAreCurrent() throws -> Bool {
        if let keysAreCurrent { return keysAreCurrent }
        var rule: Int64?
        try database.cached("SELECT value FROM meta WHERE key = 'match_key_rule'").forEachRow { rule = $0.int64(0) }
        let current = rule == Int64(ItemName.matchKeyRule)
        keysAreCurrent = current
        return current
    }

    /// Recomputes every stored match_key made by an earlier rule, and marks the store as
    /// keyed by the current one: run by the first change of a store written before it, in
    /// that change's transaction (a read never changes a store).
    private func updateMatchKeys() throws {
        guard try !matchKeysAreCurrent() else { return }
        var stale: [(serial: Int64, key: String)] = []
        try database.cached("SELECT serial, name, match_key FROM counters").forEachRow { row in
            let key = ItemName.matchKey(row.text(1))
            if key != row.text(2) { stale.append((row.int64(0), key)) }
        }
        for (serial, key) in stale {
            try database.cached("UPDATE counters SET match_key = ? WHERE serial = ?").run([.text(key), .integer(serial)])
        }
        try database.cached("INSERT OR REPLACE INTO meta (key, value) VALUES ('match_key_rule', ?)")
            .run([.integer(Int64(ItemName.matchKeyRule))])
        keysAreCurrent = true
    }

    func allCounters() throws -> [Counter] {
        try counters("SELECT \(SQLiteTallySchema.counterColumns) FROM counters ORDER BY serial", [])
    }

    func events(of serial: Int64, from: Double?, through: Double?) throws -> [CounterEvent] {
        let bounds: [SQLiteValue] = [.integer(serial), .integer(from.map(Self.milliseconds) ?? .min), .integer(through.map(Self.milliseconds) ?? .max)]
        return try events(where: "WHERE serial = ? AND at >= ? AND at <= ? ORDER BY at, id", bounds)
    }

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

    func latestChange() throws -> TallyChangeGroup? {
        guard let (id, action) = try newestGroup() else { return nil }
        return TallyChangeGroup(action: action, names: try names(of: id))
    }

    private func newestGroup() throws -> (Int64, String)? {
        var found: (Int64, String)?
        try database.cached("SELECT id, action FROM changes ORDER BY id DESC LIMIT 1").forEachRow { found = ($0.int64(0), $0.text(1)) }
        return found
    }

    /// The names a group's counters had before it and have now.
    private func names(of group: Int64) throws -> [String] {
        var names: [String] = []
        let sql = "SELECT u.name, c.name FROM undo_rows AS u LEFT JOIN counters AS c ON c.serial = u.serial WHERE u.change_id = ?"
        try database.cached(sql).forEachRow([.integer(group)]) { row in
            for name in [row.optionalText(0), row.optionalText(1)] {
                if let name, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// `meta.next_serial`, nil in a database not yet set up (nor filled from a JSON document).
    func nextSerialIfSet() throws -> Int64? {
        var value: Int64?
        try database.cached("SELECT value FROM meta WHERE key = 'next_serial'").forEachRow { value = $0.int64(0) }
        return value
    }

    func setNextSerial(_ value: Int64) throws {
        try database.cached("INSERT OR REPLACE INTO meta (key, value) VALUES ('next_serial', ?)").run([.integer(value)])
    }

    /// Seconds as whole milliseconds, as the events table keeps them (clamped to the 64-bit range).
    static func milliseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1000).rounded()
        guard value.isFinite else { return value > 0 ? .max : .min }
        if value >= 9.2e18 { return .max }
        if value <= -9.2e18 { return .min }
        return Int64(value)
    }

    // MARK: changing

    func begin(_ action: String, at: Double) throws {
        try updateMatchKeys()
        try database.cached("INSERT INTO changes (action, at, first_event) VALUES (?, ?, (SELECT coalesce(max(id), 0) + 1 FROM events))")
            .run([.text(action), .real(at)])
        let id = database.lastInsertRowID
        group = id
        remembered = []
        try forget(through: id - Int64(undoLimit))
    }

    func continueLatest() throws {
        try updateMatchKeys()
        guard let (id, _) = try newestGroup() else { throw TallyError.nothingToUndo }
        group = id
        remembered = []
    }

    /// Forgets the change groups up to `cutoff` (undo no longer reaches them). A deleted
    /// counter that no kept group can bring back takes its log with it.
    private func forget(through cutoff: Int64) throws {
        var oldest: Int64?
        try database.cached("SELECT min(id) FROM changes").forEachRow { oldest = $0.optionalInt64(0) }
        guard let oldest, oldest <= cutoff else { return }
        let parameters: [SQLiteValue] = [.integer(cutoff)]
        try database.cached("""
            DELETE FROM events WHERE serial IN (
                SELECT u.serial FROM undo_rows AS u WHERE u.change_id <= ?1
                AND NOT EXISTS (SELECT 1 FROM counters AS c WHERE c.serial = u.serial)
                AND NOT EXISTS (SELECT 1 FROM undo_rows AS k WHERE k.change_id > ?1 AND k.serial = u.serial))
            """).run(parameters)
        try database.cached("DELETE FROM undo_rows WHERE change_id <= ?").run(parameters)
        try database.cached("DELETE FROM changes WHERE id <= ?").run(parameters)
    }

    func takeSerial() throws -> Int64 {
        let serial = try nextSerial ?? nextSerialIfSet() ?? 1
        guard serial >= 1, serial < Int64.max - 1 else { throw TallyError.noSerialLeft(nextSerial: serial) }
        nextSerial = serial + 1
        return serial
    }

    /// Writes back what the session kept in memory; called before the transaction commits.
    func finish() throws {
        if let nextSerial { try setNextSerial(nextSerial) }
    }

    /// Keeps the counter `serial` as it is now in the group, the first time the group
    /// touches it; `created`: the group makes it (undo removes it).
    @discardableResult
    private func remember(_ serial: Int64, created: Bool = false) throws -> Int64 {
        guard let group else { throw StoreError.io(path: database.path, reason: "a write outside a change group") }
        guard remembered.insert(serial).inserted else { return group }
        if created {
            try database.cached("INSERT OR IGNORE INTO undo_rows (change_id, serial, existed) VALUES (?, ?, 0)").run([.integer(group), .integer(serial)])
            return group
        }
        try database.cached("""
            INSERT OR IGNORE INTO undo_rows (change_id, serial, existed, name, count, start, step, pinned, created, updated, goal, minimum, maximum, tags)
            SELECT ?1, serial, 1, name, count, start, step, pinned, created, updated, goal, minimum, maximum,
                (SELECT group_concat(tag, char(10)) FROM (SELECT tag FROM counter_tags WHERE serial = ?2 ORDER BY position))
            FROM counters WHERE serial = ?2
            """).run([.integer(group), .integer(serial)])
        if database.changes == 0 {
            try database.cached("INSERT OR IGNORE INTO undo_rows (change_id, serial, existed) VALUES (?, ?, 0)").run([.integer(group), .integer(serial)])
        }
        return group
    }

    /// The row of `counter`, refused when a later read would refuse it (`Counter.storedFault`):
    /// every write of a counter goes through here.
    private func values(of counter: Counter) throws -> [SQLiteValue] {
        try counter.requireStorable()
        func optional(_ value: Int64?) -> SQLiteValue { value.map(SQLiteValue.integer) ?? .null }
        return [
            .integer(counter.serial), .text(counter.name), .text(ItemName.matchKey(counter.name)), .integer(counter.count),
            .integer(counter.start), .integer(counter.step), .integer(counter.pinned ? 1 : 0), .text(counter.created),
            .text(counter.updated), optional(counter.goal), optional(counter.minimum), optional(counter.maximum),
        ]
    }

    func insert(_ counter: Counter) throws {
        try remember(counter.serial, created: true)
        try write(counter)
    }

    /// Stores the row of `counter` and its tags (no undo record: for a revert and a first import).
    func write(_ counter: Counter) throws {
        try database.cached("""
            INSERT INTO counters (serial, name, match_key, count, start, step, pinned, created, updated, goal, minimum, maximum)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run(values(of: counter))
        try writeTags(counter)
    }

    private func writeTags(_ counter: Counter) throws {
        for (position, tag) in counter.tags.enumerated() {
            try database.cached("INSERT INTO counter_tags (serial, position, tag) VALUES (?, ?, ?)")
                .run([.integer(counter.serial), .integer(Int64(position)), .text(tag)])
        }
        tagsRead[counter.serial] = counter.tags
    }

    func update(_ counter: Counter) throws {
        try remember(counter.serial)
        try database.cached("""
            UPDATE counters SET name = ?2, match_key = ?3, count = ?4, start = ?5, step = ?6, pinned = ?7, created = ?8,
            updated = ?9, goal = ?10, minimum = ?11, maximum = ?12 WHERE serial = ?1
            """).run(values(of: counter))
        if try tagsRead[counter.serial] ?? tags(of: counter.serial) != counter.tags {
            try database.cached("DELETE FROM counter_tags WHERE serial = ?").run([.integer(counter.serial)])
            try writeTags(counter)
        }
    }

    func delete(_ counter: Counter) throws {
        try remember(counter.serial)
        try database.cached("DELETE FROM counter_tags WHERE serial = ?").run([.integer(counter.serial)])
        try database.cached("DELETE FROM counters WHERE serial = ?").run([.integer(counter.serial)])
    }

    func record(_ event: CounterEvent) throws {
        try insertEvent(event, group: try remember(event.serial))
    }

    private func insertEvent(_ event: CounterEvent, group: Int64) throws {
        try database.cached("""
            INSERT INTO events (change_id, serial, at, kind, count_before, count_after, old_value, new_value, actor)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).run([
                .integer(group), .integer(event.serial), .integer(Self.milliseconds(event.at)), .text(event.kind.rawValue), .integer(event.countBefore),
                .integer(event.countAfter), event.oldValue.map(SQLiteValue.text) ?? .null, event.newValue.map(SQLiteValue.text) ?? .null,
                event.actor.map(SQLiteValue.text) ?? .null,
            ])
    }

    func revertLatest() throws -> TallyChangeGroup? {
        guard let (id, action) = try newestGroup() else { return nil }
        let described = TallyChangeGroup(action: action, names: try names(of: id))
        var restore: [Counter] = []
        var serials: [Int64] = []
        let sql = """
            SELECT serial, name, count, start, step, pinned, created, updated, goal, minimum, maximum, existed, tags
            FROM undo_rows WHERE change_id = ?
            """
        try database.cached(sql).forEachRow([.integer(id)]) { row in
            serials.append(row.int64(0))
            guard row.int64(11) != 0 else { return }
            var before = try counter(from: row)
            before.tags = row.optionalText(12).map { $0.split(separator: "\n").map(String.init) } ?? []
            restore.append(before)
        }
        for serial in serials {
            try database.cached("DELETE FROM counter_tags WHERE serial = ?").run([.integer(serial)])
            try database.cached("DELETE FROM counters WHERE serial = ?").run([.integer(serial)])
        }
        for counter in restore { try write(counter) }
        // The group's events are the log's tail from its first_event (only the newest group takes events).
        try database.cached("""
            DELETE FROM events WHERE id >= (SELECT first_event FROM changes WHERE id = ?1) AND change_id = ?1
            """).run([.integer(id)])
        try database.cached("DELETE FROM undo_rows WHERE change_id = ?").run([.integer(id)])
        try database.cached("DELETE FROM changes WHERE id = ?").run([.integer(id)])
        return described
    }

    // MARK: copying a whole store (tally db copy)

    func allEvents() throws -> [CounterEvent] {
        try events(where: "", [])
    }

    func nextFreeSerial() throws -> Int64 {
        try nextSerial ?? nextSerialIfSet() ?? 1
    }

    func isEmpty() throws -> Bool {
        var found = false
        let sql = "SELECT EXISTS (SELECT 1 FROM counters) OR EXISTS (SELECT 1 FROM events) OR EXISTS (SELECT 1 FROM changes)"
        try database.cached(sql).forEachRow { found = $0.int64(0) != 0 }
        return !found
    }

    func storeCopied(_ counter: Counter) throws {
        try updateMatchKeys()
        try write(counter)
    }

    func storeCopied(_ event: CounterEvent) throws {
        // Change group 0: no group, so no undo removes it.
        try insertEvent(event, group: 0)
    }

    func reserveSerials(below serial: Int64) throws {
        nextSerial = max(try nextFreeSerial(), serial)
    }

    // MARK: taking over a JSON document

    /// Stores the counters, next serial and undo history of an older tally's JSON document
    /// (each undo step one change group, dated `at`). No event is recorded: the log starts
    /// with the move.
    func importLegacy(_ document: TallyDocument, at: Double) throws {
        for counter in document.counters.sorted(by: { $0.serial < $1.serial }) { try write(counter) }
        try setNextSerial(document.nextSerial)
        for (action, rows) in document.changeGroups() {
            try database.cached("INSERT INTO changes (action, at, first_event) VALUES (?, ?, 1)").run([.text(action), .real(at)])
            let id = database.lastInsertRowID
            for (serial, before) in rows {
                if let before {
                    let fields = Array(try values(of: before).dropFirst())  // serial given apart
                    try database.cached("""
                        INSERT OR IGNORE INTO undo_rows (change_id, serial, existed, name, count, start, step, pinned, created,
                        updated, goal, minimum, maximum, tags)
                        VALUES (?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """).run([.integer(id), .integer(serial), fields[0]] + fields[2...] + [
                            before.tags.isEmpty ? .null : .text(before.tags.joined(separator: "\n"))
                        ])
                } else {
                    try database.cached("INSERT OR IGNORE INTO undo_rows (change_id, serial, existed) VALUES (?, ?, 0)").run([.integer(id), .integer(serial)])
                }
            }
        }
    }
}
