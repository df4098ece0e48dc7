// The rules of the live counts, written once for every adapter against TillDirectoryRows:
// the order tills are listed in, which tills count as kept, what a change checks before
// it keeps a live count, and removing and bringing back a till ('tills rm' and its undo).

import MoneyKitPlatform

/// The rules every live-count adapter applies inside its transaction.
package enum TillDirectoryRules {
    /// Every till kept: the default till first when it has a row, then the others by name.
    /// - Throws: what `rows` throws.
    package static func tills(in rows: some TillDirectoryRows) throws -> [KeptTill] {
        var main: [KeptTill] = []
        var others: [KeptTill] = []
        for kept in try rows.allTills() {
            if kept.name.isMain { main = [KeptTill(name: .main, state: kept.state)] } else { others.append(kept) }
        }
        return main + others.sorted { $0.name.key < $1.name.key }
    }

    /// Whether the till `name` is kept: the default till always (its first change never
    /// says it started a new till), another when `holdsRow` finds its row.
    /// - Throws: what `holdsRow` throws.
    package static func keeps(_ name: TillName, holdsRow: () throws -> Bool) rethrows -> Bool {
        try name.isMain || holdsRow()
    }

    /// The live count of the till `name`: an empty one while it has no row.
    /// - Throws: what `rows` throws.
    package static func load(_ name: TillName, in rows: some TillDirectoryRows) throws -> TillState {
        try rows.liveCount(of: name, locking: false) ?? TillState()
    }

    /// Runs `body` on the live count of the till `name` (its row made by its first change,
    /// naming the till as first given) and writes back what it leaves, checked first as
    /// the loader will read it.
    /// - Throws: `TillError.changeWouldBreakStore`; what `body` and `rows` throw.
    package static func change<Result>(
        _ name: TillName, in rows: some TillDirectoryRows, _ body: (inout TillState) throws -> Result
    ) throws -> Result {
        try rows.rekey(name)
        _ = try rows.insertEmpty(name)
        var state = try rows.liveCount(of: name, locking: true) ?? TillState()
        if !name.isMain { state.tillName = state.tillName ?? name.display }
        let result = try body(&state)
        try state.checkStorable()
        try rows.write(state, of: name)
        return result
    }

    /// Deletes the till `name`'s row once `check` accepted its live count (read with
    /// every person's undo steps: the history steps among them go with the till); returns
    /// the live count deleted, nil when the till has no row.
    /// - Throws: what `check` throws (then nothing changes); what `rows` throws.
    package static func remove(
        _ name: TillName, in rows: some TillDirectoryRows, checking check: (TillState) throws -> Void
    ) throws -> TillState? {
        try rows.rekey(name)
        guard let state = try rows.liveCount(of: name, locking: true) else { return nil }
        try check(state)
        try rows.deleteTill(name)
        return state
    }

    /// Keeps `state` as the live count of the till `name` (named as first given), its
    /// `updated` at `stamp`, unless the till has a row: then it changes nothing and returns false.
    /// - Throws: `TillError.changeWouldBreakStore`; what `rows` throws.
    package static func restore(_ name: TillName, state: TillState, at stamp: String, in rows: some TillDirectoryRows) throws -> Bool {
        try rows.rekey(name)
        guard try rows.insertEmpty(name) else { return false }
        var kept = state
        kept.undo = []
        kept.purge = []
        kept.tillName = name.isMain ? nil : name.display
        kept.updated = stamp
        try kept.checkStorable()
        try rows.write(kept, of: name)
        return true
    }
}
