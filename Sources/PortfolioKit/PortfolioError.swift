// What goes wrong in portfolio's rules, each case carrying what its message needs. The
// kit says what happened; the executable words it (PortfolioErrorMessages.swift) with
// its exit code. A store's own faults (corrupt, busy, unreadable) are MoneyKitPlatform's
// StoreError and pass through unchanged.

import MoneyKit

/// What goes wrong in portfolio's rules, with what its message needs.
public enum PortfolioError: Error, Equatable, Sendable {
    /// No account is called `name`; `known` are the names there are (for "did you mean"),
    /// `missingStore` the store's path when it does not exist yet.
    case noAccount(name: String, known: [String], missingStore: String?)
    /// The name matches several stored accounts (in other letter cases or Unicode forms).
    case ambiguousName(String, matches: [String])
    /// The account was deleted meanwhile (by another command).
    case accountGone(String)
    /// A new account's name is taken by `existing`.
    case nameTaken(existing: String)
    /// A rename's new name is taken by `existing`.
    case renameTaken(existing: String)
    /// An update at or after the account's close.
    case closed(account: String, closedAt: Int64)
    /// A close of an account that is closed.
    case alreadyClosed(String)
    /// A reopen of an account that is not closed.
    case notClosed(String)
    /// A close before one of the account's updates.
    case updateAfterClose(account: String, updateAt: Int64, updateID: Int64, closeAt: Int64)
    /// A close before one of the account's deposits or withdrawals.
    case contributionAfterClose(account: String, contributionAt: Int64, contributionID: Int64, closeAt: Int64)
    /// A close (without withdrawing) of an account that still holds `value` at `closeAt`.
    case closeHoldsValue(account: String, value: Int64, currency: Currency, closeAt: Int64)
    /// The account has no update with this id (looked up before the change).
    case noUpdate(account: String, id: Int64)
    /// The update went away meanwhile (inside the change).
    case updateGone(account: String, id: Int64)
    /// A total in `currency` is beyond the range of amounts.
    case totalOutOfRange(Currency)
    /// A value typed or imported beyond what portfolio can add up.
    case valueBeyondLimits
    /// A date (as typed) outside 0001-01-01 to 9999-12-31.
    case dateBeyondLimits(String)
    /// undo with no step recorded.
    case nothingToUndo
    /// The store no longer matches the step undo would revert.
    case undoMismatch(description: String)
    /// undo in a shared store: `actor` (user@host) changed one of the step's accounts after it.
    case undoConflict(description: String, actor: String)
    /// db copy into a store (`location`) that holds something already.
    case copyTargetNotEmpty(location: String)
    /// demo into a store that has accounts.
    case demoNeedsEmptyStore
    /// A table of more periods than a table can show.
    case tooManyPeriods
    /// A range whose start is after its end.
    case fromAfterTo
    /// Bad lines of an import: the first `ImportFaults.limit` in `shown`, `count` in all.
    case importFaults(source: String, shown: [ImportFault], count: Int)
    /// An import file (`source`) with more lines than a row can number (2³¹ − 1).
    case importTooLong(source: String)

    // Money in and out, and goals (issue 16).
    /// A deposit, withdrawal or goal of zero or less.
    case amountNotPositive
    /// The account has no deposit or withdrawal with this id (looked up before the change).
    case noContribution(account: String, id: Int64)
    /// The deposit or withdrawal went away meanwhile (inside the change).
    case contributionGone(account: String, id: Int64)
    /// Removing a goal where there is none; `what` is "'ISA'" or "the GBP total".
    case noGoal(String)
    /// A goal for the total with accounts in several currencies and none named.
    case goalCurrencyNeeded([Currency])
    /// --convert-to: no rate of `currency` (into `target`) in force at `at`.
    case missingRate(currency: Currency, target: Currency, at: Int64)
    /// --convert-to: an amount converted (or a sum of converted amounts) beyond the range of amounts.
    case conversionOutOfRange(from: Currency, to: Currency)
    /// A change over a period (end − start) in `currency` beyond the range of amounts.
    case changeOutOfRange(Currency)
    /// The change would take the values, money moved and goals of the `currency` accounts
    /// beyond what every report can add up (`PortfolioTotalsBudget.limit`); nothing was stored.
    case beyondTotalsBudget(Currency)
}

/// One bad line of an import file.
public struct ImportFault: Equatable, Sendable {
    /// The line of the file.
    public let line: Int
    /// What is wrong with it.
    public let message: String

    /// The fault `message` of line `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }
}
