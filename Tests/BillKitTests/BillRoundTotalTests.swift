// Rounding the total, in process: the neighbouring multiple whose tip is closest to the
// exact tip asked for (a percentage of its base, or a fixed amount), a tie up, never a
// negative tip, in currencies with 0, 2 and 3 decimals, with a tax and weights; the tip
// absorbs the difference and the shares still add up; an overflow is an error.

import Testing
import MoneyKit
@testable import BillKit

struct BillRoundTotalTests {
    static func split(
        _ bill: String, _ code: String, tip: String = "0", weights: [Int64] = [1], unit: String,
        tax: BillTax? = nil, tipAmount: String? = nil
    ) throws -> BillResult {
        let currency = try #require(Currency(code: code))
        let adjustments = BillAdjustments(
            tax: tax, tipAmount: try tipAmount.map { try BillRules.tipAmount($0, currency: currency) },
            roundTotalUnit: try BillRules.roundTotalUnit(unit, currency: currency))
        return try BillCalculator.calculate(
            amountText: bill, currency: currency, tipPercent: try BillRules.tip(tip), weights: weights,
            roundUpUnit: nil, adjustments: adjustments)
    }

    struct Example: Sendable, CustomTestStringConvertible {
        let bill: String, currency: String, tip: String, tipAmount: String?, tax: BillTax?, unit: String
        let expectedTip: String, extra: String, total: String, effective: String?
        var testDescription: String { "\(bill) \(currency) tip \(tipAmount ?? tip + "%") to \(unit)" }
    }

    static let examples: [Example] = [
        // Already a multiple: kept.
        Example(bill: "100", currency: "USD", tip: "15", tipAmount: nil, tax: nil, unit: "5",
                expectedTip: "15.00", extra: "0.00", total: "115.00", effective: "15"),
        // 47.30 + 7.10 = 54.40: to 55 the tip is 7.70, to 50 it is 2.70; 7.095 is nearer 7.70.
        Example(bill: "47.30", currency: "USD", tip: "15", tipAmount: nil, tax: nil, unit: "5",
                expectedTip: "7.10", extra: "0.60", total: "55.00", effective: "16.28"),
        // To whole dollars: 6.70 (54) is nearer 7.095 than 7.70 (55): down.
        Example(bill: "47.30", currency: "USD", tip: "15", tipAmount: nil, tax: nil, unit: "1",
                expectedTip: "7.10", extra: "-0.40", total: "54.00", effective: "14.16"),
        // A tie (1.50 exactly between 1.00 and 2.00) rounds up.
        Example(bill: "10", currency: "USD", tip: "15", tipAmount: nil, tax: nil, unit: "1",
                expectedTip: "1.50", extra: "0.50", total: "12.00", effective: "20"),
        // Closeness is to the exact tip, 0.0075, not the rounded 0.01 (which would be a tie, up).
        Example(bill: "0.30", currency: "USD", tip: "2.5", tipAmount: nil, tax: nil, unit: "0.02",
                expectedTip: "0.01", extra: "-0.01", total: "0.30", effective: "0"),
        // Down would leave a tip of -0.80: up, though 0 is nearer down.
        Example(bill: "9.80", currency: "USD", tip: "0", tipAmount: nil, tax: nil, unit: "1",
                expectedTip: "0.00", extra: "0.20", total: "10.00", effective: "2.04"),
        Example(bill: "9.60", currency: "USD", tip: "5", tipAmount: nil, tax: nil, unit: "5",
                expectedTip: "0.48", extra: "-0.08", total: "10.00", effective: "4.17"),
        // A fixed tip: closest to the amount.
        Example(bill: "47.30", currency: "USD", tip: "0", tipAmount: "7", tax: nil, unit: "5",
                expectedTip: "7.00", extra: "0.70", total: "55.00", effective: "16.28"),
        Example(bill: "47.30", currency: "USD", tip: "0", tipAmount: "7", tax: nil, unit: "1",
                expectedTip: "7.00", extra: "-0.30", total: "54.00", effective: "14.16"),
        // No decimals and three.
        Example(bill: "2380", currency: "JPY", tip: "10", tipAmount: nil, tax: nil, unit: "100",
                expectedTip: "238", extra: "-18", total: "2600", effective: "9.24"),
        Example(bill: "12.345", currency: "KWD", tip: "15", tipAmount: nil, tax: nil, unit: "0.250",
                expectedTip: "1.852", extra: "0.053", total: "14.250", effective: "15.43"),
        // With a tax added: 123.88 → 125.00, the effective tip on the pre-tax 100.00.
        Example(bill: "100", currency: "USD", tip: "15", tipAmount: nil, tax: .added(Percentage(DecimalText(significand: 8875, scale: 3))), unit: "5",
                expectedTip: "15.00", extra: "1.12", total: "125.00", effective: "16.12"),
        // With VAT included: 143.75 → 140.00, the tip 15.00 of 125.00 (18.75 is nearer 15 than 25).
        Example(bill: "125", currency: "NOK", tip: "15", tipAmount: nil, tax: .included(Percentage(25)), unit: "10",
                expectedTip: "18.75", extra: "-3.75", total: "140.00", effective: "12"),
        // A zero bill stays zero, with no effective tip.
        Example(bill: "0", currency: "USD", tip: "15", tipAmount: nil, tax: nil, unit: "5",
                expectedTip: "0.00", extra: "0.00", total: "0.00", effective: nil),
    ]

    @Test(arguments: examples)
    func theTotalGoesToTheMultipleWithTheClosestTip(_ example: Example) throws {
        let result = try Self.split(example.bill, example.currency, tip: example.tip, weights: [1, 1, 1], unit: example.unit,
                                    tax: example.tax, tipAmount: example.tipAmount)
        #expect(result.tip.plainString == example.expectedTip)
        #expect(result.roundingExtra.plainString == example.extra)
        #expect(result.total.plainString == example.total)
        #expect(result.effectiveTipPercent?.description == example.effective)
        let unit = try #require(result.request.adjustments.roundTotalUnit)
        #expect(result.total.minorUnits % unit.minorUnits == 0)
        #expect(try result.request.bill + result.tax + result.tip + result.roundingExtra == result.total)
        #expect(try !(result.tip + result.roundingExtra).isNegative)
        #expect(try Money.sum(result.shares, currency: result.currency) == result.total)
    }

    @Test func sharesOfARoundedTotalAddUpByWeight() throws {
        let result = try Self.split("847", "NOK", tip: "12.5", weights: [2, 1, 1], unit: "10")
        // 952.88 → 950.00 (tip 103.00, nearer 105.875 than 113.00).
        #expect(result.total.plainString == "950.00")
        #expect(result.shares.map(\.plainString) == ["475.00", "237.50", "237.50"])
    }

    @Test func roundingUpEachShareAndTheTotalExcludeEachOther() throws {
        let usd = try #require(Currency(code: "USD"))
        let request = BillRequest(
            bill: Money(minorUnits: 1000, currency: usd), tipPercent: Percentage(15), weights: [1, 1],
            roundUpUnit: Money(minorUnits: 100, currency: usd), adjustments: BillAdjustments(roundTotalUnit: Money(minorUnits: 100, currency: usd)))
        #expect(throws: BillError.roundUpAndRoundTotal) { try BillCalculator.calculate(request) }
    }

    @Test func aBadUnitIsRefused() throws {
        let usd = try #require(Currency(code: "USD"))
        #expect(throws: BillError.roundTotalNotPositive("0")) { try BillRules.roundTotalUnit("0", currency: usd) }
        #expect(throws: BillError.roundTotalNotPositive("-5")) { try BillRules.roundTotalUnit("-5", currency: usd) }
        #expect(throws: BillError.invalidRoundTotal("0.001", .tooManyDecimals(input: "0.001", currency: "USD", allowed: 2))) {
            try BillRules.roundTotalUnit("0.001", currency: usd)
        }
    }

    @Test func aMultipleBeyondTheLimitIsAnErrorNotATrap() throws {
        let usd = try #require(Currency(code: "USD"))
        let request = BillRequest(
            bill: Money(minorUnits: .max, currency: usd), tipPercent: Percentage(0), weights: [1],
            adjustments: BillAdjustments(roundTotalUnit: Money(minorUnits: 100, currency: usd)))
        let error = #expect(throws: BillError.self) { try BillCalculator.calculate(request) }
        guard case .calculation(.overflow)? = error else { Issue.record("\(String(describing: error))"); return }
        // A unit beyond the total: down is 0, which would take the whole tip and more.
        let small = try Self.split("1", "USD", tip: "15", unit: "92233720368547758.07")
        #expect(small.total.minorUnits == .max)
    }

    @Test func randomTotalsGoToTheNearerAllowedMultiple() throws {
        let usd = try #require(Currency(code: "USD"))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let bill = Int64.random(in: 0...1_000_000, using: &generator)
            let tipHundredths = Int64.random(in: 0...5000, using: &generator)
            let unit = [1, 5, 10, 25, 50, 100, 500, 1000, 10000].randomElement(using: &generator) ?? 100
            let request = BillRequest(
                bill: Money(minorUnits: bill, currency: usd), tipPercent: Percentage(DecimalText(significand: tipHundredths, scale: 2)),
                weights: [1, 2, 3], adjustments: BillAdjustments(roundTotalUnit: Money(minorUnits: unit, currency: usd)))
            let result = try BillCalculator.calculate(request)
            let unrounded = bill + result.tip.minorUnits
            let chosen = result.total.minorUnits
            #expect(chosen % unit == 0 && abs(chosen - unrounded) < unit)
            #expect(result.tip.minorUnits + result.roundingExtra.minorUnits >= 0)
            #expect(result.shares.reduce(0) { $0 + $1.minorUnits } == chosen)
            // The other neighbour, if allowed, is not strictly nearer the exact tip
            // bill × tip / 10000 (compared × 10000, in whole numbers).
            let other = chosen >= unrounded ? chosen - unit : chosen + unit
            guard unrounded % unit != 0 else { #expect(chosen == unrounded); continue }
            let exact = Int(bill) * Int(tipHundredths)
            let chosenTip = Int(chosen - bill), otherTip = Int(other - bill)
            if otherTip >= 0 {
                let chosenDistance = abs(chosenTip * 10000 - exact), otherDistance = abs(otherTip * 10000 - exact)
                #expect(chosenDistance < otherDistance || (chosenDistance == otherDistance && chosen > other),
                        "\(bill) at \(tipHundredths) to \(unit): \(chosen)")
            }
        }
    }
}
