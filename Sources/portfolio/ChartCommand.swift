// portfolio chart: PortfolioKit's ChartReport (an account's values or the portfolio total
// over time) rendered as text, SVG, CSV or JSON. The range always reaches today unless
// --to says otherwise.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

extension PortfolioCommands {
    func chart() throws -> ExitCode {
        let format = try choice(PortfolioSpec.chartFormat)
        return try report { portfolio in
            // Read once the store is open (a store that cannot be read is the error first),
            // and before any total: totals before --from are never shown, so never checked.
            let to = try dateOption("to")
            let fromOption = try dateOptionIfGiven("from")
            let name = arguments.argument("NAME")
            // --currency picks among the portfolio's charts; an account's chart is in its own.
            let currency = name == nil ? try inputs.currencyOption() : nil
            let rates = try exchangeRates()
            var chart = try ChartReport(portfolio: portfolio, accountName: name, currency: currency, from: fromOption, to: to) { currencies in
                if format == .csv && currencies.count > 1 && rates == nil {
                    throw CLIError.usage(
                        "the accounts are in \(currencies.count) currencies (\(currencies.map(\.code).joined(separator: ", "))); amounts in different currencies are never added",
                        hint: "choose one with --currency", commandPath: arguments.commandPath)
                }
            }
            // --convert-to: one line, every panel converted and added.
            if let rates { chart = try chart.converted(rates) }
            try render(chart, format: format, currency: currency)
            return .ok
        }
    }

    /// `currency`: the --currency filter, named when it leaves nothing to show.
    private func render(_ chart: ChartReport, format: PortfolioSpec.ChartFormat, currency: Currency?) throws {
        let from = chart.from, to = chart.to
        switch format {
        case .csv:
            out.line("date,value")
            for panel in chart.panels {
                for point in panel.points { out.line("\(Instant.iso8601(point.at)),\(PortfolioColumns.plain(point.value, panel.currency))") }
            }
        case .json:
            out.line(JSONValue.array(chart.panels.map { panel in
                .object([
                    ("title", .string(panel.title)), ("currency", .string(panel.currency.code)),
                    ("from", .string(Instant.iso8601(from))), ("to", .string(Instant.iso8601(to))),
                    ("points", .array(panel.points.map { .object([("date", .string(Instant.iso8601($0.at))), ("value", .string(PortfolioColumns.plain($0.value, panel.currency)))]) })),
                ])
            }).serialized(pretty: true))
        case .svg:
            let width = Int(try arguments.integer("width", in: 200...10_000) ?? 800)
            let height = Int(try arguments.integer("height", in: 100...5_000) ?? 300)
            let svg = SVGChart(width: width, panelHeight: height, from: from, to: max(to, from + 1))
            out.write(svg.render(chart.panels))
        case .text:
            let width = Int(try arguments.integer("width", in: 20...1_000) ?? Int64(invocation.terminal.width))
            let height = Int(try arguments.integer("height", in: 3...200) ?? 12)
            let text = TextChart(width: width, height: height, ascii: arguments.flag("ascii"), styler: styler)
            for (index, panel) in chart.panels.enumerated() {
                if index > 0 { out.line("") }
                out.line(styler.bold(panel.title.terminalSafe))
                for line in text.render(panel.points, from: from, to: max(to, from + 1), currency: panel.currency) { out.line(line) }
            }
            if chart.panels.isEmpty {
                // A filter that matches nothing is not an empty portfolio (issue 26, item 36).
                invocation.err.line(currency.map { "No account is in \($0.code); 'portfolio list' shows every account." } ?? "No accounts yet.")
            }
        }
    }
}
