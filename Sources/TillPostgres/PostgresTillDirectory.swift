// The PostgreSQL adapter of the live counts: each till a row of tillcount.tills, locked
// (SELECT … FOR UPDATE) for the length of a change, so counts from several machines into
// one till all land. The undo stack a command sees is its own actor's rows of
// tillcount.undo_steps (user@host): undo never takes another person's step, and a step
// another person's later change would be reverted with is refused (TillState.undoBlockedBy).

import TillKit
import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitPostgres

/// Every till's live count in a PostgreSQL database.
public struct PostgresTillDirectory: TillDirectory {
    let store: PostgresTillStore

    /// The live count of the till `name` (a row of its own, made by its first change).
    public func repository(for name: TillName) -> any TillRepository {
        PostgresTillRepository(store: store, till: name)
    }

    /// Every till with a row, the default till first, then the others by name.
    /// - Throws: `StoreError` for a till whose row cannot be read (never skipped).
    public func tills() throws -> [KeptTill] {
        try store.read { connection, hasTables -> [KeptTill] in
            guard hasTables else { return [] }
            return try TillDirectoryRules.tills(in: PostgresTillRows(connection: connection, actor: store.actor))
        }
    }

    /// The default till, and every till with a row.
    public func keeps(_ name: TillName) -> Bool {
        let found = try? TillDirectoryRules.keeps(name) {
            try store.read { connection, hasTables -> Bool in
                guard hasTables else { return false }
                return try PostgresTillRows(connection: connection, actor: store.actor).holdsRow(of: name)
            }
        }
        return found ?? false
    }

    /// Deletes the till `name`'s row, with every person's undo steps and pending purges
    /// in it, once `check` accepted its live count (read with every person's steps, so
    /// that the caller sees every history step that goes with it).
    /// - Throws: `StoreError`, or what `check` throws (then nothing changes).
    public func remove(_ name: TillName, checking check: (TillState) throws -> Void) throws -> TillState? {
        try store.change { connection, change -> TillState? in
            try TillDirectoryRules.remove(name, in: PostgresTillRows(connection: connection, actor: change.actor), checking: check)
        }
    }

    /// Makes the till `name`'s row from `state`, its `updated` at `stamp`, unless it has one (then false).
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore`.
    public func restore(_ name: TillName, state: TillState, at stamp: String) throws -> Bool {
        try store.change { connection, change -> Bool in
            try TillDirectoryRules.restore(name, state: state, at: stamp, in: PostgresTillRows(connection: connection, actor: change.actor))
        }
    }
}

/// The live count of one till in a PostgreSQL database.
public struct PostgresTillRepository: TillRepository {
    let store: PostgresTillStore
    /// The till.
    public let till: TillName

    /// The live count with this actor's undo stack (empty when the till has no row yet).
    /// - Throws: `StoreError` (unavailable, corrupt row, newer schema).
    public func load() throws -> TillState {
        try store.read { connection, hasTables -> TillState in
            guard hasTables else { return TillState() }
            return try TillDirectoryRules.load(till, in: PostgresTillRows(connection: connection, actor: store.actor))
        }
    }

    /// Runs `body` on the live count in one transaction, its row locked: the count, this
    /// actor's undo steps and the purge list are written back as `body` leaves them.
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore` (see `TillState.checkStorable`),
    ///   or what `body` throws (then nothing changes).
    public func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        try store.change { connection, change -> Result in
            try TillDirectoryRules.change(till, in: PostgresTillRows(connection: connection, actor: change.actor), body)
        }
    }
}

/// The live counts' rows in a PostgreSQL transaction, as TillDirectoryRules reads and
/// writes them: SQL only, no rule. A till's undo stack is one row per step and person
/// (undo_steps); what a change read is kept for its write (a class: one per transaction).
final class PostgresTillRows: TillDirectoryRows, TillUndoStepRows {
    static let columns = "till_key, till, currency, float, notes, updated, count"

    let connection: PostgresConnection
    /// Whose undo steps a read returns.
    let actor: String
    /// What a change read of each till's stack, by till key: its write compares against it.
    private var reads: [String: TillUndoStackRead] = [:]

    init(connection: PostgresConnection, actor: String) {
        self.connection = connection
        self.actor = actor
    }

    func allTills() throws -> [KeptTill] {
        try connection.query("SELECT \(Self.columns) FROM tillcount.tills").map { row in
            let (name, state) = try Self.state(from: row, server: connection.server)
            return KeptTill(name: name, state: state)
        }
    }

    func holdsRow(of name: TillName) throws -> Bool {
        try PostgresTillKeys.storedKey(of: name, on: connection) != nil
    }

    func rekey(_ name: TillName) throws {
        try PostgresTillKeys.rekey(name, on: connection)
    }

    func insertEmpty(_ name: TillName) throws -> Bool {
        try !connection.query(
            "INSERT INTO tillcount.tills (till_key, till, float, notes, count) VALUES ($1, $2, 0, '', $3) ON CONFLICT (till_key) DO NOTHING RETURNING till_key",
            [.text(name.key), .text(name.display), .text(TillState().snapshotJSON.serialized())]).isEmpty
    }

    /// Read under the till's current key when locking (a change re-keyed it first), else
    /// under the key it is kept under (a till filed under the first name rule's key is
    /// read there until its first change).
    func liveCount(of name: TillName, locking: Bool, everyone: Bool) throws -> TillState? {
        let key = locking ? name.key : try PostgresTillKeys.storedKey(of: name, on: connection) ?? name.key
        guard let row = try connection.query(
            "SELECT \(Self.columns) FROM tillcount.tills WHERE till_key = $1\(locking ? " FOR UPDATE" : "")", [.text(key)]).first
        else { return nil }
        var state = try Self.state(from: row, server: connection.server).state
        let read = try TillUndoStepRules.read(into: &state, till: name, key: key, actor: actor, everyone: everyone, rows: self)
        if locking { reads[key] = read }
        return state
    }

    func undoSteps(ofTill key: String, named name: TillName, actor: String?) throws -> [(seq: Int64, step: TillUndoStep)] {
        let mine = actor == nil ? "" : " AND actor = $2"
        return try connection.query(
            "SELECT seq, step FROM tillcount.undo_steps WHERE till_key = $1\(mine) ORDER BY seq", [.text(key)] + (actor.map { [.text($0)] } ?? [])
        ).map { row in
            guard let seq = try row.integer(0), let text = row.text(1) else {
                throw StoreError.corrupt(path: connection.server, reason: "an undo step of till '\(name.display)' is empty")
            }
            let place = "undo step \(seq) of till '\(name.display)'"
            do {
                return (seq, try TillUndoStep(json: try JSONValue.parse(text), place: place, version: TillState.formatVersion))
            } catch let error as StoredContentError {
                throw StoreError.corrupt(path: connection.server, reason: error.message)
            } catch {
                throw StoreError.corrupt(path: connection.server, reason: "\(place) is not JSON: \(error)")
            }
        }
    }

    func laterCountStepActor(ofTill key: String, after seq: Int64, notBy actor: String) throws -> String? {
        try connection.query(
            "SELECT actor FROM tillcount.undo_steps WHERE till_key = $1 AND actor <> $2 AND kind = 'count' AND seq > $3 ORDER BY seq LIMIT 1",
            [.text(key), .text(actor), .integer(seq)]).first?.text(0)
    }

    func deleteUndoStep(_ seq: Int64) throws {
        try connection.execute("DELETE FROM tillcount.undo_steps WHERE seq = $1", [.integer(seq)])
    }

    func appendUndoStep(_ step: TillUndoStep, ofTill key: String, actor: String) throws {
        let kind = switch step {
        case .count: "count"
        case .history: "history"
        case .till: "till"
        }
        try connection.execute(
            "INSERT INTO tillcount.undo_steps (till_key, actor, kind, step) VALUES ($1, $2, $3, $4)",
            [.text(key), .text(actor), .text(kind), .text(step.json.serialized())])
    }

    func purgeKeys(ofTill key: String) throws -> [String] {
        try connection.query("SELECT key FROM tillcount.pending_purges WHERE till_key = $1 ORDER BY key", [.text(key)]).compactMap { $0.text(0) }
    }

    func setPurgeKey(_ purgeKey: String, ofTill key: String, pending: Bool) throws {
        if pending {
            try connection.execute(
                "INSERT INTO tillcount.pending_purges (key, till_key) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [.text(purgeKey), .text(key)])
        } else {
            try connection.execute("DELETE FROM tillcount.pending_purges WHERE key = $1", [.text(purgeKey)])
        }
    }

    func deleteTill(_ name: TillName) throws {
        try connection.execute("DELETE FROM tillcount.undo_steps WHERE till_key = $1", [.text(name.key)])
        try connection.execute("DELETE FROM tillcount.pending_purges WHERE till_key = $1", [.text(name.key)])
        try connection.execute("DELETE FROM tillcount.tills WHERE till_key = $1", [.text(name.key)])
    }

    /// A till row as a name and live count, its columns checked against its count.
    static func state(from row: PostgresRow, server: String) throws -> (name: TillName, state: TillState) {
        guard let key = row.text(0), let display = row.text(1), let text = row.text(6), let float = try row.integer(3) else {
            throw StoreError.corrupt(path: server, reason: "a till's row has empty columns")
        }
        let name = TillName(stored: display)
        // Under its current key, or the first rule's, until its first change re-keys it.
        guard PostgresTillKeys.isKey(key, of: name) else {
            throw StoreError.corrupt(path: server, reason: "the till '\(display)' is kept under the key '\(key)'")
        }
        var state: TillState
        do {
            state = try TillState(snapshot: try JSONValue.parse(text), place: "the live count of till '\(display)'")
        } catch let error as StoredContentError {
            throw StoreError.corrupt(path: server, reason: error.message)
        } catch {
            throw StoreError.corrupt(path: server, reason: "the live count of till '\(display)' is not JSON: \(error)")
        }
        guard state.floatMinorUnits == float, state.currencyCode == row.text(2), state.notes.joined(separator: "\n") == (row.text(4) ?? "") else {
            throw StoreError.corrupt(path: server, reason: "the currency, float or notes of till '\(display)' do not agree with its count")
        }
        state.tillName = name.isMain ? nil : display
        return (name, state)
    }

    /// Writes `state` back: the row, then the actor's undo steps and the purge list
    /// (TillUndoStepRules).
    func write(_ state: TillState, of till: TillName) throws {
        try connection.execute(
            "UPDATE tillcount.tills SET currency = $2, float = $3, notes = $4, updated = $5, count = $6 WHERE till_key = $1",
            [.text(till.key), state.currencyCode.map(PostgresValue.text) ?? .null, .integer(state.floatMinorUnits),
             .text(state.notes.joined(separator: "\n")), state.updated.map(PostgresValue.text) ?? .null,
             .text(state.snapshotJSON.serialized())])
        try TillUndoStepRules.write(state, before: reads[till.key] ?? TillUndoStackRead(), till: till.key, actor: actor, rows: self)
    }
}
