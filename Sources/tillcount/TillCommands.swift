// tillcount's live-count commands: show, set/add/sub, float, currency, clear and undo.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI

struct TillCommands {
    let invocation: Invocation
    let store: TillStore

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }
    var rendering: TillRendering { TillRendering(styler: invocation.styler, width: invocation.terminal.width) }

    init(invocation: Invocation) throws {
        self.invocation = invocation
        self.store = try TillStore(invocation: invocation)
    }

    func run() throws -> ExitCode {
        switch arguments.commandPath.first ?? "show" {
        case "show": return try show()
        case "set": return try change(.set)
        case "add": return try change(.add)
        case "sub": return try change(.subtract)
        case "float": return try setFloat()
        case "currency": return try setCurrency()
        case "clear": return try clear()
        case "undo": return try undo()
        case "note": return try NoteCommand(commands: self).run()
        case "save", "history", "resume": return try HistoryCommands(commands: self).run()
        case "report": return try ReportCommand(commands: self).run()
        case "deposit": return try DepositCommand(commands: self).run()
        case "total": return try TotalCommand(commands: self).run()
        case "denominations": return try listDenominations()
        case "count": return try CountScreen(commands: self).run()
        default: throw CLIError.usage("unknown command '\(arguments.commandPath.joined(separator: " "))'")
        }
    }

    /// The live count with its currency and denominations. --currency naming another
    /// currency than a non-empty count's is refused: it would misread the count.
    func current() throws -> (state: TillState, currency: Currency, set: DenominationSet) {
        let state = try store.state.load()
        let currency = try store.currency(for: state)
        if let own = state.currencyCode.flatMap(Currency.init(code:)), own != currency, !state.isEmpty {
            throw CLIError.usage(
                "the live count is in \(own.code), not \(currency.code)",
                hint: "leave out --currency, or change the count's with 'tillcount currency \(currency.code) --force'",
                commandPath: arguments.commandPath)
        }
        return (state, currency, try countingSet(state, currency: currency))
    }

    /// The denominations `state` counts with: the current ones, with the roll sizes the
    /// count keeps for the rolls it holds.
    func countingSet(_ state: TillState, currency: Currency) throws -> DenominationSet {
        state.countingSet(try store.denominations(for: currency))
    }

    /// An amount in `currency` from an argument or option, named in the error.
    func amount(_ text: String, currency: Currency, what: String) throws(CLIError) -> Money {
        do {
            return try Money.parse(text, currency: currency)
        } catch {
            throw CLIError.data("\(what): \(error)", hint: error.hint)
        }
    }

    /// This command as the undo stack names it ("add 20=4 10=3", "history rm 3"): its
    /// words, arguments and the options that change what it does.
    var action: String {
        var words = arguments.commandPath
        for name in ["TOKEN", "AMOUNT", "CODE", "ID", "TEXT"] { words += arguments.arguments(name) }
        if let value = arguments.value("value") { words += ["--value", value] }
        if let label = arguments.value("label"), !label.isEmpty { words += ["--label", label] }
        for flag in ["clear", "edit", "keep-notes"] where arguments.flag(flag) { words.append("--" + flag) }
        return words.joined(separator: " ")
    }

    func expected(currency: Currency) throws(CLIError) -> Money? {
        try arguments.value("expected").map { text throws(CLIError) in try amount(text, currency: currency, what: "--expected") }
    }

    // MARK: show

    private func show() throws -> ExitCode {
        let (state, currency, set) = try current()
        let summary = try TillSummary(state: state, set: set, currency: currency, expected: try expected(currency: currency))
        switch OutputFormat.chosen(in: arguments) {
        case .text:
            for line in rendering.table(summary, showAll: arguments.flag("all")) { out.line(line) }
        case .json:
            out.line(TillRendering.json(summary).serialized(pretty: true))
        case let format:
            for line in RecordPrinter.delimitedLines(header: TillRendering.lineHeader, rows: TillRendering.lineRows(summary), format: format) {
                out.line(line)
            }
        }
        if arguments.flag("check") {
            let short = summary.difference.isNegative || (summary.overShort?.isNegative ?? false)
            return short ? .checkFailed : .ok
        }
        return .ok
    }

    // MARK: changing quantities

    enum Change { case set, add, subtract }

    /// A requested change: the item and the quantity given (nil: the default 1).
    struct Request {
        let token: String
        let item: TillItem
        let quantity: Int64
    }

    func requests(_ change: Change, set: DenominationSet, currency: Currency) throws(CLIError) -> [Request] {
        let words = arguments.arguments("TOKEN")
        if let valueText = arguments.value("value") {
            guard words.count == 1, !words[0].contains("=") else {
                throw CLIError.usage("--value goes with exactly one TOKEN and no =QTY", commandPath: arguments.commandPath)
            }
            let item = try DenominationToken.parse(words[0], set: set, currency: currency)
            return [Request(token: words[0], item: item, quantity: try quantity(of: item, worth: valueText, set: set, currency: currency))]
        }
        var result: [Request] = []
        for word in words {
            let token: String
            var quantity: Int64 = 1
            if let equals = word.lastIndex(of: "=") {
                token = String(word[..<equals])
                let text = String(word[word.index(after: equals)...])
                guard let number = Int64(text), number >= 0 else {
                    throw CLIError.data("invalid quantity in '\(word)': expected a whole number of 0 or more")
                }
                quantity = number
            } else {
                guard change != .set else {
                    throw CLIError.usage("set needs TOKEN=QTY, got '\(word)'", hint: "e.g. tillcount set 20=4", commandPath: arguments.commandPath)
                }
                token = word
            }
            result.append(Request(token: token, item: try DenominationToken.parse(token, set: set, currency: currency), quantity: quantity))
        }
        return result
    }

    /// How many of `item` make `valueText` exactly (62 coins of 0.20 for 12.40).
    func quantity(of item: TillItem, worth valueText: String, set: DenominationSet, currency: Currency) throws(CLIError) -> Int64 {
        let value = try amount(valueText, currency: currency, what: "--value")
        let perUnit = item.kind == .roll ? (set.rolls.first { $0.coinMinorUnits == item.minorUnits }?.count ?? 1) : 1
        let (unit, overflow) = item.minorUnits.multipliedReportingOverflow(by: perUnit)
        guard !overflow, unit > 0 else { throw CLIError.data("--value: the denomination is too large") }
        guard value.minorUnits >= 0 else { throw CLIError.data("--value \(valueText) is negative") }
        guard value.minorUnits % unit == 0 else {
            let below = value.minorUnits / unit * unit
            let (above, over) = below.addingReportingOverflow(unit)
            let nearest = Money(minorUnits: below, currency: currency).plainString + (over ? "" : " or " + Money(minorUnits: above, currency: currency).plainString)
            throw CLIError.data(
                "--value \(valueText) is not a whole number of \(TillSummary.label(item, set: set, currency: currency))",
                hint: "\(nearest) would be")
        }
        return value.minorUnits / unit
    }

    private func change(_ change: Change) throws -> ExitCode {
        let summary = try store.writeState { state -> TillSummary in
            let currency = try adoptCurrency(&state)
            let set = try countingSet(state, currency: currency)
            let requests = try requests(change, set: set, currency: currency)
            state.pushUndo(action)
            for request in requests {
                let have = state.quantities[request.item] ?? 0
                let next: Int64
                switch change {
                case .set: next = request.quantity
                case .add:
                    let (sum, overflow) = have.addingReportingOverflow(request.quantity)
                    if overflow { throw CLIError.data("too many \(request.token): the quantity overflows") }
                    next = sum
                case .subtract:
                    guard have >= request.quantity else {
                        throw CLIError.data(
                            "cannot take \(request.quantity) × \(request.token): the till holds \(have)",
                            hint: "nothing was changed")
                    }
                    next = have - request.quantity
                }
                state.quantities[request.item] = next
            }
            // A roll counted now keeps the size it is counted with.
            state.keepRollDefinitions(from: set)
            // Checks that the new total still fits before anything is saved.
            return try TillSummary(state: state, set: set, currency: currency)
        }
        invocation.err.line("Total \(rendering.money(summary.total)) · \(rendering.standing(summary).label) \(rendering.money(rendering.standing(summary).amount))")
        return .ok
    }

    /// The live count's currency, taking --currency when the count is empty; a clash
    /// with a non-empty count is an error.
    func adoptCurrency(_ state: inout TillState) throws(CLIError) -> Currency {
        let asked = try store.currency(for: nil)
        guard let code = state.currencyCode, let own = Currency(code: code) else {
            state.currencyCode = asked.code
            return asked
        }
        if arguments.value("currency") != nil, asked != own {
            if state.isEmpty {
                state.currencyCode = asked.code
                return asked
            }
            throw CLIError.usage(
                "the live count is in \(own.code), not \(asked.code)",
                hint: "change it with 'tillcount currency \(asked.code) --force', or save and clear the count first",
                commandPath: arguments.commandPath)
        }
        return own
    }

    private func setFloat() throws -> ExitCode {
        guard let text = arguments.argument("AMOUNT") else {
            let (state, currency, _) = try current()
            out.line(Money(minorUnits: state.floatMinorUnits, currency: currency).plainString)
            return .ok
        }
        let float = try store.writeState { state -> Money in
            let currency = try adoptCurrency(&state)
            let float = try amount(text, currency: currency, what: "the float")
            guard !float.isNegative else { throw CLIError.data("the float cannot be negative") }
            state.pushUndo(action)
            state.floatMinorUnits = float.minorUnits
            return float
        }
        invocation.err.line("Float \(rendering.money(float))")
        return .ok
    }

    private func setCurrency() throws -> ExitCode {
        guard let code = arguments.argument("CODE") else {
            let (_, currency, _) = try current()
            out.line(currency.code)
            return .ok
        }
        let currency = try CurrencyOption.parse(code, commandPath: arguments.commandPath)
        try store.writeState { state in
            if !state.isEmpty, state.currencyCode != currency.code, !arguments.flag("force") {
                throw CLIError.usage(
                    "the count is not empty: changing the currency would misread it",
                    hint: "save or clear it first, or add --force to keep the quantities of the same face values",
                    commandPath: arguments.commandPath)
            }
            state.pushUndo(action)
            state.currencyCode = currency.code
        }
        invocation.err.line("Currency \(currency.code)")
        return .ok
    }

    private func clear() throws -> ExitCode {
        guard try Confirmation.require("Clear the live count", invocation: invocation) else {
            invocation.err.line("Nothing cleared.")
            return .ok
        }
        try store.writeState { state in
            state.pushUndo(action)
            state.quantities = [:]
            state.rollDefinitions = [:]
            // The notes belong to the count being cleared (they were filed with it when it
            // was saved); --keep-notes carries them over to the next one.
            if !arguments.flag("keep-notes") { state.notes = [] }
        }
        invocation.err.line("Cleared. Undo with: tillcount undo")
        return .ok
    }

    private func undo() throws -> ExitCode {
        switch try TillUndo(store: store).undo(warn: invocation.warn) {
        case .liveCount(let action):
            let (state, currency, set) = try current()
            let summary = try TillSummary(state: state, set: set, currency: currency)
            invocation.say("Undid: \(action ?? "the last change to the live count"). Total \(rendering.money(summary.total))")
        case .history(let step, let reversal):
            invocation.say("Undid: \(step.action)" + Self.effect(of: reversal))
        }
        return .ok
    }

    /// What reverting a history step did, for "Undid: …".
    static func effect(of reversal: TillHistory.Reversal) -> String {
        switch reversal {
        case .restored(let id): return " (saved count \(id) is back in the history)."
        case .removed(let id): return " (saved count \(id) is removed from the history; the live count is unchanged)."
        case .nothingFound(let why): return " (\(why))."
        }
    }

    private func listDenominations() throws -> ExitCode {
        let currency = try store.currency(for: try store.state.load())
        let set = try store.denominations(for: currency)
        let empty = try TillSummary(state: TillState(), set: set, currency: currency)
        if arguments.flag("tokens") {
            for line in empty.lines { out.line(line.token) }
            return .ok
        }
        let header = ["token", "kind", "label", "pieces", "value"]
        let rows = empty.lines.map { line in
            [line.token, line.item.kind.rawValue, line.label, String(line.piecesPerUnit),
             (try? Money(minorUnits: line.item.minorUnits, currency: currency).multiplied(by: line.piecesPerUnit).plainString) ?? ""]
        }
        switch OutputFormat.chosen(in: arguments) {
        case .json:
            out.line(JSONValue.object([
                ("currency", .string(currency.code)),
                ("standardRolls", .bool(set.hasStandardRolls)),
                ("rollNote", set.rollNote.map(JSONValue.string) ?? .null),
                ("denominations", .array(rows.map { row in
                    .object([("token", .string(row[0])), ("kind", .string(row[1])), ("label", .string(row[2])),
                             ("pieces", .number(row[3])), ("value", .string(row[4]))])
                })),
            ]).serialized(pretty: true))
        case .text:
            var table = TextTable(columns: [.init("TOKEN", importance: 50), .init("KIND", importance: 50), .text("LABEL", minimum: 10), .amount("PIECES"), .amount("VALUE")])
            for row in rows { table.append(row) }
            for line in table.render(maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim) { out.line(line) }
            if let note = set.rollNote { out.line(invocation.styler.dim(note)) }
        case let format:
            for line in RecordPrinter.delimitedLines(header: header, rows: rows, format: format) { out.line(line) }
        }
        return .ok
    }
}
