// billsplit's commands: split one bill, split a list from standard input, open the
// interactive screen, and show or clear the preferences.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI

struct BillsplitCommands {
    let invocation: Invocation
    let store: PreferencesStore

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }

    init(invocation: Invocation) throws {
        self.invocation = invocation
        self.store = try PreferencesStore(invocation: invocation)
    }

    func run() throws -> ExitCode {
        if arguments.commandPath == ["prefs"] { return try preferences() }
        let saved = try store.load()
        let options = try BillOptions.resolve(invocation, preferences: saved, preferencesPath: store.file.path)
        let rendering = BillRendering(localeIdentifier: options.localeIdentifier, styler: invocation.styler, width: invocation.terminal.width)
        guard let amountText = arguments.argument("AMOUNT") else {
            guard invocation.terminal.isInteractive else {
                throw CLIError.usage("missing AMOUNT", hint: "give the bill, or - to read bills from standard input; the interactive screen needs a terminal")
            }
            return try SplitScreen(invocation: invocation, store: store, options: options, saved: saved).run()
        }
        let unit = try options.roundUpUnit(commandPath: arguments.commandPath)
        let format = OutputFormat.chosen(in: arguments)
        if amountText == "-" { return try splitList(options: options, unit: unit, rendering: rendering, format: format) }

        let result = try split(amountText, options: options, unit: unit)
        try rememberChoices(options)
        switch format {
        case .text: for line in rendering.card(result) { out.line(line) }
        case .json: out.line(BillRendering.json(result).serialized(pretty: true))
        case .csv, .tsv:
            for line in RecordPrinter.delimitedLines(header: BillRendering.delimitedHeader, rows: [BillRendering.delimitedRow(result)], format: format) {
                out.line(line)
            }
        }
        return .ok
    }

    /// One bill, parsed in the chosen currency and calculated.
    func split(_ amountText: String, options: BillOptions, unit: Money?) throws(CLIError) -> BillResult {
        let bill: Money
        do {
            bill = try Money.parse(amountText, currency: options.currency)
        } catch {
            throw CLIError.data("\(error)", hint: error.hint)
        }
        guard !bill.isNegative else { throw CLIError.data("invalid amount '\(amountText)': a bill cannot be negative") }
        let request = BillRequest(bill: bill, tipPercent: options.tip, weights: options.splitWeights, roundUpUnit: unit)
        do {
            return try BillCalculator.calculate(request)
        } catch {
            throw CLIError.data("\(error)")
        }
    }

    /// `billsplit -`: one bill a line; blank lines and lines starting with # are skipped.
    /// A bad line is reported with its number and the rest still processed (exit 65).
    private func splitList(options: BillOptions, unit: Money?, rendering: BillRendering, format: OutputFormat) throws -> ExitCode {
        var failed = false
        var lineNumber = 0
        if format == .csv || format == .tsv {
            out.line(RecordPrinter.delimitedLines(header: BillRendering.delimitedHeader, rows: [], format: format)[0])
        }
        var lines = LineReader()
        while let text = try lines.next() {
            lineNumber += 1
            if text.allSatisfy(\.isWhitespace) || text.hasPrefix("#") { continue }
            do {
                let result = try split(text, options: options, unit: unit)
                switch format {
                case .text: out.line(rendering.summaryLine(result))
                case .json: out.line(BillRendering.json(result).serialized())
                case .csv, .tsv:
                    out.line(RecordPrinter.delimitedLines(header: [], rows: [BillRendering.delimitedRow(result)], format: format)[1])
                }
            } catch {
                failed = true
                out.flush()
                invocation.err.line("billsplit: error: line \(lineNumber): \(error.message.terminalSafe)")
            }
        }
        // A batch never changes the saved preferences: a script's options are its own,
        // not the next person's defaults.
        return failed ? .dataError : .ok
    }

    /// Saves what was given on the command line as the next run's defaults.
    func rememberChoices(_ options: BillOptions) throws {
        guard !arguments.flag("no-save") else { return }
        let tipGiven = arguments.value("tip") != nil
        let isPreset = Preferences.tipPresets.contains { options.tip.value == DecimalText(significand: $0, scale: 0) }
        try store.remember(
            currency: arguments.value("currency") != nil ? options.currency.code : nil,
            tipPercent: tipGiven ? options.tip.description : nil,
            customTipPercent: tipGiven && !isPreset ? options.tip.description : nil,
            people: arguments.value("people") != nil ? options.people : nil)
    }

    private func preferences() throws -> ExitCode {
        if arguments.flag("reset") {
            guard try Confirmation.require("Forget the saved preferences", invocation: invocation) else {
                invocation.err.line("Nothing changed.")
                return .ok
            }
            try store.reset()
            invocation.err.line("Preferences cleared; the defaults apply again.")
            return .ok
        }
        let saved = try store.load()
        let currency = saved.currency ?? LocaleCurrency.defaultCurrency(invocation.environment).code
        let entries: [(String, String, Bool)] = [
            ("currency", currency, saved.currency != nil),
            ("tipPercent", saved.tipPercent ?? Preferences.defaultTip, saved.tipPercent != nil),
            ("customTipPercent", saved.customTipPercent ?? Preferences.defaultCustomTip, saved.customTipPercent != nil),
            ("people", String(saved.people ?? Preferences.defaultPeople), saved.people != nil),
        ]
        if OutputFormat.chosen(in: arguments) == .json {
            out.line(JSONValue.object(entries.map { key, value, _ in
                (key, key == "currency" ? .string(value) : .number(value))
            } + [("file", .string(store.file.path))]).serialized(pretty: true))
            return .ok
        }
        var table = TextTable(columns: [.init("setting"), .init("value"), .init("source")], showsHeader: false)
        let labels = ["currency": "Currency", "tipPercent": "Tip %", "customTipPercent": "Custom tip %", "people": "People"]
        for (key, value, isSaved) in entries {
            table.append([labels[key] ?? key, value, isSaved ? "saved" : "default"])
        }
        for line in table.render() { out.line(line) }
        out.line("File: \(store.file.path.terminalSafe)")
        return .ok
    }
}
