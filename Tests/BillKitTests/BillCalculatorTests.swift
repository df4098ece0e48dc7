// The split of one bill, in process: the documented examples, tips rounded half up in
// currencies with 0, 2 and 3 decimals, weights by largest remainder, round-up to a cash
// unit with its extra tip, and overflow as an error (never a trap).

import Testing
import MoneyKit
@testable import BillKit

struct BillCalculatorTests {
    static func money(_ text: String, _ code: String) throws -> Money {
        try Money.parse(text, currency: try #require(Currency(code: code)))
    }

    static func split(
        _ bill: String, _ code: String, tip: String, people: Int = 1, weights: [Int64]? = nil, roundUp: String? = nil
    ) throws -> BillResult {
        let currency = try #require(Currency(code: code))
        return try BillCalculator.calculate(
            amountText: bill, currency: currency, tipPercent: try BillRules.tip(tip),
            weights: weights ?? Array(repeating: 1, count: people),
            roundUpUnit: try roundUp.map { try BillRules.roundUpUnit($0, currency: currency) })
    }

    struct Example: Sendable, CustomTestStringConvertible {
        let bill: String, currency: String, tip: String, people: Int
        let expectedTip: String, total: String, shares: [String]
        var testDescription: String { "\(bill) \(currency) +\(tip)% / \(people)" }
    }

    static let examples: [Example] = [
        Example(bill: "100.00", currency: "USD", tip: "0", people: 3, expectedTip: "0.00", total: "100.00", shares: ["33.34", "33.33", "33.33"]),
        Example(bill: "500", currency: "JPY", tip: "0", people: 3, expectedTip: "0", total: "500", shares: ["167", "167", "166"]),
        // 115.00 / 3 = 38.333…: one extra cent, to the first share.
        Example(bill: "100", currency: "USD", tip: "15", people: 3, expectedTip: "15.00", total: "115.00", shares: ["38.34", "38.33", "38.33"]),
        // 1.00 × 12.5 % = 0.125, half up to 0.13; with a decimal comma too.
        Example(bill: "1", currency: "USD", tip: "12.5", people: 2, expectedTip: "0.13", total: "1.13", shares: ["0.57", "0.56"]),
        Example(bill: "1,00", currency: "USD", tip: "12,5", people: 2, expectedTip: "0.13", total: "1.13", shares: ["0.57", "0.56"]),
        // 200 × 0.25 % = 0.5 yen, half up to 1.
        Example(bill: "200", currency: "JPY", tip: "0.25", people: 4, expectedTip: "1", total: "201", shares: ["51", "50", "50", "50"]),
        // 0.004 KWD × 12.5 % = 0.0005, half up to 0.001.
        Example(bill: "0.004", currency: "KWD", tip: "12.5", people: 1, expectedTip: "0.001", total: "0.005", shares: ["0.005"]),
        Example(bill: "10.001", currency: "KWD", tip: "10", people: 3, expectedTip: "1.000", total: "11.001", shares: ["3.667", "3.667", "3.667"]),
        Example(bill: "USD 12", currency: "USD", tip: "50", people: 1, expectedTip: "6.00", total: "18.00", shares: ["18.00"]),
        Example(bill: "0", currency: "NOK", tip: "20", people: 20, expectedTip: "0.00", total: "0.00", shares: Array(repeating: "0.00", count: 20)),
    ]

    @Test(arguments: examples)
    func equalSplitsAddUpExactly(_ example: Example) throws {
        let result = try Self.split(example.bill, example.currency, tip: example.tip, people: example.people)
        #expect(result.tip.plainString == example.expectedTip)
        #expect(result.total.plainString == example.total)
        #expect(result.shares.map(\.plainString) == example.shares)
        #expect(result.roundingExtra.isZero)
        #expect(result.request.isEqualSplit)
        #expect(try Money.sum(result.shares, currency: result.currency) == result.total)
    }

    @Test(arguments: [
        ([2, 1, 1] as [Int64], "90", "USD", "15", ["51.75", "25.88", "25.87"]),
        // 3:3:1 of 10.00: the spare cents to the largest remainders, ties to the earlier.
        ([3, 3, 1], "10", "USD", "0", ["4.29", "4.28", "1.43"]),
        ([1, 0, 2], "100", "JPY", "0", ["33", "0", "67"]),
        ([1, 1, 1, 1, 1, 1, 2], "1", "KWD", "0", ["0.125", "0.125", "0.125", "0.125", "0.125", "0.125", "0.250"]),
        ([2, 1, 1], "90", "USD", "12.5", ["50.63", "25.31", "25.31"]),
    ])
    func weightsSplitInProportion(weights: [Int64], bill: String, currency: String, tip: String, shares: [String]) throws {
        let result = try Self.split(bill, currency, tip: tip, weights: weights)
        #expect(result.shares.map(\.plainString) == shares)
        #expect(!result.request.isEqualSplit)
        #expect(result.request.people == weights.count)
        #expect(try Money.sum(result.shares, currency: result.currency) == result.total)
    }

    @Test func equalWeightsAreAnEqualSplit() throws {
        #expect(try Self.split("90", "USD", tip: "0", weights: [2, 2, 2]).request.isEqualSplit)
        #expect(try Self.split("90", "USD", tip: "0", weights: [5]).request.isEqualSplit)
    }

    struct RoundUp: Sendable, CustomTestStringConvertible {
        let bill: String, currency: String, tip: String, people: Int, weights: [Int64]?, unit: String
        let expectedTip: String, extra: String, total: String, shares: [String], effective: String?
        var testDescription: String { "\(bill) \(currency) +\(tip)% round up \(unit)" }
    }

    static let roundUps: [RoundUp] = [
        // 847 + 12.5 % = 952.875 → 105.88 tip, 952.88 total; 238.22 each rounded up to 240.
        RoundUp(bill: "847", currency: "NOK", tip: "12.5", people: 4, weights: nil, unit: "10", expectedTip: "105.88", extra: "7.12",
                total: "960.00", shares: ["240.00", "240.00", "240.00", "240.00"], effective: "13.34"),
        RoundUp(bill: "100", currency: "USD", tip: "10", people: 3, weights: nil, unit: "5", expectedTip: "10.00", extra: "10.00",
                total: "120.00", shares: ["40.00", "40.00", "40.00"], effective: "20"),
        RoundUp(bill: "33.33", currency: "USD", tip: "0", people: 2, weights: nil, unit: "0.25", expectedTip: "0.00", extra: "0.17",
                total: "33.50", shares: ["16.75", "16.75"], effective: "0.51"),
        RoundUp(bill: "1000", currency: "JPY", tip: "15", people: 2, weights: [2, 1], unit: "100", expectedTip: "150", extra: "50",
                total: "1200", shares: ["800", "400"], effective: "20"),
        // A zero bill has no effective tip.
        RoundUp(bill: "0", currency: "USD", tip: "15", people: 2, weights: nil, unit: "1", expectedTip: "0.00", extra: "0.00",
                total: "0.00", shares: ["0.00", "0.00"], effective: nil),
    ]

    @Test(arguments: roundUps)
    func roundUpMakesEveryShareAMultipleOfTheUnit(_ example: RoundUp) throws {
        let result = try Self.split(example.bill, example.currency, tip: example.tip, people: example.people,
                                    weights: example.weights, roundUp: example.unit)
        #expect(result.tip.plainString == example.expectedTip)
        #expect(result.roundingExtra.plainString == example.extra)
        #expect(result.total.plainString == example.total)
        #expect(result.shares.map(\.plainString) == example.shares)
        #expect(result.effectiveTipPercent?.description == example.effective)
        let unit = try #require(result.request.roundUpUnit)
        #expect(result.shares.allSatisfy { $0.minorUnits % unit.minorUnits == 0 })
        #expect(try Money.sum(result.shares, currency: result.currency) == result.total)
        #expect(try result.request.bill + result.tip + result.roundingExtra == result.total)
    }

    @Test func shareGroupsListLargestFirst() throws {
        let result = try Self.split("100", "USD", tip: "10", people: 3)
        #expect(result.shareGroups == [
            ShareGroup(count: 2, amount: try Self.money("36.67", "USD")),
            ShareGroup(count: 1, amount: try Self.money("36.66", "USD")),
        ])
        #expect(try Self.split("100", "USD", tip: "12.5", people: 3).shareGroups.count == 1)
        // Weighted shares group by amount, not by person.
        let weighted = try Self.split("10", "USD", tip: "0", weights: [1, 3, 1])
        #expect(weighted.shareGroups.map(\.count) == [1, 2])
        #expect(weighted.shareGroups.first?.amount.plainString == "6.00")
    }

    @Test(arguments: [
        ("12.3456", "USD", BillError.invalidAmount(.tooManyDecimals(input: "12.3456", currency: "USD", allowed: 2))),
        // A point before exactly three digits could group thousands (issue 26, item 1).
        ("12.345", "USD", BillError.invalidAmount(.ambiguousSeparator(input: "12.345", whole: "12", fraction: "345", mark: ".", allowed: 2))),
        ("1.500", "EUR", BillError.invalidAmount(.ambiguousSeparator(input: "1.500", whole: "1", fraction: "500", mark: ".", allowed: 2))),
        ("-5", "USD", BillError.negativeBill("-5")),
        ("-0.01", "USD", BillError.negativeBill("-0.01")),
    ])
    func aBadBillIsAnError(bill: String, currency: String, expected: BillError) throws {
        #expect(throws: expected) { try Self.split(bill, currency, tip: "15") }
    }

    @Test func notANumberIsAnInvalidAmount() throws {
        for text in ["abc", "1e3", "5.", "GBP 5", "1,500", "99999999999999999999"] {
            let error = #expect(throws: BillError.self) { try Self.split(text, "USD", tip: "0") }
            guard case .invalidAmount = error else { Issue.record("\(text): \(String(describing: error))"); continue }
        }
    }

    /// A bill that fits but whose tip or total does not is an error, never a trap.
    @Test(arguments: [("92233720368547758.07", "USD", "15"), ("9223372036854775807", "JPY", "1")])
    func overflowIsAnError(bill: String, currency: String, tip: String) throws {
        let error = #expect(throws: BillError.self) { try Self.split(bill, currency, tip: tip) }
        guard case .calculation(.overflow) = error else { Issue.record("\(String(describing: error))"); return }
    }

    @Test func theLargestBillWithoutTipSplits() throws {
        let result = try Self.split("92233720368547758.07", "USD", tip: "0", people: 20)
        #expect(result.total.minorUnits == Int64.max)
        #expect(try Money.sum(result.shares, currency: result.currency) == result.total)
    }

    @Test func roundingUpPastTheLimitIsAnError() throws {
        let currency = try #require(Currency(code: "JPY"))
        let request = BillRequest(
            bill: Money(minorUnits: Int64.max - 1, currency: currency), tipPercent: Percentage(0),
            weights: [1], roundUpUnit: Money(minorUnits: 1000, currency: currency))
        let error = #expect(throws: BillError.self) { try BillCalculator.calculate(request) }
        guard case .calculation = error else { Issue.record("\(String(describing: error))"); return }
    }
}
