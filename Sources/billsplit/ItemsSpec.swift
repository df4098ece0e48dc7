// The spec of `billsplit items`: an itemised bill split person by person. Its options
// are billsplit's own (the same typed values, so they read and fail alike); its text
// is what --help and the man page say about the file, the rounding and the tie rule.

import BillKit
import MoneyKit
import MoneyKitCLI
import MoneyKitStorage

extension BillsplitSpec {
    static let itemsFile = ArgumentSpec("FILE", help: "The bill as CSV (item,amount,who), or - for standard input.", completion: .file)

    static let itemsFormat = TypedOption<OutputFormat>.choice(OutputFormat.option())
    /// Taken as the other commands take it, so one command line works for both: items
    /// never changes the preferences anyway.
    static let itemsNoSave = OptionSpec.flag("no-save", help: "Accepted as by billsplit AMOUNT; items never changes the saved currency, tip and people.")

    static let items = CommandSpec(
        name: "items", abstract: "Split an itemised bill: each person their items, a part of the shared ones, tax and tip",
        discussion: """
            Reads a bill line by line as CSV: item,amount,who. The amount is in the bill's currency \
            (--currency, else the saved one, else the locale's), 0 or more. who is one name, several \
            names separated by ';' (they share the item equally), or everyone (every person of the bill). \
            A first line item,amount,who is a header and skipped, as are blank lines and lines starting \
            with #. A field holding a comma is quoted ("Wine, red").

            The people are those of --people Alice,Bob (in that order, so people who only share everyone \
            items can be named too), then each new name in the order it first appears. Names follow the \
            tools' name rule (visible characters, no spaces at either end, at most \
            \(ItemName.maximumCharacters) characters) with no ',' or ';', and letter case does not tell \
            people apart (bob is Bob, shown as first written). A bill has \
            \(range(BillRules.peopleRange)) people.

            Each person pays: items, the items only they have; shared, their part of the items they \
            share, summed exactly and rounded once; tax and tip, the tax and tip of the whole bill \
            (worked out for the items' sum exactly as for one bill, with --tax or --tax-included, \
            --tip-on, --tip or --tip-amount, and --round-total, whose change goes to the tip) in \
            proportion to their items + shared. A tax included in the prices (--tax-included) is \
            shown per person but not added: it is already in their items. Each \
            part is rounded to the minor unit by largest remainder, so the parts add up to the whole \
            exactly and the totals add up to the bill's total; an extra minor unit whose remainders tie \
            goes to the earlier person in the order of the people. When every subtotal is 0, a charge \
            is split equally.

            Every bad line is reported with its number (the first \(ItemisedBillReader.faultsShown), then \
            a count) and nothing is printed: a line without three fields, a blank item, an amount that is \
            not one (or is below 0), a blank who (an item shared by nobody), everyone mixed with names or \
            with no one named, a bad or repeated name. The preferences are never changed.
            """,
        options: [
            BillsplitOptions.people.spec, BillsplitOptions.tip.spec, BillsplitOptions.currency.spec, BillsplitOptions.locale.spec,
        ] + BillsplitOptions.adjustmentSpecs + [
            itemsFormat.spec, itemsNoSave, BillsplitOptions.config.spec, StandardOptions.color,
        ],
        arguments: [itemsFile],
        examples: [
            ExampleSpec("billsplit items lunch.csv --currency USD --tip 18", "Who pays what for the lines of lunch.csv, 18 % tip shared in proportion."),
            ExampleSpec("billsplit items lunch.csv --currency USD --tax 8.875 --tip 20 --round-total 1", """
                A sales tax added and a 20 % tip on the pre-tax bill, both shared in proportion; the \
                total a whole dollar.
                """),
            ExampleSpec("printf 'Pizza,24,everyone\\nWine,30,Alice;Bob\\n' | billsplit items - --people Alice,Bob,Cara --format json",
                        "Cara shares only the pizza; JSON for scripts."),
        ],
        exitStatus: [
            ExitStatusSpec(.ok),
            ExitStatusSpec(.usage, """
                A wrong command line: an unknown option or currency, a bad tip, tax or rounding \
                unit, two options that exclude each other, --people as a number or with a bad name.
                """),
            ExitStatusSpec(.dataError, "A bill that cannot be read (every bad line is named), a bill without items, amounts too large."),
            ExitStatusSpec(.noInput, "FILE does not exist or cannot be read."),
        ])
}
