// portfolio table --change: each period's change beside its value (PeriodChange's rule),
// from the end of the period before. The first row's "before" is the value in force just
// before its period started: one index lookup per account, no scan.

import MoneyKit
import MoneyKitPlatform

/// Each row's change of each account and each currency total of a PeriodTable.
public struct PeriodTableChanges: Sendable {
    /// Per row (in the table's order): each account's change, in the table's `accounts` order.
    public let values: [[ValueChange?]]
    /// Per row: each currency total's change, in the table's `currencies` order.
    public let totals: [[ValueChange?]]

    /// The changes of `table`'s rows, its values read again from `repository` only for the
    /// instant before its first period.
    /// - Throws: `PortfolioError.changeOutOfRange`, `.totalOutOfRange`; `StoreError` on a lookup.
    public init(table: PeriodTable, repository: any PortfolioRepository) throws {
        let series = ValueSeries(repository: repository, accounts: table.accounts)
        // The first period's start, from its end (which lies in it).
        let firstStart = table.rows.first.flatMap { table.period.start(containing: $0.end) }
        var before: [Int64?] = []
        for account in table.accounts {
            guard let firstStart, firstStart > PortfolioLimits.instants.lowerBound else { before.append(nil); continue }
            before.append(try series.value(of: account, at: firstStart - 1))
        }
        var totalsBefore: [Int64?] = []
        for currency in table.currencies {
            let present = table.accounts.indices.filter { table.accounts[$0].currency == currency }.compactMap { before[$0] }
            totalsBefore.append(present.isEmpty ? nil : try PortfolioTotal.of(present, currency: currency))
        }
        var values: [[ValueChange?]] = []
        var totals: [[ValueChange?]] = []
        var previous = (values: before, totals: totalsBefore)
        for row in table.rows {
            values.append(try table.accounts.indices.map { index throws(PortfolioError) in
                try ValueChange(start: previous.values[index], end: row.values[index], currency: table.accounts[index].currency)
            })
            totals.append(try table.currencies.indices.map { index throws(PortfolioError) in
                try ValueChange(start: previous.totals[index], end: row.totals[index], currency: table.currencies[index])
            })
            previous = (row.values, row.totals)
        }
        self.values = values
        self.totals = totals
    }
}
