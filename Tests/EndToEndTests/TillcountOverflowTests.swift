// Totals never wrap (issue 12, item 3) and the deposit planner answers for any count
// (item 14): the extremes of the 64-bit range, as floats and as quantities.

import Foundation
import Testing

@Suite struct TillcountOverflowTests {
    static let largest = "92233720368547758.07"  // Int64.max minor units in GBP

    /// Minor units of a plain amount ("1234.56" → 123456).
    static func minor(_ text: Any?) -> Int64? {
        guard let text = text as? String else { return nil }
        return Int64(text.replacingOccurrences(of: ".", with: ""))
    }

    @Test func theIssuesDepositCrash() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", Self.largest)
        try till.ok("add", "0.02")
        let text = try till.run("deposit")
        #expect(text.status == 0 && !text.killedBySignal, "\(text.stderr)")
        #expect(text.stdout.contains("cannot be made exactly"))
        let json = try TillcountJSON.object(try till.ok("deposit", "--format", "json").stdout)
        #expect(json["floatMade"] as? String == "0.02")
        #expect(json["deposit"] as? String == "0.00")
        #expect(json["exact"] as? Bool == false)
    }

    /// Representative extremes through the process, every format; the whole table runs in
    /// process in TillKitTests' DepositPlannerTests.
    @Test(arguments: [
        // (float, tokens)
        (largest, ["0.01=9223372036854775807"]),
        ("12.34", ["roll:1=1", "0.01=1000"]),
    ])
    func theDepositPlanIsTotalAtTheExtremes(float: String, tokens: [String]) throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", float)
        if !tokens.isEmpty {
            let added = try till.run(["add"] + tokens)
            #expect(added.status == 0, "add \(tokens): \(added.stderr)")
        }
        let total = try #require(Self.minor(try till.total()))
        for format in ["text", "csv"] {
            let result = try till.run("deposit", "--format", format)
            #expect(result.status == 0 && !result.killedBySignal, "\(float) \(tokens) \(format): \(result.status) \(result.stderr)")
        }
        let json = try TillcountJSON.object(try till.ok("deposit", "--format", "json").stdout)
        let made = try #require(Self.minor(json["floatMade"]))
        let deposit = try #require(Self.minor(json["deposit"]))
        let floatMinor = try #require(Self.minor(float.contains(".") ? float : float + ".00"))
        #expect(made >= 0 && made <= floatMinor, "the float made is never more than asked")
        #expect(made + deposit == total, "what stays and what is banked make the total")
        #expect((json["exact"] as? Bool) == (made == floatMinor))
        var kept: Int64 = 0
        for line in json["keep"] as? [[String: Any]] ?? [] { kept += Self.minor(line["value"]) ?? 0 }
        #expect(kept == made)
    }

    @Test func anOverflowingTotalIsRefusedAndNothingChanges() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "0.01=9223372036854775807")
        #expect(try till.total() == Self.largest)
        let before = try #require(till.stateBytes())
        for arguments in [["add", "0.01"], ["add", "0.02"], ["add", "roll:1"], ["set", "50=2"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.status) \(result.stderr)")
            #expect(!result.killedBySignal)
            #expect(result.stderr.contains("too large") || result.stderr.contains("overflow"), "\(result.stderr)")
            #expect(till.stateBytes() == before)
        }
        // A count not kept: the same refusal.
        let total = try till.run("total", "0.01=9223372036854775807", "0.02=1", "--currency", "GBP")
        #expect(total.status == 65)
        #expect(!total.killedBySignal)
    }

    @Test func theLargestCountsAreShownAndSaved() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "0.01=9223372036854775807")
        let text = try till.ok("show").stdout
        #expect(text.contains("9223372036854775807 pc"))
        try till.ok("report")
        try till.ok("report", "--format", "markdown")
        #expect(try till.ok("save").stdout == "1\n")
        #expect(try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)["total"] as? String == Self.largest)
        try till.ok("clear", "--force")
        try till.ok("resume", "1")
        #expect(try till.total() == Self.largest)
    }
}
