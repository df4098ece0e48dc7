// billsplit --round-total through the built binary: the total a multiple of the unit, in
// the direction whose tip is closest to the tip asked for (a tie up, never a negative
// tip), with a tax, a fixed tip, weights and batches; the effective tip shown in every
// format; a bad unit or --round-up beside it a usage error (64), an overflow 65.

import Foundation
import Testing

@Suite struct BillsplitRoundTotalTests {
    struct JSONCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let tip: String, extraTip: String, total: String, shares: [String], effective: String?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let jsonCases: [JSONCase] = [
        // 54.40: to 55 the tip is 7.70, to 50 it is 2.70; the exact tip 7.095 is nearer 7.70.
        JSONCase(arguments: ["47.30", "--currency", "USD", "--tip", "15", "--people", "2", "--round-total", "5"],
                 tip: "7.10", extraTip: "0.60", total: "55.00", shares: ["27.50", "27.50"], effective: "16.28"),
        // To whole dollars 6.70 (54) is nearer than 7.70 (55): down.
        JSONCase(arguments: ["47.30", "--currency", "USD", "--tip", "15", "--people", "2", "--round-total", "1"],
                 tip: "7.10", extraTip: "-0.40", total: "54.00", shares: ["27.00", "27.00"], effective: "14.16"),
        // A tie (1.50 between 1.00 and 2.00) goes up.
        JSONCase(arguments: ["10", "--currency", "USD", "--tip", "15", "--round-total", "1"],
                 tip: "1.50", extraTip: "0.50", total: "12.00", shares: ["12.00"], effective: "20"),
        // Down would make the tip negative: up.
        JSONCase(arguments: ["9.80", "--currency", "USD", "--tip", "0", "--round-total", "1"],
                 tip: "0.00", extraTip: "0.20", total: "10.00", shares: ["10.00"], effective: "2.04"),
        JSONCase(arguments: ["2380", "--currency", "JPY", "--tip", "10", "--people", "3", "--round-total", "100"],
                 tip: "238", extraTip: "-18", total: "2600", shares: ["867", "867", "866"], effective: "9.24"),
        JSONCase(arguments: ["12.345", "--currency", "KWD", "--tip", "15", "--round-total", "0.250"],
                 tip: "1.852", extraTip: "0.053", total: "14.250", shares: ["14.250"], effective: "15.43"),
        // With a tax: 123.88 → 125.00; the effective tip on the pre-tax 100.00.
        JSONCase(arguments: ["100", "--currency", "USD", "--tip", "15", "--people", "3", "--tax", "8.875", "--round-total", "5"],
                 tip: "15.00", extraTip: "1.12", total: "125.00", shares: ["41.67", "41.67", "41.66"], effective: "16.12"),
        // VAT included, by weights: 143.75 → 140.00 (15.00 is nearer 18.75 than 25.00).
        JSONCase(arguments: ["125", "--currency", "NOK", "--tip", "15", "--weights", "2,1,1", "--tax-included", "25", "--round-total", "10"],
                 tip: "18.75", extraTip: "-3.75", total: "140.00", shares: ["70.00", "35.00", "35.00"], effective: "12"),
        // A fixed tip: the multiple whose tip is nearest the amount.
        JSONCase(arguments: ["47.30", "--currency", "USD", "--tip-amount", "7", "--round-total", "5"],
                 tip: "7.00", extraTip: "0.70", total: "55.00", shares: ["55.00"], effective: "16.28"),
        JSONCase(arguments: ["0", "--currency", "USD", "--tip", "15", "--people", "2", "--round-total", "5"],
                 tip: "0.00", extraTip: "0.00", total: "0.00", shares: ["0.00", "0.00"], effective: nil),
    ]

    @Test(arguments: jsonCases)
    func theTotalBecomesAMultipleWithTheClosestTip(_ example: JSONCase) throws {
        let result = try BillsplitE2E.run(try Sandbox(), example.arguments + ["--format", "json", "--no-save"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        #expect(json["tip"] as? String == example.tip)
        #expect(json["extraTip"] as? String == example.extraTip)
        #expect(json["total"] as? String == example.total)
        #expect(json["shares"] as? [String] == example.shares)
        if let effective = example.effective {
            #expect((json["effectiveTipPercent"] as? NSNumber)?.stringValue == effective)
        } else {
            #expect(json["effectiveTipPercent"] is NSNull)
        }
        #expect(json["roundUp"] == nil)
        // The total is a multiple of the unit and the sum of the shares, exactly.
        let currency = try #require(json["currency"] as? String)
        let exponent = try #require(BillsplitE2E.exponents[currency])
        let unitText = try #require(json["roundTotal"] as? String)
        let unit = try #require(BillsplitE2E.minorUnits(unitText, exponent: exponent))
        let total = try #require(BillsplitE2E.minorUnits(example.total, exponent: exponent))
        #expect(total % unit == 0)
        #expect(example.shares.compactMap { BillsplitE2E.minorUnits($0, exponent: exponent) }.reduce(0, +) == total)
    }

    @Test func theCardShowsTheRoundingAndTheEffectiveTip() throws {
        let down = try BillsplitE2E.run(try Sandbox(), ["47.30", "--currency", "USD", "--tip", "15", "--people", "2", "--round-total", "1", "--no-save"])
        #expect(down.status == 0)
        #expect(BillsplitE2E.squeezedLines(down.stdout) == [
            "Bill $47.30", "Tip (15%) $7.10", "Rounding −$0.40 total to a multiple of $1.00; effective tip 14.16%",
            "Total $54.00", "", "Each of 2 pays: $27.00", "",
        ])
        let up = try BillsplitE2E.run(try Sandbox(), ["47.30", "--currency", "USD", "--tip", "15", "--round-total", "5", "--no-save"])
        #expect(BillsplitE2E.squeezedLines(up.stdout).contains("Rounding +$0.60 total to a multiple of $5.00; effective tip 16.28%"))
    }

    @Test(arguments: [("csv", ","), ("tsv", "\t")])
    func delimitedOutputAppendsTheUnitAndTheEffectiveTip(format: String, separator: String) throws {
        let result = try BillsplitE2E.run(
            try Sandbox(), ["-", "--currency", "USD", "--tip", "15", "--people", "2", "--round-total", "1", "--format", format, "--no-save"],
            stdin: "47.30\n0\n")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            ["currency", "bill", "tipPercent", "tip", "extraTip", "total", "people", "shares", "roundTotal", "effectiveTipPercent"],
            ["USD", "47.30", "15", "7.10", "-0.40", "54.00", "2", "27.00;27.00", "1.00", "14.16"],
            ["USD", "0.00", "15", "0.00", "0.00", "0.00", "2", "0.00;0.00", "1.00", ""],
        ].map { $0.joined(separator: separator) })
    }

    @Test func aBatchLineSaysWhichWayItRounded() throws {
        let result = try BillsplitE2E.run(
            try Sandbox(), ["-", "--currency", "USD", "--tip", "15", "--people", "2", "--round-total", "1", "--no-save"], stdin: "47.30\n10\n")
        #expect(result.status == 0)
        #expect(BillsplitE2E.squeezedLines(result.stdout) == [
            "$47.30 + $7.10 tip (15%) − $0.40 rounding (tip 14.16%) = $54.00: $27.00",
            "$10.00 + $1.50 tip (15%) + $0.50 rounding (tip 20%) = $12.00: $6.00",
            "",
        ])
    }

    static let usageErrors: [([String], String)] = [
        (["--round-total", "0"], "invalid --round-total '0': the unit must be more than 0"),
        (["--round-total", "-5"], "invalid --round-total '-5': the unit must be more than 0"),
        (["--round-total", "abc"], "invalid --round-total: invalid amount 'abc'"),
        (["--round-total", "0.001"], "invalid --round-total: invalid amount '0.001': USD amounts have at most 2 decimals"),
        (["--round-up", "1", "--round-total", "5"], "--round-up and --round-total cannot be used together"),
    ]

    @Test(arguments: usageErrors)
    func aBadUnitIsAUsageError(options: [String], message: String) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD"] + options)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }

    @Test func aMultipleBeyondTheLimitIsBadDataNotACrash() throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["92233720368547758.07", "--currency", "USD", "--tip", "0", "--round-total", "1"])
        #expect(result.status == 65)
        #expect(!result.killedBySignal)
        #expect(result.stderr.hasPrefix("billsplit: error: amount too large"))
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }
}
