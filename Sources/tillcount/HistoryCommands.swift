// tillcount save, history (list, show, rm) and resume: the live count filed in SQLite
// and brought back.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI

struct HistoryCommands {
    let commands: TillCommands

    var arguments: ParsedArguments { commands.arguments }
    var out: OutputChannel { commands.out }

    func run() throws -> ExitCode {
        switch arguments.commandPath {
        case ["save"]: return try save()
        case ["resume"]: return try resume()
        case ["history", "show"]: return try showSaved()
        case ["history", "rm"]: return try remove()
        default: return try list()
        }
    }

    private func savedID() throws(CLIError) -> Int64 {
        guard let id = try arguments.integerArgument("ID", in: 1...Int64.max) else {
            throw CLIError.usage("missing ID", commandPath: arguments.commandPath)
        }
        return id
    }

    private func save() throws -> ExitCode {
        let (state, currency, set) = try commands.current()
        let expected = try commands.expected(currency: currency)
        let summary = try TillSummary(state: state, set: set, currency: currency, expected: expected)
        let label = arguments.value("label").flatMap { $0.isEmpty ? nil : $0 }
        let id = try TillUndo(store: commands.store).save(summary, notes: state.notes, label: label, expected: expected, action: commands.action)
        out.line(String(id))
        return .ok
    }

    private func list() throws -> ExitCode {
        let counts = try commands.store.history().all()
        if arguments.flag("ids") {
            for count in counts { out.line(String(count.id)) }
            return .ok
        }
        let format = OutputFormat.chosen(in: arguments)
        let header = ["id", "saved", "label", "currency", "total", "float", "difference", "expected", "overShort"]
        let rows = counts.map { count in
            [String(count.id), count.savedAt, count.label ?? "", count.currency.code, count.total.plainString,
             count.float.plainString, count.difference.plainString, count.expected?.plainString ?? "", count.overShort?.plainString ?? ""]
        }
        switch format {
        case .json:
            out.line(JSONValue.array(counts.map { count in
                .object([
                    ("id", .integer(count.id)), ("saved", .string(count.savedAt)), ("label", count.label.map(JSONValue.string) ?? .null),
                    ("currency", .string(count.currency.code)), ("total", .string(count.total.plainString)),
                    ("float", .string(count.float.plainString)), ("difference", .string(count.difference.plainString)),
                    ("expected", count.expected.map { .string($0.plainString) } ?? .null),
                    ("overShort", count.overShort.map { .string($0.plainString) } ?? .null),
                ])
            }).serialized(pretty: true))
        case .text:
            guard !counts.isEmpty else {
                commands.invocation.say("No saved counts yet. File the live count with: tillcount save")
                return .ok
            }
            let rendering = commands.rendering
            // Ids, dates and amounts are shown whole; the label gives way.
            var table = TextTable(columns: [.amount("ID"), .init("SAVED", importance: 100), .text("LABEL", minimum: 8), .amount("TOTAL"), .amount("FLOAT"), .amount("DEPOSIT/SHORT"), .init("OVER/SHORT", importance: 100)])
            for count in counts {
                let difference = count.difference.isNegative ? "short \(rendering.money((try? count.difference.negated()) ?? count.difference))" : rendering.money(count.difference)
                table.append([
                    String(count.id), Instant.parseISO8601(count.savedAt).map(Instant.localMinutes) ?? count.savedAt,
                    count.label ?? "", rendering.money(count.total), rendering.money(count.float), difference,
                    count.overShort.map(rendering.overShortText) ?? "",
                ])
            }
            for line in table.render(maxWidth: commands.invocation.terminal.width, styleHeader: commands.invocation.styler.dim) { out.line(line) }
        case .csv, .tsv:
            for line in RecordPrinter.delimitedLines(header: header, rows: rows, format: format) { out.line(line) }
        }
        return .ok
    }

    /// A saved count as a live count: its lines with the roll sizes they were saved with.
    private func state(of saved: SavedCount) -> TillState {
        var state = TillState()
        state.currencyCode = saved.currency.code
        state.floatMinorUnits = saved.float.minorUnits
        for line in saved.lines {
            state.quantities[line.item] = line.quantity
            if line.item.kind == .roll {
                state.rollDefinitions[line.item.minorUnits] = CoinRoll(coinMinorUnits: line.item.minorUnits, count: line.rollSize, packaging: line.packaging)
            }
        }
        state.notes = saved.notes
        return state
    }

    /// The saved count named by ID, lines included.
    private func savedCount() throws -> SavedCount {
        try commands.store.history().count(try savedID(), definitions: commands.store.denominations(for:))
    }

    private func showSaved() throws -> ExitCode {
        let saved = try savedCount()
        // The current set only names the denominations; values come from the saved lines.
        let summary = try TillSummary(saved: saved, set: try commands.store.denominations(for: saved.currency))
        switch OutputFormat.chosen(in: arguments) {
        case .json:
            out.line(TillRendering.json(summary, notes: saved.notes, extra: [
                ("id", .integer(saved.id)), ("saved", .string(saved.savedAt)), ("label", saved.label.map(JSONValue.string) ?? .null),
            ]).serialized(pretty: true))
        case .text:
            let when = Instant.parseISO8601(saved.savedAt).map(Instant.localMinutes) ?? saved.savedAt
            out.line("Saved count \(saved.id), \(when.terminalSafe)" + (saved.label.map { ": \($0.terminalSafe)" } ?? ""))
            out.line("")
            for line in commands.rendering.table(summary, showAll: false) { out.line(line) }
            if !saved.notes.isEmpty {
                out.line("")
                out.line("Notes:")
                for note in saved.notes { out.line("  " + note.terminalSafe) }
            }
        case let format:
            for line in RecordPrinter.delimitedLines(header: TillRendering.lineHeader, rows: TillRendering.lineRows(summary), format: format) {
                out.line(line)
            }
        }
        return .ok
    }

    private func remove() throws -> ExitCode {
        let id = try savedID()
        let history = try commands.store.history(.change)
        _ = try history.header(id)  // a wrong id is reported before asking
        guard try Confirmation.require("Delete saved count \(id)", invocation: commands.invocation) else {
            commands.invocation.say("Nothing deleted.")
            return .ok
        }
        try TillUndo(store: commands.store).delete(id, in: history, action: commands.action)
        commands.invocation.say("Deleted saved count \(id). Undo with: tillcount undo")
        return .ok
    }

    /// Copies a saved count into the live count; the live count it replaces can be
    /// brought back with undo.
    private func resume() throws -> ExitCode {
        let saved = try savedCount()
        let replacement = state(of: saved)
        // Refuse a saved count that would not add up as a live count before anything changes.
        _ = try TillSummary(state: replacement, set: replacement.countingSet(try commands.store.denominations(for: saved.currency)), currency: saved.currency)
        try commands.store.writeState { live in
            if !live.isEmpty && !arguments.flag("force") && !commands.invocation.terminal.isInteractive {
                throw CLIError.usage("the live count is not empty", hint: "save or clear it first, or add --force (undo brings it back)", commandPath: arguments.commandPath)
            }
            live.pushUndo(commands.action)
            live.currencyCode = replacement.currencyCode
            live.floatMinorUnits = replacement.floatMinorUnits
            live.quantities = replacement.quantities
            live.rollDefinitions = replacement.rollDefinitions
            live.notes = replacement.notes
        }
        commands.invocation.say("Resumed saved count \(saved.id) into the live count. Undo with: tillcount undo")
        return .ok
    }
}
