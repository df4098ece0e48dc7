// The one rule for totals in every portfolio report (list, table, dashboard, chart; text,
// JSON, CSV and TSV): a total is added exactly (CheckedSum) and given only when it fits
// the range of amounts; one that does not is an error naming the currency, never a
// wrapped number. The accounts' own values are stored amounts and always fit.

import MoneyKit

/// The one rule for totals: exact, or an error naming the currency.
public enum PortfolioTotal {
    /// The exact sum of `values` in `currency`.
    /// - Throws: `PortfolioError.totalOutOfRange` when the total is beyond the range of amounts.
    public static func of<S: Sequence>(_ values: S, currency: Currency) throws(PortfolioError) -> Int64 where S.Element == Int64 {
        try require(CheckedSum(values), currency: currency)
    }

    /// The value of `sum`, a total in `currency`.
    /// - Throws: `PortfolioError.totalOutOfRange` when it is beyond the range of amounts.
    public static func require(_ sum: CheckedSum, currency: Currency) throws(PortfolioError) -> Int64 {
        guard let value = sum.value else { throw .totalOutOfRange(currency) }
        return value
    }
}
