// What portfolio lists: the accounts with their values now and the totals per currency
// (list, and the dashboard's table), one account with its updates (show), and an
// account's updates with their ids (updates). Values; the executable renders them.

import MoneyKit

/// An account with its value at the report's instant.
public struct AccountRow: Sendable {
    /// The account.
    public let account: Account
    /// The update in force (nil: no value yet).
    public let current: Update?
    /// How many updates the account has.
    public let updateCount: Int64
    /// Counts at the report's instant (not closed by then).
    public let isActive: Bool
}

/// The total of one currency's active accounts.
public struct CurrencyTotal: Equatable, Sendable {
    /// The currency of the total (or of the update's account).
    public let currency: Currency
    /// The exact total, in minor units.
    public let value: Int64

    /// A total of `value` minor units of `currency`.
    public init(currency: Currency, value: Int64) {
        self.currency = currency
        self.value = value
    }
}

extension Portfolio {
    /// The accounts (with the closed ones when `includeClosed`) with their values at `now`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func accountRows(includeClosed: Bool, now: Int64) throws -> [AccountRow] {
        let accounts = try repository.accounts().filter { includeClosed || $0.isActive(at: now) }
        // Every account's value now in one question (one query on a server).
        let current = try repository.updatesInForce(of: accounts, at: [now])
        return try accounts.indices.map { index in
            let account = accounts[index]
            return AccountRow(account: account, current: current[index].first ?? nil,
                              updateCount: try repository.updateCount(of: account), isActive: account.isActive(at: now))
        }
    }

    /// Totals per currency of the active accounts among `rows`, in code order.
    /// - Throws: `PortfolioError.totalOutOfRange` when a total is beyond the range of amounts.
    public static func totals(_ rows: [AccountRow]) throws(PortfolioError) -> [CurrencyTotal] {
        var sums: [Currency: CheckedSum] = [:]
        for row in rows where row.isActive {
            guard let value = row.current?.value else { continue }
            sums[row.account.currency, default: CheckedSum()].add(value)
        }
        var totals: [CurrencyTotal] = []
        for (currency, sum) in sums.sorted(by: { $0.key < $1.key }) {
            totals.append(CurrencyTotal(currency: currency, value: try PortfolioTotal.require(sum, currency: currency)))
        }
        return totals
    }
}

/// One update as show and updates list it.
public struct UpdateRow: Sendable {
    /// The update.
    public let update: Update
    /// The currency of the total (or of the update's account).
    public let currency: Currency
    /// The update in force now.
    public let isCurrent: Bool
    /// Dated after now: current from then on.
    public let isFuture: Bool
}

/// portfolio show: an account, its value now, its updates newest first and its series.
public struct AccountDetail: Sendable {
    /// The account.
    public let account: Account
    /// Counts at the report's instant (not closed by then).
    public let isActive: Bool
    /// The update in force at the report's instant (nil: no value yet).
    public let current: Update?
    /// Newest first.
    public let updates: [UpdateRow]
    /// The account's series up to now (for its chart).
    public let series: [SeriesPoint]
}

extension Portfolio {
    /// The updates of the account called `name`, newest first, marked against `now`.
    /// - Throws: `PortfolioError.noAccount` or `.ambiguousName`; `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func updateRows(named name: String, now: Int64) throws -> (account: Account, rows: [UpdateRow]) {
        let account = try account(named: name)
        return (account, try updateRows(of: account, current: repository.latestUpdate(of: account, atOrBefore: now), now: now))
    }

    private func updateRows(of account: Account, current: Update?, now: Int64) throws -> [UpdateRow] {
        try repository.updates(of: account).reversed().map { update in
            UpdateRow(update: update, currency: account.currency, isCurrent: update.id == current?.id, isFuture: update.at > now)
        }
    }

    /// The account called `name` as show presents it at `now`.
    /// - Throws: `PortfolioError.noAccount` or `.ambiguousName`; `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func detail(named name: String, now: Int64) throws -> AccountDetail {
        let account = try account(named: name)
        let current = try repository.latestUpdate(of: account, atOrBefore: now)
        let updates = try repository.updates(of: account)
        let rows = updates.reversed().map { update in
            UpdateRow(update: update, currency: account.currency, isCurrent: update.id == current?.id, isFuture: update.at > now)
        }
        let series = ValueSeries.accountSeries(account, updates: updates, to: now)
        return AccountDetail(account: account, isActive: account.isActive(at: now), current: current, updates: rows, series: series)
    }
}
