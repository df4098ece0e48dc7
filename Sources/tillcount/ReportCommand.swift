// tillcount report: the shareable summary (the app's Share button) of the live count.

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI
import MoneyKitStorage
import TillKit

struct ReportCommand {
    let context: TillContext

    func run() throws -> ExitCode {
        let standing = try context.till.standing(context.currencyChoice()) { currency throws(CLIError) in
            try context.standingRequest(expected: TillcountSpec.reportExpected, currency: currency)
        }
        let (count, summary) = (standing.count, standing.summary)
        let report = TillReport(summary: summary, notes: count.state.notes, madeAt: context.invocation.preciseNow(), till: try context.till.keptName().display)
        let date = Instant.localMinutes(report.madeAt)
        let out = context.out
        switch try context.arguments.value(TillcountSpec.reportFormat) ?? .text {
        case .html:
            let page = ReportHTML(report: report, standing: standing,
                                  language: HTMLText.language(localeIdentifier: LocaleCurrency.localeIdentifier(context.invocation.environment)))
            for line in page.page() { out.line(line) }
        case .markdown:
            for line in TillRendering(styler: Styler(enabled: false), width: 100).markdown(summary, notes: report.notes, date: date, standing: standing) { out.line(line) }
        case .json:
            out.line(TillRendering.json(summary, notes: report.notes, extra: ExpectedRendering.jsonMembers(standing) + [("date", .string(Instant.iso8601UTC(report.madeAt))), ("till", .string(report.till))]).serialized(pretty: true))
        case .csv:
            let place: (name: String, amount: Money)
            switch summary.standing {
            case .deposit(let amount): place = ("deposit", amount)
            case .short(let amount): place = ("short", amount)
            }
            var lines = TillColumns.lines.delimitedLines(summary.counted, format: .csv)
            lines += [["total", "", "", summary.total.plainString], ["float", "", "", summary.float.plainString],
                      [place.name, "", "", place.amount.plainString]].map { DelimitedText.csvLine($0) }
            lines += ExpectedRendering.csvRows(standing).map { DelimitedText.csvLine([$0.0, "", "", $0.1]) }
            for line in lines { out.line(line) }
        case .text:
            let rendering = TillRendering(styler: context.invocation.styler, width: context.invocation.terminal.width)
            // The default till's title is as before tills; another till's names it.
            let till = TillName(stored: report.till).isMain ? "" : "\(report.till.terminalSafe), "
            out.line("Till count, \(till)\(date), \(summary.currency.code)")
            out.line("")
            for line in rendering.table(summary, showAll: false, standing: standing) { out.line(line) }
            if !report.notes.isEmpty {
                out.line("")
                out.line("Notes:")
                for note in report.notes { out.line("  " + note.terminalSafe) }
            }
        }
        return .ok
    }
}
