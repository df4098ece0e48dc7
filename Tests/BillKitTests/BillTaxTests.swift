// Tax and the tip's base, in process: a tax added (rounded once, half up) or included
// (price × rate / (100 + rate), shown, not added), the tip on its base, a fixed tip, in
// currencies with 0, 2 and 3 decimals, half-unit ties, 0 % and 100 %, rates refused, and
// amounts near Int64's limit refused as an error, never a trap.

import Testing
import MoneyKit
@testable import BillKit

struct BillTaxTests {
    static func currency(_ code: String) throws -> Currency { try #require(Currency(code: code)) }

    static func split(
        _ bill: String, _ code: String, tip: String = "0", people: Int = 1, weights: [Int64]? = nil,
        tax: String? = nil, included: String? = nil, tipOn: TipBase? = nil, tipAmount: String? = nil
    ) throws -> BillResult {
        let currency = try currency(code)
        var adjustments = BillAdjustments(tipOn: tipOn)
        if let tax { adjustments.tax = try BillRules.tax(tax, .added) }
        if let included { adjustments.tax = try BillRules.tax(included, .included) }
        if let tipAmount { adjustments.tipAmount = try BillRules.tipAmount(tipAmount, currency: currency) }
        return try BillCalculator.calculate(
            amountText: bill, currency: currency, tipPercent: try BillRules.tip(tip),
            weights: weights ?? Array(repeating: 1, count: people), roundUpUnit: nil, adjustments: adjustments)
    }

    struct Example: Sendable, CustomTestStringConvertible {
        let bill: String, currency: String, tip: String, tax: String?, included: String?, tipOn: TipBase?
        let expectedTax: String, expectedIncluded: String, base: String, expectedTip: String, total: String
        var testDescription: String { "\(bill) \(currency) tax \(tax ?? "-") incl \(included ?? "-") tip \(tip) on \(tipOn?.rawValue ?? "default")" }
    }

    static let examples: [Example] = [
        // 100.00 × 8.875 % = 8.875: the half cent goes up, once; the tip is on the bill before tax.
        Example(bill: "100", currency: "USD", tip: "15", tax: "8.875", included: nil, tipOn: nil,
                expectedTax: "8.88", expectedIncluded: "0.00", base: "100.00", expectedTip: "15.00", total: "123.88"),
        // On the total: 108.88 × 15 % = 16.332 → 16.33.
        Example(bill: "100", currency: "USD", tip: "15", tax: "8.875", included: nil, tipOn: .total,
                expectedTax: "8.88", expectedIncluded: "0.00", base: "108.88", expectedTip: "16.33", total: "125.21"),
        // VAT in the prices: 125.00 × 25 / 125 = 25.00 shown, not added; the tip on the bill as printed.
        Example(bill: "125", currency: "NOK", tip: "15", tax: nil, included: "25", tipOn: nil,
                expectedTax: "0.00", expectedIncluded: "25.00", base: "125.00", expectedTip: "18.75", total: "143.75"),
        Example(bill: "125", currency: "NOK", tip: "15", tax: nil, included: "25", tipOn: .preTax,
                expectedTax: "0.00", expectedIncluded: "25.00", base: "100.00", expectedTip: "15.00", total: "140.00"),
        // Kenya's 16 % VAT: 1,000.00 × 16 / 116 = 137.931… → 137.93.
        Example(bill: "1000", currency: "KES", tip: "10", tax: nil, included: "16", tipOn: .preTax,
                expectedTax: "0.00", expectedIncluded: "137.93", base: "862.07", expectedTip: "86.21", total: "1086.21"),
        // No decimals: 1,000 yen × 10 / 110 = 90.9 → 91; KRW 15,500 × 10 % = 1,550.
        Example(bill: "1000", currency: "JPY", tip: "0", tax: nil, included: "10", tipOn: nil,
                expectedTax: "0", expectedIncluded: "91", base: "1000", expectedTip: "0", total: "1000"),
        Example(bill: "15500", currency: "KRW", tip: "5", tax: "10", included: nil, tipOn: .total,
                expectedTax: "1550", expectedIncluded: "0", base: "17050", expectedTip: "853", total: "17903"),
        // A half-yen tie: 5 yen × 10 % = 0.5 → 1.
        Example(bill: "5", currency: "JPY", tip: "0", tax: "10", included: nil, tipOn: nil,
                expectedTax: "1", expectedIncluded: "0", base: "5", expectedTip: "0", total: "6"),
        // Three decimals: 0.010 KWD × 5 % = 0.0005 → 0.001; BHD 1.000 × 10 / 110 = 0.0909… → 0.091.
        Example(bill: "0.010", currency: "KWD", tip: "0", tax: "5", included: nil, tipOn: nil,
                expectedTax: "0.001", expectedIncluded: "0.000", base: "0.010", expectedTip: "0.000", total: "0.011"),
        Example(bill: "1", currency: "BHD", tip: "10", tax: nil, included: "10", tipOn: .preTax,
                expectedTax: "0.000", expectedIncluded: "0.091", base: "0.909", expectedTip: "0.091", total: "1.091"),
        // Half-cent ties: 0.10 × 5 % = 0.005 → 0.01; 1.01 with 100 % included: 0.505 → 0.51.
        Example(bill: "0.10", currency: "USD", tip: "0", tax: "5", included: nil, tipOn: nil,
                expectedTax: "0.01", expectedIncluded: "0.00", base: "0.10", expectedTip: "0.00", total: "0.11"),
        Example(bill: "1.01", currency: "USD", tip: "0", tax: nil, included: "100", tipOn: nil,
                expectedTax: "0.00", expectedIncluded: "0.51", base: "1.01", expectedTip: "0.00", total: "1.01"),
        // The tip's own tie, on the pre-tax base: 0.10 × 5 % = 0.005 → 0.01.
        Example(bill: "0.10", currency: "USD", tip: "5", tax: "5", included: nil, tipOn: nil,
                expectedTax: "0.01", expectedIncluded: "0.00", base: "0.10", expectedTip: "0.01", total: "0.12"),
        // 0 % and 100 %.
        Example(bill: "80", currency: "EUR", tip: "10", tax: "0", included: nil, tipOn: .total,
                expectedTax: "0.00", expectedIncluded: "0.00", base: "80.00", expectedTip: "8.00", total: "88.00"),
        Example(bill: "80", currency: "EUR", tip: "10", tax: nil, included: "0", tipOn: .preTax,
                expectedTax: "0.00", expectedIncluded: "0.00", base: "80.00", expectedTip: "8.00", total: "88.00"),
        Example(bill: "80", currency: "EUR", tip: "10", tax: "100", included: nil, tipOn: .total,
                expectedTax: "80.00", expectedIncluded: "0.00", base: "160.00", expectedTip: "16.00", total: "176.00"),
        Example(bill: "80", currency: "EUR", tip: "10", tax: nil, included: "100", tipOn: .preTax,
                expectedTax: "0.00", expectedIncluded: "40.00", base: "40.00", expectedTip: "4.00", total: "84.00"),
    ]

    @Test(arguments: examples)
    func taxAndTipAreEachRoundedOnce(_ example: Example) throws {
        let result = try Self.split(example.bill, example.currency, tip: example.tip, people: 3,
                                    tax: example.tax, included: example.included, tipOn: example.tipOn)
        #expect(result.tax.plainString == example.expectedTax)
        #expect(result.includedTax.plainString == example.expectedIncluded)
        #expect(result.tipBase.plainString == example.base)
        #expect(result.tip.plainString == example.expectedTip)
        #expect(result.total.plainString == example.total)
        #expect(try result.request.bill + result.tax + result.tip == result.total)
        #expect(try Money.sum(result.shares, currency: result.currency) == result.total)
    }

    @Test func theDefaultBaseDependsOnTheKindOfTax() {
        #expect(TipBase.defaultBase(for: nil) == .preTax)
        #expect(TipBase.defaultBase(for: .added(Percentage(10))) == .preTax)
        #expect(TipBase.defaultBase(for: .included(Percentage(10))) == .total)
    }

    @Test func withoutAdjustmentsTheSplitIsTheOldOne() throws {
        let plain = try BillCalculator.calculate(
            amountText: "100", currency: try Self.currency("USD"), tipPercent: Percentage(15), weights: [1, 1, 1], roundUpUnit: nil)
        #expect(plain.tax.isZero && plain.includedTax.isZero)
        #expect(plain.tipBase == plain.request.bill)
        #expect(plain.tip.plainString == "15.00" && plain.total.plainString == "115.00")
        #expect(plain.shares.map(\.plainString) == ["38.34", "38.33", "38.33"])
        #expect(plain.tipPercent == Percentage(15))
        // --tip-on without a tax: both bases are the bill.
        for base in TipBase.allCases {
            let result = try Self.split("100", "USD", tip: "15", people: 3, tipOn: base)
            #expect(result.tipBase.plainString == "100.00" && result.total == plain.total && result.shares == plain.shares)
        }
    }

    @Test(arguments: [
        ([2, 1, 1] as [Int64], "USD", ["61.94", "30.97", "30.97"]),
        ([3, 3, 1], "JPY", ["53089", "53089", "17697"]),
        ([1, 1, 1, 1, 1, 1, 1], "KWD", ["17.697", "17.697", "17.697", "17.696", "17.696", "17.696", "17.696"]),
    ])
    func sharesWithTaxAddUpExactly(weights: [Int64], code: String, shares: [String]) throws {
        // 100 + 8.875 % + 15 % pre-tax: 123.88 USD; 100000 + 8875 + 15000 = 123875 JPY;
        // 100.000 KWD: 8.875 + 15.000 = 123.875.
        let bill = code == "JPY" ? "100000" : "100"
        let result = try Self.split(bill, code, tip: "15", weights: weights, tax: "8.875")
        #expect(result.shares.map(\.plainString) == shares)
        #expect(try Money.sum(result.shares, currency: result.currency) == result.total)
    }

    @Test func aFixedTipReplacesThePercentage() throws {
        let result = try Self.split("47.30", "USD", tip: "20", people: 2, tax: "10", tipAmount: "7.50")
        #expect(result.tip.plainString == "7.50")
        #expect(result.tax.plainString == "4.73")
        #expect(result.total.plainString == "59.53")
        #expect(result.shares.map(\.plainString) == ["29.77", "29.76"])
        // Shown as its percentage of the base (47.30 before tax): 15.856… → 15.86.
        #expect(result.tipPercent?.description == "15.86")
        // A zero bill has no percentage; a zero tip is one.
        #expect(try Self.split("0", "USD", tipAmount: "5").tipPercent == nil)
        #expect(try Self.split("0", "USD", tipAmount: "5").total.plainString == "5.00")
        #expect(try Self.split("10", "USD", tip: "15", tipAmount: "0").tipPercent?.description == "0")
    }

    @Test(arguments: [
        ("-5", BillError.TaxProblem.outOfRange), ("100.01", .outOfRange), ("1000", .outOfRange), ("-0.0001", .outOfRange),
        ("abc", .notAPercentage), ("", .notAPercentage), ("5%%", .notAPercentage), ("1e2", .notAPercentage),
        ("8.87501", .tooManyDecimals), ("99999999999999999999", .notAPercentage),
    ])
    func aBadRateIsRefusedNamingWhichTax(text: String, problem: BillError.TaxProblem) {
        #expect(throws: BillError.invalidTax(text, .added, problem)) { try BillRules.tax(text, .added) }
        #expect(throws: BillError.invalidTax(text, .included, problem)) { try BillRules.tax(text, .included) }
    }

    @Test(arguments: ["0", "100", "8.875", "14.975", "12,5", "25%", "0.0001"])
    func aRateFromZeroToAHundredIsTaken(text: String) throws {
        #expect(try BillRules.tax(text, .added).kind == .added)
        #expect(try BillRules.tax(text, .included).kind == .included)
    }

    @Test func aBadFixedTipIsRefused() throws {
        let usd = try Self.currency("USD")
        #expect(throws: BillError.negativeTipAmount("-1")) { try BillRules.tipAmount("-1", currency: usd) }
        #expect(throws: BillError.invalidTipAmount("0.234", .tooManyDecimals(input: "0.234", currency: "USD", allowed: 2))) {
            try BillRules.tipAmount("0.234", currency: usd)
        }
        let jpy = try Self.currency("JPY")
        let error = #expect(throws: BillError.self) { try BillRules.tipAmount("abc", currency: jpy) }
        guard case .invalidTipAmount("abc", _)? = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func amountsNearTheLimitAreAnErrorNotATrap() throws {
        let usd = try Self.currency("USD")
        let largest = Money(minorUnits: .max, currency: usd)
        func calculate(_ adjustments: BillAdjustments, tip: Int64 = 0) throws(BillError) -> BillResult {
            try BillCalculator.calculate(BillRequest(bill: largest, tipPercent: Percentage(tip), weights: [1, 2], adjustments: adjustments))
        }
        for adjustments in [
            BillAdjustments(tax: .added(Percentage(1))),
            BillAdjustments(tax: .added(Percentage(100))),
            BillAdjustments(tax: .included(Percentage(25)), tipAmount: Money(minorUnits: 1, currency: usd)),
            BillAdjustments(tax: .added(Percentage(0)), tipOn: .total, tipAmount: Money(minorUnits: .max, currency: usd)),
        ] {
            let error = #expect(throws: BillError.self) { try calculate(adjustments) }
            guard case .calculation(.overflow)? = error else { Issue.record("\(adjustments): \(String(describing: error))"); continue }
        }
        let error = #expect(throws: BillError.self) { try calculate(BillAdjustments(tax: .included(Percentage(10))), tip: 1) }
        guard case .calculation(.overflow)? = error else { Issue.record("\(String(describing: error))"); return }
        // What fits still splits exactly: an included tax is part of the bill, never added.
        let included = try calculate(BillAdjustments(tax: .included(Percentage(100)), tipOn: .preTax))
        #expect(included.includedTax.minorUnits == Int64.max / 2 + 1)
        #expect(included.total == largest)
        #expect(try Money.sum(included.shares, currency: usd) == largest)
    }

    @Test func includedTaxIsExactForEveryRateAndAmount() throws {
        // price × r / (100 + r), rounded half up, checked against the same fraction in 128 bits.
        let usd = try Self.currency("USD")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let price = Int64.random(in: 0...10_000_000, using: &generator)
            let rate = Int64.random(in: 0...1_000_000, using: &generator)  // 0.0000 to 100.0000 %
            let tax = try Money(minorUnits: price, currency: usd).includedTax(Percentage(DecimalText(significand: rate, scale: 4)))
            let numerator = Int(price) * Int(rate), denominator = 1_000_000 + Int(rate)
            let expected = (2 * numerator + denominator) / (2 * denominator)
            #expect(tax.minorUnits == Int64(expected), "\(price) at \(rate)")
        }
    }
}
