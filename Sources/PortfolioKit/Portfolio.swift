// portfolio's rules over a repository: finding an account by name, and the changes
// (add, update, close, reopen, rename, rm, updates rm, undo), each one undo step whose
// description says what undo reverts. A change looks its account up inside its own
// transaction, so the lookup and the write see one state.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import MoneyKitFormatting

/// portfolio's rules over a repository: lookups by name, the changes, the reports.
public struct Portfolio {
    /// Where the accounts and updates are kept.
    public let repository: any PortfolioRepository

    /// The portfolio kept in `repository`.
    public init(repository: any PortfolioRepository) {
        self.repository = repository
    }

    // MARK: finding accounts

    /// The account called `name` (exactly, else in another letter case or Unicode form:
    /// ItemName's rule).
    /// - Throws: `PortfolioError.ambiguousName`, `.noAccount` (with the names there are).
    public func account(named name: String) throws -> Account {
        let all = try repository.accounts()
        switch ItemName.lookup(name, in: all.map(\.name)) {
        case .found(let index):
            return all[index]
        case .ambiguous(let names):
            throw PortfolioError.ambiguousName(name, matches: names)
        case .missing:
            throw PortfolioError.noAccount(name: name, known: all.map(\.name), missingStore: repository.exists ? nil : repository.location)
        }
    }

    /// The account with `id` as it is now.
    /// - Throws: `PortfolioError.accountGone` when it was deleted meanwhile.
    public func account(id: Int64, name: String) throws -> Account {
        guard let account = try repository.accounts().first(where: { $0.id == id }) else { throw PortfolioError.accountGone(name) }
        return account
    }

    /// "£1,234.56": an amount as messages and undo descriptions show it.
    public static func money(_ minorUnits: Int64, _ currency: Currency) -> String {
        Money(minorUnits: minorUnits, currency: currency).formatted()
    }

    // MARK: changing

    /// Creates an account named `name` (already checked by the name rule) in `currency`
    /// at `at`, with `initial` as its first update.
    /// - Throws: `PortfolioError.nameTaken` when an account has that name in any letter case.
    public func addAccount(name: String, currency: Currency, at: Int64, initial: Money?) throws -> Account {
        try repository.write("add") { change in
            let key = ItemName.matchKey(name)
            if let existing = try repository.accounts().first(where: { ItemName.matchKey($0.name) == key }) {
                throw PortfolioError.nameTaken(existing: existing.name)
            }
            let account = try change.createAccount(name: name, currency: currency, at: at)
            if let initial { _ = try change.addUpdate(to: account, at: at, value: initial.minorUnits) }
            change.description = "add '\(account.name)'"
            return account
        }
    }

    /// Records the value `value` (read in the account's currency) of the account called
    /// `name` at `at`; returns the account, the amount and the update's id.
    /// - Throws: `PortfolioError.closed` when the account is closed by then; what `value` throws.
    public func addUpdate(named name: String, at: Int64, value: (Currency) throws -> Money) throws -> (account: Account, amount: Money, id: Int64) {
        try repository.write("update") { change in
            let account = try self.account(named: name)
            let amount = try value(account.currency)
            if let closed = account.closedAt, at >= closed { throw PortfolioError.closed(account: account.name, closedAt: closed) }
            let id = try change.addUpdate(to: account, at: at, value: amount.minorUnits)
            change.description = "update '\(account.name)' to \(Self.money(amount.minorUnits, account.currency)) on \(Instant.dateTime(at)) [update \(id)]"
            return (account, amount, id)
        }
    }

    /// What a close does with what the account still holds at its instant (its value in
    /// force plus the money moved since).
    public enum CloseHolding: Sendable {
        /// Refuse the close (`PortfolioError.closeHoldsValue`): the returns would count
        /// that money as lost. What `portfolio close` does without --withdraw.
        case refuse
        /// Record it as a withdrawal at the close, in the same change (`close --withdraw`).
        case withdraw
        /// Let it leave the totals unrecorded, as a close read from an import does.
        case leave
    }

    /// Closes the account called `name` at `at`: it keeps its history and leaves the
    /// totals. What it still holds then is refused, withdrawn or left, as `holding` says;
    /// returns it with the amount withdrawn (0 for none).
    /// - Throws: `PortfolioError.alreadyClosed`, `.updateAfterClose` (an update at or
    ///   after `at`), `.contributionAfterClose` (money moved after `at`), `.closeHoldsValue`.
    @discardableResult
    public func close(named name: String, at: Int64, holding policy: CloseHolding = .leave) throws -> (account: Account, withdrawn: Int64) {
        try repository.write("close") { change in
            let account = try self.account(named: name)
            guard account.closedAt == nil else { throw PortfolioError.alreadyClosed(account.name) }
            if let later = try repository.latestUpdate(of: account, atOrAfter: at) {
                throw PortfolioError.updateAfterClose(account: account.name, updateAt: later.at, updateID: later.id, closeAt: at)
            }
            let contributions = try repository.contributions(of: account)
            if let later = contributions.last(where: { $0.at > at }) {
                throw PortfolioError.contributionAfterClose(account: account.name, contributionAt: later.at, contributionID: later.id, closeAt: at)
            }
            var held = try Self.holding(of: account, at: at, update: repository.latestUpdate(of: account, atOrBefore: at), contributions: contributions)
            switch policy {
            case _ where held == 0: break
            case .refuse: throw PortfolioError.closeHoldsValue(account: account.name, value: held, currency: account.currency, closeAt: at)
            case .leave: held = 0
            case .withdraw:
                // Stored amounts and their sums are checked: the negation cannot trap.
                let (amount, overflow) = Int64(0).subtractingReportingOverflow(held)
                guard !overflow, PortfolioLimits.valueFault(amount) == nil else { throw PortfolioError.valueBeyondLimits }
                _ = try change.addContribution(to: account, at: at, amount: amount)
            }
            try change.setClosed(account, at: at)
            let withdrawn = held == 0 ? "" : ", withdrawing \(Self.money(held, account.currency))"
            change.description = "close '\(account.name)' on \(Instant.dateTime(at))\(withdrawn)"
            return (account, held)
        }
    }

    /// What `account` holds at `at`: its value in force (`update`, nil: none) plus the
    /// money moved after that update up to `at` (money moved at the update's own instant
    /// is in its value).
    /// - Throws: `PortfolioError.totalOutOfRange` when the sum is beyond the range of amounts.
    static func holding(of account: Account, at: Int64, update: Update?, contributions: [Contribution]) throws -> Int64 {
        var sum = CheckedSum()
        sum.add(update?.value ?? 0)
        for contribution in contributions where contribution.at <= at && contribution.at > (update?.at ?? .min) {
            sum.add(contribution.amount)
        }
        return try PortfolioTotal.require(sum, currency: account.currency)
    }

    /// Reopens the closed account called `name`. Its close stays in its history: when
    /// the value in force at the close is not 0, a value of 0 is recorded at the close's
    /// instant, so the weeks it was closed show nothing, as they did, and the export keeps them.
    /// - Throws: `PortfolioError.notClosed`.
    public func reopen(named name: String) throws -> Account {
        try repository.write("reopen") { change in
            let account = try self.account(named: name)
            guard let closed = account.closedAt else { throw PortfolioError.notClosed(account.name) }
            try change.setClosed(account, at: nil)
            if let inForce = try repository.latestUpdate(of: account, atOrBefore: closed), inForce.value != 0 {
                _ = try change.addUpdate(to: account, at: closed, value: 0)
            }
            change.description = "reopen '\(account.name)' (closed on \(Instant.dateTime(closed)))"
            return account
        }
    }

    /// Renames the account called `name` to `newName` (already checked by the name rule).
    /// - Throws: `PortfolioError.renameTaken` when another account has that name.
    public func rename(named name: String, to newName: String) throws {
        try repository.write("rename") { change in
            let account = try self.account(named: name)
            let key = ItemName.matchKey(newName)
            if let other = try repository.accounts().first(where: { $0.id != account.id && ItemName.matchKey($0.name) == key }) {
                throw PortfolioError.renameTaken(existing: other.name)
            }
            try change.rename(account, to: newName)
            change.description = "rename '\(account.name)' to '\(newName)'"
        }
    }

    /// Deletes `found` (looked up again inside the change: the one confirmed, if it still
    /// exists) with all its updates; returns how many it had.
    /// - Throws: `PortfolioError.accountGone` when it was deleted meanwhile; `StoreError`.
    public func delete(_ found: Account) throws -> Int64 {
        try repository.write("rm") { change in
            let account = try self.account(id: found.id, name: found.name)
            let count = try repository.updateCount(of: account)
            try change.delete(account)
            change.description = "rm '\(account.name)' and its \(count) update\(count == 1 ? "" : "s")"
            return count
        }
    }

    /// Whether `account` has an update with `id`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func hasUpdate(id: Int64, of account: Account) throws -> Bool {
        try repository.updates(of: account).contains { $0.id == id }
    }

    /// Deletes update `id` of `account`.
    /// - Throws: `PortfolioError.accountGone`, `.updateGone` (deleted meanwhile).
    public func deleteUpdate(id: Int64, of account: Account) throws {
        try repository.write("updates rm") { change in
            try change.deleteUpdate(id: id, of: try self.account(id: account.id, name: account.name))
            change.description = "updates rm '\(account.name)' \(id)"
        }
    }

    /// Reverts the newest change.
    /// - Throws: `PortfolioError.nothingToUndo`, `.undoMismatch`.
    public func undo() throws -> UndoOutcome {
        try repository.undoLatest()
    }

    /// The change `undo` would revert.
    /// - Throws: `PortfolioError.nothingToUndo`.
    public func undoPreview() throws -> UndoStep {
        guard let step = try repository.read({ _ in try repository.latestUndoStep() }) else { throw PortfolioError.nothingToUndo }
        return step
    }
}
