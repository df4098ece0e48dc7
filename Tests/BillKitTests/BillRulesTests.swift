// How billsplit reads a tip, weights, people and a round-up unit, and the screen's
// currency cycle: each limit accepted at its edge and refused just past it, with the
// problem named.

import Testing
import MoneyKit
@testable import BillKit

struct BillRulesTests {
    @Test(arguments: [("0", "0"), ("50", "50"), ("49.99", "49.99"), ("0.01", "0.01"), ("15%", "15"), ("12,5", "12.5"),
                      (" 12.5 % ", "12.5"), ("12.50", "12.5")])
    func aValidTipIsRead(text: String, expected: String) throws {
        #expect(try BillRules.tip(text).description == expected)
        #expect(BillRules.tipIfValid(text)?.description == expected)
    }

    @Test(arguments: [
        ("-1", BillError.TipProblem.outOfRange), ("50.01", .outOfRange), ("51", .outOfRange), ("-0.01", .outOfRange),
        ("12.345", .tooManyDecimals), ("abc", .notAPercentage), ("", .notAPercentage), ("1e1", .notAPercentage),
    ])
    func anInvalidTipNamesItsProblem(text: String, problem: BillError.TipProblem) {
        #expect(throws: BillError.invalidTip(text, problem)) { try BillRules.tip(text) }
        #expect(BillRules.tipIfValid(text) == nil)
    }

    @Test func presetsAreMatchedAsWritten() throws {
        #expect(BillRules.isPreset(try BillRules.tip("15")))
        #expect(BillRules.isPreset(try BillRules.tip("0")))
        // The same value written with a decimal is the same preset.
        #expect(BillRules.isPreset(try BillRules.tip("15.0")))
        #expect(!BillRules.isPreset(try BillRules.tip("12.5")))
        #expect(!BillRules.isPreset(try BillRules.tip("18")))
        #expect(BillRules.isPreset(BillRules.defaultTip))
    }

    static let validWeights: [(String, [Int64])] = [
        ("2,1,1", [2, 1, 1]), ("1, 0, 2", [1, 0, 2]), ("1000000,0", [1_000_000, 0]),
        (Array(repeating: "1", count: 20).joined(separator: ","), Array(repeating: 1, count: 20)),
    ]

    @Test(arguments: validWeights)
    func validWeightsAreRead(text: String, expected: [Int64]) throws {
        #expect(try BillRules.weights(text) == expected)
    }

    static let invalidWeights: [(String, BillError.WeightsProblem)] = [
        ("", .notAWeight("")), ("2,-1,1", .notAWeight("-1")), ("a,b", .notAWeight("a")),
        ("1,,2", .notAWeight("")), ("1.5,1", .notAWeight("1.5")), ("1000001,1", .notAWeight("1000001")),
        ("0,0,0", .noneAboveZero), (Array(repeating: "1", count: 21).joined(separator: ","), .wrongCount),
    ]

    @Test(arguments: invalidWeights)
    func invalidWeightsNameTheirProblem(text: String, problem: BillError.WeightsProblem) {
        #expect(throws: BillError.invalidWeights(text, problem)) { try BillRules.weights(text) }
    }

    @Test func peopleFollowTheWeightsAndMustAgreeWhenGiven() throws {
        #expect(try BillRules.people(weights: [2, 1, 1], givenPeople: nil) == 3)
        #expect(try BillRules.people(weights: [2, 1, 1], givenPeople: 3) == 3)
        #expect(throws: BillError.peopleAndWeightsDisagree(people: 3, weights: 2)) {
            try BillRules.people(weights: [2, 1], givenPeople: 3)
        }
    }

    @Test func roundUpUnitIsAPositiveAmountInTheCurrency() throws {
        let usd = try #require(Currency(code: "USD")), jpy = try #require(Currency(code: "JPY"))
        #expect(try BillRules.roundUpUnit("0.01", currency: usd).minorUnits == 1)
        #expect(try BillRules.roundUpUnit("10", currency: jpy).minorUnits == 10)
        #expect(throws: BillError.roundUpNotPositive("0")) { try BillRules.roundUpUnit("0", currency: usd) }
        #expect(throws: BillError.roundUpNotPositive("0.00")) { try BillRules.roundUpUnit("0.00", currency: usd) }
        #expect(throws: BillError.roundUpNotPositive("-5")) { try BillRules.roundUpUnit("-5", currency: usd) }
        for (text, currency) in [("0.001", usd), ("0.5", jpy), ("abc", usd)] {
            let error = #expect(throws: BillError.self) { try BillRules.roundUpUnit(text, currency: currency) }
            guard case .invalidRoundUp(text, _) = error else { Issue.record("\(text): \(String(describing: error))"); continue }
        }
    }

    @Test func tabCyclesTheAppCurrenciesAndKeepsAnotherInTheCycle() throws {
        func next(_ code: String) throws -> String {
            BillRules.nextAppCurrency(after: try #require(Currency(code: code))).code
        }
        #expect(try next("NOK") == "USD")
        #expect(try next("USD") == "KES")
        #expect(try next("KES") == "NOK")
        // A currency from the command line joins the cycle at its end.
        #expect(try next("EUR") == "NOK")
    }
}
