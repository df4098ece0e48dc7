// Where the live counts of every till are kept: one TillRepository per till, each with
// its own file and lock, so tills are counted at once without waiting for each other.
// The JSON adapter is JSONTillDirectory; InMemoryTillDirectory keeps them in memory.

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
    /// Keeps `state` as the live count of the till `name` (named as first given), unless
    /// a live count is kept for it already: then it changes nothing and returns false.
    /// - Throws: `StoreError`, `TillError.changeWouldBreakStore`.
    func restore(_ name: TillName, state: TillState) throws -> Bool
}

/// Every till's live count kept in memory (for apps and tests).
public final class InMemoryTillDirectory: TillDirectory {
    private var repositories: [TillName: InMemoryTillRepository] = [:]
    private var names: [TillName: TillName] = [:]

    /// No till kept yet.
    public init() {}

    /// The till `name`'s live count, made the first time it is asked for.
    public func repository(for name: TillName) -> any TillRepository {
        if let known = repositories[name] { return known }
        let repository = InMemoryTillRepository(till: name)
        repositories[name] = repository
        names[name] = name
        return repository
    }

    /// Every till asked for whose count is not the empty one, the default till first.
    /// - Throws: nothing.
    public func tills() throws -> [KeptTill] {
        let used = repositories.filter { $0.value.state != TillState() }
            .map { KeptTill(name: names[$0.key] ?? $0.key, state: $0.value.state) }
        return used.filter(\.name.isMain) + used.filter { !$0.name.isMain }.sorted { $0.name.key < $1.name.key }
    }

    /// The default till, and every till whose count is not the empty one.
    public func keeps(_ name: TillName) -> Bool {
        name.isMain || repositories[name].map { $0.state != TillState() } ?? false
    }

    /// Empties the till `name`'s count (memory keeps no files): it is no longer kept.
    /// - Throws: what `check` throws.
    public func remove(_ name: TillName, checking check: (TillState) throws -> Void) throws -> TillState? {
        guard let repository = repositories[name], repository.state != TillState() else { return nil }
        return try repository.change { state -> TillState in
            try check(state)
            defer { state = TillState() }
            return state
        }
    }

    /// Keeps `state` for the till `name` unless its count is not the empty one.
    /// - Throws: `TillError.changeWouldBreakStore`.
    public func restore(_ name: TillName, state: TillState) throws -> Bool {
        guard repositories[name].map({ $0.state == TillState() }) ?? true else { return false }
        names[name] = name
        _ = repository(for: name)
        return try repositories[name]?.change { kept -> Bool in
            let tillName = kept.tillName
            kept = state
            kept.tillName = tillName
            kept.updated = Instant.iso8601UTC(Instant.preciseNow())
            return true
        } ?? false
    }
}
