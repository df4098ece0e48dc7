// One reading or change of tally's PostgreSQL store. In a change, every counter read is
// locked (SELECT … FOR UPDATE) until the transaction ends, so a read-modify-write such as
// `tally inc` never loses a concurrent update; each write is one statement (the undo row
// and the write together), so `tally inc` costs a handful of round trips whatever the
// size of the store. Undo belongs to the actor: latestChange and revertLatest see only
// the groups this actor made.

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitPostgres

final class PostgresTallySession: TallyStoreChange {
    let connection: PostgresConnection
    let actor: String
    let undoLimit: Int
    /// In a change: rows read are locked until the transaction ends.
    let locking: Bool
    /// The change group the writes belong to.
    private var group: Int64?
    /// The counters the group has kept for undo in this session.
    private var remembered: Set<Int64> = []
    /// The counters this session deleted (a later insert of one clears its mark).
    private var removedHere: Set<Int64> = []
    /// The next serial, read under the meta row's lock and written back by `finish`.
    private var nextSerial: Int64?
    /// Whether the lock that orders name checks is held (see `lockNames`).
    private var namesLocked = false
    /// Events recorded and not yet written (`eventValues` each): written many to a
    /// statement before anything reads the log, and before the change commits.
    private var pendingEvents: [[PostgresValue]] = []
    /// Whether the stored match keys follow the current rule, once asked (see `updateMatchKeys`).
    private var keysAreCurrent: Bool?

    init(connection: PostgresConnection, actor: String, undoLimit: Int, locking: Bool) {
        self.connection = connection
        self.actor = actor
        self.undoLimit = undoLimit
        self.locking = locking
    }

    private func corrupt(_ reason: String) -> StoreError { .corrupt(path: connection.server, reason: reason) }

    /// " FOR UPDATE" in a change (the rows stay locked until it ends), else nothing.
    private var lockClause: String { locking ? " FOR UPDATE" : "" }

    // MARK: reading

    /// A counter from a row of `PostgresTallySchema.counterColumns`, checked; and its
    /// last_change.
    private func counter(from row: PostgresRow, at offset: Int = 0) throws -> (Counter, lastChange: Int64?) {
        func integer(_ column: Int) throws -> Int64 {
            guard let value = try row.integer(offset + column) else { throw corrupt("a counter has no \(Self.counterFields[column])") }
            return value
        }
        func text(_ column: Int) throws -> String {
            guard let value = row.text(offset + column) else { throw corrupt("a counter has no \(Self.counterFields[column])") }
            return value
        }
        let serial = try integer(0)
        let created = try text(6)
        guard let pinned = try row.boolean(offset + 5) else { throw corrupt("counter \(serial) has no pinned flag") }
        var counter = Counter(
            name: try text(1), count: try integer(2), start: try integer(3), step: try integer(4), pinned: pinned,
            created: created, serial: serial, goal: try row.integer(offset + 8), minimum: try row.integer(offset + 9),
            maximum: try row.integer(offset + 10), updated: row.text(offset + 7) ?? created)
        counter.tags = try tags(row.text(offset + 11), of: serial)
        // The same check as every write makes before it stores a counter (`requireStorable`).
        if let fault = counter.storedFault { throw corrupt(fault.described(place: "counter \(serial)", name: counter.name)) }
        return (counter, try row.integer(offset + 12))
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

    /// Tags as the JSON array `PostgresTallySchema.tagsFromJSON` reads.
    private static func json(_ tags: [String]) -> PostgresValue {
        .text(JSONValue.array(tags.map(JSONValue.string)).serialized())
    }

    private func counters(_ condition: String, _ parameters: [PostgresValue]) throws -> [Counter] {
        let sql = "SELECT \(PostgresTallySchema.counterColumns) FROM tally.counters \(condition)\(lockClause)"
        return try connection.query(sql, parameters).map { try counter(from: $0).0 }
    }

    func counter(exactly name: String) throws -> Counter? {
        try counters("WHERE name = $1", [.text(name)]).first
    }

    func counters(matchingKey key: String) throws -> [Counter] {
        try lockNames()
        guard try matchKeysAreCurrent() else {
            // Keys made by an earlier rule (lower case, not case folding): compare every
            // name until the first change recomputes them (`updateMatchKeys`).
            return try counters("ORDER BY serial", []).filter { ItemName.matchKey($0.name) == key }
        }
        return try counters("WHERE match_key = $1 ORDER BY serial", [.text(key)])
    }

    /// Whether every stored match_key is made by the current rule: `meta.match_key_rule`
    /// is `ItemName.matchKeyRule` (absent in a store written before case folding). Asked
    /// once a session.
    private func matchKeysAreCurrent() throws -> Bool {
        if let keysAreCurrent { return keysAreCurrent }
        let rule = try connection.scalarInteger("SELECT value FROM tally.meta WHERE key = 'match_key_rule'")
        let current = rule == Int64(ItemName.matchKeyRule)
        keysAreCurrent = current
        return current
    }

    /// Recomputes every stored match_key made by an earlier rule and marks the store as
    /// keyed by the current one: once, in the first change of a store written before case
    /// folding (a read never changes a store).
    private func updateMatchKeys() throws {
        guard try !matchKeysAreCurrent() else { return }
        for row in try connection.query("SELECT serial, name, match_key FROM tally.counters ORDER BY serial FOR UPDATE") {
            guard let serial = try row.integer(0), let name = row.text(1) else { continue }
            let key = ItemName.matchKey(name)
            if key != row.text(2) {
                try connection.execute("UPDATE tally.counters SET match_key = $1 WHERE serial = $2", [.text(key), .integer(serial)])
            }
        }
        try connection.execute(
            "INSERT INTO tally.meta (key, value) VALUES ('match_key_rule', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
            [.integer(Int64(ItemName.matchKeyRule))])
        keysAreCurrent = true
    }

    func allCounters() throws -> [Counter] {
        try lockNames()
        return try counters("ORDER BY serial", [])
    }

    /// In a change, waits for the other changes that check or take names (a new counter,
    /// a rename, an import) before looking names up, so two of them cannot both find a
    /// name free. Taken before the lookup: a statement sees only what committed before it
    /// began.
    private func lockNames() throws {
        guard locking, !namesLocked else { return }
        try connection.execute("SELECT pg_advisory_xact_lock(hashtext('moneykit tally names'))")
        namesLocked = true
    }

    func events(of serial: Int64, from: Double?, through: Double?) throws -> [CounterEvent] {
        try writePendingEvents()
        let bounds: [PostgresValue] = [
            .integer(serial), .integer(from.map(SQLiteTallySession.milliseconds) ?? .min),
            .integer(through.map(SQLiteTallySession.milliseconds) ?? .max),
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

    func latestChange() throws -> TallyChangeGroup? {
        guard let (id, action) = try newestGroup() else { return nil }
        return TallyChangeGroup(action: action, names: try names(of: id))
    }

    /// This actor's newest change group.
    private func newestGroup() throws -> (Int64, String)? {
        let rows = try connection.query(
            "SELECT id, action FROM tally.changes WHERE actor = $1 ORDER BY id DESC LIMIT 1", [.text(actor)])
        guard let row = rows.first else { return nil }
        guard let id = try row.integer(0), let action = row.text(1) else { throw corrupt("a change lacks its id or action") }
        return (id, action)
    }

    /// The names a group's counters had before it and have now.
    private func names(of group: Int64) throws -> [String] {
        var names: [String] = []
        let sql = """
            SELECT u.name, c.name FROM tally.undo_rows AS u LEFT JOIN tally.counters AS c ON c.serial = u.serial
            WHERE u.change_id = $1 ORDER BY u.serial
            """
        for row in try connection.query(sql, [.integer(group)]) {
            for name in [row.text(0), row.text(1)] {
                if let name, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    func nextFreeSerial() throws -> Int64 {
        if let nextSerial { return nextSerial }
        let value = try connection.scalarInteger("SELECT value FROM tally.meta WHERE key = 'next_serial'\(lockClause)") ?? 1
        if locking { nextSerial = value }
        return value
    }

    func isEmpty() throws -> Bool {
        try writePendingEvents()
        let sql = """
            SELECT EXISTS (SELECT 1 FROM tally.counters) OR EXISTS (SELECT 1 FROM tally.events)
                OR EXISTS (SELECT 1 FROM tally.changes)
            """
        return try connection.query(sql).first?.boolean(0) == false
    }

    // MARK: changing

    func begin(_ action: String, at: Double) throws {
        try writePendingEvents()
        try updateMatchKeys()
        // One statement: the new group, and this actor's groups that fall out of the undo
        // history with it (the CTEs do not see the new row: undoLimit - 1 older are kept).
        let sql = """
            WITH made AS (INSERT INTO tally.changes (action, at, actor) VALUES ($1, $2::double precision, $3) RETURNING id),
            \(Self.forgetting(cutoff: "(SELECT c.id FROM tally.changes AS c WHERE c.actor = $3 ORDER BY c.id DESC OFFSET $4 LIMIT 1)"))
            SELECT id FROM made
            """
        let rows = try connection.query(sql, [.text(action), .text(Self.seconds(at)), .text(actor), .integer(Int64(max(undoLimit - 1, 0)))])
        guard let row = rows.first, let id = try row.integer(0) else { throw corrupt("a new change got no id") }
        group = id
        remembered = []
    }

    /// CTEs that forget this actor's ($3) change groups up to `cutoff` (undo no longer
    /// reaches them). A deleted counter that no kept group can bring back takes its log
    /// with it.
    private static func forgetting(cutoff: String) -> String {
        """
        gone AS (SELECT id FROM tally.changes WHERE actor = $3 AND id <= \(cutoff)),
        orphaned AS (
            DELETE FROM tally.events WHERE serial IN (
                SELECT u.serial FROM tally.undo_rows AS u WHERE u.change_id IN (SELECT id FROM gone)
                AND NOT EXISTS (SELECT 1 FROM tally.counters AS c WHERE c.serial = u.serial)
                AND NOT EXISTS (
                    SELECT 1 FROM tally.undo_rows AS k WHERE k.serial = u.serial AND k.change_id NOT IN (SELECT id FROM gone)))),
        forgotten_rows AS (DELETE FROM tally.undo_rows WHERE change_id IN (SELECT id FROM gone)),
        forgotten AS (DELETE FROM tally.changes WHERE id IN (SELECT id FROM gone))
        """
    }

    /// `at` as PostgreSQL reads a double precision.
    private static func seconds(_ at: Double) -> String {
        at.isFinite ? String(at) : (at.isNaN ? "NaN" : (at > 0 ? "Infinity" : "-Infinity"))
    }

    func continueLatest() throws {
        try writePendingEvents()
        guard let (id, action) = try newestGroup() else { throw TallyError.nothingToUndo }
        // A counter of the group changed since by someone else: undoing the whole group
        // would overwrite that change, so what follows starts a group of its own.
        let changedSince = try connection.scalarInteger("""
            SELECT count(*) FROM tally.undo_rows AS u JOIN tally.counters AS c ON c.serial = u.serial
            WHERE u.change_id = $1 AND c.last_change IS DISTINCT FROM $1
            """, [.integer(id)]) ?? 0
        if changedSince > 0 {
            try begin(action, at: Instant.preciseNow())
            return
        }
        group = id
        remembered = []
    }

    func takeSerial() throws -> Int64 {
        let serial = try nextFreeSerial()
        guard serial >= 1, serial < Int64.max - 1 else { throw TallyError.noSerialLeft(nextSerial: serial) }
        nextSerial = serial + 1
        return serial
    }

    func reserveSerials(below serial: Int64) throws {
        nextSerial = max(try nextFreeSerial(), serial)
    }

    /// Writes back what the session kept in memory; called before the transaction commits.
    func finish() throws {
        try writePendingEvents()
        if let nextSerial {
            try connection.execute("UPDATE tally.meta SET value = $1 WHERE key = 'next_serial'", [.integer(nextSerial)])
        }
    }

    /// The group the writes belong to.
    private func currentGroup() throws -> Int64 {
        guard let group else { throw StoreError.io(path: connection.server, reason: "a write outside a change group") }
        return group
    }

    /// The counter's fields, as $1…$13 of the statements below (tags as a JSON array).
    /// The row of `counter`, refused when a later read would refuse it (`Counter.storedFault`):
    /// every write of a counter goes through here.
    private func values(of counter: Counter) throws -> [PostgresValue] {
        try counter.requireStorable()
        func optional(_ value: Int64?) -> PostgresValue { value.map(PostgresValue.integer) ?? .null }
        return [
            .integer(counter.serial), .text(counter.name), .text(ItemName.matchKey(counter.name)), .integer(counter.count),
            .integer(counter.start), .integer(counter.step), .boolean(counter.pinned), .text(counter.created),
            .text(counter.updated), optional(counter.goal), optional(counter.minimum), optional(counter.maximum),
            Self.json(counter.tags),
        ]
    }

    /// Keeps the counter `serial` as it is now in the group (existed false when there is
    /// none), the first time the group touches it: the SQL of a CTE, with the group as
    /// $`groupParameter` and the serial as $1.
    private static func keepBefore(groupParameter: Int) -> String {
        """
        INSERT INTO tally.undo_rows (change_id, serial, existed, name, count, start, step, pinned, created, updated,
            goal, minimum, maximum, tags, last_change)
        SELECT $\(groupParameter)::bigint, $1::bigint, c.serial IS NOT NULL, c.name, c.count, c.start, c.step, c.pinned,
            c.created, c.updated, c.goal, c.minimum, c.maximum, c.tags, c.last_change
        FROM (SELECT 1) AS one LEFT JOIN tally.counters AS c ON c.serial = $1::bigint
        ON CONFLICT (change_id, serial) DO NOTHING
        """
    }

    private static let insertCounter = """
        INSERT INTO tally.counters (serial, name, match_key, count, start, step, pinned, created, updated, goal, minimum,
            maximum, tags, last_change)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \(PostgresTallySchema.tagsFromJSON("$13")), $14)
        """

    func insert(_ counter: Counter) throws {
        let group = try currentGroup()
        if remembered.insert(counter.serial).inserted {
            try connection.execute("""
                WITH kept AS (INSERT INTO tally.undo_rows (change_id, serial, existed) VALUES ($14::bigint, $1::bigint, false)
                    ON CONFLICT (change_id, serial) DO NOTHING)
                \(Self.insertCounter)
                """, values(of: counter) + [.integer(group)])
        } else {
            try connection.execute(Self.insertCounter, values(of: counter) + [.integer(group)])
        }
        if removedHere.remove(counter.serial) != nil {
            try connection.execute(
                "UPDATE tally.undo_rows SET removed = false WHERE change_id = $1 AND serial = $2", [.integer(group), .integer(counter.serial)])
        }
    }

    func update(_ counter: Counter) throws {
        let group = try currentGroup()
        let update = """
            UPDATE tally.counters SET name = $2, match_key = $3, count = $4, start = $5, step = $6, pinned = $7, created = $8,
                updated = $9, goal = $10, minimum = $11, maximum = $12, tags = \(PostgresTallySchema.tagsFromJSON("$13")),
                last_change = $14
            WHERE serial = $1
            """
        if remembered.insert(counter.serial).inserted {
            try connection.execute("WITH kept AS (\(Self.keepBefore(groupParameter: 14)))\n\(update)", values(of: counter) + [.integer(group)])
        } else {
            try connection.execute(update, values(of: counter) + [.integer(group)])
        }
    }

    func delete(_ counter: Counter) throws {
        let group = try currentGroup()
        remembered.insert(counter.serial)
        removedHere.insert(counter.serial)
        // The row as it was, marked removed (kept already: only the mark changes).
        try connection.execute("""
            WITH kept AS (
                INSERT INTO tally.undo_rows (change_id, serial, existed, removed, name, count, start, step, pinned, created,
                    updated, goal, minimum, maximum, tags, last_change)
                SELECT $2::bigint, serial, true, true, name, count, start, step, pinned, created, updated, goal, minimum,
                    maximum, tags, last_change
                FROM tally.counters WHERE serial = $1::bigint
                ON CONFLICT (change_id, serial) DO UPDATE SET removed = true)
            DELETE FROM tally.counters WHERE serial = $1::bigint
            """, [.integer(counter.serial), .integer(group)])
    }

    func record(_ event: CounterEvent) throws {
        let group = try currentGroup()
        let insert = """
            INSERT INTO tally.events (change_id, serial, at, kind, count_before, count_after, old_value, new_value, actor)
            VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9)
            """
        let parameters = eventValues(event, group: group, actor: event.actor ?? actor)
        if remembered.insert(event.serial).inserted {
            try writePendingEvents()  // the log keeps the order of recording
            try connection.execute("WITH kept AS (\(Self.keepBefore(groupParameter: 2)))\n\(insert)", parameters)
        } else {
            // The counter's undo row is kept already: the event can wait (an import of
            // thousands writes them a few statements at a time).
            pendingEvents.append(parameters)
        }
    }

    /// Writes the events `record` kept back, up to 500 a statement.
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

    /// $1 serial, $2 group, then the event's fields.
    private func eventValues(_ event: CounterEvent, group: Int64, actor: String?) -> [PostgresValue] {
        [
            .integer(event.serial), .integer(group), .integer(SQLiteTallySession.milliseconds(event.at)),
            .text(event.kind.rawValue), .integer(event.countBefore), .integer(event.countAfter),
            event.oldValue.map(PostgresValue.text) ?? .null, event.newValue.map(PostgresValue.text) ?? .null,
            actor.map(PostgresValue.text) ?? .null,
        ]
    }

    func storeCopied(_ counter: Counter) throws {
        try updateMatchKeys()
        try connection.execute(Self.insertCounter, values(of: counter) + [.null])
    }

    func storeCopied(_ event: CounterEvent) throws {
        // Change group 0: no group, so no undo removes it; the actor as the source kept it.
        pendingEvents.append(eventValues(event, group: 0, actor: event.actor))
    }

    // MARK: undo

    func revertLatest() throws -> TallyChangeGroup? {
        try writePendingEvents()
        // Two undos by one actor at once take turns, so the second sees the first's result.
        if locking { try connection.execute("SELECT pg_advisory_xact_lock(hashtext($1))", [.text("moneykit tally undo " + actor)]) }
        guard let (id, action) = try newestGroup() else { return nil }
        let described = TallyChangeGroup(action: action, names: try names(of: id))
        let undoRows = try connection.query("""
            SELECT serial, name, count, start, step, pinned, created, updated, goal, minimum, maximum, array_to_json(tags)::text,
                last_change, existed, removed
            FROM tally.undo_rows WHERE change_id = $1 ORDER BY serial
            """, [.integer(id)])
        // The group's counters as they are now, locked.
        var now: [Int64: (name: String, lastChange: Int64?)] = [:]
        for row in try connection.query("""
            SELECT c.serial, c.name, c.last_change FROM tally.counters AS c
            WHERE c.serial IN (SELECT serial FROM tally.undo_rows WHERE change_id = $1) ORDER BY c.serial\(lockClause)
            """, [.integer(id)]) {
            guard let serial = try row.integer(0), let name = row.text(1) else { throw corrupt("a counter lacks its serial or name") }
            now[serial] = (name, try row.integer(2))
        }
        var restore: [(Counter, lastChange: Int64?)] = []
        var conflicts: [String] = []
        var conflictingChanges: [Int64] = []
        for row in undoRows {
            guard let serial = try row.integer(0), let existed = try row.boolean(13), let removed = try row.boolean(14) else {
                throw corrupt("an undo row lacks its serial")
            }
            // The group left this counter as it is now only if it wrote it last (or deleted it).
            if let current = now[serial] {
                if current.lastChange != id {
                    conflicts.append(current.name)
                    if let other = current.lastChange { conflictingChanges.append(other) }
                }
            } else if !removed {
                // Deleted since by someone else: their change kept the counter's name.
                let deleter = try connection.query("""
                    SELECT u.name, u.change_id FROM tally.undo_rows AS u
                    WHERE u.serial = $1 AND u.change_id > $2 AND u.name IS NOT NULL ORDER BY u.change_id DESC LIMIT 1
                    """, [.integer(serial), .integer(id)]).first
                conflicts.append(row.text(1) ?? deleter?.text(0) ?? "counter \(serial)")
                if let change = try deleter?.integer(1) { conflictingChanges.append(change) }
            }
            if existed { restore.append(try counter(from: row)) }
        }
        // A name taken since by a counter outside the group cannot be given back.
        for (counter, _) in restore {
            let taken = try connection.query("""
                SELECT name, last_change FROM tally.counters
                WHERE name = $1 AND serial NOT IN (SELECT serial FROM tally.undo_rows WHERE change_id = $2)
                """, [.text(counter.name), .integer(id)])
            if let other = taken.first {
                conflicts.append(other.text(0) ?? counter.name)
                if let change = try other.integer(1) { conflictingChanges.append(change) }
            }
        }
        if !conflicts.isEmpty {
            let others = try conflictingChanges.isEmpty ? [] : connection.query(
                "SELECT DISTINCT actor FROM tally.changes WHERE id IN (SELECT unnest(string_to_array($1, ','))::bigint) ORDER BY actor",
                [.text(conflictingChanges.map(String.init).joined(separator: ","))]
            ).compactMap { $0.text(0) }
            throw TallyError.undoConflict(action: action, counters: conflicts, others: others)
        }
        try connection.execute(
            "DELETE FROM tally.counters WHERE serial IN (SELECT serial FROM tally.undo_rows WHERE change_id = $1)", [.integer(id)])
        for (counter, lastChange) in restore {
            try connection.execute(Self.insertCounter, values(of: counter) + [lastChange.map(PostgresValue.integer) ?? .null])
        }
        try connection.execute("""
            WITH logged AS (DELETE FROM tally.events WHERE change_id = $1),
            kept AS (DELETE FROM tally.undo_rows WHERE change_id = $1)
            DELETE FROM tally.changes WHERE id = $1
            """, [.integer(id)])
        return described
    }
}
