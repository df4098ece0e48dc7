// tillcount save, history (list, show, rm, label, note) and resume: the live count filed in
// the history (as an X or a Z count of its till), edited where a saved count may change,
// and brought back. The export is HistoryExportCommand.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TillKit

struct HistoryCommands {
    let context: TillContext

    var arguments: ParsedArguments { context.arguments }
    var out: OutputChannel { context.out }
    var till: Till { context.till }

    private func savedID() throws(CLIError) -> Int64 {
        guard let id = try arguments.integerArgument("ID", in: 1...Int64.max) else {
            throw CLIError.usage("missing ID", commandPath: arguments.commandPath)
        }
        return id
    }

    func save() throws -> ExitCode {
        let count = try context.current()
        // The expected cash filed: --expected, else the movements' (see ExpectedCashOptions).
        let asked = try context.standingRequest(expected: TillcountSpec.saveExpected, currency: count.currency)
        let expected = try till.expectedToFile(count.state, currency: count.currency, given: asked.expected, sales: asked.sales)
        let summary = try TillSummary(state: count.state, set: count.set, currency: count.currency, expected: expected)
        let label = arguments.text(TillcountSpec.label).flatMap { $0.isEmpty ? nil : $0 }
        let kind = try arguments.value(TillcountSpec.kind) ?? .x
        let id = try till.save(summary, notes: count.state.notes, label: label, expected: expected, action: context.action, kind: kind, tolerance: asked.tolerance)
        out.line(String(id))
        if kind == .z, let saved = try? till.history.header(id) {
            context.invocation.say("Filed closing count \(saved.kindText) of till '\(saved.till.terminalSafe)' (final: it cannot be deleted or undone).")
        }
        if let said = ExpectedRendering.saved(summary, tolerance: count.state.tolerance(count.currency), rendering: context.rendering) {
            context.invocation.err.line("Saved count \(id). \(said)")
        }
        return .ok
    }

    /// The saved counts the options --since, --until, --label, --kind and --till (from the
    /// command line only) keep.
    func filter() throws -> HistoryFilter {
        let (since, until) = try context.range(from: TillcountSpec.since, to: TillcountSpec.until)
        return HistoryFilter(
            since: since, until: until, label: arguments.text(TillcountSpec.labelFilter),
            till: try arguments.text(TillcountSpec.till).map(TillContext.tillName),
            kind: try arguments.value(TillcountSpec.kindFilter))
    }

    func list() throws -> ExitCode {
        let filter = try filter()
        let counts = try till.historyList(filter)
        if arguments.flag(TillcountSpec.ids) {
            for count in counts { out.line(String(count.id)) }
            return .ok
        }
        let columns = TillColumns.history(context.rendering)
        let format = OutputFormat.chosen(in: arguments)
        switch format {
        case .json:
            out.line(JSONValue.array(columns.jsonObjects(counts)).serialized(pretty: true))
        case .text:
            guard !counts.isEmpty else {
                context.invocation.say(filter.isEmpty
                    ? "No saved counts yet. File the live count with: tillcount save"
                    : "No saved counts match.")
                return .ok
            }
            let invocation = context.invocation
            // A history of the default till alone (every history before tills) needs no TILL column.
            var columns = columns
            if counts.allSatisfy({ TillName(stored: $0.till).isMain }) { columns.columns.removeAll { $0.key == "till" } }
            // Nor OVER/SHORT when no count listed was saved with an expected figure.
            if counts.allSatisfy({ $0.overShort == nil }) { columns.columns.removeAll { $0.key == "overShort" } }
            out.table(columns.textTable(counts), maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
        case .csv, .tsv:
            for line in columns.delimitedLines(counts, format: format) { out.line(line) }
        }
        return .ok
    }

    func showSaved() throws -> ExitCode {
        let saved = try till.savedCount(try savedID())
        // The current set only names the denominations; values come from the saved lines.
        // The expected cash, movements and tolerance are as they were saved.
        let standing = try till.savedStanding(saved)
        let summary = standing.summary
        let movementRows = saved.movements.enumerated().map { index, movement in
            MovementCommands.Row(number: index + 1, movement: movement, currency: saved.currency, hidden: false)
        }
        switch try arguments.value(TillcountSpec.savedFormat) ?? .text {
        case .html:
            let report = TillReport(summary: summary, notes: saved.allNotes, madeAt: Instant.parseISO8601(saved.savedAt) ?? 0, till: saved.till)
            let page = ReportHTML(report: report, standing: standing,
                                  language: HTMLText.language(localeIdentifier: LocaleCurrency.localeIdentifier(context.invocation.environment)),
                                  saved: saved)
            for line in page.page() { out.line(line) }
        case .json:
            out.line(TillRendering.json(summary, notes: saved.notes, extra: [
                ("id", .integer(saved.id)), ("saved", .string(saved.savedAt)), ("label", saved.label.map(JSONValue.string) ?? .null),
                ("till", .string(saved.till)), ("kind", .string(saved.kind.rawValue)), ("number", saved.zNumber.map(JSONValue.integer) ?? .null),
                ("addedNotes", .array(saved.addedNotes.map { .object([("at", .string($0.at)), ("text", .string($0.text))]) })),
            ] + ExpectedRendering.jsonMembers(standing) + [
                ("movements", .array(MovementCommands.columns(context.rendering).jsonObjects(movementRows))),
            ]).serialized(pretty: true))
        case .text:
            let when = Instant.parseISO8601(saved.savedAt).map(Instant.localMinutes) ?? saved.savedAt
            out.line("Saved count \(saved.id), \(when.terminalSafe)" + (saved.label.map { ": \($0.terminalSafe)" } ?? ""))
            out.line("Till \(saved.till.terminalSafe), " + (saved.kind == .z ? "closing count \(saved.kindText) (final)" : "X count (during the shift)"))
            out.line("")
            for line in context.rendering.table(summary, showAll: false, standing: standing) { out.line(line) }
            if !movementRows.isEmpty {
                out.line("")
                out.line("Movements:")
                let invocation = context.invocation
                let table = MovementCommands.columns(context.rendering).textTable(movementRows)
                out.table(table, maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
            }
            if !saved.notes.isEmpty || !saved.addedNotes.isEmpty {
                out.line("")
                out.line("Notes:")
                for note in saved.notes { out.line("  " + note.terminalSafe) }
                for note in saved.addedNotes {
                    let added = Instant.parseISO8601(note.at).map(Instant.localMinutes) ?? note.at
                    out.line("  " + note.text.terminalSafe + " (added \(added.terminalSafe))")
                }
            }
        case .csv:
            for line in TillColumns.lines.delimitedLines(summary.counted, format: .csv) { out.line(line) }
        case .tsv:
            for line in TillColumns.lines.delimitedLines(summary.counted, format: .tsv) { out.line(line) }
        }
        return .ok
    }

    func remove() throws -> ExitCode {
        let id = try savedID()
        _ = try till.countToDelete(id)  // a wrong id or a Z count is reported before asking
        guard try Confirmation.require("Delete saved count \(id)", invocation: context.invocation) else {
            context.invocation.say("Nothing deleted.")
            return .ok
        }
        try till.delete(id, action: context.action)
        context.invocation.say("Deleted saved count \(id). Undo with: tillcount undo")
        return .ok
    }

    /// Relabels a saved count (an empty TEXT removes the label).
    func relabel() throws -> ExitCode {
        let id = try savedID()
        let text = arguments.arguments("TEXT").joined(separator: " ")
        try till.relabel(id, label: text, action: context.action)
        context.invocation.say(text.isEmpty
            ? "Removed the label of saved count \(id). Undo with: tillcount undo"
            : "Relabelled saved count \(id): \(text.terminalSafe). Undo with: tillcount undo")
        return .ok
    }

    /// Adds a note to a saved count.
    func addNote() throws -> ExitCode {
        let id = try savedID()
        let text = arguments.arguments("TEXT").joined(separator: " ")
        guard !text.isEmpty else { throw CLIError.usage("missing TEXT: the note to add", commandPath: arguments.commandPath) }
        let saved = try till.addSavedNote(id, text: text, action: context.action)
        context.invocation.say(saved.kind == .z
            ? "Added a note to closing count \(saved.kindText) (saved count \(id)); like the count, it is final."
            : "Added a note to saved count \(id). Undo with: tillcount undo")
        return .ok
    }

    /// Copies a saved count into the live count; the live count it replaces can be
    /// brought back with undo.
    func resume() throws -> ExitCode {
        let replacingNonEmpty = arguments.flag(StandardOptions.force) || context.invocation.terminal.isInteractive
        let saved = try till.resume(try savedID(), replacingNonEmpty: replacingNonEmpty, action: context.action)
        context.invocation.say("Resumed saved count \(saved.id) into the live count. Undo with: tillcount undo")
        return .ok
    }
}
