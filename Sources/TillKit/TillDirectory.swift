// Where the live counts of every till are kept: one TillRepository per till. The rules
// (listing, removing and bringing back a till, checking a change) are written once in
// TillDirectoryRules.swift against rows; the database adapters (TillSQLite, TillPostgres)
// and InMemoryTillDirectory below map those rows. JSONTillDirectory reads the files of an
// older tillcount until the database takes them over.

import MoneyKit
import MoneyKitPlatform

/// A till kept in a directory of tills: its name and its live count.
public struct KeptTill: Sendable {
    /// The till's name, as first given.
    public let name: TillName
    /// Its live count.
    public let state: TillState

    /// The till `name` holding `state`.
    public init(name: TillName, state: TillState) {
        self.name = name
        self.state = state
    }
}

/// Where every till's live count is kept.
public protocol TillDirectory {
    /// The live count of the till `name` (the default till's is the one kept before
    /// tills). Nothing is created until its first change.
    func repository(for name: TillName) -> any TillRepository
    /// Every till kept: the default till first when it has been used (its live count
    /// file or row exists: something was counted, set or undone in it), then the others by
    /// name. The default till with nothing kept is left out (issue 26, item 38): a list
    /// adds it when it has saved counts (`TillsReport.listed`).
    /// - Throws: `StoreError` for a till's file that cannot be read (it is never skipped).
    func tills() throws -> [KeptTill]
    /// Whether a live count is kept for the till `name` (the default till always counts
    /// as kept here, so that its first change never says it started a new till): a till
    /// not kept is started by its first change.
    func keeps(_ name: TillName) -> Bool
    /// Deletes the till `name`'s live count (its file or row, with every person's undo
    /// steps in it) under its lock, once `check` accepted it (it throws to keep it);
    /// returns the live count deleted, nil when none is kept (see TillRemoval).
    /// - Throws: `StoreError`, or what `check` throws (then nothing changes).
    func remove(_ name: TillName, checking check: (TillState) throws -> Void) throws -> TillState?
    /// Keeps `state` as the live count of the till `name` (named as first given), its
    /// `updated` at `stamp` (ISO 8601), unless a live count is kept for it already: then
    /// it changes nothing and returns false.
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore`.
    func restore(_ name: TillName, state: TillState, at stamp: String) throws -> Bool
}

extension TillDirectory {
    /// `restore(_:state:at:)` stamped by the system clock.
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore`.
    public func restore(_ name: TillName, state: TillState) throws -> Bool {
        try restore(name, state: state, at: Instant.iso8601UTC(Instant.preciseNow()))
    }
}

/// Every till's live count kept in memory (for apps and tests): a row per till, made by
/// its first change, under the rules every adapter applies (TillDirectoryRules).
public final class InMemoryTillDirectory: TillDirectory {
    /// The rows; a change works on a copy and keeps it when it succeeds.
    var rows = InMemoryTillDirectoryRows()

    /// No till kept yet.
    public init() {}

    /// The till `name`'s live count (its row is made by its first change).
    public func repository(for name: TillName) -> any TillRepository {
        InMemoryTillRepository(directory: self, till: name)
    }

    /// Every till with a row, the default till first, then the others by name.
    /// - Throws: nothing.
    public func tills() throws -> [KeptTill] {
        try TillDirectoryRules.tills(in: rows)
    }

    /// The default till, and every till with a row.
    public func keeps(_ name: TillName) -> Bool {
        TillDirectoryRules.keeps(name) { rows.holdsRow(of: name) }
    }

    /// Deletes the till `name`'s row once `check` accepted it; nil when there is none.
    /// - Throws: what `check` throws (then nothing changes).
    public func remove(_ name: TillName, checking check: (TillState) throws -> Void) throws -> TillState? {
        try changing { rows in try TillDirectoryRules.remove(name, in: rows, checking: check) }
    }

    /// Makes the till `name`'s row from `state`, its `updated` at `stamp`, unless it has one (then false).
    /// - Throws: `TillError.changeWouldBreakStore`.
    public func restore(_ name: TillName, state: TillState, at stamp: String) throws -> Bool {
        try changing { rows in try TillDirectoryRules.restore(name, state: state, at: stamp, in: rows) }
    }

    /// Runs `body` on a copy of the rows, kept unless it throws: memory's transaction.
    func changing<Result>(_ body: (InMemoryTillDirectoryRows) throws -> Result) throws -> Result {
        let copy = InMemoryTillDirectoryRows(tills: rows.tills)
        let result = try body(copy)
        rows = copy
        return result
    }
}

/// The live counts' rows in memory, by till key (a class: the rules write through it;
/// `InMemoryTillDirectory.changing` copies it for a change).
final class InMemoryTillDirectoryRows: TillDirectoryRows {
    var tills: [String: KeptTill]

    init(tills: [String: KeptTill] = [:]) {
        self.tills = tills
    }

    func allTills() -> [KeptTill] { Array(tills.values) }

    func holdsRow(of name: TillName) -> Bool { tills[name.key] != nil }

    func rekey(_ name: TillName) {}

    func insertEmpty(_ name: TillName) -> Bool {
        guard tills[name.key] == nil else { return false }
        tills[name.key] = KeptTill(name: name, state: TillState())
        return true
    }

    func liveCount(of name: TillName, locking: Bool) -> TillState? { tills[name.key]?.state }

    func write(_ state: TillState, of name: TillName) {
        tills[name.key] = KeptTill(name: tills[name.key]?.name ?? name, state: state)
    }

    func deleteTill(_ name: TillName) { tills[name.key] = nil }
}
