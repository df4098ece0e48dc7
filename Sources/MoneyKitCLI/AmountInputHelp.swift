// What the manual says about typing an amount and naming a currency: one text for the
// tools that read money (billsplit, tillcount, portfolio), since one reader
// (Money.parse) and one currency check (CurrencyOption) serve them all.

package enum AmountInputHelp {
    /// The forms an amount may be written in, for a command's discussion.
    package static let forms = """
        An amount has at most the currency's decimals (12.34 for USD, 500 for JPY) and may \
        be typed as the tools print it: 1847,50, 1.847,50, 1,847.50, 1 847,50 kr or \
        kr 1847,50 (no-break spaces too; the currency's code or symbol before or after). \
        The decimal separator is '.' or ','; the other one, a space or an apostrophe groups \
        digits in threes. A comma before exactly three digits with nothing else to tell \
        (1,500) could be either and is refused: write 1500 or 1 500 for the thousands, 1.5 \
        for the decimals. In a currency without decimals (JPY, ISK, CLP) a lone '.' or ',' \
        before three digits groups: 1,500 is 1500.
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
