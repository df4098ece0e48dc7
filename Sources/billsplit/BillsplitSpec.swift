// The command spec of billsplit: the single source of its parsing, help, man page and
// completions. Each option is a typed value that handlers read (BillsplitOptions), so
// its meaning and limits are spelled here once; the limits and defaults come from
// BillKit's rules.

import BillKit
import MoneyKit
import MoneyKitCLI

enum BillsplitSpec {
    static let root = CommandSpec(
        name: "billsplit",
        abstract: "tip and split a bill so the shares add up exactly",
        discussion: """
            Adds a tip to a bill and splits the total among \(range(BillRules.peopleRange)) people, in the bill's \
            currency, so that the shares add up to the total to the last minor unit.

            The order of rounding: the tip is rounded to the currency's minor unit, half up \
            (a tie goes away from zero); total = bill + tip; the total is split so the shares \
            add up exactly, the extra minor units going to the first shares (100.00 among 3 \
            is 33.34, 33.33, 33.33). With \
            --weights the total is split in proportion (largest remainder; ties to the \
            earlier person). With --round-up each share is then rounded up to a multiple \
            of UNIT; what that adds is shown as extra tip with the effective percentage.

            \(adjustmentDiscussion)

            The currency, tip and people given on the command line for one bill (or on the \
            screen) are remembered as the defaults for the next run (unless --no-save); a \
            batch (AMOUNT -) never changes them. Without saved preferences the tip is \
            \(BillRules.defaultTip) % and the split is for \(BillRules.defaultPeople) person.

            \(SharedConventions.defaultCurrency(after: "the saved one"))

            \(AmountInputHelp.forms) \(AmountInputHelp.currencies)

            With - as AMOUNT, \
            one amount is read per line of standard input and one result is printed per \
            line. On a terminal, billsplit without AMOUNT opens an interactive screen.

            --people takes a number or two or more names (--people Alice,Bob,Cara): names set the number \
            of shares and name them, in the card, in JSON (names) and on the screen; with \
            --weights, one weight per name. Names follow the tools' name rule, with no ',' or \
            ';', not 'everyone', and not twice in any letter case. Given more than once (-p 3 \
            --people Alice,Bob,Cara), the values must agree. billsplit items splits an \
            itemised bill person by person (see billsplit items --help).

            On the screen: type the bill; ←/→ choose the tip, c types a custom one; +/- \
            change the people; Tab cycles NOK, USD and KES; $ opens a field for any current \
            ISO 4217 code (Enter takes it, an unknown code is refused on the screen, Esc keeps \
            the currency); Enter leaves and prints the card, q or Esc leaves quietly.
            """,
        options: [
            BillsplitOptions.tip.spec, BillsplitOptions.people.spec, BillsplitOptions.currency.spec,
            BillsplitOptions.weights.spec, BillsplitOptions.roundUp.spec, BillsplitOptions.locale.spec,
        ] + BillsplitOptions.adjustmentSpecs + [
            BillsplitOptions.format.spec, BillsplitOptions.noSave, BillsplitOptions.config.spec, StandardOptions.color,
        ],
        arguments: [BillsplitOptions.amount],
        examples: [
            ExampleSpec("billsplit 100 --currency USD --tip 0 --people 3", "Three shares of a 100.00 USD bill: 33.34, 33.33, 33.33."),
            ExampleSpec("billsplit 847 --currency NOK --tip 12.5 --people 4 --round-up 10", "Each of four pays a multiple of 10 kroner."),
            ExampleSpec("billsplit 90 --weights 2,1,1 --format json", "The first person pays half; JSON for scripts."),
            ExampleSpec("""
                cut -d, -f2 bills.csv | tail -n +2 | billsplit - --people 2 --format csv
                """, """
                Split every bill of a CSV file (its second column) in two.
                """),
            ExampleSpec("billsplit prefs --reset --force", "Forget the remembered currency, tip and people."),
        ],
        environment: [EnvironmentSpec(JSONPreferencesRepository.environmentVariable, "The preferences file, when --config is not given."),
                      EnvironmentSpec("LC_ALL, LC_MONETARY, LANG", "The locale whose region gives the default currency, and --locale user.")]
            + StandardOptions.xdgEnvironment(["config"]) + StandardOptions.environment,
        files: [
            FileSpec("$XDG_CONFIG_HOME/billsplit/preferences.json", """
                The remembered preferences (default ~/.config/billsplit/preferences.json). JSON: \
                {\"format\": \"\(Preferences.formatName)\", \"version\": \
                \(Preferences.formatVersion), \"content\": {\"currency\": \"NOK\", \"tipPercent\": \
                \"15\", \"customTipPercent\": \"18\", \"people\": 1}}. Mode 0600 in a 0700 folder.
                """),
        ],
        exitStatus: [
            ExitStatusSpec(.ok), ExitStatusSpec(.usage, """
                A wrong command line: an unknown option or currency, a tip outside \
                \(dashed(BillRules.tipRange)), people outside \(dashed(BillRules.peopleRange)) or a \
                bad or repeated --people name, bad weights or rounding unit, a tax outside \
                \(dashed(BillRules.taxRange)), a negative --tip-amount, two options that exclude \
                each other, no AMOUNT when not on a terminal.
                """),
            ExitStatusSpec(.dataError, """
                A malformed amount (too many decimals for the currency, not a number, too large, \
                negative), or a corrupt or newer preferences file.
                """),
            ExitStatusSpec(.cannotCreate), ExitStatusSpec(.ioError), ExitStatusSpec(.busy), ExitStatusSpec(.configuration),
        ],
        security: StandardOptions.security()
    )

    static let prefs = CommandSpec(
        name: "prefs", abstract: "Show the remembered preferences, or clear them",
        options: [BillsplitOptions.prefsFormat.spec, BillsplitOptions.reset, StandardOptions.force])

    /// "1 to 20", as help and messages word a range.
    static func range(_ range: ClosedRange<Int64>) -> String { "\(range.lowerBound) to \(range.upperBound)" }

    /// "1–20", as the exit status list words a range.
    static func dashed(_ range: ClosedRange<Int64>) -> String { "\(range.lowerBound)–\(range.upperBound)" }
}
