// How counters look: a table for people, JSON, CSV and TSV for scripts.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI

struct CounterRendering {
    let invocation: Invocation

    static let fieldNames = ["name", "count", "start", "step", "pinned", "created"]

    static func fields(_ counter: Counter) -> [String] {
        [counter.name, String(counter.count), String(counter.start), String(counter.step),
         counter.pinned ? "true" : "false", counter.created]
    }

    static func json(_ counter: Counter) -> JSONValue {
        .object([
            ("name", .string(counter.name)),
            ("count", .integer(counter.count)),
            ("start", .integer(counter.start)),
            ("step", .integer(counter.step)),
            ("pinned", .bool(counter.pinned)),
            ("created", .string(counter.created)),
        ])
    }

    func printList(_ counters: [Counter], format: OutputFormat) {
        let out = invocation.out
        switch format {
        case .json:
            out.line(JSONValue.array(counters.map(Self.json)).serialized(pretty: true))
        case .csv, .tsv:
            for line in RecordPrinter.delimitedLines(header: Self.fieldNames, rows: counters.map(Self.fields), format: format) {
                out.line(line)
            }
        case .text:
            let styler = invocation.styler
            // Counts and steps are shown whole; names give way.
            var table = TextTable(columns: [.init("", importance: 100), .text("NAME", minimum: 8), .amount("COUNT"), .amount("STEP")], separator: " ")
            for counter in counters {
                table.append([counter.pinned ? "*" : " ", counter.name, String(counter.count), Self.signedStep(counter.step)])
            }
            for line in table.render(maxWidth: invocation.terminal.width, styleHeader: styler.dim) { out.line(line) }
        }
    }

    func printDetail(_ counter: Counter, format: OutputFormat) {
        let out = invocation.out
        switch format {
        case .json:
            out.line(Self.json(counter).serialized(pretty: true))
        case .csv, .tsv:
            for line in RecordPrinter.delimitedLines(header: Self.fieldNames, rows: [Self.fields(counter)], format: format) {
                out.line(line)
            }
        case .text:
            let created = Instant.parseISO8601(counter.created).map(Instant.localMinutes) ?? counter.created
            var table = TextTable(columns: [.init("field"), .init("value")], showsHeader: false)
            table.append(["name:", counter.name])
            table.append(["count:", String(counter.count)])
            table.append(["start:", String(counter.start)])
            table.append(["step:", Self.signedStep(counter.step)])
            table.append(["pinned:", counter.pinned ? "yes" : "no"])
            table.append(["created:", created])
            for line in table.render() { out.line(line) }
        }
    }

    /// `+1`, `-5`: the sign shows which way inc goes.
    static func signedStep(_ step: Int64) -> String { step > 0 ? "+\(step)" : String(step) }

}
