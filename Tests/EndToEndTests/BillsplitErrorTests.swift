// Every range and parse error of billsplit: a usage error (64) for a wrong command line,
// a data error (65) for a malformed amount; always "billsplit: error: …" on stderr,
// nothing on stdout, no crash, and nothing remembered.

import Foundation
import Testing

@Suite struct BillsplitErrorTests {
    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        /// Text stderr must contain (after "billsplit: error: ").
        let message: String
        var testDescription: String { arguments.map { "'\($0)'" }.joined(separator: " ") }

        init(_ arguments: [String], _ status: Int32, _ message: String) {
            self.arguments = arguments
            self.status = status
            self.message = message
        }
    }

    static let usageErrors: [ErrorCase] = [
        // Tip: 0 to 50, at most two decimals, a number.
        ErrorCase(["100", "--tip", "-1"], 64, "invalid --tip '-1': must be from 0 to 50"),
        ErrorCase(["100", "--tip", "-0.01"], 64, "invalid --tip '-0.01'"),
        ErrorCase(["100", "--tip", "50.01"], 64, "invalid --tip '50.01': must be from 0 to 50"),
        ErrorCase(["100", "--tip", "51"], 64, "invalid --tip '51': must be from 0 to 50"),
        ErrorCase(["100", "--tip", "12.345"], 64, "invalid --tip '12.345': at most two decimals"),
        ErrorCase(["100", "--tip", "abc"], 64, "invalid --tip 'abc'"),
        ErrorCase(["100", "--tip", ""], 64, "--tip"),
        ErrorCase(["100", "--tip", "1e1"], 64, "invalid --tip '1e1'"),
        // People: 1 to 20, a whole number.
        ErrorCase(["100", "--people", "0"], 64, "'0' for --people: must be from 1 to 20"),
        ErrorCase(["100", "--people", "21"], 64, "'21' for --people: must be from 1 to 20"),
        ErrorCase(["100", "--people", "-1"], 64, "--people"),
        ErrorCase(["100", "--people", "x"], 64, "'x' for --people"),
        ErrorCase(["100", "--people", "2.5"], 64, "'2.5' for --people"),
        // Weights: whole numbers 0 to 1000000, 1 to 20 of them, not all zero, one per person.
        ErrorCase(["100", "--weights", ""], 64, "invalid --weights ''"),
        ErrorCase(["100", "--weights", "2,-1,1"], 64, "invalid --weights '2,-1,1': '-1'"),
        ErrorCase(["100", "--weights", "a,b"], 64, "invalid --weights 'a,b': 'a'"),
        ErrorCase(["100", "--weights", "1,,2"], 64, "invalid --weights '1,,2'"),
        ErrorCase(["100", "--weights", "1.5,1"], 64, "invalid --weights '1.5,1'"),
        ErrorCase(["100", "--weights", "0,0,0"], 64, "invalid --weights '0,0,0': at least one weight must be more than 0"),
        ErrorCase(["100", "--weights", Array(repeating: "1", count: 21).joined(separator: ",")], 64, "give 1 to 20 weights"),
        ErrorCase(["100", "--weights", "1000001,1"], 64, "'1000001'"),
        ErrorCase(["100", "--weights", "2,1", "--people", "3"], 64, "--people 3 and 2 weights disagree"),
        // Round-up unit: more than 0, at most the currency's decimals.
        ErrorCase(["100", "--currency", "USD", "--round-up", "0"], 64, "invalid --round-up '0'"),
        ErrorCase(["100", "--currency", "USD", "--round-up", "0.00"], 64, "invalid --round-up"),
        ErrorCase(["100", "--currency", "USD", "--round-up", "-5"], 64, "invalid --round-up '-5'"),
        ErrorCase(["100", "--currency", "USD", "--round-up", "0.001"], 64, "invalid --round-up"),
        ErrorCase(["100", "--currency", "JPY", "--round-up", "0.5"], 64, "invalid --round-up"),
        ErrorCase(["100", "--currency", "USD", "--round-up", "abc"], 64, "invalid --round-up"),
        // Currency.
        ErrorCase(["100", "--currency", "UDS"], 64, "unknown currency 'UDS': not an ISO 4217 code (did you mean USD?)"),
        ErrorCase(["100", "--currency", "XYZ"], 64, "unknown currency 'XYZ'"),
        // Locale.
        ErrorCase(["100", "--locale", "xx_YY"], 64, "unknown locale 'xx_YY'"),
        ErrorCase(["100", "--locale", "klingon"], 64, "unknown locale 'klingon'"),
        // No AMOUNT and no terminal: no interactive screen.
        ErrorCase([], 64, "missing AMOUNT"),
        ErrorCase(["--currency", "USD", "--tip", "10"], 64, "missing AMOUNT"),
    ]

    static let dataErrors: [ErrorCase] = [
        ErrorCase(["12.3456", "--currency", "USD"], 65, "invalid amount '12.3456': USD amounts have at most 2 decimals"),
        ErrorCase(["1.500 €", "--currency", "EUR"], 65, "invalid amount '1.500 €': the '.' could separate thousands or decimals"),
        ErrorCase(["1.5", "--currency", "JPY"], 65, "invalid amount '1.5': JPY amounts have no decimals"),
        ErrorCase(["1.2345", "--currency", "KWD"], 65, "invalid amount '1.2345': KWD amounts have at most 3 decimals"),
        ErrorCase(["1,500", "--currency", "USD"], 65, "invalid amount '1,500': the ',' could separate thousands or decimals"),
        ErrorCase(["1.2,3.4", "--currency", "USD"], 65, "invalid amount '1.2,3.4'"),
        ErrorCase(["abc", "--currency", "USD"], 65, "invalid amount 'abc'"),
        ErrorCase(["1e3", "--currency", "USD"], 65, "invalid amount '1e3'"),
        ErrorCase(["5.", "--currency", "USD"], 65, "invalid amount '5.'"),
        ErrorCase(["-5", "--currency", "USD"], 65, "invalid amount '-5': a bill cannot be negative"),
        ErrorCase(["-0.01", "--currency", "USD"], 65, "invalid amount '-0.01'"),
        ErrorCase(["GBP 5", "--currency", "USD"], 65, "invalid amount 'GBP 5'"),
        ErrorCase(["99999999999999999999", "--currency", "USD"], 65, "'99999999999999999999'"),
        ErrorCase(["99999999999999999999", "--currency", "JPY"], 65, "'99999999999999999999'"),
        // Fits, but the tip does not.
        ErrorCase(["92233720368547758.07", "--currency", "USD", "--tip", "15"], 65, "92233720368547758.07"),
        ErrorCase(["9223372036854775807", "--currency", "JPY", "--tip", "1"], 65, "9223372036854775807"),
    ]

    @Test(arguments: usageErrors + dataErrors)
    func errorIsReportedWithItsExitStatus(_ example: ErrorCase) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, example.arguments)
        #expect(result.status == example.status)
        #expect(!result.killedBySignal)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("billsplit: error: "), "\(result.stderr)")
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.contains(example.message), "\(result.stderr)")
        if example.status == 64 {
            #expect(result.stderr.contains("See 'billsplit --help'."))
        }
        // A failed run remembers nothing.
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }

    @Test func missingAmountWithStdinFromAPipeIsAUsageError() throws {
        let result = try BillsplitE2E.run(try Sandbox(), ["--currency", "USD"], stdin: "100\n")
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("billsplit: error: missing AMOUNT"))
    }

    /// The boundaries themselves are accepted.
    @Test(arguments: [
        ["100", "--tip", "0", "--people", "1"], ["100", "--tip", "50", "--people", "20"], ["100", "--tip", "49.99"],
        ["100", "--tip", "0.01"], ["100", "--tip", "15%"], ["100", "--weights", Array(repeating: "1", count: 20).joined(separator: ",")],
        ["100", "--weights", "1000000,0"], ["100", "--currency", "USD", "--round-up", "0.01"], ["100", "--locale", "nb_NO"],
        ["92233720368547758.07", "--currency", "USD", "--tip", "0"],
    ])
    func boundariesAreAccepted(_ arguments: [String]) throws {
        let result = try BillsplitE2E.run(try Sandbox(), arguments + ["--no-save", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.isEmpty)
    }

    /// Another currency's code before the amount is a wrong amount, as 'GBP 5' is
    /// ("not a number"); 'EUR 5' holds no exponent.
    @Test func anotherCurrencysCodeIsNotMistakenForAnExponent() throws {
        let result = try BillsplitE2E.run(try Sandbox(), ["EUR 5", "--currency", "USD"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("billsplit: error: invalid amount 'EUR 5'"))
        #expect(!result.stderr.contains("exponent"), "\(result.stderr)")
    }
}
