// How counters look: a table for people, JSON, CSV and TSV for scripts. Each column is
// defined once (CounterColumns); the list, the detail and the export render through them.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TallyKit

/// The columns of a counter. Scripts get every field of the export, in its order; people
/// get the pin mark, the name, the count and the step.
enum CounterColumns {
    static var name: ReportColumn<Counter> { ReportColumn("name", layout: .text("NAME", minimum: 8)) { .string($0.name) } }
    static var count: ReportColumn<Counter> { ReportColumn("count", layout: .amount("COUNT")) { .integer($0.count) } }
    static var start: ReportColumn<Counter> { .scriptOnly("start") { .integer($0.start) } }
    static var step: ReportColumn<Counter> {
        ReportColumn("step", layout: .amount("STEP"), value: { .integer($0.step) }, display: { .init(signedStep($0.step)) })
    }
    static var pinned: ReportColumn<Counter> {
        ReportColumn("pinned", layout: .init("", importance: 100), value: { .bool($0.pinned) }, display: { .init($0.pinned ? "*" : " ") })
    }
    static var created: ReportColumn<Counter> { .scriptOnly("created") { .string($0.created) } }

    /// JSON, CSV and TSV: the export's fields (`CounterExport.fieldNames`), which import reads back.
    static let forScripts = ReportColumns([name, count, start, step, pinned, created])
    /// The text table of the list.
    static let forPeople = ReportColumns([pinned, name, count, step])

    /// `+1`, `-5`: the sign shows which way inc goes.
    static func signedStep(_ step: Int64) -> String { step > 0 ? "+\(step)" : String(step) }
}

struct CounterRendering {
    let invocation: Invocation

    func printList(_ list: CounterList, format: OutputFormat) {
        let out = invocation.out
        switch format {
        case .json:
            out.line(JSONValue.array(CounterColumns.forScripts.jsonObjects(list.rows)).serialized(pretty: true))
        case .csv, .tsv:
            for line in CounterColumns.forScripts.delimitedLines(list.rows, format: format) { out.line(line) }
        case .text:
            // Counts and steps are shown whole; names give way.
            let table = CounterColumns.forPeople.textTable(list.rows, separator: " ")
            for line in table.render(maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim) { out.line(line) }
        }
    }

    /// `extraLines` (label, value) follow the fields in the text form (show's figures).
    func printDetail(_ counter: Counter, format: OutputFormat, extraLines: [(String, String)] = []) {
        let out = invocation.out
        switch format {
        case .json:
            out.line(CounterColumns.forScripts.jsonObject(counter).serialized(pretty: true))
        case .csv, .tsv:
            for line in CounterColumns.forScripts.delimitedLines([counter], format: format) { out.line(line) }
        case .text:
            var table = TextTable(columns: [.init("field"), .init("value")], showsHeader: false)
            table.append(["name:", counter.name])
            table.append(["count:", String(counter.count)])
            table.append(["start:", String(counter.start)])
            table.append(["step:", CounterColumns.signedStep(counter.step)])
            table.append(["pinned:", counter.pinned ? "yes" : "no"])
            table.append(["created:", Self.createdForPeople(counter)])
            for (label, value) in extraLines { table.append([TextTable.Cell(label), TextTable.Cell(value)]) }
            for line in table.render() { out.line(line) }
        }
    }

    /// The creation time in local time to the minute, or as stored when unreadable.
    static func createdForPeople(_ counter: Counter) -> String {
        counter.createdInstant.map(Instant.localMinutes) ?? counter.created
    }

    /// The export document: JSON (`tally-export`, version 1) or CSV, every field.
    func printExport(_ export: CounterExport, format: OutputFormat) {
        let out = invocation.out
        if format == .csv {
            for line in CounterColumns.forScripts.delimitedLines(export.counters, format: .csv) { out.line(line) }
        } else {
            let document = JSONValue.object([
                ("format", .string(CounterExport.formatName)),
                ("version", .integer(CounterExport.formatVersion)),
                ("counters", .array(CounterColumns.forScripts.jsonObjects(export.counters))),
            ])
            out.line(document.serialized(pretty: true))
        }
    }
}
