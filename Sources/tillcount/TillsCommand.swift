// tillcount tills: every till with its currency, total, float and status.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import TillKit

struct TillsCommand {
    let context: TillContext

    /// The columns of the tills list; text shows amounts for people.
    static func columns(_ rendering: TillRendering) -> ReportColumns<TillsReport.Row> {
        ReportColumns([
            ReportColumn("name", layout: .text("TILL", minimum: 8), value: { .string($0.name.display) }),
            ReportColumn("currency", layout: .init("CURRENCY", importance: 100), value: { .string($0.currency.code) }),
            ReportColumn("total", layout: .amount("TOTAL"), value: { .string($0.summary.total.plainString) },
                         display: { TextTable.Cell(rendering.money($0.summary.total)) }),
            ReportColumn("float", layout: .amount("FLOAT"), value: { .string($0.summary.float.plainString) },
                         display: { TextTable.Cell(rendering.money($0.summary.float)) }),
            .scriptOnly("expected") { $0.summary.expected.map { .string($0.plainString) } ?? .null },
            .scriptOnly("overShort") { $0.summary.overShort.map { .string($0.plainString) } ?? .null },
            ReportColumn("status", layout: .init("STATUS", importance: 100), value: { .string($0.status.rawValue) }),
            .scriptOnly("blind") { .bool($0.isBlind) },
            .scriptOnly("updated") { $0.updated.map(JSONValue.string) ?? .null },
        ])
    }

    /// A till's expected cash from its movements; none for a blind till, whose status
    /// would tell it (it reads "counting" until its count is saved).
    static func expected(_ state: TillState, _ currency: Currency) throws -> Money? {
        state.isBlind ? nil : try ExpectedCash.of(state, currency: currency)?.expected
    }

    func run() throws -> ExitCode {
        let kept = try context.tills.tills()
        let arguments = context.arguments
        if arguments.flag(TillcountSpec.tillNames) {
            for till in kept { context.out.line(till.name.display.terminalSafe) }
            return .ok
        }
        let report = try TillsReport(
            tills: kept, fallback: LocaleCurrency.defaultCurrency(context.invocation.environment),
            denominations: context.till.denominations, expected: TillsCommand.expected)
        let columns = Self.columns(context.rendering)
        let format = OutputFormat.chosen(in: arguments)
        switch format {
        case .json:
            context.out.line(JSONValue.array(columns.jsonObjects(report.rows)).serialized(pretty: true))
        case .text:
            let invocation = context.invocation
            for line in columns.textTable(report.rows).render(maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim) {
                context.out.line(line)
            }
        case .csv, .tsv:
            for line in columns.delimitedLines(report.rows, format: format) { context.out.line(line) }
        }
        return .ok
    }
}
