// Conversion at an exact rate: money × rate rounded once, half away from zero, to the
// target's minor unit, in 128 bits; rates in force by date; a missing rate names the
// currency and the instant; the converted reports (list total, table, chart line).

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct CurrencyConversionTests {
    func rate(_ text: String) throws -> DecimalText { try #require(ExchangeRates.rate(text)) }

    @Test func convertsExactlyAndRoundsOnceHalfAwayFromZero() throws {
        // 1234.56 USD × 0.79 = 975.3024 GBP → 975.30.
        #expect(try CurrencyConversion.convert(123_456, from: .usd, to: .gbp, rate: rate("0.79")) == 97_530)
        // 0.50 USD × 0.01 = 0.005 → 0.01 (a tie goes away from zero), and −0.005 → −0.01.
        #expect(try CurrencyConversion.convert(50, from: .usd, to: .gbp, rate: rate("0.01")) == 1)
        #expect(try CurrencyConversion.convert(-50, from: .usd, to: .gbp, rate: rate("0.01")) == -1)
        // Just under the tie rounds down: 0.49 × 0.01 = 0.0049.
        #expect(try CurrencyConversion.convert(49, from: .usd, to: .gbp, rate: rate("0.01")) == 0)
        // To a currency without decimals and one with three.
        let jpy = try #require(Currency(code: "JPY")), kwd = try #require(Currency(code: "KWD"))
        #expect(try CurrencyConversion.convert(100_00, from: .usd, to: jpy, rate: rate("151.235")) == 15_124)  // 15123.5 → 15124
        #expect(try CurrencyConversion.convert(1000, from: jpy, to: kwd, rate: rate("0.002")) == 2_000)  // 1000 JPY = 2.000 KWD
        // A rate with 18 decimals: the divisor (10^20) is beyond 64 bits; the result is still exact.
        #expect(try CurrencyConversion.convert(Int64.max, from: .usd, to: .gbp, rate: rate("0.000000000000000001")) == 9)
        #expect(try CurrencyConversion.convert(500_000_000_000_000_000, from: .usd, to: .gbp, rate: rate("0.000000000000000001")) == 1)
        // The same currency is never touched.
        #expect(try CurrencyConversion.convert(123, from: .gbp, to: .gbp, rate: rate("2")) == 123)
    }

    @Test func aResultBeyondTheRangeIsAnErrorNotAWrappedNumber() throws {
        #expect(throws: PortfolioError.conversionOutOfRange(from: .usd, to: .gbp)) {
            try CurrencyConversion.convert(Int64.max, from: .usd, to: .gbp, rate: try rate("2"))
        }
        let jpy = try #require(Currency(code: "JPY"))
        #expect(throws: PortfolioError.conversionOutOfRange(from: jpy, to: .gbp)) {
            try CurrencyConversion.convert(Int64.max / 10, from: jpy, to: .gbp, rate: try rate("1"))  // × 100 for pence
        }
        // A product beyond 64 bits that divides back into range is fine.
        #expect(try CurrencyConversion.convert(Int64.max, from: .usd, to: .gbp, rate: try rate("0.5")) == Int64.max / 2 + 1)
    }

    @Test func theRateInForceIsTheLatestAtOrBeforeTheInstantAndAFixedRateWins() throws {
        var rates = ExchangeRates(target: .gbp)
        #expect(rates.addDated(.usd, at: local(2025, 1, 1), rate: try rate("0.80")))
        #expect(rates.addDated(.usd, at: local(2025, 3, 1), rate: try rate("0.75")))
        #expect(rates.addDated(.usd, at: local(2025, 3, 1), rate: try rate("0.75")))  // the same again: fine
        #expect(!rates.addDated(.usd, at: local(2025, 3, 1), rate: try rate("0.70")))  // a different one: refused
        #expect(try rates.rate(for: .usd, at: local(2025, 2, 28)) == rate("0.80"))
        #expect(try rates.rate(for: .usd, at: local(2025, 3, 1)) == rate("0.75"))
        #expect(try rates.rate(for: .gbp, at: 0) == rate("1"))
        #expect(throws: PortfolioError.missingRate(currency: .usd, target: .gbp, at: local(2024, 12, 31))) {
            try rates.rate(for: .usd, at: local(2024, 12, 31))
        }
        #expect(throws: PortfolioError.missingRate(currency: .eur, target: .gbp, at: 5)) { try rates.rate(for: .eur, at: 5) }
        #expect(rates.changes(of: [.usd, .gbp]) == [local(2025, 1, 1), local(2025, 3, 1)])
        rates.setFixed(.usd, rate: try rate("0.5"))
        #expect(try rates.rate(for: .usd, at: local(2024, 1, 1)) == rate("0.5"))
        #expect(rates.changes(of: [.usd]).isEmpty)
        #expect(ExchangeRates.rate("0") == nil && ExchangeRates.rate("-1") == nil && ExchangeRates.rate("1e3") == nil && ExchangeRates.rate("0,79") == nil)
    }

    @Test func listTotalTableAndChartConvertAtTheirOwnInstants() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Pounds", "100.00", at: local(2025, 1, 10))
        try portfolio.add("Dollars", "200.00", at: local(2025, 1, 10), currency: .usd)
        try portfolio.set("Dollars", "300.00", at: local(2025, 2, 10))
        var rates = ExchangeRates(target: .gbp)
        _ = rates.addDated(.usd, at: local(2025, 1, 1), rate: try rate("0.8"))
        _ = rates.addDated(.usd, at: local(2025, 2, 20), rate: try rate("0.5"))

        let rows = try portfolio.accountRows(includeClosed: false, now: local(2025, 3, 1))
        let converted = try ConvertedRows(rows, rates: rates, now: local(2025, 3, 1))
        #expect(converted.total == 100_00 + 150_00)

        let table = try PeriodTable(repository: portfolio.repository, period: .month, currency: nil, from: local(2025, 1, 1), to: local(2025, 3, 1), now: local(2025, 3, 1))
        // January: 100 + 200 × 0.8; February's end: 100 + 300 × 0.5; 1 March: the same.
        #expect(try table.convertedTotals(rates) == [260_00, 250_00, 250_00])

        let chart = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: local(2025, 3, 1)).converted(rates)
        #expect(chart.panels.count == 1 && chart.panels[0].title == "Portfolio (in GBP)" && chart.panels[0].currency == .gbp)
        // The line changes where a value changes and where the rate changes (20 Feb).
        #expect(chart.panels[0].points == [SeriesPoint(at: local(2025, 1, 10), value: 260_00), SeriesPoint(at: local(2025, 2, 10), value: 340_00),
                                           SeriesPoint(at: local(2025, 2, 20), value: 250_00)])

        // A currency with no rate at a period's end is an error naming it and that instant.
        let late = ExchangeRates(target: .gbp)
        #expect(throws: PortfolioError.missingRate(currency: .usd, target: .gbp, at: table.rows[0].end)) { try table.convertedTotals(late) }
    }
}
