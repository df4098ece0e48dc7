// The deposit planner and its report, in process: which pieces stay as the float, which
// are banked, and that any count (the 64-bit extremes included) gets a plan that adds up.

import MoneyKit
import Testing
import TillKit

@Suite struct DepositPlannerTests {
    struct Plan: Equatable, CustomStringConvertible {
        var floatMade: String
        var exact: Bool
        var deposit: String
        var keep: [String: Int64]
        var bank: [String: Int64]
        var description: String { "made \(floatMade) exact \(exact) deposit \(deposit) keep \(keep) bank \(bank)" }
    }

    static func summary(float: String, _ words: [String], currency: Currency = Fixture.gbp) throws -> TillSummary {
        let set = Fixture.set(currency)
        var total = LooseTotal(currency: currency)
        for word in words {
            let parts = word.split(separator: "=").map(String.init)
            try total.add(try DenominationToken.parse(parts[0], set: set, currency: currency), quantity: Int64(parts[1]) ?? 0, word: word)
        }
        total.setFloat(Fixture.money(float, currency))
        return try total.summary(set: set)
    }

    static func plan(_ summary: TillSummary) -> Plan {
        let report = DepositReport(summary)
        func quantities(_ entries: [DepositReport.Entry]) -> [String: Int64] {
            Dictionary(uniqueKeysWithValues: entries.map { ($0.line.token, $0.quantity) })
        }
        return Plan(floatMade: report.floatMade.plainString, exact: report.exact, deposit: report.deposit.plainString,
                    keep: quantities(report.keep), bank: quantities(report.bank))
    }

    /// (float, tokens, expected plan): the cases of TillcountDepositTests, and more.
    static let cases: [(String, [String], Plan)] = [
        ("100", ["20=3", "10=2", "5=4", "2=5", "1=10", "0.50=4", "roll:1=1"],
         Plan(floatMade: "100.00", exact: true, deposit: "42.00", keep: ["20": 2, "10": 2, "5": 4, "2": 4, "1": 10, "0.50": 4], bank: ["20": 1, "2": 1, "roll:1": 1])),
        ("5", ["20=2", "1=3", "0.50=4"], Plan(floatMade: "5.00", exact: true, deposit: "40.00", keep: ["1": 3, "0.50": 4], bank: ["20": 2])),
        ("0", ["20=2", "roll:2=1"], Plan(floatMade: "0.00", exact: true, deposit: "60.00", keep: [:], bank: ["20": 2, "roll:2": 1])),
        ("45", ["20=2", "5=1"], Plan(floatMade: "45.00", exact: true, deposit: "0.00", keep: ["20": 2, "5": 1], bank: [:])),
        ("30", ["20=1", "10=1", "0.50=1"], Plan(floatMade: "30.00", exact: true, deposit: "0.50", keep: ["20": 1, "10": 1], bank: ["0.50": 1])),
        ("20", ["roll:1=3", "10=1"], Plan(floatMade: "10.00", exact: false, deposit: "60.00", keep: ["10": 1], bank: ["roll:1": 3])),
        ("100", ["20=3"], Plan(floatMade: "60.00", exact: false, deposit: "0.00", keep: ["20": 3], bank: [:])),
        ("50", ["20=6"], Plan(floatMade: "40.00", exact: false, deposit: "80.00", keep: ["20": 2], bank: ["20": 4])),
        ("65", ["50=1", "20=3"], Plan(floatMade: "60.00", exact: false, deposit: "50.00", keep: ["20": 3], bank: ["50": 1])),
        // Greedy past the exact limit: a float of £60,000 from £50s and 1p coins.
        ("60000", ["50=2000", "0.01=10"], Plan(floatMade: "60000.00", exact: true, deposit: "40000.10", keep: ["50": 1200], bank: ["50": 800, "0.01": 10])),
    ]

    @Test(arguments: cases)
    func plans(float: String, tokens: [String], expected: Plan) throws {
        #expect(Self.plan(try Self.summary(float: float, tokens)) == expected)
    }

    @Test func aPlanThatIsNotExactSaysHowFarShort() throws {
        let report = DepositReport(try Self.summary(float: "50", ["20=6"]))
        #expect(!report.exact)
        #expect(report.gap == Fixture.money("10"))
        #expect(report.keep.map(\.value) == [Fixture.money("40")])
    }

    static let largest = "92233720368547758.07"  // Int64.max minor units in GBP

    /// The extremes TillcountOverflowTests ran through processes: every plan adds up.
    static let extremes: [(String, [String])] = [
        (largest, ["0.01=9223372036854775807"]),
        ("0", ["0.01=9223372036854775807"]),
        ("92233720368547758.06", ["0.01=9223372036854775807"]),
        ("50000.01", ["0.01=9223372036854775000", "0.02=3"]),
        ("49999.99", ["50=100", "0.01=9223372036854000000"]),
        (largest, ["50=1844674407370955", "0.01=7"]),
        ("1", ["50=1844674407370955"]),
        ("12.34", ["roll:1=1", "0.01=1000"]),
        ("0", []),
        (largest, []),
        (largest, ["0.02=1"]),
    ]

    @Test(arguments: extremes)
    func theDepositPlanIsTotalAtTheExtremes(float: String, tokens: [String]) throws {
        let summary = try Self.summary(float: float, tokens)
        let report = DepositReport(summary)
        let made = report.floatMade.minorUnits
        #expect(made >= 0 && made <= summary.float.minorUnits, "the float made is never more than asked")
        #expect(made.addingReportingOverflow(report.deposit.minorUnits) == (summary.total.minorUnits, false), "what stays and what is banked make the total")
        #expect(report.exact == (made == summary.float.minorUnits))
        let kept = try CheckedCount.sum(report.keep.map(\.value.minorUnits), what: "kept")
        #expect(kept == made)
        // Every piece is either kept or banked.
        for line in summary.counted {
            let kept = report.plan.keep[line.item] ?? 0
            let banked = report.plan.bank[line.item] ?? 0
            #expect(kept.addingReportingOverflow(banked) == (line.quantity, false), "\(line.token)")
        }
    }
}
