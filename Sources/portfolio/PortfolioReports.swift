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
    }, display: { row in TextTable.Cell(row.current.map { Portfolio.money($0.value, row.account.currency) } ?? "—") })
    static let active = ReportColumn<AccountRow>.scriptOnly("active") { .bool($0.isActive) }
    static let updates = ReportColumn<AccountRow>("updates", layout: .init("UPDATES", .right, fit: .droppable, importance: 20), value: { .integer($0.updateCount) })
    static let lastUpdate = ReportColumn<AccountRow>("lastUpdate", layout: .init("UPDATED", importance: 100), value: { row in
        row.current.map { .string(Instant.iso8601($0.at)) } ?? .null
    }, display: { row in TextTable.Cell(row.current.map { Instant.dateTime($0.at) } ?? "") })

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
                                                      display: { TextTable.Cell(Portfolio.money($0.update.value, $0.currency)) })
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
            let rows = try portfolio.accountRows(includeClosed: arguments.flag("all"), now: Instant.now())
            if arguments.flag("names") {
                // One line per name, always (as tally): a name stored before the name rule may
                // hold a newline or another control character, shown escaped; JSON has the bytes.
                for row in rows { out.line(row.account.name.terminalSafe) }
                return .ok
            }
            let totals = try Portfolio.totals(rows)
            switch OutputFormat.chosen(in: arguments) {
            case .json:
                out.line(JSONValue.object([
                    ("accounts", .array(PortfolioColumns.list.jsonObjects(rows))),
                    ("totals", .object(totals.map { ($0.currency.code, .string(PortfolioColumns.plain($0.value, $0.currency))) })),
                ]).serialized(pretty: true))
            case .text:
                guard !rows.isEmpty else {
                    invocation.err.line("No accounts yet. Create one with: portfolio add NAME VALUE")
                    return .ok
                }
                // Values and dates are shown whole; names give way to a useful minimum, then
                // the count of updates is left out.
                let table = PortfolioColumns.listText(styler: styler).textTable(rows)
                for line in table.render(maxWidth: invocation.terminal.width, styleHeader: styler.dim) { out.line(line) }
                out.line("")
                printTotals(totals)
            case let format:
                for line in PortfolioColumns.list.delimitedLines(rows, format: format) { out.line(line) }
            }
            return .ok
        }
    }

    func dashboard() throws -> ExitCode {
        try report { portfolio in
            let terminal = invocation.terminal
            // Everything is worked out before anything is printed: a total out of range is
            // an error, not half a dashboard.
            let dashboard = try Dashboard(portfolio: portfolio, now: Instant.now(), maxColumns: terminal.width - 11)
            guard !dashboard.rows.isEmpty else {
                out.line("No accounts yet.")
                out.line("  portfolio add NAME VALUE [--currency CODE]   create one")
                out.line("  portfolio demo --set 1                       try the app's sample data")
                return .ok
            }
            let ascii = arguments.flag("ascii")
            out.line(styler.bold("Portfolio") + "  " + styler.dim(Instant.date(dashboard.now)))
            printTotals(dashboard.totals, changes: dashboard.changes)
            out.line("")
            // Values and dates are shown whole; names shrink to a useful minimum, then the
            // trend is left out, and only then do names shrink further.
            var table = TextTable(columns: [.text("ACCOUNT", minimum: 12, importance: 10), .amount("VALUE")] + Self.changeColumns + [.init("UPDATED", importance: 100), .init("TREND", fit: .droppable, importance: 20)])
            for row in dashboard.rows {
                table.append([
                    TextTable.Cell(row.account.name), TextTable.Cell(row.current.map { money($0.value, row.account.currency) } ?? (ascii ? "-" : "—")),
                ] + changeCells(dashboard.changes.accounts[row.account.id], row.account.currency) + [
                    TextTable.Cell(row.current.map { Instant.dateTime($0.at) } ?? "no value yet"),
                    TextTable.Cell(TextChart.sparkline(dashboard.trend(of: row.account), ascii: ascii), style: { styler.color($0, .blue) }),
                ])
            }
            for line in table.render(maxWidth: terminal.width, styleHeader: styler.dim) { out.line(line) }
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
            let now = Instant.now()
            let detail = try portfolio.detail(named: name, now: now)
            let account = detail.account
            if format == .json {
                out.line(JSONValue.object([
                    ("name", .string(account.name)), ("currency", .string(account.currency.code)),
                    ("value", detail.current.map { .string(PortfolioColumns.plain($0.value, account.currency)) } ?? .null),
                    ("active", .bool(detail.isActive)), ("created", .string(Instant.iso8601(account.createdAt))),
                    ("closed", account.closedAt.map { .string(Instant.iso8601($0)) } ?? .null),
                    ("updates", .array(PortfolioColumns.detailJSON.jsonObjects(detail.updates))),
                ]).serialized(pretty: true))
                return .ok
            }
            out.line(styler.bold(account.name.terminalSafe) + "  " + account.currency.code + (detail.isActive ? "" : styler.dim("  closed \(Instant.dateTime(account.closedAt ?? 0))")))
            out.line("Value  " + styler.bold(detail.current.map { money($0.value, account.currency) } ?? "no value yet"))
            out.line("")
            let table = PortfolioColumns.detailText(styler: styler).textTable(detail.updates)
            for line in table.render(maxWidth: invocation.terminal.width, styleHeader: styler.dim) { out.line(line) }
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
            let (_, rows) = try portfolio.updateRows(named: name, now: Instant.now())
            let columns = PortfolioColumns.updateList
            switch OutputFormat.chosen(in: arguments) {
            case .json:
                out.line(JSONValue.array(columns.jsonObjects(rows)).serialized(pretty: true))
            case .text:
                for line in columns.textTable(rows).render(maxWidth: invocation.terminal.width, styleHeader: styler.dim) { out.line(line) }
            case let format:
                for line in columns.delimitedLines(rows, format: format) { out.line(line) }
            }
            return .ok
        }
    }
}
