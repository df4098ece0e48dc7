// portfolio goal: set, remove or list savings goals (PortfolioKit's Goals.swift), and the
// goal lines that show and the dashboard print. Forms:
//   goal NAME AMOUNT [--by D]          an account's goal (replacing the one it has)
//   goal --total AMOUNT [--by D] [--currency CODE]   the goal of one currency's total
//   goal NAME none, goal --total none  remove it
//   goal                               every goal with its progress (--format)

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

extension PortfolioCommands {
    func goal() throws -> ExitCode {
        let total = arguments.value("total")
        let typedName = arguments.argument("NAME"), typedAmount = arguments.argument("AMOUNT")
        let usage = { (message: String) in CLIError.usage(message, commandPath: arguments.commandPath) }
        if total == nil && typedName == nil {
            for option in ["by", "currency"] where arguments.value(option) != nil { throw usage("--\(option) needs a goal to set: NAME AMOUNT or --total AMOUNT") }
            return try listGoals()
        }
        if total != nil, typedName != nil { throw usage("give NAME AMOUNT or --total AMOUNT, not both") }
        if total == nil, arguments.value("currency") != nil { throw usage("--currency is for --total: an account's goal is in its own currency") }
        guard let amountText = total ?? typedAmount else { throw usage("missing AMOUNT (or 'none' to remove the goal)") }
        let removing = amountText.lowercased() == "none"
        if removing, arguments.value("by") != nil { throw usage("--by is for setting a goal, not removing one") }
        // Like --to: a date without a time is the end of that day.
        let by = try arguments.value("by").map { text throws(CLIError) in try inputs.instant(text, option: "--by", range: .end) }
        let currency = try inputs.currencyOption()
        let fallback = LocaleCurrency.defaultCurrency(invocation.environment)
        return try withStore(.change) { _, portfolio in
            switch (total != nil, removing) {
            case (false, true):
                let account = try portfolio.removeGoal(named: name)
                invocation.say("Removed the goal of '\(account.name)'. Undo with: portfolio undo")
            case (true, true):
                let removed = try portfolio.removeTotalGoal(currency: currency, fallback: fallback)
                invocation.say("Removed the goal of the \(removed.code) total. Undo with: portfolio undo")
            case (false, false):
                let (account, amount) = try portfolio.setGoal(named: name, by: by) { try inputs.value(amountText, currency: $0) }
                invocation.say("Goal of '\(account.name)': \(formatted: money(amount.minorUnits, account.currency))\(formatted: by.map { " by \(Instant.date($0))" } ?? "").")
            case (true, false):
                let (code, amount) = try portfolio.setTotalGoal(currency: currency, fallback: fallback, by: by) { try inputs.value(amountText, currency: $0) }
                invocation.say("Goal of the \(code.code) total: \(formatted: money(amount.minorUnits, code))\(formatted: by.map { " by \(Instant.date($0))" } ?? "").")
            }
            return .ok
        }
    }

    /// portfolio goal: every goal with its progress.
    private func listGoals() throws -> ExitCode {
        try report { portfolio in
            let goals = try portfolio.goalProgress(now: invocation.now())
            switch OutputFormat.chosen(in: arguments) {
            case .json:
                out.line(JSONValue.array(goals.map(GoalText.json)).serialized(pretty: true))
            case .text:
                if goals.isEmpty {
                    invocation.err.line("No goals yet. Set one with: portfolio goal NAME AMOUNT [--by DATE] or portfolio goal --total AMOUNT")
                    return .ok
                }
                for goal in goals { out.line("\(GoalText.subject(goal)): \(GoalText.line(goal))") }
            case let format:
                let rows = goals.map { GoalText.json($0) }
                let keys = ["account", "currency", "goal", "by", "value", "remaining", "percent", "status", "monthly", "monthsLeft"]
                out.line(keys.joined(separator: format == .csv ? "," : "\t"))
                for row in rows {
                    let fields = keys.map { key -> String in
                        switch row[key] {
                        case .string(let text)?: return text
                        case .number(let text)?: return text
                        default: return ""
                        }
                    }
                    out.line(format == .csv ? DelimitedText.csvLine(fields) : DelimitedText.tsvLine(fields))
                }
            }
            return .ok
        }
    }

    /// The dashboard's goal lines (nothing without goals).
    func printGoals(_ goals: [GoalProgress]) {
        guard !goals.isEmpty else { return }
        out.line("")
        out.line(styler.bold("Goals"))
        for goal in goals { out.line("  \(GoalText.subject(goal)): \(GoalText.line(goal))") }
    }
}

/// How a goal's progress reads for people and scripts.
enum GoalText {
    /// "'ISA'" or "GBP total", escaped for the terminal.
    static func subject(_ progress: GoalProgress) -> String {
        progress.accountName.map { $0.terminalSafe } ?? "\(progress.goal.currency.code) total"
    }

    /// "£6,200.00 of £10,000.00 (62.0%), £3,800.00 to go: £317.00 a month for 12 months to 31 Dec 2026".
    static func line(_ progress: GoalProgress) -> String {
        let currency = progress.goal.currency
        func money(_ value: Int64) -> String { Portfolio.money(value, currency) }
        let head = "\(money(progress.value)) of \(money(progress.goal.amount)) (\(ReturnsText.percent(progress.percent / 100, decimals: 1) ?? "—")%)"
        let date = progress.goal.by.map { Instant.date($0) } ?? ""
        switch progress.status {
        case .reached: return head + ", reached"
        case .past: return head + ", \(money(progress.remaining)) short; the date \(date) has passed"
        case .open: return head + ", \(money(progress.remaining)) to go"
        case let .saving(monthly, months):
            if months == 0 { return head + ", \(money(progress.remaining)) to go before \(date) (less than a month left)" }
            return head + ", \(money(progress.remaining)) to go: \(money(monthly)) a month for \(months) month\(months == 1 ? "" : "s") to \(date)"
        }
    }

    /// The goal for scripts (show's "goal" key, goal --format json).
    static func json(_ progress: GoalProgress) -> JSONValue {
        let currency = progress.goal.currency
        func plain(_ value: Int64) -> JSONValue { .string(PortfolioColumns.plain(value, currency)) }
        var monthly: JSONValue = .null, months: JSONValue = .null
        let status: String
        switch progress.status {
        case .reached: status = "reached"
        case .past: status = "past"
        case .open: status = "open"
        case let .saving(perMonth, left):
            status = "saving"
            monthly = plain(perMonth)
            months = .integer(Int64(left))
        }
        return .object([
            ("account", progress.accountName.map { .string($0) } ?? .null), ("currency", .string(currency.code)),
            ("goal", plain(progress.goal.amount)), ("by", progress.goal.by.map { .string(Instant.iso8601($0)) } ?? .null),
            ("value", plain(progress.value)), ("remaining", plain(progress.remaining)),
            ("percent", ReturnsText.percent(progress.percent / 100, decimals: 1).map { .number($0) } ?? .null),
            ("status", .string(status)), ("monthly", monthly), ("monthsLeft", months),
        ])
    }
}
