// portfolio's commands that change accounts and updates: add, update, close, reopen,
// rename, rm, and listing or deleting single updates. Each change is one undo step
// (store.change), reverted by 'portfolio undo'.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import MoneyKitFormatting
import MoneyKitSQLite

struct PortfolioCommands {
    let invocation: Invocation
    let store: PortfolioStore

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }

    init(invocation: Invocation) throws {
        self.invocation = invocation
        var access = Self.access(invocation.arguments.commandPath)
        // undo --dry-run only reads: it says which change undo would revert.
        if invocation.arguments.commandPath == ["undo"], invocation.arguments.flag("dry-run") { access = .read }
        // What creates a store checks its input first: a failure leaves no new empty database.
        if invocation.arguments.commandPath.first == "add" { _ = try AddInput(invocation: invocation).read() }
        self.store = try PortfolioStore(invocation: invocation, access: access)
    }

    /// How a command uses the store: reports read (never creating anything), add and demo
    /// may create it, the other changes need an existing one. Import reads first and
    /// opens for writing only once its file has no errors (PortfolioTransfer).
    static func access(_ commandPath: [String]) -> SQLiteAccess {
        switch commandPath.first ?? "dashboard" {
        case "add", "demo": return .write(createFolders: true)
        case "update", "close", "reopen", "rename", "rm", "undo": return .change
        case "updates": return commandPath == ["updates", "rm"] ? .change : .read
        default: return .read
        }
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
        case "undo": return try UndoCommand(commands: self).run()
        default: throw CLIError.usage("unknown command '\(arguments.commandPath.joined(separator: " "))'")
        }
    }

    // MARK: shared helpers

    var name: String { arguments.argument("NAME") ?? "" }

    var inputs: PortfolioInputs { PortfolioInputs(invocation: invocation) }

    /// An instant from --date/--from/--to text, or exit 65 naming the option.
    func instant(_ text: String, option: String) throws(CLIError) -> Int64 { try inputs.instant(text, option: option) }

    /// The options that end a range: a date given without a time includes that whole day.
    static let rangeEndOptions: Set<String> = ["to"]

    /// An instant from --date/--from/--to (`fallback` when absent). For --to, a date
    /// without a time means the end of that day (Instant.rangeEnd).
    func dateOption(_ long: String = "date", default fallback: Int64 = Instant.now()) throws(CLIError) -> Int64 {
        let instant = try inputs.dateOption(long, default: fallback)
        guard Self.rangeEndOptions.contains(long), let text = arguments.value(long) else { return instant }
        return Instant.rangeEnd(of: text, parsed: instant)
    }

    func value(_ text: String, currency: Currency) throws(CLIError) -> Money { try inputs.value(text, currency: currency) }

    func money(_ minorUnits: Int64, _ currency: Currency) -> String {
        Money(minorUnits: minorUnits, currency: currency).formatted()
    }

    func currencyOption(_ long: String = "currency") throws(CLIError) -> Currency? { try inputs.currencyOption(long) }

    // MARK: changing

    private func addAccount() throws -> ExitCode {
        let input = try AddInput(invocation: invocation).read()
        let account = try store.change("add") { undo in
            let account = try store.createAccount(name: input.name, currency: input.currency, at: input.at, undo)
            if let initial = input.initial { _ = try store.addUpdate(account: account, at: input.at, value: initial.minorUnits, undo) }
            undo.description = "add '\(account.name)'"
            return account
        }
        invocation.say("Added '\(account.name)' (\(input.currency.code))" + (input.initial.map { ": \(money($0.minorUnits, input.currency)) on \(Instant.dateTime(input.at))" } ?? ""))
        return .ok
    }

    private func addUpdate() throws -> ExitCode {
        guard let text = arguments.argument("VALUE") else { throw CLIError.usage("missing VALUE", commandPath: arguments.commandPath) }
        let at = try dateOption()
        // The lookup and the insert see one state: an account deleted meanwhile is 66.
        let (account, amount, id) = try store.change("update") { undo in
            let account = try store.account(named: name)
            let amount = try value(text, currency: account.currency)
            if let closed = account.closedAt, at >= closed {
                throw CLIError.data("'\(account.name)' was closed on \(Instant.dateTime(closed))", hint: "reopen it first with 'portfolio reopen \(account.name)'")
            }
            let id = try store.addUpdate(account: account, at: at, value: amount.minorUnits, undo)
            undo.description = "update '\(account.name)' to \(money(amount.minorUnits, account.currency)) on \(Instant.dateTime(at)) [update \(id)]"
            return (account, amount, id)
        }
        let future = at > Instant.now() ? " (in the future: current from then on)" : ""
        invocation.say("'\(account.name)': \(money(amount.minorUnits, account.currency)) on \(Instant.dateTime(at))\(future) [update \(id)]")
        return .ok
    }

    private func close() throws -> ExitCode {
        let at = try dateOption()
        let account = try store.change("close") { undo in
            let account = try store.account(named: name)
            guard account.closedAt == nil else { throw CLIError.data("'\(account.name)' is already closed") }
            try store.setClosed(account, at: at, undo)  // refuses a close before one of its updates
            undo.description = "close '\(account.name)' on \(Instant.dateTime(at))"
            return account
        }
        invocation.say("Closed '\(account.name)' on \(Instant.dateTime(at)); its history stays. Undo with: portfolio undo")
        return .ok
    }

    private func reopen() throws -> ExitCode {
        let account = try store.change("reopen") { undo in
            let account = try store.account(named: name)
            guard let closed = account.closedAt else { throw CLIError.data("'\(account.name)' is not closed") }
            try store.setClosed(account, at: nil, undo)
            undo.description = "reopen '\(account.name)' (closed on \(Instant.dateTime(closed)))"
            return account
        }
        invocation.say("Reopened '\(account.name)'.")
        return .ok
    }

    private func rename() throws -> ExitCode {
        guard let typedName = arguments.argument("NEW") else { throw CLIError.usage("missing NEW", commandPath: arguments.commandPath) }
        let newName = try Self.validate(name: typedName)
        try store.change("rename") { undo in
            let account = try store.account(named: name)
            try store.rename(account, to: newName, undo)
            undo.description = "rename '\(account.name)' to '\(newName)'"
        }
        return .ok
    }

    private func remove() throws -> ExitCode {
        let found = try store.account(named: name)
        let count = try store.updateCount(of: found)
        guard try Confirmation.require("Delete '\(found.name)' and its \(count) update\(count == 1 ? "" : "s")", invocation: invocation) else {
            invocation.say("Nothing deleted.")
            return .ok
        }
        // Looked up again under the write lock: the one confirmed, if it still exists.
        let deleted = try store.change("rm") { undo in
            let account = try store.account(id: found.id, name: found.name)
            let count = try store.updateCount(of: account)
            try store.delete(account, undo)
            undo.description = "rm '\(account.name)' and its \(count) update\(count == 1 ? "" : "s")"
            return count
        }
        invocation.say("Deleted '\(found.name)' and \(deleted) update\(deleted == 1 ? "" : "s"). Undo with: portfolio undo. (To keep the history instead: portfolio close.)")
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
            invocation.say("Nothing deleted.")
            return .ok
        }
        try store.change("updates rm") { undo in
            try store.deleteUpdate(id: id, of: try store.account(id: account.id, name: account.name), undo)
            undo.description = "updates rm '\(account.name)' \(id)"
        }
        invocation.say("Deleted update \(id) of '\(account.name)'. Undo with: portfolio undo")
        return .ok
    }

    /// An account name as typed or imported, in the form it is stored (NFC), by the one
    /// name rule (MoneyKit's ItemName): 64 when it is empty or has edge spaces (a typing
    /// slip), 65 when it holds a control character or is too long.
    static func validate(name: String) throws(CLIError) -> String {
        try CLIError.checkedName(name, what: "an account name")
    }

    /// A value typed or imported, or exit 65 when portfolio could not add it up.
    static func checkStorable(_ money: Money) throws(CLIError) {
        if let fault = PortfolioLimits.valueFault(money.minorUnits) { throw CLIError.data(fault) }
    }

    /// A date typed or imported, or exit 65 when it is outside the years portfolio shows.
    static func checkStorable(instant: Int64, text: String) throws(CLIError) {
        if PortfolioLimits.instantFault(instant) != nil { throw CLIError.data("the date '\(text)' is outside 0001-01-01 to 9999-12-31") }
    }
}
