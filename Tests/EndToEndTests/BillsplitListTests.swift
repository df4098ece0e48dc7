// `billsplit -`: one bill per line of standard input, one result per line out, in text,
// JSON, CSV and TSV; a bad line is reported with its number and the others still printed.

import Foundation
import Testing

@Suite struct BillsplitListTests {
    static let options = ["-", "--currency", "USD", "--tip", "10", "--people", "3", "--no-save"]

    @Test func textHasOneLinePerBillSkippingBlankAndCommentLines() throws {
        let input = "100\n# a comment\n\n   \n50\r\n7\n"
        let result = try BillsplitE2E.run(try Sandbox(), Self.options, stdin: input)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(BillsplitE2E.squeezedLines(result.stdout) == [
            "$100.00 + $10.00 tip (10%) = $110.00: 2 × $36.67 and 1 × $36.66",
            "$50.00 + $5.00 tip (10%) = $55.00: 1 × $18.34 and 2 × $18.33",
            "$7.00 + $0.70 tip (10%) = $7.70: 2 × $2.57 and 1 × $2.56",
            "",
        ])
    }

    @Test func lastLineWithoutNewlineCounts() throws {
        let result = try BillsplitE2E.run(try Sandbox(), Self.options + ["--format", "csv"], stdin: "100\n20")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 3)
    }

    @Test(arguments: ["text", "json", "csv", "tsv"])
    func aBadLineInTheMiddleIsReportedByNumberAndTheRestStillPrinted(format: String) throws {
        // Line 3 is bad; line 2 is a comment (it still counts), line 5 is bad too.
        let input = "100\n# lunch\n12.345\n50\nabc\n7\n"
        let result = try BillsplitE2E.run(try Sandbox(), Self.options + ["--format", format], stdin: input)
        #expect(result.status == 65)
        #expect(!result.killedBySignal)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors == [
            "billsplit: error: line 3: invalid amount '12.345': the '.' could separate thousands or decimals",
            "billsplit: error: line 5: invalid amount 'abc': not a number",
        ])
        var lines = result.stdout.split(separator: "\n").map(String.init)
        if format == "csv" || format == "tsv" {
            let separator = format == "csv" ? "," : "\t"
            #expect(lines.first == ["currency", "bill", "tipPercent", "tip", "extraTip", "total", "people", "shares"].joined(separator: separator))
            lines.removeFirst()
        }
        #expect(lines.count == 3)
        let bills = ["100.00", "50.00", "7.00"]
        for (line, bill) in zip(lines, bills) {
            switch format {
            case "json": #expect(try BillsplitE2E.jsonObject(line)["bill"] as? String == bill)
            case "csv": #expect(line.split(separator: ",").dropFirst().first.map(String.init) == bill)
            case "tsv": #expect(line.split(separator: "\t").dropFirst().first.map(String.init) == bill)
            default: #expect(line.hasPrefix("$\(bill)"))
            }
        }
    }

    @Test(arguments: ["csv", "tsv"])
    func delimitedOutputHasOneHeaderThenOneRowPerBill(format: String) throws {
        let separator: Character = format == "csv" ? "," : "\t"
        let result = try BillsplitE2E.run(
            try Sandbox(), ["-", "--currency", "USD", "--tip", "12.5", "--people", "3", "--round-up", "5", "--no-save", "--format", format],
            stdin: "100\n50\n0\n")
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: separator, omittingEmptySubsequences: false).map(String.init) }
        #expect(rows == [
            ["currency", "bill", "tipPercent", "tip", "extraTip", "total", "people", "shares"],
            ["USD", "100.00", "12.5", "12.50", "7.50", "120.00", "3", "40.00;40.00;40.00"],
            ["USD", "50.00", "12.5", "6.25", "3.75", "60.00", "3", "20.00;20.00;20.00"],
            ["USD", "0.00", "12.5", "0.00", "0.00", "0.00", "3", "0.00;0.00;0.00"],
        ])
    }

    @Test(arguments: ["csv", "tsv"])
    func emptyInputGivesJustTheHeader(format: String) throws {
        let result = try BillsplitE2E.run(try Sandbox(), Self.options + ["--format", format], stdin: "")
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.hasPrefix("currency"))
    }

    @Test func singleBillCSVHasAHeaderAndOneRow() throws {
        let result = try BillsplitE2E.run(try Sandbox(), ["100", "--currency", "JPY", "--tip", "0", "--people", "3", "--no-save", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout == "currency,bill,tipPercent,tip,extraTip,total,people,shares\nJPY,100,0,0,0,100,3,34;33;33\n")
    }

    @Test func jsonLinesAreOneObjectPerLine() throws {
        let result = try BillsplitE2E.run(try Sandbox(), Self.options + ["--format", "json"], stdin: "100\n1\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let second = try BillsplitE2E.jsonObject(lines[1])
        #expect(second["shares"] as? [String] == ["0.37", "0.37", "0.36"])
    }

    /// A batch is a script's run: its options are not the next person's defaults.
    @Test func theListRemembersNothing() throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["-", "--currency", "KWD", "--tip", "12.5"], stdin: "1\n2\n")
        #expect(result.status == 0)
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }
}
