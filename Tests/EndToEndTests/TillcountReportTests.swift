// tillcount report: the shareable summary in text, markdown, csv and json.

import Foundation
import Testing

@Suite struct TillcountReportTests {
    static func till() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=3", "10=2", "5=4", "2=5", "1=10", "0.50=4", "roll:1=1")
        try till.ok("note", "Sam | *bold* #1")
        return till
    }

    static let date = #"\d{4}-\d\d-\d\d \d\d:\d\d"#

    @Test func text() throws {
        let till = try Self.till()
        let report = try till.ok("report")
        let plain = try till.ok("report", "--format", "text")
        #expect(report.stdout == plain.stdout)
        let text = report.stdout
        #expect(text.range(of: "^Till count, " + Self.date + ", GBP\n\n", options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("Loose notes and coins"))
        #expect(text.contains("Rolls and bags"))
        #expect(text.range(of: #"(?m)^\s+£2\s+2\s+5\s+£10\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Total\s+£142\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Float\s+£100\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Deposit\s+£42\.00$"#, options: .regularExpression) != nil)
        #expect(text.hasSuffix("\nNotes:\n  Sam | *bold* #1\n"))
    }

    @Test func markdown() throws {
        let till = try Self.till()
        let lines = try till.ok("report", "--format", "markdown").stdout.components(separatedBy: "\n")
        #expect(lines.first?.range(of: "^# Till count, " + Self.date + "$", options: .regularExpression) != nil)
        let body = Array(lines.dropFirst())
        #expect(body == [
            "",
            "Currency: GBP",
            "",
            "| Denomination | Qty | Value |",
            "| --- | ---: | ---: |",
            "| £20 | 3 | £60.00 |",
            "| £10 | 2 | £20.00 |",
            "| £5 | 4 | £20.00 |",
            "| £2 | 5 | £10.00 |",
            "| £1 | 10 | £10.00 |",
            "| 50p | 4 | £2.00 |",
            "| £1 bag of 20 | 1 | £20.00 |",
            "",
            "- Loose: £122.00",
            "- Rolls and bags: £20.00",
            "- **Total: £142.00**",
            "- Float: £100.00",
            "- Deposit: £42.00",
            "",
            "## Notes",
            "",
            ##"- Sam \| \*bold\* \#1"##,
            "",
        ])
        let short = try till.ok("report", "--format", "markdown", "--expected", "150").stdout
        #expect(short.contains("- Expected £150.00: short by £8.00\n"))
    }

    @Test func csv() throws {
        let till = try Self.till()
        #expect(try till.ok("report", "--format", "csv").stdout == """
            token,kind,quantity,value
            20,note,3,60.00
            10,note,2,20.00
            5,note,4,20.00
            2,coin,5,10.00
            1,coin,10,10.00
            0.50,coin,4,2.00
            roll:1,roll,1,20.00
            total,,,142.00
            float,,,100.00
            deposit,,,42.00

            """)
        try till.ok("float", "150")
        #expect(try till.ok("report", "--format", "csv").stdout.hasSuffix("total,,,142.00\nfloat,,,150.00\nshort,,,8.00\n"))
    }

    @Test func json() throws {
        let till = try Self.till()
        let object = try TillcountJSON.object(try till.ok("report", "--format", "json", "--expected", "140").stdout)
        #expect(object["currency"] as? String == "GBP")
        #expect(object["total"] as? String == "142.00")
        #expect(object["float"] as? String == "100.00")
        #expect(object["difference"] as? String == "42.00")
        #expect(object["looseTotal"] as? String == "122.00")
        #expect(object["rollTotal"] as? String == "20.00")
        #expect(object["expected"] as? String == "140.00")
        #expect(object["overShort"] as? String == "2.00")
        #expect(object["notes"] as? [String] == ["Sam | *bold* #1"])
        #expect((object["date"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
        #expect(try TillcountJSON.quantities(object) == ["20": 3, "10": 2, "5": 4, "2": 5, "1": 10, "0.50": 4, "roll:1": 1])
    }

    @Test func reportingChangesNothing() throws {
        let till = try Self.till()
        let before = try #require(till.stateBytes())
        for format in ["text", "markdown", "csv", "json"] { try till.ok("report", "--format", format) }
        #expect(till.stateBytes() == before)
        let bad = try till.run("report", "--format", "tsv")
        #expect(bad.status == 64)
    }
}
