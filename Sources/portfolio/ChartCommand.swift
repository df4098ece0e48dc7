// portfolio chart: an account's values or the portfolio total over time, as text, SVG,
// CSV or JSON. The range always reaches today unless --to says otherwise.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI

struct ChartCommand {
    let commands: PortfolioCommands

    func run() throws -> ExitCode {
        let arguments = commands.arguments
        let now = Instant.now()
        let to = try commands.dateOption("to", default: now)
        // Read first: totals before --from are never shown, so never checked.
        let fromOption = try arguments.value("from").map { text throws(CLIError) in try commands.instant(text, option: "--from") }
        let format = arguments.value("format") ?? "text"
        let accounts = try commands.store.accounts()
        let series = ValueSeries(store: commands.store, accounts: accounts)

        // The series to draw: one account, or the portfolio per currency.
        var panels: [(title: String, currency: Currency, points: [SeriesPoint], isPortfolio: Bool)] = []
        if let name = arguments.argument("NAME") {
            let account = try commands.store.account(named: name)
            panels.append((account.name, account.currency, try series.accountSeries(account, to: to), false))
        } else {
            var currencies = series.currencies
            if let only = try commands.currencyOption() { currencies = currencies.filter { $0 == only } }
            if format == "csv" && currencies.count > 1 {
                throw CLIError.usage(
                    "the accounts are in \(currencies.count) currencies (\(currencies.map(\.code).joined(separator: ", "))); amounts in different currencies are never added",
                    hint: "choose one with --currency", commandPath: arguments.commandPath)
            }
            for currency in currencies {
                panels.append(("Portfolio (\(currency.code))", currency, try series.portfolioSeries(currency: currency, from: fromOption ?? .min, to: to), true))
            }
        }
        // A stored instant is clamped to years 0001–9999 (what --from accepts), so from + 1
        // and every span below stay far inside Int64.
        let firstPoint = panels.compactMap { $0.points.first?.at }.min().map(Instant.clamped)
        let from = fromOption ?? firstPoint ?? to
        guard from <= to else { throw CLIError.usage("--from is after --to", commandPath: arguments.commandPath) }
        // Points before --from collapse into one at --from, so the line starts at its value then.
        let clipped = panels.map { panel -> (title: String, currency: Currency, points: [SeriesPoint], isPortfolio: Bool) in
            var points = panel.points.filter { $0.at > from }
            if let start = panel.points.value(at: from) { points.insert(SeriesPoint(at: from, value: start), at: 0) }
            return (panel.title, panel.currency, points, panel.isPortfolio)
        }
        let out = commands.out
        switch format {
        case "csv":
            out.line("date,value")
            for panel in clipped {
                for point in panel.points { out.line("\(Instant.iso8601(point.at)),\(Money(minorUnits: point.value, currency: panel.currency).plainString)") }
            }
        case "json":
            out.line(JSONValue.array(clipped.map { panel in
                .object([
                    ("title", .string(panel.title)), ("currency", .string(panel.currency.code)),
                    ("from", .string(Instant.iso8601(from))), ("to", .string(Instant.iso8601(to))),
                    ("points", .array(panel.points.map { .object([("date", .string(Instant.iso8601($0.at))), ("value", .string(Money(minorUnits: $0.value, currency: panel.currency).plainString))]) })),
                ])
            }).serialized(pretty: true))
        case "svg":
            let width = Int(try arguments.integer("width", in: 200...10_000) ?? 800)
            let height = Int(try arguments.integer("height", in: 100...5_000) ?? 300)
            let chart = SVGChart(width: width, panelHeight: height, from: from, to: max(to, from + 1))
            out.write(chart.render(clipped.map { SVGChart.Panel(title: $0.title, currency: $0.currency, points: $0.points, isPortfolio: $0.isPortfolio) }))
        default:
            let width = Int(try arguments.integer("width", in: 20...1_000) ?? Int64(commands.invocation.terminal.width))
            let height = Int(try arguments.integer("height", in: 3...200) ?? 12)
            let chart = TextChart(width: width, height: height, ascii: arguments.flag("ascii"), styler: commands.invocation.styler)
            for (index, panel) in clipped.enumerated() {
                if index > 0 { out.line("") }
                out.line(commands.invocation.styler.bold(panel.title.terminalSafe))
                for line in chart.render(panel.points, from: from, to: max(to, from + 1), currency: panel.currency) { out.line(line) }
            }
            if clipped.isEmpty { commands.invocation.err.line("No accounts yet.") }
        }
        return .ok
    }
}
