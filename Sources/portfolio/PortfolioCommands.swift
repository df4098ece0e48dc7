// portfolio's commands that change accounts and updates: add, update, close, reopen,
// rename, rm, and listing or deleting single updates.

import MoneyKit
import MoneyKitCLI
import MoneyKitFormatting

struct PortfolioCommands {
    let invocation: Invocation
    let store: PortfolioStore

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }

    init(invocation: Invocation) throws {
        self.invocation = invocation
        self.store = try PortfolioStore(invocation: invocation)
    }

    func run() throws -> ExitCode {
        defer { store.database.close() }
        let reports = PortfolioReports(commands: self)
        switch arguments.commandPath.first ?? "dashboard" {
        // Reports read in one transaction: one consistent snapshot, one lock.
        case "dashboard": return try store.database.reading { try reports.dashboard() }
        case "list": return try store.database.reading { try reports.list() }
        case "show": return try store.database.reading { try reports.show() }
        case "chart": return try store.database.reading { try ChartCommand(commands: self).run() }
        case "table": return try store.database.reading { try TableCommand(commands: self).run() }
        case "add": return try addAccount()
        case "update": return try addUpdate()
        case "close": return try close()
        case "reopen": return try reopen()
        case "rename": return try rename()
        case "rm": return try remove()
        case "updates": return arguments.commandPath == ["updates", "rm"] ? try removeUpdate() : try PortfolioReports(commands: self).listUpdates()
        case "import": return try PortfolioTransfer(commands: self).importCSV()
        case "export": return try PortfolioTransfer(commands: self).export()
        case "demo": return try DemoData(commands: self).run()
        default: throw CLIError.usage("unknown command '\(arguments.commandPath.joined(separator: " "))'")
        }
    }

    // MARK: shared helpers

    var name: String { arguments.argument("NAME") ?? "" }

    /// An instant from --date/--from/--to text, or exit 65 naming the option.
    func instant(_ text: String, option: String) throws(CLIError) -> Int64 {
        guard let instant = Instant.parse(text) else {
            throw CLIError.data(
                "invalid \(option) '\(text)': expected 2025-07-27, '2025-07-27 14:30' or ISO 8601 such as 2025-07-27T14:30:00+01:00",
                hint: "a date must exist in the calendar (no 31 June), with a year from 0001 to 9999 in UTC and in local time")
        }
        return instant
    }

    func dateOption(_ long: String = "date", default fallback: Int64 = Instant.now()) throws(CLIError) -> Int64 {
        guard let text = arguments.value(long) else { return fallback }
        return try instant(text, option: "--\(long)")
    }

    func value(_ text: String, currency: Currency) throws(CLIError) -> Money {
        do {
            return try Money.parse(text, currency: currency)
        } catch {
            throw CLIError.data("\(error)")
        }
    }

    func money(_ minorUnits: Int64, _ currency: Currency) -> String {
        Money(minorUnits: minorUnits, currency: currency).formatted()
    }

    func currencyOption(_ long: String = "currency") throws(CLIError) -> Currency? {
        guard let code = arguments.value(long) else { return nil }
        do { return try Currency.named(code) } catch { throw CLIError.usage("\(error)", commandPath: arguments.commandPath) }
    }

    // MARK: changing

    private func addAccount() throws -> ExitCode {
        try Self.validate(name: name)
        let currency = try currencyOption() ?? LocaleCurrency.currency(invocation.environment) ?? .gbp
        let at = try dateOption()
        let initial = try arguments.argument("VALUE").map { text throws(CLIError) in try value(text, currency: currency) }
        let account = try store.transaction {
            let account = try store.createAccount(name: name, currency: currency, at: at)
            if let initial { _ = try store.addUpdate(account: account, at: at, value: initial.minorUnits) }
            return account
        }
        invocation.err.line("Added '\(account.name)' (\(currency.code))" + (initial.map { ": \(money($0.minorUnits, currency)) on \(Instant.dateTime(at))" } ?? ""))
        return .ok
    }

    private func addUpdate() throws -> ExitCode {
        let account = try store.account(named: name)
        guard let text = arguments.argument("VALUE") else { throw CLIError.usage("missing VALUE", commandPath: arguments.commandPath) }
        let amount = try value(text, currency: account.currency)
        let at = try dateOption()
        if let closed = account.closedAt, at > closed {
            throw CLIError.data("'\(account.name)' was closed on \(Instant.dateTime(closed))", hint: "reopen it first with 'portfolio reopen \(account.name)'")
        }
        let id = try store.addUpdate(account: account, at: at, value: amount.minorUnits)
        let future = at > Instant.now() ? " (in the future: current from then on)" : ""
        invocation.err.line("'\(account.name)': \(money(amount.minorUnits, account.currency)) on \(Instant.dateTime(at))\(future) [update \(id)]")
        return .ok
    }

    private func close() throws -> ExitCode {
        let account = try store.account(named: name)
        guard account.closedAt == nil else { throw CLIError.data("'\(account.name)' is already closed") }
        let at = try dateOption()
        try store.setClosed(account, at: at)
        invocation.err.line("Closed '\(account.name)' on \(Instant.dateTime(at)); its history stays. Undo with: portfolio reopen '\(account.name)'")
        return .ok
    }

    private func reopen() throws -> ExitCode {
        let account = try store.account(named: name)
        guard account.closedAt != nil else { throw CLIError.data("'\(account.name)' is not closed") }
        try store.setClosed(account, at: nil)
        invocation.err.line("Reopened '\(account.name)'.")
        return .ok
    }

    private func rename() throws -> ExitCode {
        let account = try store.account(named: name)
        guard let newName = arguments.argument("NEW") else { throw CLIError.usage("missing NEW", commandPath: arguments.commandPath) }
        try Self.validate(name: newName)
        try store.rename(account, to: newName)
        return .ok
    }

    private func remove() throws -> ExitCode {
        let account = try store.account(named: name)
        let count = try store.updateCount(of: account)
        guard try Confirmation.require("Delete '\(account.name)' and its \(count) update\(count == 1 ? "" : "s")", invocation: invocation) else {
            invocation.err.line("Nothing deleted.")
            return .ok
        }
        try store.delete(account)
        invocation.err.line("Deleted '\(account.name)' and \(count) update\(count == 1 ? "" : "s"). (To keep the history instead: portfolio close.)")
        return .ok
    }

    private func removeUpdate() throws -> ExitCode {
        let account = try store.account(named: name)
        guard let id = try arguments.integerArgument("ID", in: 1...Int64.max) else {
            throw CLIError.usage("missing ID", commandPath: arguments.commandPath)
        }
        guard try store.updates(of: account).contains(where: { $0.id == id }) else {
            throw CLIError("'\(account.name)' has no update with id \(id)", hint: "'portfolio updates \(account.name)' lists them with their ids", exitCode: .noInput)
        }
        guard try Confirmation.require("Delete update \(id) of '\(account.name)'", invocation: invocation) else {
            invocation.err.line("Nothing deleted.")
            return .ok
        }
        try store.deleteUpdate(id: id, of: account)
        invocation.err.line("Deleted update \(id) of '\(account.name)'.")
        return .ok
    }

    static func validate(name: String) throws(CLIError) {
        if name.isEmpty || name.allSatisfy(\.isWhitespace) { throw CLIError.usage("an account name cannot be empty") }
        if name.contains(where: { $0 == "\n" || $0 == "\r" }) { throw CLIError.usage("an account name cannot contain a line break") }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
            throw CLIError.usage("an account name cannot start or end with a space")
        }
    }
}
