// portfolio returns: PortfolioKit's ReturnsReport rendered as text, JSON, CSV or TSV.
// Rates are labelled both ways: MWR (money-weighted, XIRR) per year and over the period,
// TWR (time-weighted) over the period and per year. A rate or a gain that is not known is
// empty (CSV, TSV), null (JSON) or "—" (text), with the reason in the row's notes.
// Seam for --convert-to: the views come from ReturnsReport.views (one per currency); a
// converting caller builds converted ReturnsViews and passes them to ReturnsReport instead.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

/// How returns read for people and scripts.
enum ReturnsText {
    /// A rate (0.05) as a percent with `decimals` decimals ("5.00"); nil when too large to write.
    static func percent(_ rate: Double, decimals: Int) -> String? {
        var scale = 100.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (rate * scale).rounded()
        guard scaled.isFinite, scaled.magnitude < 9e15 else { return nil }
        return Money.plainString(minorUnits: Int64(scaled), exponent: decimals)
    }

    /// A note for people and scripts alike.
    static func note(_ note: ReturnsNote, accountView: Bool) -> String {
        switch note {
        case .noContributions(let count):
            let who = accountView ? "no deposits or withdrawals are recorded"
                : "\(count) account\(count == 1 ? " has" : "s have") no deposits or withdrawals recorded"
            return "\(who): only the change in value is known (record them with portfolio deposit and portfolio withdraw)"
        case .nothingInvested: return "no value and no money moved in this period"
        case .valueWithoutDeposit: return "a value appears before any money was put in: record the opening deposit (portfolio deposit NAME AMOUNT --date D)"
        case .nonPositiveValue: return "the value is zero or less where growth would be measured from it: no time-weighted return"
        case .noMoneyWeightedSolution: return "the money-weighted return has no solution for these cash flows"
        case .notFinite: return "a rate is too large to show (a short period annualised)"
        case .flowAfterLastValue(let at): return "no value recorded after the money moved on \(Instant.dateTime(at)): the end value is the last one plus the money moved since, with no growth known since it"
        }
    }

    static func notes(_ row: ReturnsReport.Row) -> [String] {
        var seen: [String] = []
        for note in row.notes {
            let text = Self.note(note, accountView: row.accountName != nil)
            if !seen.contains(text) { seen.append(text) }
        }
        return seen
    }
}

/// The columns of portfolio returns, each defined once (CSV, TSV and text; JSON nests the rates).
enum ReturnsColumns {
    typealias Row = ReturnsReport.Row
    static func plain(_ value: Int64, _ row: Row) -> JSONValue { .string(PortfolioColumns.plain(value, row.currency)) }
    static func amount(_ key: String, _ title: String, _ read: @escaping @Sendable (Row) -> Int64) -> ReportColumn<Row> {
        ReportColumn<Row>(key, layout: .amount(title), value: { plain(read($0), $0) }, display: { TextTable.Cell(formatted: Portfolio.money(read($0), $0.currency)) })
    }
    static func rate(_ key: String, _ title: String, importance: Int, _ read: @escaping @Sendable (Row) -> Double?) -> ReportColumn<Row> {
        ReportColumn<Row>(key, layout: .init(title, .right, fit: .droppable, importance: importance),
                          value: { row in read(row).flatMap { ReturnsText.percent($0, decimals: 4) }.map { .string($0) } ?? .string("") },
                          display: { row in TextTable.Cell(read(row).flatMap { ReturnsText.percent($0, decimals: 2) }.map { $0 + "%" } ?? "—") })
    }

    static let account = ReportColumn<Row>.scriptOnly("account") { .string($0.accountName ?? "") }
    static let currency = ReportColumn<Row>.scriptOnly("currency") { .string($0.currency.code) }
    static let period = ReportColumn<Row>("period", layout: .init("PERIOD", importance: 100), value: { .string($0.label) })
    static let from = ReportColumn<Row>.scriptOnly("from") { .string(Instant.iso8601($0.from)) }
    static let to = ReportColumn<Row>.scriptOnly("to") { .string(Instant.iso8601($0.to)) }
    static let start = amount("startValue", "START", \.startValue)
    static let deposits = amount("deposits", "IN", \.deposits)
    static let withdrawals = amount("withdrawals", "OUT", \.withdrawals)
    static let end = amount("endValue", "END", \.endValue)
    static let change = ReportColumn<Row>.scriptOnly("change") { plain($0.change, $0) }
    /// The gain, "—" (text) or empty (CSV, TSV) when the money put in is not known.
    static let gain = ReportColumn<Row>(
        "gain", layout: .amount("GAIN"), value: { row in row.gain.map { plain($0, row) } ?? .string("") },
        display: { row in row.gain.map { TextTable.Cell(formatted: Portfolio.money($0, row.currency)) } ?? TextTable.Cell("—") })
    static let moneyYear = rate("moneyWeightedAnnualised", "MWR/YEAR", importance: 90) { $0.moneyWeighted?.annualised }
    static let moneyPeriod = rate("moneyWeightedPeriod", "MWR/PERIOD", importance: 30) { $0.moneyWeighted?.period }
    static let timePeriod = rate("timeWeightedPeriod", "TWR/PERIOD", importance: 80) { $0.timeWeighted?.period }
    static let timeYear = rate("timeWeightedAnnualised", "TWR/YEAR", importance: 40) { $0.timeWeighted?.annualised }
    static let notes = ReportColumn<Row>.scriptOnly("notes") { .string(ReturnsText.notes($0).joined(separator: "; ")) }

    /// CSV and TSV: every field, flat.
    static let delimited = ReportColumns([account, currency, period, from, to, start, end, deposits, withdrawals, change, gain,
                                          moneyYear, moneyPeriod, timePeriod, timeYear, notes])
    /// The text table of one view.
    static let text = ReportColumns([period, start, deposits, withdrawals, end, gain, moneyYear, moneyPeriod, timePeriod, timeYear])

    /// JSON: the amounts as strings, the rates as percents with 4 decimals, each labelled.
    static func json(_ row: Row) -> JSONValue {
        func rate(_ rate: ReturnRate?, first: (String, Double)?, second: (String, Double)?) -> JSONValue {
            guard rate != nil, let first, let second else { return .null }
            func number(_ value: Double) -> JSONValue { ReturnsText.percent(value, decimals: 4).map { .number($0) } ?? .null }
            return .object([(first.0, number(first.1)), (second.0, number(second.1))])
        }
        let money = row.moneyWeighted, time = row.timeWeighted
        return .object([
            ("account", row.accountName.map { .string($0) } ?? .null), ("currency", .string(row.currency.code)),
            ("period", .string(row.label)), ("from", .string(Instant.iso8601(row.from))), ("to", .string(Instant.iso8601(row.to))),
            ("startValue", plain(row.startValue, row)), ("endValue", plain(row.endValue, row)),
            ("deposits", plain(row.deposits, row)), ("withdrawals", plain(row.withdrawals, row)),
            ("change", plain(row.change, row)), ("gain", row.gain.map { plain($0, row) } ?? .null),
            ("moneyWeighted", rate(money, first: money.map { ("annualisedPercent", $0.annualised) }, second: money.map { ("periodPercent", $0.period) })),
            ("timeWeighted", rate(time, first: time.map { ("periodPercent", $0.period) }, second: time.map { ("annualisedPercent", $0.annualised) })),
            ("notes", .array(ReturnsText.notes(row).map { .string($0) })),
        ])
    }
}

extension PortfolioCommands {
    func returns() throws -> ExitCode {
        let period: Period? = try arguments.value(PortfolioSpec.returnsPeriod)
        return try report { portfolio in
            let name = arguments.argument("NAME")
            let currency = try inputs.currencyOption()
            if name != nil && currency != nil {
                throw CLIError.usage("--currency chooses among the portfolio's currencies; with NAME the account's own is used", commandPath: arguments.commandPath)
            }
            let from = try dateOptionIfGiven("from")
            let to = try dateOption("to")
            let views = try ReturnsReport.views(of: portfolio, name: name, currency: currency, to: to)
            let report = try ReturnsReport(views: views, period: period, from: from, to: to)
            render(report, views: views, currency: currency)
            return .ok
        }
    }

    /// `currency`: the --currency filter, named when it leaves nothing to show.
    private func render(_ report: ReturnsReport, views: [ReturnsView], currency: Currency?) {
        switch OutputFormat.chosen(in: arguments) {
        case .json:
            out.line(JSONValue.object([
                ("period", report.period.map { .string($0.rawValue) } ?? .null),
                ("rows", .array(report.rows.map(ReturnsColumns.json))),
            ]).serialized(pretty: true))
        case .text:
            guard !views.isEmpty else {
                // A filter that matches nothing is not an empty portfolio (issue 26, item 36).
                invocation.err.line(currency.map { "No account is in \($0.code); 'portfolio list' shows every account." }
                    ?? "No accounts yet. Create one with: portfolio add NAME VALUE")
                return
            }
            for (index, view) in views.enumerated() {
                let rows = report.rows.filter { $0.currency == view.currency && $0.accountName == view.accountName }
                if index > 0 { out.line("") }
                let title = view.accountName.map { "\($0.terminalSafe) (\(view.currency.code))" } ?? "All \(view.currency.code) accounts"
                out.line(styler.bold(title))
                out.table(ReturnsColumns.text.textTable(rows), maxWidth: invocation.terminal.width, styleHeader: styler.dim)
                var notes: [String] = []
                for row in rows {
                    for note in ReturnsText.notes(row) where !notes.contains(note) { notes.append(note) }
                }
                for note in notes { out.line(styler.dim("note: \(note)")) }
            }
            out.line(styler.dim("MWR: money-weighted (XIRR); TWR: time-weighted; /YEAR annualised (365 days), /PERIOD over the period."))
        case let format:
            for line in ReturnsColumns.delimited.delimitedLines(report.rows, format: format) { out.line(line) }
        }
    }
}
