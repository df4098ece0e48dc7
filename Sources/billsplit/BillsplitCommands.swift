// billsplit's commands: split one bill, split a list from standard input, open the
// interactive screen, and show or clear the preferences. Each reads its options through
// BillsplitOptions, asks BillKit for the result and renders it.

import BillKit
import MoneyKit
import MoneyKitStorage
import MoneyKitCLI

struct BillsplitCommands {
    let invocation: Invocation
    let repository: JSONPreferencesRepository

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }

    init(invocation: Invocation) throws {
        self.invocation = invocation
        self.repository = try JSONPreferencesRepository(
            path: try invocation.arguments.value(BillsplitOptions.config), environment: invocation.environment)
    }

    /// `billsplit AMOUNT`, `billsplit -`, or the screen.
    func split() throws -> ExitCode {
        let saved = try repository.savedSettings()
        let options = try BillOptions.resolve(invocation, saved: saved)
        let rendering = BillRendering(localeIdentifier: options.localeIdentifier, styler: invocation.styler, width: invocation.terminal.width)
        guard let amountText = arguments.argument(BillsplitOptions.amount.name) else {
            guard invocation.terminal.isInteractive else {
                throw CLIError.usage("missing AMOUNT", hint: "give the bill, or - to read bills from standard input; the interactive screen needs a terminal")
            }
            return try SplitScreen(invocation: invocation, repository: repository, options: options, saved: saved.preferences).run()
        }
        let unit = try options.roundUpUnit(commandPath: arguments.commandPath)
        let format = try arguments.value(BillsplitOptions.format) ?? .text
        if amountText == "-" { return try splitList(options: options, unit: unit, rendering: rendering, format: format) }

        let result = try split(amountText, options: options, unit: unit)
        try rememberChoices(options)
        switch format {
        case .text: for line in rendering.card(result, names: options.shareNames) { out.line(line) }
        case .json: out.line(BillRendering.json(result, names: options.shareNames).serialized(pretty: true))
        case .csv, .tsv:
            let columns = BillRendering.delimitedColumns(options.adjustments)
            out.line(columns.headerLine(format))
            out.line(columns.line(result, format))
        }
        return .ok
    }

    /// One bill, parsed in the chosen currency and calculated.
    func split(_ amountText: String, options: BillOptions, unit: Money?) throws(CLIError) -> BillResult {
        do throws(BillError) {
            return try BillCalculator.calculate(
                amountText: amountText, currency: options.currency, tipPercent: options.tip,
                weights: options.splitWeights, roundUpUnit: unit, adjustments: options.adjustments)
        } catch {
            throw error.cliError(commandPath: arguments.commandPath)
        }
    }

    /// `billsplit -`: one bill a line; blank lines and lines starting with # are skipped.
    /// A bad line is reported with its number and the rest still processed (exit 65).
    private func splitList(options: BillOptions, unit: Money?, rendering: BillRendering, format: OutputFormat) throws -> ExitCode {
        var failed = false
        var lineNumber = 0
        let columns = BillRendering.delimitedColumns(options.adjustments)
        if format == .csv || format == .tsv { out.line(columns.headerLine(format)) }
        var lines = LineReader(input: invocation.input)
        while let text = try lines.next() {
            lineNumber += 1
            if text.allSatisfy(\.isWhitespace) || text.hasPrefix("#") { continue }
            do {
                let result = try split(text, options: options, unit: unit)
                switch format {
                case .text: out.line(rendering.summaryLine(result))
                case .json: out.line(BillRendering.json(result, names: options.shareNames).serialized())
                case .csv, .tsv: out.line(columns.line(result, format))
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
        guard !arguments.flag(BillsplitOptions.noSave) else { return }
        try repository.remember(options.remembered)
    }

    /// `billsplit prefs [--reset]`.
    func preferences() throws -> ExitCode {
        if arguments.flag(BillsplitOptions.reset) {
            guard try Confirmation.require("Forget the saved preferences", invocation: invocation) else {
                invocation.err.line("Nothing changed.")
                return .ok
            }
            try repository.reset()
            invocation.err.line("Preferences cleared; the defaults apply again.")
            return .ok
        }
        let report = PreferencesReport(
            try repository.load(), source: repository.source,
            defaultCurrency: LocaleCurrency.defaultCurrency(invocation.environment))
        switch try arguments.value(BillsplitOptions.prefsFormat) ?? .text {
        case .json: out.line(PreferencesRendering.json(report).serialized(pretty: true))
        default: for line in PreferencesRendering.text(report) { out.line(line) }
        }
        return .ok
    }
}
