// tillcount report: the shareable summary (the app's Share button) of the live count.

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI

struct ReportCommand {
    let commands: TillCommands

    func run() throws -> ExitCode {
        let (state, currency, set) = try commands.current()
        let summary = try TillSummary(state: state, set: set, currency: currency, expected: try commands.expected(currency: currency))
        let now = Instant.preciseNow()
        let date = Instant.localMinutes(now)
        let out = commands.out
        switch commands.arguments.value("format") ?? "text" {
        case "markdown":
            for line in TillRendering(styler: Styler(enabled: false), width: 100).markdown(summary, notes: state.notes, date: date) { out.line(line) }
        case "json":
            out.line(TillRendering.json(summary, notes: state.notes, extra: [("date", .string(Instant.iso8601UTC(now)))]).serialized(pretty: true))
        case "csv":
            var rows = TillRendering.lineRows(summary)
            let (label, amount) = commands.rendering.standing(summary)
            rows.append(["total", "", "", summary.total.plainString])
            rows.append(["float", "", "", summary.float.plainString])
            rows.append([label == "Deposit" ? "deposit" : "short", "", "", amount.plainString])
            for line in RecordPrinter.delimitedLines(header: TillRendering.lineHeader, rows: rows, format: .csv) { out.line(line) }
        default:
            let rendering = TillRendering(styler: commands.invocation.styler, width: commands.invocation.terminal.width)
            out.line("Till count, \(date), \(currency.code)")
            out.line("")
            for line in rendering.table(summary, showAll: false) { out.line(line) }
            if !state.notes.isEmpty {
                out.line("")
                out.line("Notes:")
                for note in state.notes { out.line("  " + note.terminalSafe) }
            }
        }
        return .ok
    }
}
