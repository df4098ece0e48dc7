// Values over time, from the raw updates. An account counts from its first update (not
// as 0 before it), up to its close instant and not after; a later-entered update wins a
// tie on the same instant. Different currencies are never added together: portfolio
// series are per currency.

import MoneyKit

struct SeriesPoint: Equatable {
    let at: Int64
    let value: Int64
}

struct ValueSeries {
    let store: PortfolioStore
    let accounts: [Account]

    /// An account's own series: each update (ties collapsed, later entered wins) up to
    /// `to`; a closed account ends at its close.
    func accountSeries(_ account: Account, to: Int64) throws -> [SeriesPoint] {
        var points: [SeriesPoint] = []
        for update in try store.updates(of: account) where update.at <= to {
            if let closed = account.closedAt, update.at >= closed { break }
            if let last = points.last, last.at == update.at { points.removeLast() }
            // Only instants at which the value changes.
            if let last = points.last, last.value == update.value { continue }
            points.append(SeriesPoint(at: update.at, value: update.value))
        }
        return points
    }

    /// The total of the accounts in `currency` after every instant at which it changes
    /// (an update or a close), up to `to`. One pass over the updates in time order.
    func portfolioSeries(currency: Currency, to: Int64) throws -> [SeriesPoint] {
        let members = Dictionary(uniqueKeysWithValues: accounts.filter { $0.currency == currency }.map { ($0.id, $0) })
        guard !members.isEmpty else { return [] }
        // Closes are events too: the account's value leaves the total at that instant.
        var closes = members.values.compactMap { account in account.closedAt.map { (at: $0, id: account.id) } }
            .filter { $0.at <= to }.sorted { $0.at < $1.at }
        var current: [Int64: Int64] = [:]
        var closed: Set<Int64> = []
        var total: Int64 = 0
        var points: [SeriesPoint] = []
        var pendingInstant: Int64?

        func emit(_ instant: Int64) {
            if let last = points.last, last.value == total { return }
            if let last = points.last, last.at == instant { points.removeLast() }
            points.append(SeriesPoint(at: instant, value: total))
        }
        func applyCloses(through instant: Int64, inclusive: Bool) {
            while let next = closes.first, inclusive ? next.at <= instant : next.at < instant {
                closes.removeFirst()
                if let value = current.removeValue(forKey: next.id) { total &-= value }
                closed.insert(next.id)
                emit(next.at)
            }
        }
        try store.forEachUpdate { update in
            guard update.at <= to else { return }
            guard members[update.accountID] != nil else { return }
            if let pending = pendingInstant, pending != update.at { emit(pending) }
            applyCloses(through: update.at, inclusive: false)
            guard !closed.contains(update.accountID) else { return }
            if let account = members[update.accountID], let closedAt = account.closedAt, update.at >= closedAt { return }
            total &+= update.value &- (current[update.accountID] ?? 0)
            current[update.accountID] = update.value
            pendingInstant = update.at
        }
        if let pending = pendingInstant { emit(pending) }
        applyCloses(through: to, inclusive: true)
        return points
    }

    /// The value of `account` at `instant` (nil before its first update or after its close).
    func value(of account: Account, at instant: Int64) throws -> Int64? {
        // From its close instant on, a closed account no longer counts.
        if let closed = account.closedAt, instant >= closed { return nil }
        return try store.latestUpdate(of: account, atOrBefore: instant)?.value
    }

    /// The total in `currency` at each of `instants`, by index lookups (no full scan).
    func sampledTotals(currency: Currency, at instants: [Int64]) throws -> [Int64?] {
        let members = accounts.filter { $0.currency == currency }
        var totals = [Int64?](repeating: nil, count: instants.count)
        for account in members {
            for (index, instant) in instants.enumerated() {
                if let value = try value(of: account, at: instant) {
                    totals[index] = (totals[index] ?? 0) &+ value
                }
            }
        }
        return totals
    }

    /// The currencies that have accounts, in code order.
    var currencies: [Currency] { Array(Set(accounts.map(\.currency))).sorted() }
}

extension Array where Element == SeriesPoint {
    /// The value in force at `instant` (the last point at or before it).
    func value(at instant: Int64) -> Int64? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].at <= instant { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : self[low - 1].value
    }
}
