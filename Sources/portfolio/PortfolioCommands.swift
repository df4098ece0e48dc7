// portfolio's commands that change accounts and updates: add, update, close, reopen,
// rename, rm, deleting single updates, undo and demo. The rules are PortfolioKit's
// (Portfolio); here the typed arguments are read, the store opened for what the command
// needs, and what happened said. Each change is one undo step, reverted by 'portfolio undo'.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import MoneyKitFormatting
import PortfolioKit

/// What every portfolio command shares: the invocation, and how to open its store.
struct PortfolioCommands {
    let invocation: Invocation

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }
    var inputs: PortfolioInputs { PortfolioInputs(invocation: invocation) }
    var name: String { arguments.argument("NAME") ?? "" }

    /// Opens the store named by --db, else PORTFOLIO_DB, else
    /// $XDG_DATA_HOME/portfolio/portfolio.sqlite, for `access`: reports read (never creating
    /// anything), add and demo may create it, the other changes need an existing one. Only
    /// the default location has its folders created; a path the user names must be in a
    /// folder that exists. A PostgreSQL URI or keyword string opens the shared store there
    /// (PortfolioStoreCommands.swift); no command knows which one it has.
    func open(_ access: PortfolioStoreAccess) throws -> any PortfolioStore {
        let location = try XDGPaths(environment: invocation.environment).storeLocation(
            option: arguments.value("db"), environmentVariable: "PORTFOLIO_DB",
            kind: .data, tool: "portfolio", fileName: "portfolio.sqlite")
        return try open(location, access)
    }

    /// Runs `body` with the store open for `access`, closed after.
    func withStore<Result>(_ access: PortfolioStoreAccess, _ body: (any PortfolioStore, Portfolio) throws -> Result) throws -> Result {
        let store = try open(access)
        defer { store.close() }
        return try body(store, Portfolio(repository: store))
    }

    /// Runs a report: the store open for reading, in one transaction (one consistent
    /// snapshot, one lock).
    func report(_ body: (Portfolio) throws -> ExitCode) throws -> ExitCode {
        try withStore(.read) { store, portfolio in try store.read { _ in try body(portfolio) } }
    }

    /// An instant from --date/--from/--to (`fallback` when absent). --from and --to take
    /// a year or a month too; at --to a year, month or day reaches to its end.
    func dateOption(_ long: String = "date", default fallback: Int64? = nil) throws(CLIError) -> Int64 {
        try dateOptionIfGiven(long) ?? fallback ?? invocation.now()
    }

    /// The same, nil when the option is absent.
    func dateOptionIfGiven(_ long: String) throws(CLIError) -> Int64? {
        guard let text = arguments.value(long) else { return nil }
        let range: RangeEnd? = long == "to" ? .end : long == "from" ? .start : nil
        return try inputs.instant(text, option: "--\(long)", range: range)
    }

    func money(_ minorUnits: Int64, _ currency: Currency) -> String { Portfolio.money(minorUnits, currency) }

    /// The value of an option whose spec has a default (spelled there only), as given or
    /// that default.
    func choice<Value>(_ option: TypedOption<Value>) throws(CLIError) -> Value {
        guard let value = try arguments.value(option) else {
            throw CLIError.usage("missing --\(option.spec.long)", commandPath: arguments.commandPath)
        }
        return value
    }

    // MARK: changing

    func addAccount() throws -> ExitCode {
        // What creates a store checks its input first: a failure leaves no new empty database.
        let input = try inputs.addInput()
        let account = try withStore(.write(createFolders: true)) { _, portfolio in
            try portfolio.addAccount(name: input.name, currency: input.currency, at: input.at, initial: input.initial)
        }
        invocation.say("Added '\(account.name)' (\(input.currency.code))\(formatted: input.initial.map { ": \(money($0.minorUnits, input.currency)) on \(Instant.dateTime(input.at))" } ?? "")")
        return .ok
    }

    func addUpdate() throws -> ExitCode {
        try withStore(.change) { _, portfolio in
            guard let text = arguments.argument("VALUE") else { throw CLIError.usage("missing VALUE", commandPath: arguments.commandPath) }
            let at = try dateOption()
            // The lookup and the insert see one state: an account deleted meanwhile is 66.
            let (account, amount, id) = try portfolio.addUpdate(named: name, at: at) { currency in try inputs.value(text, currency: currency) }
            let future = at > invocation.now() ? " (in the future: current from then on)" : ""
            invocation.say("'\(account.name)': \(formatted: money(amount.minorUnits, account.currency)) on \(Instant.dateTime(at))\(future) [update \(id)]")
            return .ok
        }
    }

    func close() throws -> ExitCode {
        try withStore(.change) { _, portfolio in
            let at = try dateOption()
            let (account, withdrawn) = try portfolio.close(named: name, at: at, holding: arguments.flag("withdraw") ? .withdraw : .refuse)
            let moved = withdrawn == 0 ? "" : withdrawn > 0 ? ", withdrawing the \(money(withdrawn, account.currency)) it held" : ", depositing the \(money(0 - withdrawn, account.currency)) it owed"
            invocation.say("Closed '\(account.name)' on \(Instant.dateTime(at))\(moved); its history stays. Undo with: portfolio undo")
            return .ok
        }
    }

    func reopen() throws -> ExitCode {
        try withStore(.change) { _, portfolio in
            let account = try portfolio.reopen(named: name)
            invocation.say("Reopened '\(account.name)'; its value is 0 from its close until you record one with: portfolio update NAME VALUE")
            return .ok
        }
    }

    func rename() throws -> ExitCode {
        try withStore(.change) { _, portfolio in
            guard let typedName = arguments.argument("NEW") else { throw CLIError.usage("missing NEW", commandPath: arguments.commandPath) }
            try portfolio.rename(named: name, to: try PortfolioInputs.validate(name: typedName))
            return .ok
        }
    }

    func remove() throws -> ExitCode {
        try withStore(.change) { store, portfolio in
            let found = try portfolio.account(named: name)
            let count = try store.updateCount(of: found)
            guard try Confirmation.require("Delete '\(found.name)' and its \(count) update\(count == 1 ? "" : "s")", invocation: invocation) else {
                invocation.say("Nothing deleted.")
                return .ok
            }
            // Looked up again under the write lock: the one confirmed, if it still exists.
            let deleted = try portfolio.delete(found)
            invocation.say("Deleted '\(found.name)' and \(deleted) update\(deleted == 1 ? "" : "s"). Undo with: portfolio undo. (To keep the history instead: portfolio close.)")
            return .ok
        }
    }

    func removeUpdate() throws -> ExitCode {
        try withStore(.change) { _, portfolio in
            let account = try portfolio.account(named: name)
            guard let id = try arguments.integerArgument("ID", in: 1...Int64.max) else {
                throw CLIError.usage("missing ID", commandPath: arguments.commandPath)
            }
            guard try portfolio.hasUpdate(id: id, of: account) else { throw PortfolioError.noUpdate(account: account.name, id: id) }
            guard try Confirmation.require("Delete update \(id) of '\(account.name)'", invocation: invocation) else {
                invocation.say("Nothing deleted.")
                return .ok
            }
            try portfolio.deleteUpdate(id: id, of: account)
            invocation.say("Deleted update \(id) of '\(account.name)'. Undo with: portfolio undo")
            return .ok
        }
    }

    /// portfolio undo: reverts the newest step, or with --dry-run says which it would revert.
    func undo() throws -> ExitCode {
        if arguments.flag("dry-run") {
            // Only reads: it says which change undo would revert.
            let step = try withStore(.read) { _, portfolio in try portfolio.undoPreview() }
            invocation.say("Would undo: \(step.description) (made \(Instant.dateTime(step.at))). Nothing was changed (--dry-run).")
            return .ok
        }
        let outcome = try withStore(.change) { _, portfolio in try portfolio.undo() }
        invocation.say("Undid: \(outcome.step.description)" + (outcome.effect.map { " (\($0))" } ?? "") + ".")
        return .ok
    }

    /// portfolio demo: one of the app's test sets into an empty store.
    func demo() throws -> ExitCode {
        let set = try choice(PortfolioSpec.demoSet)
        return try withStore(.write(createFolders: true)) { store, portfolio in
            let (accounts, updates) = try portfolio.fillDemo(set, now: invocation.now())
            invocation.say("Demo set \(set.rawValue): \(accounts) accounts, \(updates) updates in \(store.location)")
            return .ok
        }
    }
}
