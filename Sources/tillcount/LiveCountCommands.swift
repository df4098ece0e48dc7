// tillcount's live-count commands: show, set/add/sub, float, currency, clear, undo and
// denominations. Each reads its arguments, asks the till, and renders what it returns.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import TillKit

struct LiveCountCommands {
    let context: TillContext

    var arguments: ParsedArguments { context.arguments }
    var out: OutputChannel { context.out }
    var rendering: TillRendering { context.rendering }

    // MARK: show

    func show() throws -> ExitCode {
        let standing = try context.till.standing(context.currencyChoice()) { currency throws(CLIError) in
            try context.standingRequest(expected: TillcountSpec.showExpected, currency: currency)
        }
        let summary = standing.summary
        // A blind count is not checked: the exit status would tell what it hides.
        if arguments.flag(TillcountSpec.check) && standing.isBlind { throw MovementCommands.blindRefusal("show --check is refused, as its exit status would tell over/short,") }
        let format = OutputFormat.chosen(in: arguments)
        switch format {
        case .text:
            // The default till shows as before tills; another till is named first.
            let till = try context.till.keptName()
            if !till.isMain { out.line("Till \(till.display.terminalSafe)") }
            for line in rendering.table(summary, showAll: arguments.flag(TillcountSpec.all), standing: standing) { out.line(line) }
        case .json:
            let till = try context.till.keptName()
            out.line(TillRendering.json(summary, extra: ExpectedRendering.jsonMembers(standing) + [("till", .string(till.display))]).serialized(pretty: true))
        case .csv, .tsv:
            for line in TillColumns.lines.delimitedLines(summary.counted, format: format) { out.line(line) }
        }
        if arguments.flag(TillcountSpec.check) { return standing.check == .failed ? .checkFailed : .ok }
        return .ok
    }

    // MARK: changing quantities

    func change(_ change: Till.QuantityChange) throws -> ExitCode {
        var weighed: CountByWeight.Weighing?
        let summary = try context.till.adjust(change, action: context.action, currency: context.currencyChoice()) { set, currency in
            // TOKEN --grams G: the quantity from the coins' weight (WeighedCoins.swift).
            if let found = try WeighedCoins(arguments: arguments).request(set: set, currency: currency) {
                weighed = found.weighing
                return [found.request]
            }
            return try requests(change, set: set, currency: currency)
        }
        if let weighed { context.invocation.err.line(WeighedCoins.describe(weighed).terminalSafe) }
        let standing = rendering.standing(summary)
        context.invocation.err.line("Total \(rendering.money(summary.total)) · \(standing.label) \(rendering.money(standing.amount))")
        return .ok
    }

    /// The TOKEN[=QTY] arguments (or one TOKEN with --value) as requests in `set`.
    func requests(_ change: Till.QuantityChange, set: DenominationSet, currency: Currency) throws -> [Till.QuantityRequest] {
        let words = arguments.arguments("TOKEN")
        if let valueText = arguments.text(TillcountSpec.value) {
            guard words.count == 1, !words[0].contains("=") else {
                throw CLIError.usage("--value goes with exactly one TOKEN and no =QTY", commandPath: arguments.commandPath)
            }
            let item = try DenominationToken.parse(words[0], set: set, currency: currency)
            return [Till.QuantityRequest(token: words[0], item: item, quantity: try quantity(of: item, worth: valueText, set: set, currency: currency))]
        }
        var result: [Till.QuantityRequest] = []
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
            result.append(Till.QuantityRequest(token: token, item: try DenominationToken.parse(token, set: set, currency: currency), quantity: quantity))
        }
        return result
    }

    /// How many of `item` make `valueText` exactly (62 coins of 0.20 for 12.40).
    func quantity(of item: TillItem, worth valueText: String, set: DenominationSet, currency: Currency) throws -> Int64 {
        let value = try context.amount(valueText, currency: currency, what: "--value")
        return try QuantityByValue.quantity(of: item, worth: value, text: valueText, set: set, currency: currency)
    }

    // MARK: float, currency, clear

    func setFloat() throws -> ExitCode {
        guard let text = arguments.argument("AMOUNT") else {
            let count = try context.current()
            out.line(Money(minorUnits: count.state.floatMinorUnits, currency: count.currency).plainString)
            return .ok
        }
        let float = try context.till.setFloat(action: context.action, currency: context.currencyChoice()) { currency in
            try context.amount(text, currency: currency, what: "the float")
        }
        context.invocation.err.line("Float \(rendering.money(float))")
        return .ok
    }

    func setCurrency() throws -> ExitCode {
        guard let code = arguments.argument("CODE") else {
            out.line(try context.current().currency.code)
            return .ok
        }
        let currency = try CurrencyOption.parse(code, commandPath: arguments.commandPath)
        try context.till.setCurrency(currency, force: arguments.flag(StandardOptions.force), action: context.action)
        context.invocation.err.line("Currency \(currency.code)")
        return .ok
    }

    func clear() throws -> ExitCode {
        guard try Confirmation.require("Clear the live count", invocation: context.invocation) else {
            context.invocation.err.line("Nothing cleared.")
            return .ok
        }
        try context.till.clear(keepNotes: arguments.flag(TillcountSpec.keepNotes), action: context.action)
        context.invocation.err.line("Cleared. Undo with: tillcount undo")
        return .ok
    }

    // MARK: undo

    func undo() throws -> ExitCode {
        let invocation = context.invocation
        switch try context.till.undo(skipped: { invocation.warn(TillErrorMessages.skipped($0, $1)) }) {
        case .liveCount(let action):
            let (_, summary) = try context.till.summary(context.currencyChoice())
            invocation.say("Undid: \(action ?? "the last change to the live count"). Total \(rendering.money(summary.total))")
        case .history(let step, let reversal):
            invocation.say("Undid: \(step.action)" + TillErrorMessages.effect(of: reversal))
        case .till(let removal, let restored):
            invocation.say("Undid: \(removal.action)" + TillErrorMessages.effect(of: removal, restored: restored))
        }
        return .ok
    }

    // MARK: denominations

    func listDenominations() throws -> ExitCode {
        let report = try context.till.denominationsReport(context.currencyChoice())
        if arguments.flag(TillcountSpec.tokensOnly) {
            for row in report.rows { out.line(row.token) }
            return .ok
        }
        let columns = TillColumns.denominations
        let format = OutputFormat.chosen(in: arguments)
        switch format {
        case .json:
            out.line(JSONValue.object([
                ("currency", .string(report.currency.code)),
                ("standardRolls", .bool(report.set.hasStandardRolls)),
                ("rollNote", report.set.rollNote.map(JSONValue.string) ?? .null),
                ("weightNote", report.set.massNote.map(JSONValue.string) ?? .null),
                ("source", report.set.source.map(JSONValue.string) ?? .null),
                ("denominations", .array(columns.jsonObjects(report.rows))),
            ]).serialized(pretty: true))
        case .text:
            let styler = context.invocation.styler
            out.table(columns.textTable(report.rows), maxWidth: context.invocation.terminal.width, styleHeader: styler.dim)
            for note in [report.set.rollNote, report.set.massNote, report.set.source.map { "Source: " + $0 }].compactMap({ $0 }) {
                out.line(styler.dim(note.terminalSafe))
            }
        case .csv, .tsv:
            for line in columns.delimitedLines(report.rows, format: format) { out.line(line) }
        }
        return .ok
    }
}
