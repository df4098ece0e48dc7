// tillcount summary: the saved counts of a range summed per till and day, week or month
// (TillKit's CountSummary): how many counts, counted, expected and over/short, in every
// format: a table for people, JSON, CSV and TSV for scripts, an SVG chart of over/short
// per till (SummaryChart), and a page in the HTML report's look (SummaryHTML).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TillKit

struct SummaryCommand {
    let context: TillContext

    var arguments: ParsedArguments { context.invocation.arguments }

    /// The columns of a summary row: amounts plain for scripts (null without an expected
    /// cash), formatted for people.
    static func columns(_ rendering: TillRendering) -> ReportColumns<CountSummary.Row> {
        func money(_ key: String, _ title: String, _ amount: @escaping @Sendable (CountSummary.Row) -> Money?) -> ReportColumn<CountSummary.Row> {
            ReportColumn(
                key, layout: .amount(title), value: { amount($0).map { .string($0.plainString) } ?? .null },
                display: { row in TextTable.Cell(amount(row).map(rendering.money) ?? "") })
        }
        return ReportColumns([
            ReportColumn("till", layout: .text("TILL", minimum: 4)) { .string($0.till) },
            ReportColumn("period", layout: .init("PERIOD")) { .string($0.period) },
            .scriptOnly("start") { .string(Instant.iso8601($0.start)) },
            .scriptOnly("currency") { .string($0.currency.code) },
            ReportColumn("counts", layout: .amount("COUNTS"), value: { .integer(Int64($0.counts)) },
                         display: { TextTable.Cell($0.closingOnly ? "\($0.counts) Z" : String($0.counts)) }),
            .scriptOnly("closingOnly") { .bool($0.closingOnly) },
            money("counted", "COUNTED") { $0.counted },
            money("expected", "EXPECTED") { $0.expected },
            ReportColumn(
                "overShort", header: "overShort", layout: .amount("OVER/SHORT"),
                value: { $0.overShort.map { .string($0.plainString) } ?? .null },
                display: { row in TextTable.Cell(row.overShort.map(rendering.overShortText) ?? "") }),
            .scriptOnly("withoutExpected") { .integer(Int64($0.withoutExpected)) },
        ])
    }

    func run() throws -> ExitCode {
        let invocation = context.invocation
        let (from, to) = try context.range(from: TillcountSpec.summaryFrom, to: TillcountSpec.summaryTo)
        let filter = HistoryFilter(
            since: from, until: to, till: try arguments.text(TillcountSpec.till).map(TillContext.tillName),
            kind: try arguments.value(TillcountSpec.kindFilter))
        let period = try arguments.value(TillcountSpec.summaryPeriod) ?? .day
        let summary = try context.till.summary(filter, by: period)
        let rendering = context.rendering
        let columns = Self.columns(rendering)
        let out = context.out
        switch try arguments.value(TillcountSpec.summaryFormat) ?? .text {
        case .json: out.line(JSONValue.array(columns.jsonObjects(summary.rows)).serialized(pretty: true))
        case .csv: for line in columns.delimitedLines(summary.rows, format: .csv) { out.line(line) }
        case .tsv: for line in columns.delimitedLines(summary.rows, format: .tsv) { out.line(line) }
        case .svg: out.write(SummaryChart(summary: summary, rendering: rendering).svg())
        case .html:
            let page = SummaryHTML(summary: summary, from: from, to: to, rendering: rendering, language: HTMLText.language(localeIdentifier: LocaleCurrency.localeIdentifier(invocation.environment)))
            for line in page.page() { out.line(line) }
        case .text:
            guard !summary.rows.isEmpty else {
                invocation.say("No saved counts in this range.")
                return .ok
            }
            out.table(columns.textTable(summary.rows), maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
        }
        return .ok
    }
}
