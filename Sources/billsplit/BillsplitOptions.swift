// billsplit's options and argument as typed values: each carries its spec (help, limits)
// and how its text becomes a value, with BillKit's rules and its errors worded for the
// command line. Handlers read `arguments.value(BillsplitOptions.tip)`, never a string.

import BillKit
import MoneyKit
import MoneyKitCLI

enum BillsplitOptions {
    static let amount = ArgumentSpec("AMOUNT", help: "The bill, e.g. 100, 84.50 or 84,50; - reads one bill per line from standard input.", optional: true)

    /// `--tip`: 0 to 50 with up to two decimals.
    static let tip = TypedOption<Percentage>(.option(
        "tip", short: "t", value: "PCT",
        help: "Tip percentage, \(BillsplitSpec.range(BillRules.tipRange)) with up to two decimals, a decimal comma too (12,5) (presets \(BillRules.tipPresets.map(String.init).joined(separator: ", ")); default: saved, else \(BillRules.defaultTip))."
    )) { text, arguments throws(CLIError) in
        do throws(BillError) { return try BillRules.tip(text) } catch { throw error.cliError(commandPath: arguments.commandPath) }
    }

    /// `--people`: 1 to 20, or their names (read with PeopleGiven.resolve: it may repeat).
    static let people = TypedOption<PeopleGiven>(.option(
        "people", short: "p", value: "N|NAMES",
        help: "Split among N people, \(BillsplitSpec.range(BillRules.peopleRange)) (default: saved, else \(BillRules.defaultPeople)), or name them, two or more separated by commas: Alice,Bob,Cara (one share each, in this order).",
        repeating: true
    )) { text, arguments throws(CLIError) in
        try PeopleGiven.parse(text, commandPath: arguments.commandPath)
    }

    /// `--currency`: a current ISO 4217 code.
    static let currency = TypedOption<Currency>(.option(
        "currency", short: "c", value: "CODE",
        help: "ISO 4217 currency of the bill (default: saved, else the locale's, else USD).",
        completion: .values(["NOK", "USD", "KES", "EUR", "GBP", "SEK", "DKK", "JPY", "CHF", "CAD", "AUD"])
    )) { text, arguments throws(CLIError) in
        try CurrencyOption.parse(text, commandPath: arguments.commandPath)
    }

    /// `--weights`: one whole number per person.
    static let weights = TypedOption<[Int64]>(.option(
        "weights", short: "w", value: "W,W,…",
        help: "Split unevenly by whole-number weights, one per person (2,1,1: the first pays half)."
    )) { text, arguments throws(CLIError) in
        do throws(BillError) { return try BillRules.weights(text) } catch { throw error.cliError(commandPath: arguments.commandPath) }
    }

    /// `--round-up`: read in the bill's currency once that is known (`BillRules.roundUpUnit`).
    static let roundUp = TypedOption<String>(.option(
        "round-up", value: "UNIT", help: "Round each share up to a multiple of UNIT (e.g. 1, 5, 10) for cash."))

    /// `--locale`: checked by `BillOptions.formattingLocale` (ICU knows the locales).
    static let locale = TypedOption<String>(.option(
        "locale", value: "LOCALE",
        help: "Format amounts for LOCALE (e.g. de_DE), or 'user' for the locale of LC_ALL, LC_MONETARY or LANG (default: the currency's own)."))

    static let format = TypedOption<OutputFormat>.choice(OutputFormat.option())

    static let noSave = OptionSpec.flag("no-save", help: "Do not remember the currency, tip and people given.")

    /// `--config`: the preferences file, for every command.
    static let config = TypedOption<String>(.option(
        "config", value: "PATH",
        help: "The preferences file (default $\(JSONPreferencesRepository.environmentVariable), else $XDG_CONFIG_HOME/billsplit/preferences.json).",
        global: true, completion: .file))

    static let prefsFormat = TypedOption<OutputFormat>.choice(OutputFormat.option([.text, .json]))

    static let reset = OptionSpec.flag("reset", help: "Forget the saved preferences (asks on a terminal; --force otherwise).")
}
