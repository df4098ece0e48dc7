// How counters look: a table for people, JSON, CSV and TSV for scripts. Each column is
// defined once (CounterColumns); the list, the detail and the export render through them.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TallyKit

/// The columns of a counter. Scripts get every field of the export, in its order; people
/// get the pin mark, the name, the count (as `12/50` toward a goal), the step and, when
/// any counter has them, the tags.
enum CounterColumns {
    static var name: ReportColumn<Counter> { ReportColumn("name", layout: .text("NAME", minimum: 8)) { .string($0.name) } }
    static var count: ReportColumn<Counter> {
        ReportColumn("count", layout: .amount("COUNT"), value: { .integer($0.count) }, display: { .init(countWithGoal($0)) })
    }
    static var start: ReportColumn<Counter> { .scriptOnly("start") { .integer($0.start) } }
    /// For people, a derived counter's formula in place of the step: `= in - out`.
    static var step: ReportColumn<Counter> {
        ReportColumn("step", layout: .amount("STEP"), value: { .integer($0.step) }, display: { counter in
            .init(counter.formulaText.map { "= \($0)" } ?? signedStep(counter.step))
        })
    }
    /// A derived counter's formula by name, else null (empty in CSV and TSV).
    static var from: ReportColumn<Counter> {
        .scriptOnly(CounterExport.formulaFieldName) { $0.formulaText.map(JSONValue.string) ?? .null }
    }
    static var pinned: ReportColumn<Counter> {
        ReportColumn("pinned", layout: .init("", importance: 100), value: { .bool($0.pinned) }, display: { .init($0.pinned ? "*" : " ") })
    }
    static var created: ReportColumn<Counter> { .scriptOnly("created") { .string($0.created) } }
    static var goal: ReportColumn<Counter> { .scriptOnly("goal") { optionalNumber($0.goal) } }
    static var minimum: ReportColumn<Counter> { .scriptOnly("min") { optionalNumber($0.minimum) } }
    static var maximum: ReportColumn<Counter> { .scriptOnly("max") { optionalNumber($0.maximum) } }
    /// JSON: a list of strings.
    static var tagList: ReportColumn<Counter> { .scriptOnly("tags") { .array($0.tags.map(JSONValue.string)) } }
    /// CSV and TSV: one field, "a,b" (a tag holds no comma), which import splits back.
    static var tagField: ReportColumn<Counter> { .scriptOnly("tags") { .string(joinedTags($0.tags)) } }
    static var updated: ReportColumn<Counter> { .scriptOnly("updated") { .string($0.updated) } }
    static var tags: ReportColumn<Counter> {
        ReportColumn("tags", layout: .init("TAGS", fit: .droppable, importance: -1)) { .string(joinedTags($0.tags)) }
    }

    /// JSON: the export's fields (`CounterExport.fieldNames`), which import reads back.
    static let forScripts = ReportColumns([name, count, start, step, pinned, created, goal, minimum, maximum, tagList, updated, from])
    /// CSV and TSV: the same fields, the tags as one field.
    static let forDelimited = ReportColumns([name, count, start, step, pinned, created, goal, minimum, maximum, tagField, updated, from])
    /// The text table of the list.
    static let forPeople = ReportColumns([pinned, name, count, step])
    /// The text table of a list where some counter has tags.
    static let forPeopleWithTags = ReportColumns([pinned, name, count, step, tags])

    static func optionalNumber(_ value: Int64?) -> JSONValue { value.map(JSONValue.integer) ?? .null }

    static func joinedTags(_ tags: [String]) -> String { tags.joined(separator: String(CounterTags.separator)) }

    /// `12`, or `12/50` toward a goal of 50.
    static func countWithGoal(_ counter: Counter) -> String {
        counter.goal.map { "\(counter.count)/\($0)" } ?? String(counter.count)
    }

    /// `+1`, `-5`: the sign shows which way inc goes.
    static func signedStep(_ step: Int64) -> String { step > 0 ? "+\(step)" : String(step) }
}

/// The columns of `tally sum` for scripts: the total, how many counters, the tag filter
/// (a list in JSON, one field "a,b" in CSV and TSV, as the counters' tags).
enum SumColumns {
    static let total = ReportColumn<CounterSum>.scriptOnly("total") { .integer($0.total) }
    static let counters = ReportColumn<CounterSum>.scriptOnly("counters") { .integer(Int64($0.counters)) }
    static let forJSON = ReportColumns<CounterSum>([total, counters, .scriptOnly("tags") { .array($0.tags.map(JSONValue.string)) }])
    static let forDelimited = ReportColumns<CounterSum>([
        total, counters, .scriptOnly("tags") { .string(CounterColumns.joinedTags($0.tags)) },
    ])
}

struct CounterRendering {
    let invocation: Invocation

    func printList(_ list: CounterList, format: OutputFormat) {
        let out = invocation.out
        switch format {
        case .json:
            out.line(JSONValue.array(CounterColumns.forScripts.jsonObjects(list.rows)).serialized(pretty: true))
        case .csv, .tsv:
            for line in CounterColumns.forDelimited.delimitedLines(list.rows, format: format) { out.line(line) }
        case .text:
            // Counts and steps are shown whole; names give way, tags go first.
            let columns = list.rows.contains { !$0.tags.isEmpty } ? CounterColumns.forPeopleWithTags : CounterColumns.forPeople
            let table = columns.textTable(list.rows, separator: " ")
            out.table(table, maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
        }
    }

    /// Prints the new count alone (for scripts) and, when the change reached the goal,
    /// a note on standard error: what inc, dec, add, set and reset print.
    func printCount(_ change: CountChange) {
        invocation.out.line(String(change.count))
        if change.reachedGoal, let goal = change.counter.goal {
            invocation.err.line("Goal reached: '\(change.counter.name.terminalSafe)' is at \(change.count) of \(goal).")
        }
    }

    /// For each derived counter a change moved: a note when it reached its goal, a warning
    /// when it is beyond its minimum or maximum (the change is kept).
    func printDerived(_ derived: [DerivedChange]) {
        for change in derived {
            let name = change.counter.name
            if change.reachedGoal, let goal = change.counter.goal {
                invocation.err.line("Goal reached: '\(name.terminalSafe)' is at \(change.count) of \(goal).")
            }
            if let (bound, limit) = change.boundBeyond {
                invocation.warn("""
                    '\(name)' (\(change.formula)) is \(change.count), \(bound == .minimum ? "below" : "above") its \
                    \(bound.rawValue) \(limit)
                    """)
            }
        }
    }

    /// `extraLines` (label, value) follow the fields in the text form (show's figures).
    func printDetail(_ counter: Counter, format: OutputFormat, extraLines: [(String, String)] = []) {
        let out = invocation.out
        switch format {
        case .json:
            out.line(CounterColumns.forScripts.jsonObject(counter).serialized(pretty: true))
        case .csv, .tsv:
            for line in CounterColumns.forDelimited.delimitedLines([counter], format: format) { out.line(line) }
        case .text:
            var table = TextTable(columns: [.init("field"), .init("value")], showsHeader: false)
            table.append(["name:", counter.name])
            table.append(["count:", .init(CounterColumns.countWithGoal(counter))])
            if let progress = GoalProgress(counter) { table.append(["goal:", .init(progress.summary)]) }
            if let formula = counter.formulaText {
                table.append(["from:", .init(formula)])
            } else {
                table.append(["start:", String(counter.start)])
                table.append(["step:", CounterColumns.signedStep(counter.step)])
            }
            if let minimum = counter.minimum { table.append(["min:", .init(String(minimum))]) }
            if let maximum = counter.maximum { table.append(["max:", .init(String(maximum))]) }
            if !counter.tags.isEmpty { table.append(["tags:", .init(counter.tags.joined(separator: ", "))]) }
            table.append(["pinned:", counter.pinned ? "yes" : "no"])
            table.append(["created:", Self.createdForPeople(counter)])
            if counter.updated != counter.created { table.append(["updated:", .init(Self.updatedForPeople(counter))]) }
            for (label, value) in extraLines { table.append([TextTable.Cell(label), TextTable.Cell(value)]) }
            out.table(table)
        }
    }

    /// The creation time in local time to the minute, or as stored when unreadable.
    static func createdForPeople(_ counter: Counter) -> String {
        counter.createdInstant.map(Instant.localMinutes) ?? counter.created
    }

    /// The last change in local time to the minute, or as stored when unreadable.
    static func updatedForPeople(_ counter: Counter) -> String {
        counter.updatedInstant.map(Instant.localMinutes) ?? counter.updated
    }

    /// The export document (TallyKit's CounterExport: version 2, every field and the
    /// log): JSON, or CSV through the toolkit's CSV writer.
    func printExport(_ export: CounterExport, format: OutputFormat) {
        let out = invocation.out
        if format == .csv {
            for record in export.records { out.line(DelimitedText.csvLine(record)) }
        } else {
            out.line(export.json.serialized(pretty: true))
        }
    }
}
