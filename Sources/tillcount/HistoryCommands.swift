// tillcount save, history (list, show, rm) and resume: the live count filed in the history
// and brought back.

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
        // The expected cash filed: --expected, else the movements' (see ExpectedRendering).
        let asked = try context.standingRequest(expected: TillcountSpec.saveExpected, currency: count.currency)
        let expected = try till.expectedToFile(count.state, currency: count.currency, given: asked.expected, sales: asked.sales)
        let summary = try TillSummary(state: count.state, set: count.set, currency: count.currency, expected: expected)
        let label = arguments.text(TillcountSpec.label).flatMap { $0.isEmpty ? nil : $0 }
        let id = try till.save(summary, notes: count.state.notes, label: label, expected: expected, action: context.action)
        out.line(String(id))
        if let said = ExpectedRendering.saved(summary, tolerance: count.state.tolerance(count.currency), rendering: context.rendering) {
            context.invocation.err.line("Saved count \(id). \(said)")
        }
        return .ok
    }

    func list() throws -> ExitCode {
        let counts = try till.historyList()
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
                context.invocation.say("No saved counts yet. File the live count with: tillcount save")
                return .ok
            }
            let invocation = context.invocation
            for line in columns.textTable(counts).render(maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim) { out.line(line) }
        case .csv, .tsv:
            for line in columns.delimitedLines(counts, format: format) { out.line(line) }
        }
        return .ok
    }

    func showSaved() throws -> ExitCode {
        let saved = try till.savedCount(try savedID())
        // The current set only names the denominations; values come from the saved lines.
        let summary = try till.savedSummary(saved)
        let format = OutputFormat.chosen(in: arguments)
        switch format {
        case .json:
            out.line(TillRendering.json(summary, notes: saved.notes, extra: [
                ("id", .integer(saved.id)), ("saved", .string(saved.savedAt)), ("label", saved.label.map(JSONValue.string) ?? .null),
            ]).serialized(pretty: true))
        case .text:
            let when = Instant.parseISO8601(saved.savedAt).map(Instant.localMinutes) ?? saved.savedAt
            out.line("Saved count \(saved.id), \(when.terminalSafe)" + (saved.label.map { ": \($0.terminalSafe)" } ?? ""))
            out.line("")
            for line in context.rendering.table(summary, showAll: false) { out.line(line) }
            if !saved.notes.isEmpty {
                out.line("")
                out.line("Notes:")
                for note in saved.notes { out.line("  " + note.terminalSafe) }
            }
        case .csv, .tsv:
            for line in TillColumns.lines.delimitedLines(summary.counted, format: format) { out.line(line) }
        }
        return .ok
    }

    func remove() throws -> ExitCode {
        let id = try savedID()
        _ = try till.history.countToDelete(id)  // a wrong id is reported before asking
        guard try Confirmation.require("Delete saved count \(id)", invocation: context.invocation) else {
            context.invocation.say("Nothing deleted.")
            return .ok
        }
        try till.delete(id, action: context.action)
        context.invocation.say("Deleted saved count \(id). Undo with: tillcount undo")
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
