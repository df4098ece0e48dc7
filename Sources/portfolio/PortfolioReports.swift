// What portfolio shows people and scripts: the dashboard, the account list with totals
// per currency, one account with its history, and an account's updates with ids. The
// reports are PortfolioKit's values; each field is one ReportColumn (its JSON key, CSV
// header and text column together), rendered here.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

/// The columns of portfolio's reports, each defined once.
enum PortfolioColumns {
    static func plain(_ minorUnits: Int64, _ currency: Currency) -> String {
        Money(minorUnits: minorUnits, currency: currency).plainString
    }

    // MARK: list

    static let name = ReportColumn<AccountRow>("name", layout: .text("ACCOUNT", minimum: 12, importance: 10), value: { .string($0.account.name) })
    static let currency = ReportColumn<AccountRow>("currency", layout: .init("CUR", importance: 100), value: { .string($0.account.currency.code) })
    static let value = ReportColumn<AccountRow>("value", layout: .amount("VALUE"), value: { row in
        row.current.map { .string(plain($0.value, row.account.currency)) } ?? .null
    }, display: { row in TextTable.Cell(formatted: row.current.map { Portfolio.money($0.value, row.account.currency) } ?? "—") })
    static let active = ReportColumn<AccountRow>.scriptOnly("active") { .bool($0.isActive) }
    static let updates = ReportColumn<AccountRow>("updates", layout: .init("UPDATES", .right, fit: .droppable, importance: 20), value: { .integer($0.updateCount) })
    static let lastUpdate = ReportColumn<AccountRow>("lastUpdate", layout: .init("UPDATED", importance: 100), value: { row in
        row.current.map { .string(Instant.iso8601($0.at)) } ?? .null
    }, display: { row in TextTable.Cell(formatted: row.current.map { Instant.dateTime($0.at) } ?? "") })

    /// JSON, CSV and TSV: every field.
    static let list: ReportColumns<AccountRow> = ReportColumns([name, currency, value, active, updates, lastUpdate])

    /// The list's text table: the date before the count (the count is left out first),
    /// and a closed account marked "(closed)", dimmed.
    static func listText(styler: Styler) -> ReportColumns<AccountRow> {
        var marked = name
        marked.display = { row in
            let closed = " (closed)"
            return TextTable.Cell(row.account.name + (row.isActive ? "" : closed), style: row.isActive ? nil : { text in
                text.hasSuffix(closed) ? String(text.dropLast(closed.count)) + styler.dim(closed) : text
            })
        }
        return ReportColumns([marked, currency, value, lastUpdate, updates])
    }

    // MARK: updates

    static let updateID = ReportColumn<UpdateRow>("id", layout: .amount("ID"), value: { .integer($0.update.id) })
    static let updateDate = ReportColumn<UpdateRow>("date", layout: .init("DATE", importance: 100), value: { .string(Instant.iso8601($0.update.at)) },
                                                     display: { TextTable.Cell(Instant.dateTime($0.update.at)) })
    static let updateValue = ReportColumn<UpdateRow>("value", layout: .amount("VALUE"), value: { .string(plain($0.update.value, $0.currency)) },
                                                      display: { TextTable.Cell(formatted: Portfolio.money($0.update.value, $0.currency)) })
    static let updateIsCurrent = ReportColumn<UpdateRow>.scriptOnly("current") { .bool($0.isCurrent) }
    static let updateIsFuture = ReportColumn<UpdateRow>.scriptOnly("future") { .bool($0.isFuture) }

    /// updates list, in every format; show's CSV and TSV.
    static let updateList: ReportColumns<UpdateRow> = ReportColumns([updateID, updateDate, updateValue])
    /// show's JSON: whether each update is the current one, or still to come.
    static let detailJSON: ReportColumns<UpdateRow> = ReportColumns([updateID, updateDate, updateValue, updateIsCurrent, updateIsFuture])

    /// show's text table: the same marks as a dim last column.
    static func detailText(styler: Styler) -> ReportColumns<UpdateRow> {
        let mark = ReportColumn<UpdateRow>("mark", layout: .init("", fit: .droppable, importance: 50), value: { row in
            .string(row.isCurrent ? "current" : row.isFuture ? "future" : "")
        }, display: { row in TextTable.Cell(row.isCurrent ? "current" : row.isFuture ? "future" : "", style: styler.dim) })
        return ReportColumns([updateID, updateDate, updateValue, mark])
    }
}

extension PortfolioCommands {
    var styler: Styler { invocation.styler }

    func printTotals(_ totals: [CurrencyTotal]) {
        for total in totals { out.line("Total \(total.currency.code)  \(styler.bold(money(total.value, total.currency)))") }
    }

    func list() throws -> ExitCode {
        try report { portfolio in
            let rows = try portfolio.accountRows(includeClosed: arguments.flag("all"), now: invocation.now())
            if arguments.flag("names") {
                // One line per name, always (as tally): a name stored before the name rule may
                // hold a newline or another control character, shown escaped; JSON has the bytes.
                for row in rows { out.line(row.account.name.terminalSafe) }
                return .ok
            }
            let totals = try Portfolio.totals(rows)
            // --convert-to: each value and the combined total in one currency, worked out before anything is printed.
            let rates = try exchangeRates()
            let converted = try rates.map { rates throws in try ConvertedRows(rows, rates: rates, now: invocation.now()) }
            let convertedColumn = rates.map { rates in
                ReportColumn<AccountRow>("converted", layout: .amount("IN \(rates.target.code)"), value: { row in
                    converted?.values[row.account.id].map { .string(PortfolioColumns.plain($0, rates.target)) } ?? .null
                }, display: { row in TextTable.Cell(formatted: converted?.values[row.account.id].map { Portfolio.money($0, rates.target) } ?? "—") })
            }
            switch OutputFormat.chosen(in: arguments) {
            case .json:
                var columns = PortfolioColumns.list
                if let convertedColumn { columns = ReportColumns(columns.columns + [convertedColumn]) }
                out.line(JSONValue.object([
                    ("accounts", .array(columns.jsonObjects(rows))),
                    ("totals", .object(totals.map { ($0.currency.code, .string(PortfolioColumns.plain($0.value, $0.currency))) })),
                ] + (rates.map { rates in [("converted", JSONValue.object([("currency", .string(rates.target.code)),
                                                                          ("total", .string(PortfolioColumns.plain(converted?.total ?? 0, rates.target)))]))] } ?? [])
                ).serialized(pretty: true))
            case .text:
                guard !rows.isEmpty else {
                    invocation.err.line("No accounts yet. Create one with: portfolio add NAME VALUE")
                    return .ok
                }
                // Values and dates are shown whole; names give way to a useful minimum, then
                // the count of updates is left out.
                var textColumns = PortfolioColumns.listText(styler: styler)
                if let convertedColumn { textColumns = ReportColumns(textColumns.columns + [convertedColumn]) }
                let table = textColumns.textTable(rows)
                out.table(table, maxWidth: invocation.terminal.width, styleHeader: styler.dim)
                out.line("")
                printTotals(totals)
                printConvertedTotal(converted, rates: rates)
            case let format:
                var columns = PortfolioColumns.list
                if let convertedColumn { columns = ReportColumns(columns.columns + [convertedColumn]) }
                for line in columns.delimitedLines(rows, format: format) { out.line(line) }
            }
            return .ok
        }
    }

    func dashboard() throws -> ExitCode {
        try report { portfolio in
            let terminal = invocation.terminal
            // Everything is worked out before anything is printed: a total out of range is
            // an error, not half a dashboard.
            let dashboard = try Dashboard(portfolio: portfolio, now: invocation.now(), maxColumns: terminal.width - 11)
            let goals = try portfolio.goalProgress(now: dashboard.now)  // GoalCommand.swift
            let rates = try exchangeRates()
            let converted = try rates.map { rates throws in try ConvertedRows(dashboard.rows, rates: rates, now: dashboard.now) }
            guard !dashboard.rows.isEmpty else {
                out.line("No accounts yet.")
                out.line("  portfolio add NAME VALUE [--currency CODE]   create one")
                out.line("  portfolio demo --set 1                       try the app's sample data")
                return .ok
            }
            let ascii = arguments.flag("ascii")
            out.line(styler.bold("Portfolio") + "  " + styler.dim(Instant.date(dashboard.now)))
            printTotals(dashboard.totals, changes: dashboard.changes)
            printConvertedTotal(converted, rates: rates)
            out.line("")
            // Values and dates are shown whole; names shrink to a useful minimum, then the
            // trend is left out, and only then do names shrink further.
            var table = TextTable(columns: [.text("ACCOUNT", minimum: 12, importance: 10), .amount("VALUE")] + Self.changeColumns + [.init("UPDATED", importance: 100), .init("TREND", fit: .droppable, importance: 20)])
            for row in dashboard.rows {
                table.append([
                    TextTable.Cell(row.account.name), TextTable.Cell(formatted: row.current.map { money($0.value, row.account.currency) } ?? (ascii ? "-" : "—")),
                ] + changeCells(dashboard.changes.accounts[row.account.id], row.account.currency) + [
                    TextTable.Cell(row.current.map { Instant.dateTime($0.at) } ?? "no value yet"),
                    TextTable.Cell(TextChart.sparkline(dashboard.trend(of: row.account), ascii: ascii), style: { styler.color($0, .blue) }),
                ])
            }
            let rendered = table.render(maxWidth: terminal.width, styleHeader: styler.dim)
            for line in rendered { out.line(line) }
            // Only while a change column is shown (a narrow terminal leaves them out).
            if rendered.first.map({ UTF8Text.contains("CHANGE", in: $0) }) ?? false {
                for line in HelpRenderer.wrap(Self.changeLegend, width: terminal.width, indent: 0) { out.line(styler.dim(line)) }
            }
            printGoals(goals)
            // The portfolio chart per currency, sized to what is left of the terminal.
            let spare = terminal.height - dashboard.rows.count - dashboard.charts.count - 8
            let chartHeight = max(4, min(12, spare / max(1, dashboard.charts.count) - 3))
            let chart = TextChart(width: terminal.width, height: chartHeight, ascii: ascii, styler: styler)
            for panel in dashboard.charts {
                out.line("")
                out.line(styler.bold("Portfolio (\(panel.currency.code))"))
                for line in chart.render(panel.points, from: dashboard.first, to: dashboard.now, currency: panel.currency) { out.line(line) }
            }
            return .ok
        }
    }

    func show() throws -> ExitCode {
        let format = OutputFormat.chosen(in: arguments)
        // CSV and TSV list the updates, as 'portfolio updates' does.
        if format == .csv || format == .tsv { return try listUpdates() }
        return try report { portfolio in
            let now = invocation.now()
            let detail = try portfolio.detail(named: name, now: now)
            let account = detail.account
            // Deposits, withdrawals and the goal (issue 16): listed below the updates.
            let contributions = try portfolio.contributionRows(of: account)
            let goal = try portfolio.goalProgress(now: now).first { $0.goal.accountID == account.id }
            // --limit N: the newest N updates; the rest are counted, not listed.
            let limit = try showLimit()
            let shown = Array(detail.updates.prefix(limit ?? detail.updates.count))
            let hidden = detail.updates.count - shown.count
            if format == .json {
                out.line(JSONValue.object([
                    ("name", .string(account.name)), ("currency", .string(account.currency.code)),
                    ("value", detail.current.map { .string(PortfolioColumns.plain($0.value, account.currency)) } ?? .null),
                    ("active", .bool(detail.isActive)), ("created", .string(Instant.iso8601(account.createdAt))),
                    ("closed", account.closedAt.map { .string(Instant.iso8601($0)) } ?? .null),
                    ("updates", .array(PortfolioColumns.detailJSON.jsonObjects(shown))),
                    ("contributions", .array(ContributionColumns.list.jsonObjects(contributions))),
                    ("goal", goal.map(GoalText.json) ?? .null),
                ] + (limit == nil ? [] : [("updatesNotShown", .integer(Int64(hidden)))])).serialized(pretty: true))
                return .ok
            }
            out.line(styler.bold(account.name.terminalSafe) + "  " + account.currency.code + (detail.isActive ? "" : styler.dim("  closed \(Instant.dateTime(account.closedAt ?? 0))")))
            out.line("Value  " + styler.bold(detail.current.map { money($0.value, account.currency) } ?? "no value yet"))
            if let goal { out.line("Goal   " + GoalText.line(goal)) }
            out.line("")
            let table = PortfolioColumns.detailText(styler: styler).textTable(shown)
            out.table(table, maxWidth: invocation.terminal.width, styleHeader: styler.dim)
            if hidden > 0 {
                out.line(styler.dim("… and \(hidden) older update\(hidden == 1 ? "" : "s") not shown (--limit \(shown.count)); 'portfolio updates \(account.name.terminalSafe)' lists every one"))
            }
            if !contributions.isEmpty {
                out.line("")
                out.line(styler.bold("Deposits and withdrawals"))
                out.table(ContributionColumns.list.textTable(contributions), maxWidth: invocation.terminal.width, styleHeader: styler.dim)
            }
            if let first = detail.series.first {
                out.line("")
                let chart = TextChart(width: invocation.terminal.width, height: 8, ascii: arguments.flag("ascii"), styler: styler)
                // Clamped to years 0001–9999: whatever is stored, the range cannot overflow.
                let from = Instant.clamped(first.at)
                for line in chart.render(detail.series, from: from, to: max(now, from + 1), currency: account.currency) { out.line(line) }
            }
            return .ok
        }
    }

    func listUpdates() throws -> ExitCode {
        try report { portfolio in
            var (_, rows) = try portfolio.updateRows(named: name, now: invocation.now())
            // show --limit N in CSV and TSV: only the newest N rows.
            if let limit = try showLimit() { rows = Array(rows.prefix(limit)) }
            let columns = PortfolioColumns.updateList
            switch OutputFormat.chosen(in: arguments) {
            case .json:
                out.line(JSONValue.array(columns.jsonObjects(rows)).serialized(pretty: true))
            case .text:
                out.table(columns.textTable(rows), maxWidth: invocation.terminal.width, styleHeader: styler.dim)
            case let format:
                for line in columns.delimitedLines(rows, format: format) { out.line(line) }
            }
            return .ok
        }
    }
}

extension PortfolioCommands {
    /// show's --limit N: a positive whole number (64 otherwise), nil when not given.
    func showLimit() throws(CLIError) -> Int? {
        guard let text = arguments.value("limit") else { return nil }
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), text.contains(where: { $0 != "0" }) else {
            throw CLIError.usage("invalid value '\(text)' for --limit: expected a positive whole number (1, 2, 3 …)", commandPath: arguments.commandPath)
        }
        // Beyond any count of updates: as good as no limit.
        return Int(text) ?? Int.max
    }
}
