// tillcount deposit: the float left in the drawer from the smallest notes and coins,
// the rest (rolls always) to the bank; and the case where the float cannot be made.

import Foundation
import Testing

@Suite struct TillcountDepositTests {
    struct Plan: Equatable, CustomStringConvertible {
        var floatMade: String
        var exact: Bool
        var deposit: String
        var keep: [String: Int]
        var bank: [String: Int]
        var description: String { "made \(floatMade) exact \(exact) deposit \(deposit) keep \(keep) bank \(bank)" }
    }

    static func plan(_ till: TillcountSandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> Plan {
        let object = try TillcountJSON.object(try till.ok("deposit", "--format", "json", sourceLocation: sourceLocation).stdout)
        return Plan(
            floatMade: object["floatMade"] as? String ?? "?", exact: object["exact"] as? Bool ?? false,
            deposit: object["deposit"] as? String ?? "?",
            keep: try TillcountJSON.quantities(object, key: "keep"), bank: try TillcountJSON.quantities(object, key: "bank"))
    }

    @Test func theFloatComesFromTheSmallestPieces() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=3", "10=2", "5=4", "2=5", "1=10", "0.50=4", "roll:1=1")
        let plan = try Self.plan(till)
        #expect(plan == Plan(
            floatMade: "100.00", exact: true, deposit: "42.00",
            keep: ["20": 2, "10": 2, "5": 4, "2": 4, "1": 10, "0.50": 4],
            bank: ["20": 1, "2": 1, "roll:1": 1]))

        let text = try till.ok("deposit").stdout
        #expect(text.contains("Leave in the drawer"))
        #expect(text.range(of: #"(?m)^\s+Float\s+£100\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^\s+Deposit\s+£42\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^\s+£1 bag of 20\s+1\s+£20\.00$"#, options: .regularExpression) != nil)
        #expect(!text.contains("cannot be made"))
        // The drawer section comes before the bank section.
        let drawer = try #require(text.range(of: "Leave in the drawer"))
        let bank = try #require(text.range(of: "Bank"))
        #expect(drawer.lowerBound < bank.lowerBound)

        let csv = try till.ok("deposit", "--format", "csv").stdout.split(separator: "\n").map(String.init)
        #expect(csv.first == "where,token,quantity,value")
        #expect(csv.contains("keep,0.50,4,2.00"))
        #expect(csv.contains("bank,roll:1,1,20.00"))
        #expect(csv.count == 10)
    }

    /// (float, tokens, expected plan): representative plans through the process; every
    /// case runs in process in TillKitTests' DepositPlannerTests.
    static let cases: [(String, [String], Plan)] = [
        // Coins before notes: £5 of coins stays, the notes go.
        ("5", ["20=2", "1=3", "0.50=4"], Plan(floatMade: "5.00", exact: true, deposit: "40.00", keep: ["1": 3, "0.50": 4], bank: ["20": 2])),
        // Rolls are never broken, even when the loose coins cannot make the float.
        ("20", ["roll:1=3", "10=1"], Plan(floatMade: "10.00", exact: false, deposit: "60.00", keep: ["10": 1], bank: ["roll:1": 3])),
    ]

    @Test(arguments: cases)
    func plans(float: String, tokens: [String], expected: Plan) throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", float)
        try till.run(["add"] + tokens)
        #expect(try Self.plan(till) == expected)
    }

    @Test func aFloatThatCannotBeMadeExactlySaysSo() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "50")
        try till.ok("add", "20=6")
        let text = try till.ok("deposit").stdout
        #expect(text.contains("The float of £50.00 cannot be made exactly from what is here: £40.00 is the closest below, £10.00 short."), "\(text)")
        #expect(text.range(of: #"(?m)^\s+Float\s+£40\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^\s+Deposit\s+£80\.00$"#, options: .regularExpression) != nil)
    }

    @Test func theClosestFloatBelowIsFound() throws {
        // £65 from one £50 and three £20s: £60 (the three £20s) is the closest below; the
        // £50 should go to the bank.
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "65")
        try till.ok("add", "50=1", "20=3")
        let plan = try Self.plan(till)
        let text = try till.ok("deposit").stdout
        #expect(plan == Plan(floatMade: "60.00", exact: false, deposit: "50.00", keep: ["20": 3], bank: ["50": 1]))
        #expect(text.contains("£60.00 is the closest below, £5.00 short"), "\(text)")
        // Whatever it keeps, the plan adds up.
        #expect(plan.exact == false)
        #expect(text.contains("cannot be made exactly"))
    }

    @Test func theUSDollarNoteAndCoinAreSeparateLines() throws {
        let till = try TillcountSandbox(currency: "USD")
        try till.ok("float", "3")
        try till.ok("add", "1=2", "coin:1=2", "20=1")
        let plan = try Self.plan(till)
        #expect(plan.floatMade == "3.00")
        #expect(plan.exact)
        #expect(plan.deposit == "21.00")
        #expect(plan.keep.values.reduce(0, +) == 3)
        #expect(plan.bank["20"] == 1)
    }

    @Test func depositChangesNothing() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "10")
        try till.ok("add", "20=2", "1=12")
        let before = try #require(till.stateBytes())
        try till.ok("deposit")
        try till.ok("deposit", "--format", "json")
        #expect(till.stateBytes() == before)
    }
}
