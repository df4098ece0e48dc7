// The one rule for totals in every portfolio report (list, table, dashboard, chart; text,
// JSON, CSV and TSV): a total is added exactly (CheckedSum) and printed only when it fits
// the range of amounts; one that does not is an error (exit 65) naming the currency,
// never a wrapped number. The accounts' own values are stored amounts and always fit.

import MoneyKit
import MoneyKitCLI

enum PortfolioTotal {
    /// The exact sum of `values` in `currency`.
    /// - Throws: `CLIError` (65) when the total is beyond the range of amounts.
    static func of<S: Sequence>(_ values: S, currency: Currency) throws(CLIError) -> Int64 where S.Element == Int64 {
        try require(CheckedSum(values), currency: currency)
    }

    /// The value of `sum`, a total in `currency`.
    /// - Throws: `CLIError` (65) when it is beyond the range of amounts.
    static func require(_ sum: CheckedSum, currency: Currency) throws(CLIError) -> Int64 {
        guard let value = sum.value else { throw outOfRange(currency) }
        return value
    }

    static func outOfRange(_ currency: Currency) -> CLIError {
        let exponent = currency.minorUnitExponent
        let largest = Money.plainString(minorUnits: .max, exponent: exponent)
        let smallest = Money.plainString(minorUnits: .min, exponent: exponent)
        return CLIError.data(
            "the total of the \(currency.code) accounts is out of range (beyond \(smallest) to \(largest) \(currency.code)); no total is shown rather than a wrong one",
            hint: "'portfolio show NAME' shows each account's updates; remove a wrong one with 'portfolio updates rm NAME ID'")
    }
}
