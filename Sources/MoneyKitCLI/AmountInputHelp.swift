// What the manual says about typing an amount and naming a currency: one text for the
// tools that read money (billsplit, tillcount, portfolio), since one reader
// (Money.parse) and one currency check (CurrencyOption) serve them all.

package enum AmountInputHelp {
    /// The forms an amount may be written in, for a command's discussion.
    package static let forms = """
        An amount has at most the currency's decimals, zeros included (12.34 for USD, 500 \
        for JPY; 12.500 and 5.0 are refused), and may be typed as the tools print it: \
        1847,50, 1.847,50, 1,847.50, 1 847,50 kr or kr 1847,50 (no-break spaces too; the \
        currency's code or symbol before or after). The decimal separator is '.' or ','; \
        the other one, a space or an apostrophe groups digits in threes. A '.' or ',' \
        before exactly three digits with nothing else to tell (1,500 or 1.500) could be \
        either and is refused: write 1500 or 1 500 for the thousands, 1.5 for the decimals. \
        In a currency without decimals (JPY, ISK, CLP) it groups: 1.500 is 1500; in one \
        with three (KWD, BHD) a '.' there marks the decimals. An amount written with \
        another currency's code or symbol (€5 for GBP) is refused, naming both; a symbol \
        shared with the currency ($ for CAD) is its own. Screens read what is typed into \
        them the same way.
        """

    /// For a command that imports CSV.
    package static let csv = "In CSV, a value with a comma is quoted: \"1847,50\"."

    /// What --currency accepts, for a command's discussion.
    package static let currencies = """
        A currency is named by its ISO 4217 code (any letter case). A code ISO has \
        withdrawn (BGN since 2026-01-01, replaced by EUR; ANG, replaced by XCG; CUC) is \
        refused for new amounts (exit 64); amounts already stored in one still show, \
        report and export.
        """
}
