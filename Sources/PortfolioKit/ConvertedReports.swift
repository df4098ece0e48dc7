// The --convert-to step of the reports, kept apart from them: the list's and dashboard's
// combined total, the table's combined total per period, and the chart's combined line.
// Each amount is converted at the rate in force at the instant it is valued (now, a
// period's end, a point of the line), rounded once, then the converted amounts are added
// exactly.

import MoneyKit

/// The list's or dashboard's accounts in one currency.
public struct ConvertedRows: Sendable {
    /// Each account's value in the target at the report's instant, by account id (accounts with a value).
    public let values: [Int64: Int64]
    /// The combined total of the active accounts, in the target.
    public let total: Int64

    /// `rows` at `now`, converted with `rates`.
    /// - Throws: `PortfolioError.missingRate`, `.conversionOutOfRange`, `.totalOutOfRange`.
    public init(_ rows: [AccountRow], rates: ExchangeRates, now: Int64) throws(PortfolioError) {
        var values: [Int64: Int64] = [:]
        var sum = CheckedSum()
        for row in rows {
            guard let value = row.current?.value else { continue }
            let converted = try rates.convert(value, from: row.account.currency, at: now)
            values[row.account.id] = converted
            if row.isActive { sum.add(converted) }
        }
        self.values = values
        total = try PortfolioTotal.require(sum, currency: rates.target)
    }
}

extension PeriodTable {
    /// The combined total in the target at each row's end (nil: no account had a value).
    /// - Throws: `PortfolioError.missingRate`, `.conversionOutOfRange`, `.totalOutOfRange`.
    public func convertedTotals(_ rates: ExchangeRates) throws(PortfolioError) -> [Int64?] {
        var totals: [Int64?] = []
        for row in rows {
            let present = accounts.indices.compactMap { index in row.values[index].map { (value: $0, currency: accounts[index].currency) } }
            totals.append(present.isEmpty ? nil : try rates.total(present, at: row.end))
        }
        return totals
    }
}

extension ChartReport {
    /// One panel: every panel's line converted and added, at each instant where a line
    /// or a rate changes. Titled "Portfolio (in GBP)", or the account's name (in GBP).
    /// - Throws: `PortfolioError.missingRate`, `.conversionOutOfRange`, `.totalOutOfRange`.
    public func converted(_ rates: ExchangeRates) throws(PortfolioError) -> ChartReport {
        guard !panels.isEmpty else { return self }
        let currencies = panels.map(\.currency)
        var instants = Set(panels.flatMap { $0.points.map(\.at) })
        for change in rates.changes(of: currencies) where change > from && change <= to { instants.insert(change) }
        var points: [SeriesPoint] = []
        for instant in instants.sorted() {
            let present = panels.compactMap { panel in panel.points.value(at: instant).map { (value: $0, currency: panel.currency) } }
            guard !present.isEmpty else { continue }
            let total = try rates.total(present, at: instant)
            if points.last?.value != total { points.append(SeriesPoint(at: instant, value: total)) }
        }
        let isPortfolio = panels.contains(where: \.isPortfolio) || panels.count > 1
        let title = isPortfolio ? "Portfolio (in \(rates.target.code))" : "\(panels[0].title) (in \(rates.target.code))"
        return ChartReport(from: from, to: to, panels: [Panel(title: title, currency: rates.target, points: points, isPortfolio: isPortfolio)])
    }

    init(from: Int64, to: Int64, panels: [Panel]) {
        self.from = from
        self.to = to
        self.panels = panels
    }
}
