// billsplit --tax, --tax-included, --tip-on and --tip-amount through the built binary:
// the figures in JSON, CSV, TSV and the text card, exact in currencies with 0, 2 and 3
// decimals; batches and weights; the keys and columns appended only when used; every bad
// value a usage error (64) naming the option, an overflow bad data (65), nothing saved.

import Foundation
import Testing

@Suite struct BillsplitTaxTests {
    static let oldKeys: Set<String> = ["currency", "bill", "tipPercent", "tip", "total", "people", "shares"]
    static let oldHeader = "currency,bill,tipPercent,tip,extraTip,total,people,shares"

    struct JSONCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let added: [String: String]
        let tip: String, total: String, shares: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let jsonCases: [JSONCase] = [
        // 8.875 % of 100.00 = 8.875 → 8.88 (half up, once); the tip on the bill before tax.
        JSONCase(arguments: ["100", "--currency", "USD", "--tip", "15", "--people", "3", "--tax", "8.875"],
                 added: ["tax": "8.88", "tipOn": "pre-tax", "tipBase": "100.00"],
                 tip: "15.00", total: "123.88", shares: ["41.30", "41.29", "41.29"]),
        JSONCase(arguments: ["100", "--currency", "USD", "--tip", "15", "--people", "3", "--tax", "8.875", "--tip-on", "total"],
                 added: ["tax": "8.88", "tipOn": "total", "tipBase": "108.88"],
                 tip: "16.33", total: "125.21", shares: ["41.74", "41.74", "41.73"]),
        // VAT in the prices: shown, not added; the tip on the bill as printed.
        JSONCase(arguments: ["125", "--currency", "NOK", "--tip", "15", "--people", "2", "--tax-included", "25"],
                 added: ["taxIncluded": "25.00", "tipOn": "total", "tipBase": "125.00"],
                 tip: "18.75", total: "143.75", shares: ["71.88", "71.87"]),
        JSONCase(arguments: ["125", "--currency", "NOK", "--tip", "15", "--people", "2", "--tax-included", "25", "--tip-on", "pre-tax"],
                 added: ["taxIncluded": "25.00", "tipOn": "pre-tax", "tipBase": "100.00"],
                 tip: "15.00", total: "140.00", shares: ["70.00", "70.00"]),
        // No decimals: 1,000 yen with 10 % included is 90.9 → 91 yen of tax; KRW 852.5 → 853.
        JSONCase(arguments: ["1000", "--currency", "JPY", "--tip", "0", "--people", "3", "--tax-included", "10"],
                 added: ["taxIncluded": "91", "tipBase": "1000"], tip: "0", total: "1000", shares: ["334", "333", "333"]),
        JSONCase(arguments: ["15500", "--currency", "KRW", "--tip", "5", "--people", "2", "--tax", "10", "--tip-on", "total"],
                 added: ["tax": "1550", "tipBase": "17050"], tip: "853", total: "17903", shares: ["8952", "8951"]),
        // Three decimals: 0.0005 → 0.001; BHD 1.000 with 10 % included: 0.0909… → 0.091.
        JSONCase(arguments: ["0.010", "--currency", "KWD", "--tip", "0", "--tax", "5"],
                 added: ["tax": "0.001"], tip: "0.000", total: "0.011", shares: ["0.011"]),
        JSONCase(arguments: ["1", "--currency", "BHD", "--tip", "10", "--people", "3", "--tax-included", "10", "--tip-on", "pre-tax"],
                 added: ["taxIncluded": "0.091", "tipBase": "0.909"], tip: "0.091", total: "1.091", shares: ["0.364", "0.364", "0.363"]),
        // Half-cent ties go up: 0.10 × 5 % = 0.005 → 0.01; 1.01 with 100 % included: 0.505 → 0.51.
        JSONCase(arguments: ["0.10", "--currency", "USD", "--tip", "5", "--tax", "5"],
                 added: ["tax": "0.01"], tip: "0.01", total: "0.12", shares: ["0.12"]),
        JSONCase(arguments: ["1.01", "--currency", "USD", "--tip", "0", "--tax-included", "100"],
                 added: ["taxIncluded": "0.51"], tip: "0.00", total: "1.01", shares: ["1.01"]),
        // 0 % and 100 %.
        JSONCase(arguments: ["80", "--currency", "EUR", "--tip", "10", "--tax", "0"],
                 added: ["tax": "0.00"], tip: "8.00", total: "88.00", shares: ["88.00"]),
        JSONCase(arguments: ["80", "--currency", "EUR", "--tip", "10", "--tax", "100", "--tip-on", "total"],
                 added: ["tax": "80.00", "tipBase": "160.00"], tip: "16.00", total: "176.00", shares: ["176.00"]),
        // Weights share the total with tax exactly.
        JSONCase(arguments: ["100", "--currency", "USD", "--tip", "15", "--weights", "2,1,1", "--tax", "8.875"],
                 added: ["tax": "8.88"], tip: "15.00", total: "123.88", shares: ["61.94", "30.97", "30.97"]),
        // A fixed tip: its percentage of the base (47.30 before tax) shown as tipPercent.
        JSONCase(arguments: ["47.30", "--currency", "USD", "--people", "2", "--tax", "10", "--tip-amount", "7.50"],
                 added: ["tax": "4.73", "tipAmount": "7.50", "tipBase": "47.30"], tip: "7.50", total: "59.53", shares: ["29.77", "29.76"]),
        JSONCase(arguments: ["500", "--currency", "JPY", "--people", "3", "--tip-amount", "100"],
                 added: ["tipAmount": "100"], tip: "100", total: "600", shares: ["200", "200", "200"]),
    ]

    @Test(arguments: jsonCases)
    func jsonAddsTheFiguresExactly(_ example: JSONCase) throws {
        let result = try BillsplitE2E.run(try Sandbox(), example.arguments + ["--format", "json", "--no-save"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let json = try BillsplitE2E.jsonObject(result.stdout)
        for (key, value) in example.added { #expect(json[key] as? String == value, "\(key)") }
        #expect(json["tip"] as? String == example.tip)
        #expect(json["total"] as? String == example.total)
        #expect(json["shares"] as? [String] == example.shares)
        // The old keys stay; the new ones come only with their options.
        let keys = Set(json.keys)
        #expect(keys.isSuperset(of: Self.oldKeys))
        #expect(keys.contains("tax") == example.arguments.contains("--tax"))
        #expect(keys.contains("taxPercent") == example.arguments.contains("--tax"))
        #expect(keys.contains("taxIncluded") == example.arguments.contains("--tax-included"))
        #expect(keys.contains("tipAmount") == example.arguments.contains("--tip-amount"))
        #expect(keys.contains("tipBase") == (example.arguments.contains("--tax") || example.arguments.contains("--tax-included")))
        #expect(json["roundTotal"] == nil)
        // bill + added tax + tip = total = the sum of the shares, in exact minor units.
        let currency = try #require(json["currency"] as? String)
        let exponent = try #require(BillsplitE2E.exponents[currency])
        let minor = { (text: String?) in text.flatMap { BillsplitE2E.minorUnits($0, exponent: exponent) } }
        let bill = try #require(minor(json["bill"] as? String))
        let tax = minor(json["tax"] as? String) ?? 0
        let total = try #require(minor(example.total))
        #expect(bill + tax + (minor(example.tip) ?? -1) == total)
        #expect(example.shares.compactMap(minor).reduce(0, +) == total)
    }

    @Test func aFixedTipShowsItsPercentageAndNullForAZeroBill() throws {
        let fixed = try BillsplitE2E.jsonObject(try BillsplitE2E.run(try Sandbox(), ["47.30", "--currency", "USD", "--tip-amount", "7.50", "--format", "json", "--no-save"]).stdout)
        #expect((fixed["tipPercent"] as? NSNumber)?.stringValue == "15.86")
        let zero = try BillsplitE2E.jsonObject(try BillsplitE2E.run(try Sandbox(), ["0", "--currency", "USD", "--tip-amount", "5", "--format", "json", "--no-save"]).stdout)
        #expect(zero["tipPercent"] is NSNull)
        #expect(zero["total"] as? String == "5.00")
    }

    @Test(arguments: [("csv", ","), ("tsv", "\t")])
    func delimitedOutputAppendsColumnsAtTheEnd(format: String, separator: String) throws {
        let result = try BillsplitE2E.run(
            try Sandbox(), ["100", "--currency", "USD", "--tip", "15", "--people", "3", "--tax", "8.875", "--format", format, "--no-save"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let oldColumns = Self.oldHeader.replacingOccurrences(of: ",", with: separator)
        #expect(lines == [
            [oldColumns, "taxPercent", "tax", "tipOn", "tipBase"].joined(separator: separator),
            ["USD", "100.00", "15", "15.00", "0.00", "123.88", "3", "41.30;41.29;41.29", "8.875", "8.88", "pre-tax", "100.00"].joined(separator: separator),
        ])
        let included = try BillsplitE2E.run(
            try Sandbox(), ["125", "--currency", "NOK", "--tax-included", "25", "--tip-amount", "10", "--format", format, "--no-save"])
        #expect(included.stdout.split(separator: "\n").map(String.init) == [
            [oldColumns, "taxIncludedPercent", "taxIncluded", "tipOn", "tipBase", "tipAmount"].joined(separator: separator),
            ["NOK", "125.00", "8", "10.00", "0.00", "135.00", "1", "135.00", "25", "25.00", "total", "125.00", "10.00"].joined(separator: separator),
        ])
    }

    @Test func withoutTheOptionsTheOutputIsAsBefore() throws {
        let arguments = ["100", "--currency", "USD", "--tip", "15", "--people", "3", "--no-save"]
        let csv = try BillsplitE2E.run(try Sandbox(), arguments + ["--format", "csv"])
        #expect(csv.stdout == Self.oldHeader + "\nUSD,100.00,15,15.00,0.00,115.00,3,38.34;38.33;38.33\n")
        let json = try BillsplitE2E.jsonObject(try BillsplitE2E.run(try Sandbox(), arguments + ["--format", "json"]).stdout)
        #expect(Set(json.keys) == Self.oldKeys)
        let text = try BillsplitE2E.run(try Sandbox(), arguments)
        #expect(BillsplitE2E.squeezedLines(text.stdout) == ["Bill $100.00", "Tip (15%) $15.00", "Total $115.00", "", "Each of 3 pays: 1 × $38.34 and 2 × $38.33", ""])
    }

    @Test func theCardShowsTheTaxAndTheTipsBase() throws {
        let added = try BillsplitE2E.run(try Sandbox(), ["100", "--currency", "USD", "--tip", "15", "--people", "3", "--tax", "8.875", "--no-save"])
        #expect(added.status == 0)
        #expect(BillsplitE2E.squeezedLines(added.stdout) == [
            "Bill $100.00", "Tax (8.875%) $8.88", "Tip (15%) $15.00 of $100.00 before tax", "Total $123.88", "",
            "Each of 3 pays: 1 × $41.30 and 2 × $41.29", "",
        ])
        let included = try BillsplitE2E.run(try Sandbox(), ["125", "--currency", "USD", "--tip-amount", "10", "--tax-included", "25", "--no-save"])
        #expect(BillsplitE2E.squeezedLines(included.stdout) == [
            "Bill $125.00", "Tax included (25%) $25.00 in the bill, not added", "Tip (fixed) $10.00 8% of $125.00 with tax",
            "Total $135.00", "", "1 person pays: $135.00", "",
        ])
    }

    @Test func aBatchAppliesTheOptionsToEveryLine() throws {
        let options = ["-", "--currency", "USD", "--tip", "10", "--people", "2", "--tax", "5", "--no-save"]
        let text = try BillsplitE2E.run(try Sandbox(), options, stdin: "100\n# lunch\n0.10\n")
        #expect(text.status == 0)
        #expect(BillsplitE2E.squeezedLines(text.stdout) == [
            "$100.00 + $5.00 tax (5%) + $10.00 tip (10%) = $115.00: $57.50",
            "$0.10 + $0.01 tax (5%) + $0.01 tip (10%) = $0.12: $0.06",
            "",
        ])
        let csv = try BillsplitE2E.run(try Sandbox(), options + ["--format", "csv"], stdin: "100\n0.10\n")
        #expect(csv.stdout.split(separator: "\n").map(String.init) == [
            Self.oldHeader + ",taxPercent,tax,tipOn,tipBase",
            "USD,100.00,10,10.00,0.00,115.00,2,57.50;57.50,5,5.00,pre-tax,100.00",
            "USD,0.10,10,0.01,0.00,0.12,2,0.06;0.06,5,0.01,pre-tax,0.10",
        ])
        let included = try BillsplitE2E.run(
            try Sandbox(), ["-", "--currency", "NOK", "--tip-amount", "5", "--tax-included", "25", "--no-save"], stdin: "125\n")
        #expect(BillsplitE2E.squeezedLines(included.stdout) == [
            "125,00 kr (incl. 25,00 kr tax, 25%) + 5,00 kr tip (fixed, 4%) = 130,00 kr: 130,00 kr", "",
        ])
        // A line that overflows is reported by number; the others still print (65).
        let huge = try BillsplitE2E.run(try Sandbox(), options + ["--format", "csv"], stdin: "92233720368547758.07\n100\n")
        #expect(huge.status == 65)
        #expect(!huge.killedBySignal)
        #expect(huge.stderr.hasPrefix("billsplit: error: line 1: amount too large"))
        #expect(huge.stdout.split(separator: "\n").count == 2)
    }

    static let usageErrors: [([String], String)] = [
        (["--tax", "-5"], "invalid --tax '-5': must be from 0 to 100"),
        (["--tax", "100.01"], "invalid --tax '100.01': must be from 0 to 100"),
        (["--tax", "abc"], "invalid --tax 'abc': expected a percentage such as 25 or 8.875"),
        (["--tax", ""], "--tax"),
        (["--tax", "8.87501"], "invalid --tax '8.87501': at most 4 decimals"),
        (["--tax-included", "-1"], "invalid --tax-included '-1': must be from 0 to 100"),
        (["--tax-included", "1e2"], "invalid --tax-included '1e2'"),
        (["--tax", "5", "--tax-included", "5"], "--tax and --tax-included cannot be used together"),
        (["--tip", "10", "--tip-amount", "5"], "--tip and --tip-amount cannot be used together"),
        (["--tip-amount", "-1"], "invalid --tip-amount '-1': a tip cannot be negative"),
        (["--tip-amount", "abc"], "invalid --tip-amount: invalid amount 'abc'"),
        (["--tip-amount", "1.234"], "invalid --tip-amount: invalid amount '1.234': the '.' could separate thousands or decimals"),
        (["--tip-amount", "0.234"], "invalid --tip-amount: invalid amount '0.234': USD amounts have at most 2 decimals"),
        (["--tip-on", "sideways"], "--tip-on"),
    ]

    @Test(arguments: usageErrors)
    func aBadValueIsAUsageErrorNamingTheOption(options: [String], message: String) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD"] + options)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(!result.killedBySignal)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("billsplit: error: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        // Nothing remembered from a refused run.
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }

    @Test(arguments: [
        ["92233720368547758.07", "--tax", "1"],
        ["92233720368547758.07", "--tax-included", "10", "--tip", "1"],
        ["92233720368547758.07", "--tip-amount", "0.01"],
        ["50000000000000000", "--tax", "100"],
    ])
    func anOverflowIsBadDataNotACrash(arguments: [String]) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, arguments + ["--currency", "USD"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(!result.killedBySignal)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("billsplit: error: amount too large"), "\(result.stderr)")
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }

    @Test func theLargestBillStillSplitsWhenNothingIsAdded() throws {
        let result = try BillsplitE2E.run(
            try Sandbox(), ["92233720368547758.07", "--currency", "USD", "--tip", "0", "--tax-included", "100", "--people", "2", "--format", "json", "--no-save"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        #expect(json["taxIncluded"] as? String == "46116860184273879.04")
        #expect(json["shares"] as? [String] == ["46116860184273879.04", "46116860184273879.03"])
    }

    @Test func theTaxIsNotRememberedButTheTipStillIs() throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD", "--tip", "18", "--tax", "8.875"])
        #expect(result.status == 0)
        let saved = try BillsplitE2E.preferences(BillsplitE2E.preferencesPath(sandbox))
        #expect(saved["tipPercent"] as? String == "18")
        #expect(saved["currency"] as? String == "USD")
        #expect(Set(saved.keys) == ["currency", "tipPercent", "customTipPercent"])
        // A fixed tip is this bill's: nothing about the tip is remembered.
        let other = try Sandbox()
        _ = try BillsplitE2E.run(other, ["100", "--currency", "USD", "--tip-amount", "5"])
        #expect(Set(try BillsplitE2E.preferences(BillsplitE2E.preferencesPath(other)).keys) == ["currency"])
    }
}

@Suite struct BillsplitItemsTaxTests {
    @Test func anItemisedBillSharesTheTaxLikeTheTip() throws {
        let bill = "item,amount,who\nBurger,12.00,Alice\nSalad,9.00,bob\nPizza,20.00,everyone\n\"Wine, red\",10.00,Alice;Bob\n"
        let options = ["items", "-", "--currency", "USD", "--tip", "10", "--people", "Alice,Bob,Cara", "--format", "json"]
        let result = try BillsplitE2E.run(try Sandbox(), options + ["--tax", "10"], stdin: bill)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try BillsplitE2E.jsonObject(result.stdout)
        // 51.00 + 5.10 tax + 5.10 tip (on the items before tax), each shared by subtotal.
        #expect(json["total"] as? String == "61.20")
        let people = try #require(json["people"] as? [[String: Any]])
        #expect(people.map { $0["tax"] as? String } == ["2.37", "2.07", "0.66"])
        #expect(people.map { $0["tip"] as? String } == ["2.37", "2.07", "0.66"])
        #expect(people.map { $0["total"] as? String } == ["28.41", "24.81", "7.98"])
        // The tip on the total: 56.10 × 10 % = 5.61.
        let onTotal = try BillsplitE2E.jsonObject(try BillsplitE2E.run(try Sandbox(), options + ["--tax", "10", "--tip-on", "total"], stdin: bill).stdout)
        #expect(onTotal["total"] as? String == "61.71")
        let refused = try BillsplitE2E.run(try Sandbox(), options + ["--tax", "-1"], stdin: bill)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("invalid --tax '-1'"))
    }
}
