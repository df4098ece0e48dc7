// Money in and out of an account (deposits and withdrawals), kept apart from its
// valuations (updates), so that growth is told apart from saving: the returns
// (Returns.swift) take them as the cash flows. A contribution is signed: a deposit is
// positive, a withdrawal negative; its instant is whole seconds since 1970 (UTC).

import MoneyKit
import MoneyKitPlatform

/// Money put into (positive) or taken out of (negative) an account at an instant.
public struct Contribution: Equatable, Sendable {
    /// The stored id.
    public let id: Int64
    /// The id of its account.
    public let accountID: Int64
    /// When the money moved (seconds since 1970, UTC).
    public let at: Int64
    /// Minor units of the account's currency: positive a deposit, negative a withdrawal, never 0.
    public let amount: Int64

    /// A contribution as stored.
    public init(id: Int64, accountID: Int64, at: Int64, amount: Int64) {
        self.id = id
        self.accountID = accountID
        self.at = at
        self.amount = amount
    }

    /// Whether money went in.
    public var isDeposit: Bool { amount > 0 }
}

/// A contribution as show and flows list it.
public struct ContributionRow: Sendable {
    /// The contribution.
    public let contribution: Contribution
    /// Its account's currency.
    public let currency: Currency
}

extension Portfolio {
    /// Records money put into (`withdrawal` false) or taken out of the account called
    /// `name` at `at`: `amount` (read in the account's currency) must be more than zero.
    /// Returns the account, the amount and the contribution's id.
    /// - Throws: `PortfolioError.amountNotPositive`, `.closed` (at or after the close), what `amount` throws.
    public func addContribution(named name: String, at: Int64, withdrawal: Bool,
                                amount: (Currency) throws -> Money) throws -> (account: Account, amount: Money, id: Int64) {
        let command = withdrawal ? "withdraw" : "deposit"
        return try repository.write(command) { change in
            let account = try self.account(named: name)
            let money = try amount(account.currency)
            guard money.minorUnits > 0 else { throw PortfolioError.amountNotPositive }
            if let closed = account.closedAt, at >= closed { throw PortfolioError.closed(account: account.name, closedAt: closed) }
            // A positive amount within the limits negates without a trap.
            let signed = withdrawal ? -money.minorUnits : money.minorUnits
            let id = try change.addContribution(to: account, at: at, amount: signed)
            change.description = "\(command) \(Self.money(money.minorUnits, account.currency)) \(withdrawal ? "from" : "into") '\(account.name)' on \(Instant.dateTime(at)) [contribution \(id)]"
            return (account, money, id)
        }
    }

    /// The deposits and withdrawals of the account called `name`, newest first.
    /// - Throws: `PortfolioError.noAccount` or `.ambiguousName`; `StoreError` when the store cannot be read.
    public func contributionRows(named name: String) throws -> (account: Account, rows: [ContributionRow]) {
        let account = try account(named: name)
        return (account, try contributionRows(of: account))
    }

    /// The deposits and withdrawals of `account`, newest first.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func contributionRows(of account: Account) throws -> [ContributionRow] {
        try repository.contributions(of: account).reversed().map { ContributionRow(contribution: $0, currency: account.currency) }
    }

    /// Whether `account` has a contribution with `id`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func hasContribution(id: Int64, of account: Account) throws -> Bool {
        try repository.contributions(of: account).contains { $0.id == id }
    }

    /// Deletes contribution `id` of `account`.
    /// - Throws: `PortfolioError.accountGone`, `.contributionGone` (deleted meanwhile).
    public func deleteContribution(id: Int64, of account: Account) throws {
        try repository.write("flows rm") { change in
            try change.deleteContribution(id: id, of: try self.account(id: account.id, name: account.name))
            change.description = "flows rm '\(account.name)' \(id)"
        }
    }
}
