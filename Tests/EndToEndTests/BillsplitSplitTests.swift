// billsplit on one bill, through the built binary: the documented examples in JSON,
// weights, round-up, the text card in the currency's locale and with --locale, and the
// default currency from the locale's region.

import Foundation
import Testing

@Suite struct BillsplitSplitTests {
    struct JSONCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let currency: String
        let bill: String
        let tipPercent: Double
        let tip: String
        let total: String
        let shares: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let jsonCases: [JSONCase] = [
        JSONCase(arguments: ["100.00", "--currency", "USD", "--tip", "0", "--people", "3"],
                 currency: "USD", bill: "100.00", tipPercent: 0, tip: "0.00", total: "100.00", shares: ["33.34", "33.33", "33.33"]),
        JSONCase(arguments: ["500", "--currency", "JPY", "--tip", "0", "--people", "3"],
                 currency: "JPY", bill: "500", tipPercent: 0, tip: "0", total: "500", shares: ["167", "167", "166"]),
        // 100 × 15 % = 15.00; 115.00 / 3 = 38.333…: one extra cent, to the first share.
        JSONCase(arguments: ["100", "--currency", "USD", "--tip", "15", "--people", "3"],
                 currency: "USD", bill: "100.00", tipPercent: 15, tip: "15.00", total: "115.00", shares: ["38.34", "38.33", "38.33"]),
        // 1.00 × 12.5 % = 0.125, half up to 0.13.
        JSONCase(arguments: ["1", "--currency", "USD", "--tip", "12.5", "--people", "2"],
                 currency: "USD", bill: "1.00", tipPercent: 12.5, tip: "0.13", total: "1.13", shares: ["0.57", "0.56"]),
        // The same with the tip and amount written with a decimal comma.
        JSONCase(arguments: ["1,00", "--currency", "USD", "--tip", "12,5", "--people", "2"],
                 currency: "USD", bill: "1.00", tipPercent: 12.5, tip: "0.13", total: "1.13", shares: ["0.57", "0.56"]),
        // 200 × 0.25 % = 0.5 yen, half up to 1.
        JSONCase(arguments: ["200", "--currency", "JPY", "--tip", "0.25", "--people", "4"],
                 currency: "JPY", bill: "200", tipPercent: 0.25, tip: "1", total: "201", shares: ["51", "50", "50", "50"]),
        // 0.004 KWD × 12.5 % = 0.0005, half up to 0.001.
        JSONCase(arguments: ["0.004", "--currency", "KWD", "--tip", "12.5", "--people", "1"],
                 currency: "KWD", bill: "0.004", tipPercent: 12.5, tip: "0.001", total: "0.005", shares: ["0.005"]),
        JSONCase(arguments: ["10.001", "--currency", "KWD", "--tip", "10", "--people", "3"],
                 currency: "KWD", bill: "10.001", tipPercent: 10, tip: "1.000", total: "11.001", shares: ["3.667", "3.667", "3.667"]),
        // The code or symbol may come before the amount.
        JSONCase(arguments: ["USD 12", "--currency", "USD", "--tip", "50", "--people", "1"],
                 currency: "USD", bill: "12.00", tipPercent: 50, tip: "6.00", total: "18.00", shares: ["18.00"]),
        JSONCase(arguments: ["0", "--currency", "NOK", "--tip", "20", "--people", "20"],
                 currency: "NOK", bill: "0.00", tipPercent: 20, tip: "0.00", total: "0.00", shares: Array(repeating: "0.00", count: 20)),
    ]

    @Test(arguments: jsonCases)
    func jsonGivesExactShares(_ example: JSONCase) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, example.arguments + ["--format", "json", "--no-save"])
        #expect(result.status == 0)
        #expect(!result.killedBySignal)
        #expect(result.stderr.isEmpty)
        let json = try BillsplitE2E.jsonObject(result.stdout)
        #expect(json["currency"] as? String == example.currency)
        // Amounts are strings, never floating-point numbers.
        #expect(json["bill"] as? String == example.bill)
        #expect(json["tip"] as? String == example.tip)
        #expect(json["total"] as? String == example.total)
        #expect(json["shares"] as? [String] == example.shares)
        #expect((json["tipPercent"] as? NSNumber)?.doubleValue == example.tipPercent)
        #expect(json["people"] as? Int == example.shares.count)
        #expect(json["weights"] == nil)
        #expect(json["extraTip"] == nil)
        #expect(Set(json.keys) == ["currency", "bill", "tipPercent", "tip", "total", "people", "shares"])
    }

    struct WeightsCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let weights: [Int]
        let total: String
        let shares: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let weightsCases: [WeightsCase] = [
        // 90 + 15 % = 103.50: half, a quarter, a quarter.
        WeightsCase(arguments: ["90", "--currency", "USD", "--weights", "2,1,1"], weights: [2, 1, 1],
                    total: "103.50", shares: ["51.75", "25.88", "25.87"]),
        // 10.00 by 3:3:1 = 428.57…, 428.57…, 142.857…: the two spare cents go to the largest
        // remainders, person 3 (6/7) then person 1 (4/7, a tie with person 2 goes to the earlier).
        WeightsCase(arguments: ["10", "--currency", "USD", "--tip", "0", "--weights", "3,3,1"], weights: [3, 3, 1],
                    total: "10.00", shares: ["4.29", "4.28", "1.43"]),
        WeightsCase(arguments: ["100", "--currency", "JPY", "--tip", "0", "--weights", "1, 0, 2", "--people", "3"], weights: [1, 0, 2],
                    total: "100", shares: ["33", "0", "67"]),
        WeightsCase(arguments: ["1", "--currency", "KWD", "--tip", "0", "--weights", "1,1,1,1,1,1,2"], weights: [1, 1, 1, 1, 1, 1, 2],
                    total: "1.000", shares: ["0.125", "0.125", "0.125", "0.125", "0.125", "0.125", "0.250"]),
    ]

    @Test(arguments: weightsCases)
    func weightsSplitInProportionAndAddUp(_ example: WeightsCase) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, example.arguments + ["--format", "json", "--no-save"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        let currency = try #require(json["currency"] as? String)
        let exponent = try #require(BillsplitE2E.exponents[currency])
        #expect(json["weights"] as? [Int] == example.weights)
        #expect(json["people"] as? Int == example.weights.count)
        #expect(json["total"] as? String == example.total)
        let shares = try #require(json["shares"] as? [String])
        #expect(shares == example.shares)
        let total = try #require(BillsplitE2E.minorUnits(example.total, exponent: exponent))
        #expect(shares.compactMap { BillsplitE2E.minorUnits($0, exponent: exponent) }.reduce(0, +) == total)
    }

    @Test func weightsShowPerPersonInTheCard() throws {
        let result = try BillsplitE2E.run(try Sandbox(), ["90", "--currency", "USD", "--tip", "12.5", "--weights", "2,1,1", "--no-save"])
        #expect(result.status == 0)
        let lines = BillsplitE2E.squeezedLines(result.stdout)
        #expect(lines.contains("Total $101.25"))
        #expect(lines.contains("Person 1 2 $50.63"))
        #expect(lines.contains("Person 2 1 $25.31"))
        #expect(lines.contains("Person 3 1 $25.31"))
    }

    struct RoundUpCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let unit: String
        let tip: String
        let extraTip: String
        let total: String
        let shares: [String]
        let effectiveTipPercent: Double?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let roundUpCases: [RoundUpCase] = [
        // 847 + 12.5 % = 952.875 → 105.88 tip, 952.88 total; 238.22 each rounded up to 240.
        RoundUpCase(arguments: ["847", "--currency", "NOK", "--tip", "12.5", "--people", "4", "--round-up", "10"],
                    unit: "10.00", tip: "105.88", extraTip: "7.12", total: "960.00",
                    shares: ["240.00", "240.00", "240.00", "240.00"], effectiveTipPercent: 13.34),
        RoundUpCase(arguments: ["100", "--currency", "USD", "--tip", "10", "--people", "3", "--round-up", "5"],
                    unit: "5.00", tip: "10.00", extraTip: "10.00", total: "120.00",
                    shares: ["40.00", "40.00", "40.00"], effectiveTipPercent: 20),
        RoundUpCase(arguments: ["33.33", "--currency", "USD", "--tip", "0", "--people", "2", "--round-up", "0.25"],
                    unit: "0.25", tip: "0.00", extraTip: "0.17", total: "33.50",
                    shares: ["16.75", "16.75"], effectiveTipPercent: 0.51),
        RoundUpCase(arguments: ["1000", "--currency", "JPY", "--tip", "15", "--weights", "2,1", "--round-up", "100"],
                    unit: "100", tip: "150", extraTip: "50", total: "1200",
                    shares: ["800", "400"], effectiveTipPercent: 20),
        RoundUpCase(arguments: ["0", "--currency", "USD", "--tip", "15", "--people", "2", "--round-up", "1"],
                    unit: "1.00", tip: "0.00", extraTip: "0.00", total: "0.00",
                    shares: ["0.00", "0.00"], effectiveTipPercent: nil),
    ]

    @Test(arguments: roundUpCases)
    func roundUpMakesEveryShareAMultipleOfTheUnit(_ example: RoundUpCase) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, example.arguments + ["--format", "json", "--no-save"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        let currency = try #require(json["currency"] as? String)
        let exponent = try #require(BillsplitE2E.exponents[currency])
        #expect(json["roundUp"] as? String == example.unit)
        #expect(json["tip"] as? String == example.tip)
        #expect(json["extraTip"] as? String == example.extraTip)
        #expect(json["total"] as? String == example.total)
        let shares = try #require(json["shares"] as? [String])
        #expect(shares == example.shares)
        if let effective = example.effectiveTipPercent {
            #expect((json["effectiveTipPercent"] as? NSNumber)?.doubleValue == effective)
        } else {
            #expect(json["effectiveTipPercent"] is NSNull)
        }
        // The invariants, in exact minor units.
        let unit = try #require(BillsplitE2E.minorUnits(example.unit, exponent: exponent))
        let minor = shares.compactMap { BillsplitE2E.minorUnits($0, exponent: exponent) }
        #expect(minor.count == shares.count)
        #expect(minor.allSatisfy { $0 % unit == 0 })
        let billText = try #require(json["bill"] as? String)
        let bill = try #require(BillsplitE2E.minorUnits(billText, exponent: exponent))
        let total = try #require(BillsplitE2E.minorUnits(example.total, exponent: exponent))
        #expect(minor.reduce(0, +) == total)
        #expect(bill + BillsplitE2E.minorUnits(example.tip, exponent: exponent)! + BillsplitE2E.minorUnits(example.extraTip, exponent: exponent)! == total)
    }

    @Test func roundUpShowsTheExtraTipInTheCard() throws {
        let result = try BillsplitE2E.run(try Sandbox(), ["847", "--currency", "USD", "--tip", "12.5", "--people", "4", "--round-up", "10", "--no-save"])
        #expect(result.status == 0)
        let lines = BillsplitE2E.squeezedLines(result.stdout)
        #expect(lines.contains("Tip (12.5%) $105.88"))
        #expect(lines.contains("Rounding up $7.12 to multiples of $10.00; effective tip 13.34%"))
        #expect(lines.contains("Total $960.00"))
        #expect(lines.contains("Each of 4 pays: $240.00"))
    }

    struct CardCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let lines: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cardCases: [CardCase] = [
        CardCase(arguments: ["100", "--currency", "USD", "--tip", "15", "--people", "3"],
                 lines: ["Bill $100.00", "Tip (15%) $15.00", "Total $115.00", "", "Each of 3 pays: 1 × $38.34 and 2 × $38.33", ""]),
        CardCase(arguments: ["100", "--currency", "NOK", "--tip", "10", "--people", "3"],
                 lines: ["Bill 100,00 kr", "Tip (10%) 10,00 kr", "Total 110,00 kr", "", "Each of 3 pays: 2 × 36,67 kr and 1 × 36,66 kr", ""]),
        CardCase(arguments: ["100", "--currency", "USD", "--tip", "12.5", "--people", "3"],
                 lines: ["Bill $100.00", "Tip (12.5%) $12.50", "Total $112.50", "", "Each of 3 pays: $37.50", ""]),
        CardCase(arguments: ["500", "--currency", "JPY", "--tip", "10", "--people", "3"],
                 lines: ["Bill ¥500", "Tip (10%) ¥50", "Total ¥550", "", "Each of 3 pays: 1 × ¥184 and 2 × ¥183", ""]),
        CardCase(arguments: ["84.50", "--currency", "USD", "--tip", "0", "--people", "1"],
                 lines: ["Bill $84.50", "Tip (0%) $0.00", "Total $84.50", "", "1 person pays: $84.50", ""]),
        // --locale changes the formatting, not the currency.
        CardCase(arguments: ["100", "--currency", "USD", "--tip", "15", "--people", "3", "--locale", "de_DE"],
                 lines: ["Bill 100,00 $", "Tip (15%) 15,00 $", "Total 115,00 $", "", "Each of 3 pays: 1 × 38,34 $ and 2 × 38,33 $", ""]),
        CardCase(arguments: ["1234.5", "--currency", "USD", "--tip", "0", "--people", "2", "--locale", "de-DE"],
                 lines: ["Bill 1.234,50 $", "Tip (0%) 0,00 $", "Total 1.234,50 $", "", "Each of 2 pays: 617,25 $", ""]),
        CardCase(arguments: ["1234.5", "--currency", "NOK", "--tip", "0", "--people", "2", "--locale", "en_US"],
                 lines: ["Bill NOK 1,234.50", "Tip (0%) NOK 0.00", "Total NOK 1,234.50", "", "Each of 2 pays: NOK 617.25", ""]),
    ]

    @Test(arguments: cardCases)
    func textCardInTheCurrencysLocale(_ example: CardCase) throws {
        let result = try BillsplitE2E.run(try Sandbox(), example.arguments + ["--no-save"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(BillsplitE2E.squeezedLines(result.stdout) == example.lines)
    }

    @Test func localeUserFormatsForTheUsersLocale() throws {
        let sandbox = try Sandbox()
        let german = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD", "--tip", "0", "--locale", "user", "--no-save"],
                                          environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 0)
        #expect(BillsplitE2E.squeezedLines(german.stdout).first == "Bill 100,00 $")
        let american = try BillsplitE2E.run(sandbox, ["100", "--currency", "NOK", "--tip", "0", "--locale", "user", "--no-save"],
                                            environment: ["LC_ALL": "en_US.UTF-8", "LANG": "nb_NO.UTF-8"])
        #expect(american.status == 0)
        #expect(BillsplitE2E.squeezedLines(american.stdout).first == "Bill NOK 100.00")
    }

    struct LocaleCurrencyCase: CustomTestStringConvertible, Sendable {
        let environment: [String: String]
        let currency: String
        var testDescription: String { environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
    }

    static let localeCurrencyCases: [LocaleCurrencyCase] = [
        LocaleCurrencyCase(environment: ["LANG": "en_US.UTF-8"], currency: "USD"),
        LocaleCurrencyCase(environment: ["LANG": "nb_NO.UTF-8"], currency: "NOK"),
        LocaleCurrencyCase(environment: ["LANG": "C.UTF-8"], currency: "USD"),
        LocaleCurrencyCase(environment: ["LANG": "POSIX"], currency: "USD"),
        LocaleCurrencyCase(environment: ["LANG": "en"], currency: "USD"),
        LocaleCurrencyCase(environment: ["LANG": "en_GB"], currency: "GBP"),
        LocaleCurrencyCase(environment: ["LANG": "ja_JP.UTF-8"], currency: "JPY"),
        LocaleCurrencyCase(environment: ["LANG": "nb_NO.UTF-8", "LC_MONETARY": "en_US.UTF-8"], currency: "USD"),
        LocaleCurrencyCase(environment: ["LANG": "nb_NO.UTF-8", "LC_MONETARY": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8"], currency: "EUR"),
    ]

    @Test(arguments: localeCurrencyCases)
    func defaultCurrencyComesFromTheLocalesRegion(_ example: LocaleCurrencyCase) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["10", "--format", "json"], environment: example.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try BillsplitE2E.jsonObject(result.stdout)["currency"] as? String == example.currency)
        // Nothing given on the command line: nothing saved.
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
        let prefs = try BillsplitE2E.run(sandbox, ["prefs", "--format", "json"], environment: example.environment)
        #expect(try BillsplitE2E.jsonObject(prefs.stdout)["currency"] as? String == example.currency)
    }
}
