// Savings goals: an amount to reach, for one account or for the total of one currency's
// accounts, optionally by a date. Progress compares the value now with the goal; with a
// date it also gives the saving still needed each month: what remains divided by the
// whole calendar months left (local time), rounded up to the minor unit so that saving
// it each month reaches the goal; with less than a whole month left, all that remains.

import MoneyKit
import MoneyKitPlatform

/// A goal: `amount` for the account `accountID` (nil: the total of `currency`'s accounts), by `by`.
public struct Goal: Equatable, Sendable {
    /// The stored id.
    public let id: Int64
    /// The account it is for; nil for the total of the currency's accounts.
    public let accountID: Int64?
    /// The currency of the amount (the account's, for an account's goal).
    public let currency: Currency
    /// The amount to reach, in minor units (more than zero).
    public let amount: Int64
    /// The date to reach it by (nil: no date).
    public let by: Int64?

    /// A goal as stored.
    public init(id: Int64, accountID: Int64?, currency: Currency, amount: Int64, by: Int64?) {
        self.id = id
        self.accountID = accountID
        self.currency = currency
        self.amount = amount
        self.by = by
    }
}

/// Where a goal stands at an instant.
public struct GoalProgress: Sendable {
    /// How the goal stands.
    public enum Status: Equatable, Sendable {
        /// The value is at or above the goal.
        case reached
        /// Not reached, and its date has passed.
        case past
        /// Not reached, with `months` whole months left: `monthly` to save each month
        /// (with 0 months left: all that remains, before the date).
        case saving(monthly: Int64, months: Int)
        /// Not reached, no date set.
        case open
    }

    /// The goal.
    public let goal: Goal
    /// The account's name, nil for a total's goal.
    public let accountName: String?
    /// The value now (the account's, or the currency's total of active accounts).
    public let value: Int64
    /// What is still missing (0 once reached).
    public let remaining: Int64
    /// The value as a percentage of the goal (a display figure, in Double).
    public let percent: Double
    /// Reached, past, saving or open.
    public let status: Status
}

extension Portfolio {
    /// Sets the goal of the account called `name` to `amount` (read in its currency), by `by`.
    /// - Throws: `PortfolioError.amountNotPositive`; what `amount` throws.
    public func setGoal(named name: String, by: Int64?, amount: (Currency) throws -> Money) throws -> (account: Account, amount: Money) {
        try repository.write("goal") { change in
            let account = try self.account(named: name)
            let money = try amount(account.currency)
            guard money.minorUnits > 0 else { throw PortfolioError.amountNotPositive }
            _ = try change.setGoal(accountID: account.id, currency: account.currency, amount: money.minorUnits, by: by)
            change.description = "goal '\(account.name)' \(Self.money(money.minorUnits, account.currency))" + (by.map { " by \(Instant.date($0))" } ?? "")
            return (account, money)
        }
    }

    /// Sets the goal of the total of `currency`'s accounts (nil: the one currency the
    /// accounts have, else `fallback` when there are none).
    /// - Throws: `PortfolioError.goalCurrencyNeeded` (several currencies), `.amountNotPositive`; what `amount` throws.
    public func setTotalGoal(currency: Currency?, fallback: Currency, by: Int64?, amount: (Currency) throws -> Money) throws -> (currency: Currency, amount: Money) {
        try repository.write("goal") { change in
            let currency = try totalGoalCurrency(currency, fallback: fallback)
            let money = try amount(currency)
            guard money.minorUnits > 0 else { throw PortfolioError.amountNotPositive }
            _ = try change.setGoal(accountID: nil, currency: currency, amount: money.minorUnits, by: by)
            change.description = "goal for the \(currency.code) total \(Self.money(money.minorUnits, currency))" + (by.map { " by \(Instant.date($0))" } ?? "")
            return (currency, money)
        }
    }

    /// Removes the goal of the account called `name`.
    /// - Throws: `PortfolioError.noGoal` when it has none.
    public func removeGoal(named name: String) throws -> Account {
        try repository.write("goal") { change in
            let account = try self.account(named: name)
            guard let goal = try repository.goals().first(where: { $0.accountID == account.id }) else { throw PortfolioError.noGoal("'\(account.name)'") }
            try change.removeGoal(id: goal.id)
            change.description = "goal '\(account.name)' none"
            return account
        }
    }

    /// Removes the goal of the total of `currency` (nil: as for setting it).
    /// - Throws: `PortfolioError.noGoal` when there is none, `.goalCurrencyNeeded`.
    public func removeTotalGoal(currency: Currency?, fallback: Currency) throws -> Currency {
        try repository.write("goal") { change in
            let goals = try repository.goals().filter { $0.accountID == nil }
            // With one total goal and no currency named, that one.
            let chosen = try currency ?? (goals.count == 1 ? goals[0].currency : totalGoalCurrency(nil, fallback: fallback))
            guard let goal = goals.first(where: { $0.currency == chosen }) else { throw PortfolioError.noGoal("the \(chosen.code) total") }
            try change.removeGoal(id: goal.id)
            change.description = "goal for the \(chosen.code) total none"
            return chosen
        }
    }

    /// The currency of a total's goal: the one named, else the one the accounts have,
    /// else `fallback` when there are no accounts.
    private func totalGoalCurrency(_ named: Currency?, fallback: Currency) throws -> Currency {
        if let named { return named }
        let currencies = Set(try repository.accounts().map(\.currency)).sorted()
        if currencies.count > 1 { throw PortfolioError.goalCurrencyNeeded(currencies) }
        return currencies.first ?? fallback
    }

    /// Every goal with its progress at `now`: the totals' first (by currency), then the
    /// accounts' by name.
    /// - Throws: `PortfolioError.totalOutOfRange`; `StoreError` when the store cannot be read.
    public func goalProgress(now: Int64) throws -> [GoalProgress] {
        let goals = try repository.goals()
        guard !goals.isEmpty else { return [] }
        let accounts = try repository.accounts()
        var result: [GoalProgress] = []
        for goal in goals.filter({ $0.accountID == nil }).sorted(by: { $0.currency < $1.currency }) {
            let rows = try accountRows(includeClosed: false, now: now).filter { $0.account.currency == goal.currency }
            let value = try Self.totals(rows).first?.value ?? 0
            result.append(try Self.progress(goal, name: nil, value: value, now: now))
        }
        for account in accounts {
            guard let goal = goals.first(where: { $0.accountID == account.id }) else { continue }
            let value = try repository.latestUpdate(of: account, atOrBefore: now)?.value ?? 0
            result.append(try Self.progress(goal, name: account.name, value: value, now: now))
        }
        return result
    }

    /// The progress of `goal` with `value` now.
    /// - Throws: `PortfolioError.totalOutOfRange` when what remains is beyond the range of amounts.
    public static func progress(_ goal: Goal, name: String?, value: Int64, now: Int64) throws(PortfolioError) -> GoalProgress {
        let difference = goal.amount.subtractingReportingOverflow(value)
        guard !difference.overflow else { throw .totalOutOfRange(goal.currency) }
        let remaining = max(0, difference.partialValue)
        let percent = Double(value) / Double(goal.amount) * 100
        let status: GoalProgress.Status
        if remaining == 0 {
            status = .reached
        } else if let by = goal.by {
            if by <= now {
                status = .past
            } else {
                let months = wholeMonths(from: now, to: by)
                // Rounded up: saving this each month reaches the goal.
                let (quotient, rest) = remaining.quotientAndRemainder(dividingBy: Int64(max(1, months)))
                status = .saving(monthly: rest > 0 ? quotient + 1 : quotient, months: months)
            }
        } else {
            status = .open
        }
        return GoalProgress(goal: goal, accountName: name, value: value, remaining: remaining, percent: percent, status: status)
    }

    /// Whole calendar months from `start` to `end` (local time): 15 Jan to 14 Mar is 1, to 15 Mar 2.
    public static func wholeMonths(from start: Int64, to end: Int64) -> Int {
        guard end > start, let a = Instant.localCalendar(start), let b = Instant.localCalendar(end) else { return 0 }
        var months = (b.year - a.year) * 12 + (b.month - a.month)
        if (b.day, b.hour, b.minute, b.second) < (a.day, a.hour, a.minute, a.second) { months -= 1 }
        return max(0, months)
    }
}
