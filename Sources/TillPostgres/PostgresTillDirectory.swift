// The PostgreSQL adapter of the live counts: each till a row of tillcount.tills, locked
// (SELECT … FOR UPDATE) for the length of a change, so counts from several machines into
// one till all land. Undo steps are the shared journal's (tillcount.journal_steps and
// journal_records, TillUndo.swift): a person's own, each till's own.

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
            return try TillDirectoryRules.tills(in: PostgresTillRows(connection: connection))
        }
    }

    /// The default till, and every till with a row.
    public func keeps(_ name: TillName) -> Bool {
        let found = try? TillDirectoryRules.keeps(name) {
            try store.read { connection, hasTables -> Bool in
                guard hasTables else { return false }
                return try PostgresTillRows(connection: connection).holdsRow(of: name)
            }
        }
        return found ?? false
    }

    /// Deletes the till `name`'s row once `check` accepted its live count (its undo steps
    /// are forgotten by the caller, Till.removeTill).
    /// - Throws: `StoreError`, or what `check` throws (then nothing changes).
    public func remove(_ name: TillName, checking check: (TillState) throws -> Void) throws -> TillState? {
        try store.change { connection, change -> TillState? in
            try TillDirectoryRules.remove(name, in: PostgresTillRows(connection: connection), checking: check)
        }
    }

    /// Makes the till `name`'s row from `state`, its `updated` at `stamp`, unless it has one (then false).
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore`.
    public func restore(_ name: TillName, state: TillState, at stamp: String) throws -> Bool {
        try store.change { connection, change -> Bool in
            try TillDirectoryRules.restore(name, state: state, at: stamp, in: PostgresTillRows(connection: connection))
        }
    }
}

/// The live count of one till in a PostgreSQL database.
public struct PostgresTillRepository: TillRepository {
    let store: PostgresTillStore
    /// The till.
    public let till: TillName

    /// The live count (empty when the till has no row yet).
    /// - Throws: `StoreError` (unavailable, corrupt row, newer schema).
    public func load() throws -> TillState {
        try store.read { connection, hasTables -> TillState in
            guard hasTables else { return TillState() }
            return try TillDirectoryRules.load(till, in: PostgresTillRows(connection: connection))
        }
    }

    /// Runs `body` on the live count in one transaction, its row locked: the count is
    /// written back as `body` leaves it.
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore` (see `TillState.checkStorable`),
    ///   or what `body` throws (then nothing changes).
    public func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        try store.change { connection, change -> Result in
            try TillDirectoryRules.change(till, in: PostgresTillRows(connection: connection), body)
        }
    }
}

/// The live counts' rows in a PostgreSQL transaction, as TillDirectoryRules reads and
/// writes them: SQL only, no rule. Undo steps are the journal's (TillUndo.swift).
struct PostgresTillRows: TillDirectoryRows {
    static let columns = "till_key, till, currency, float, notes, updated, count"

    let connection: PostgresConnection

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
    func liveCount(of name: TillName, locking: Bool) throws -> TillState? {
        let key = locking ? name.key : try PostgresTillKeys.storedKey(of: name, on: connection) ?? name.key
        guard let row = try connection.query(
            "SELECT \(Self.columns) FROM tillcount.tills WHERE till_key = $1\(locking ? " FOR UPDATE" : "")", [.text(key)]).first
        else { return nil }
        return try Self.state(from: row, server: connection.server).state
    }

    func deleteTill(_ name: TillName) throws {
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

    /// Writes `state` back to the till's row.
    func write(_ state: TillState, of till: TillName) throws {
        try connection.execute(
            "UPDATE tillcount.tills SET currency = $2, float = $3, notes = $4, updated = $5, count = $6 WHERE till_key = $1",
            [.text(till.key), state.currencyCode.map(PostgresValue.text) ?? .null, .integer(state.floatMinorUnits),
             .text(state.notes.joined(separator: "\n")), state.updated.map(PostgresValue.text) ?? .null,
             .text(state.snapshotJSON.serialized())])
    }
}
