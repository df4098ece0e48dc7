// Values over time, from the raw updates. An account counts from its first update (not
// as 0 before it), up to its close instant and not after; a later-entered update wins a
// tie on the same instant. Different currencies are never added together: portfolio
// series are per currency.

import MoneyKit

/// Values over time, from the updates of `accounts`.
public struct ValueSeries {
    /// Where the updates are read.
    public let repository: any PortfolioRepository
    /// The accounts the series are of.
    public let accounts: [Account]

    /// The series of `accounts`, read from `repository`.
    public init(repository: any PortfolioRepository, accounts: [Account]) {
        self.repository = repository
        self.accounts = accounts
    }

    /// An account's own series: each update (ties collapsed, later entered wins) up to
    /// `to`; a closed account ends at its close.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func accountSeries(_ account: Account, to: Int64) throws -> [SeriesPoint] {
        Self.accountSeries(account, updates: try repository.updates(of: account), to: to)
    }

    /// The same from `updates`, the account's updates oldest first.
    public static func accountSeries(_ account: Account, updates: [Update], to: Int64) -> [SeriesPoint] {
        var points: [SeriesPoint] = []
        for update in updates where update.at <= to {
            if let closed = account.closedAt, update.at >= closed { break }
            if let last = points.last, last.at == update.at { points.removeLast() }
            // Only instants at which the value changes.
            if let last = points.last, last.value == update.value { continue }
            points.append(SeriesPoint(at: update.at, value: update.value))
        }
        return points
    }

    /// The total of the accounts in `currency` after every instant at which it changes
    /// (an update or a close), up to `to`; before `from` only the last point (the value in
    /// force at `from`). One pass over the updates in time order.
    /// - Throws: `PortfolioError.totalOutOfRange` when a total in the range is beyond the range of amounts
    ///   (one before `from` that is never shown is no error).
    public func portfolioSeries(currency: Currency, from: Int64 = .min, to: Int64) throws -> [SeriesPoint] {
        let members = Dictionary(uniqueKeysWithValues: accounts.filter { $0.currency == currency }.map { ($0.id, $0) })
        guard !members.isEmpty else { return [] }
        // Closes are events too: the account's value leaves the total at that instant.
        var closes = members.values.compactMap { account in account.closedAt.map { (at: $0, id: account.id) } }
            .filter { $0.at <= to }.sorted { $0.at < $1.at }
        var current: [Int64: Int64] = [:]
        var closed: Set<Int64> = []
        // Exact: one update may take the running total beyond Int64 before another
        // brings it back; only a total that is shown must fit.
        var total = CheckedSum()
        var points: [SeriesPoint] = []
        var pendingInstant: Int64?
        // The latest total before `from`, checked only if it is the one in force at `from`.
        var before: (at: Int64, total: CheckedSum)?

        func emit(_ instant: Int64) throws(PortfolioError) {
            if instant < from {
                before = (instant, total)
                return
            }
            // A change at `from` itself is what is in force then: the earlier total is not.
            if instant == from { before = nil } else { try flushBefore() }
            append(try PortfolioTotal.require(total, currency: currency), at: instant)
        }
        func flushBefore() throws(PortfolioError) {
            guard let last = before else { return }
            before = nil
            append(try PortfolioTotal.require(last.total, currency: currency), at: last.at)
        }
        func append(_ value: Int64, at instant: Int64) {
            if let last = points.last, last.value == value { return }
            if let last = points.last, last.at == instant { points.removeLast() }
            points.append(SeriesPoint(at: instant, value: value))
        }
        func applyCloses(through instant: Int64, inclusive: Bool) throws(PortfolioError) {
            while let next = closes.first, inclusive ? next.at <= instant : next.at < instant {
                closes.removeFirst()
                if let value = current.removeValue(forKey: next.id) { total.subtract(value) }
                closed.insert(next.id)
                try emit(next.at)
            }
        }
        try repository.forEachUpdate { update in
            guard update.at <= to else { return }
            guard members[update.accountID] != nil else { return }
            if let pending = pendingInstant, pending != update.at {
                try emit(pending)
                pendingInstant = nil  // emitted once: never again out of order
            }
            try applyCloses(through: update.at, inclusive: false)
            guard !closed.contains(update.accountID) else { return }
            if let account = members[update.accountID], let closedAt = account.closedAt, update.at >= closedAt { return }
            if let previous = current[update.accountID] { total.subtract(previous) }
            total.add(update.value)
            current[update.accountID] = update.value
            pendingInstant = update.at
        }
        if let pending = pendingInstant { try emit(pending) }
        try applyCloses(through: to, inclusive: true)
        try flushBefore()
        return points
    }

    /// The value of `account` at `instant` (nil before its first update or after its close).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func value(of account: Account, at instant: Int64) throws -> Int64? {
        guard Self.counts(account, at: instant) else { return nil }
        return try repository.latestUpdate(of: account, atOrBefore: instant)?.value
    }

    /// The values of each of `accounts` at each of `instants` (ascending), as `value(of:at:)`
    /// gives them, asked of the store at once (`updatesInForce`: one query on a server).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func values(of accounts: [Account], at instants: [Int64]) throws -> [[Int64?]] {
        let inForce = try repository.updatesInForce(of: accounts, at: instants)
        return accounts.indices.map { index in
            zip(instants, inForce[index]).map { instant, update in Self.counts(accounts[index], at: instant) ? update?.value : nil }
        }
    }

    /// Whether `account` counts at `instant`: from its close instant on, a closed account
    /// no longer does.
    static func counts(_ account: Account, at instant: Int64) -> Bool {
        account.closedAt.map { instant < $0 } ?? true
    }

    /// The currencies that have accounts, in code order.
    public var currencies: [Currency] { Array(Set(accounts.map(\.currency))).sorted() }
}
