// The command spec of billsplit: the single source of its parsing, help, man page and
// completions.

import MoneyKitCLI

enum BillsplitSpec {
    static let formats = OutputFormat.option()

    static let root = CommandSpec(
        name: "billsplit",
        abstract: "tip and split a bill so the shares add up exactly",
        discussion: """
            Adds a tip to a bill and splits the total among 1 to 20 people, in the bill's \
            currency, so that the shares add up to the total to the last minor unit.

            The order of rounding: the tip is rounded to the currency's minor unit, half up \
            (a tie goes away from zero); total = bill + tip; the total is split so the shares \
            add up exactly, the extra minor units going to the first shares (100.00 among 3 \
            is 33.34, 33.33, 33.33). With \
            --weights the total is split in proportion (largest remainder; ties to the \
            earlier person). With --round-up each share is then rounded up to a multiple \
            of UNIT; what that adds is shown as extra tip with the effective percentage.

            The currency, tip and people given on the command line for one bill (or on the \
            screen) are remembered as the defaults for the next run (unless --no-save); a \
            batch (AMOUNT -) never changes them. Without saved preferences the tip is \
            15 % and the split is for 1 person.

            \(SharedConventions.defaultCurrency(after: "the saved one"))

            \(AmountInputHelp.forms) \(AmountInputHelp.currencies)

            With - as AMOUNT, \
            one amount is read per line of standard input and one result is printed per \
            line. On a terminal, billsplit without AMOUNT opens an interactive screen.
            """,
        options: [
            .option("tip", short: "t", value: "PCT", help: "Tip percentage, 0 to 50 with up to two decimals, a decimal comma too (12,5) (presets 0, 5, 10, 15, 20, 25; default: saved, else 15)."),
            .option("people", short: "p", value: "N", help: "Split among N people, 1 to 20 (default: saved, else 1)."),
            .option("currency", short: "c", value: "CODE", help: "ISO 4217 currency of the bill (default: saved, else the locale's, else USD).", completion: .values(["NOK", "USD", "KES", "EUR", "GBP", "SEK", "DKK", "JPY", "CHF", "CAD", "AUD"])),
            .option("weights", short: "w", value: "W,W,…", help: "Split unevenly by whole-number weights, one per person (2,1,1: the first pays half)."),
            .option("round-up", value: "UNIT", help: "Round each share up to a multiple of UNIT (e.g. 1, 5, 10) for cash."),
            .option("locale", value: "LOCALE", help: "Format amounts for LOCALE (e.g. de_DE), or 'user' for the locale of LC_ALL, LC_MONETARY or LANG (default: the currency's own)."),
            formats,
            .flag("no-save", help: "Do not remember the currency, tip and people given."),
            .option("config", value: "PATH", help: "The preferences file (default $BILLSPLIT_CONFIG, else $XDG_CONFIG_HOME/billsplit/preferences.json).", global: true, completion: .file),
            StandardOptions.color,
        ],
        arguments: [ArgumentSpec("AMOUNT", help: "The bill, e.g. 100, 84.50 or 84,50; - reads one bill per line from standard input.", optional: true)],
        subcommands: [
            CommandSpec(
                name: "prefs", abstract: "Show the remembered preferences, or clear them",
                options: [
                    OutputFormat.option([.text, .json]),
                    .flag("reset", help: "Forget the saved preferences (asks on a terminal; --force otherwise)."),
                    StandardOptions.force,
                ]),
        ],
        examples: [
            ExampleSpec("billsplit 100 --currency USD --tip 0 --people 3", "Three shares of a 100.00 USD bill: 33.34, 33.33, 33.33."),
            ExampleSpec("billsplit 847 --currency NOK --tip 12.5 --people 4 --round-up 10", "Each of four pays a multiple of 10 kroner."),
            ExampleSpec("billsplit 90 --weights 2,1,1 --format json", "The first person pays half; JSON for scripts."),
            ExampleSpec("cut -d, -f2 bills.csv | tail -n +2 | billsplit - --people 2 --format csv", "Split every bill of a CSV file (its second column) in two."),
            ExampleSpec("billsplit prefs --reset --force", "Forget the remembered currency, tip and people."),
        ],
        environment: [EnvironmentSpec("BILLSPLIT_CONFIG", "The preferences file, when --config is not given."),
                      EnvironmentSpec("LC_ALL, LC_MONETARY, LANG", "The locale whose region gives the default currency, and --locale user.")]
            + StandardOptions.xdgEnvironment(["config"]) + StandardOptions.environment,
        files: [
            FileSpec("$XDG_CONFIG_HOME/billsplit/preferences.json", "The remembered preferences (default ~/.config/billsplit/preferences.json). JSON: {\"format\": \"billsplit-preferences\", \"version\": 1, \"content\": {\"currency\": \"NOK\", \"tipPercent\": \"15\", \"customTipPercent\": \"18\", \"people\": 1}}. Mode 0600 in a 0700 folder."),
        ],
        exitStatus: [
            ExitStatusSpec(.ok), ExitStatusSpec(.usage, "A wrong command line: an unknown option or currency, a tip outside 0–50, people outside 1–20, bad weights or rounding unit, no AMOUNT when not on a terminal."),
            ExitStatusSpec(.dataError, "A malformed amount (too many decimals for the currency, not a number, too large, negative), or a corrupt or newer preferences file."),
            ExitStatusSpec(.cannotCreate), ExitStatusSpec(.ioError), ExitStatusSpec(.busy), ExitStatusSpec(.configuration),
        ],
        security: StandardOptions.security()
    )
}
