// Where the live counts of every till are kept: one TillRepository per till, each with
// its own file and lock, so tills are counted at once without waiting for each other.
// The JSON adapter is JSONTillDirectory; InMemoryTillDirectory keeps them in memory.

import MoneyKit

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
    /// Every till kept: the default till first (always, even with nothing kept), then
    /// the others by name.
    /// - Throws: `StoreError` for a till's file that cannot be read (it is never skipped).
    func tills() throws -> [KeptTill]
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
        let repository = InMemoryTillRepository()
        repositories[name] = repository
        names[name] = name
        return repository
    }

    /// The default till first, then every till asked for whose count is not the empty one.
    /// - Throws: nothing.
    public func tills() throws -> [KeptTill] {
        let main = KeptTill(name: .main, state: repositories[.main]?.state ?? TillState())
        let others = repositories.filter { !$0.key.isMain && $0.value.state != TillState() }
            .map { KeptTill(name: names[$0.key] ?? $0.key, state: $0.value.state) }
            .sorted { $0.name.key < $1.name.key }
        return [main] + others
    }
}
