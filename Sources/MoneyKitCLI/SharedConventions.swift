// The conventions the four tools share, worded once for their help and man pages, so
// that every page says the same thing the shared code does (ItemName, LocaleCurrency).

import MoneyKit
import MoneyKitStorage

package enum SharedConventions {
    /// The name rule (MoneyKit's ItemName), for a tool whose things are `thing` with its
    /// article ("a counter", "an account").
    package static func names(of thing: String) -> String {
        """
        Names: \(thing) name has at most 100 characters (and 400 bytes of UTF-8), a \
        visible character, no space at either end, no control character (tab and newline \
        included) and no invisible one (every default-ignorable and format character: \
        zero-width spaces and joiners, the word joiner, the byte order mark, the soft \
        hyphen, direction marks; a joiner or selector inside an emoji or a script that needs \
        it is kept); another name is refused (exit 64 when empty or with a space at an end, \
        65 otherwise) and nothing is stored. Names are stored in Unicode NFC, and letter case \
        does not tell them apart, by Unicode case folding: 'Cash ISA' and 'cash isa', \
        'ΟΔΟΣ' and 'οδος', 'Straße' and 'STRASSE' are one name, kept as first typed, and an \
        exact match wins. The folding is the same in every locale: 'I' is 'i', while the \
        dotless 'ı' and the dotted 'İ' are letters of their own. A name stored before this \
        rule stays readable and is shown escaped. tally, tillcount, portfolio and billsplit \
        share this rule.
        """
    }

    /// The undo rule (MoneyKit's UndoHistory) for `tool`.
    package static func undo(_ tool: String) -> String {
        """
        Undo: every command that changes what \(tool) stores is one step; '\(tool) undo' \
        reverts the newest step exactly and says what it was, and can go back \
        \(UndoHistory.stepsKept) steps. An undo is not itself a step (there is no redo); \
        with nothing to undo it exits 66. tally, tillcount and portfolio share this rule.
        """
    }

    /// Where a tool's currency comes from when none is given: `saved` says what the tool
    /// remembers first ("the live count's currency"), or nil.
    package static func defaultCurrency(after saved: String?) -> String {
        let remembered = saved.map { "else \($0), " } ?? ""
        return """
            Currency: when --currency is not given, \(remembered)else the currency of the \
            locale's region (the first of LC_ALL, LC_MONETARY and LANG that is set: en_GB \
            gives GBP), else \(LocaleCurrency.fallback.code) (a C or POSIX locale names no region). \
            billsplit, portfolio and tillcount share this rule.
            """
    }
}
