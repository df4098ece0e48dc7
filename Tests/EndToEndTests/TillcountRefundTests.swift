// tillcount refund (issue 29, item 5): cash given back for returned goods lowers the
// expected cash and is shown apart from paid-outs in every format and report: show,
// movements, report (text, JSON, CSV, markdown, HTML), the saved count and the history
// export; it needs a reason, and undo takes it back.

import Foundation
import Testing

@Suite struct TillcountRefundTests {
    /// A GBP till: float £100, £142 counted, sales £120, paid out £12.50 (milk), refunded
    /// £30 (returned kettle): expected £177.50, short by £35.50.
    static func shift() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=7", "2=1")
        try till.ok("sales", "120")
        try till.ok("paid-out", "12.50", "--reason", "milk")
        let refund = try till.ok("refund", "30", "--reason", "returned kettle")
        #expect(refund.stderr == "Refunded £30.00 (returned kettle): movement 3. Undo with: tillcount undo\n")
        return till
    }

    @Test func aRefundIsShownApartInEveryFormat() throws {
        let till = try Self.shift()
        let text = try till.ok("show").stdout
        for pattern in [#"(?m)^Paid out\s+£12\.50$"#, #"(?m)^Refunds\s+£30\.00$"#, #"(?m)^Expected\s+£177\.50\s+short by £35\.50$"#] {
            #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(pattern) in\n\(text)")
        }
        let json = try till.showJSON()
        #expect(json["paidOut"] as? String == "12.50" && json["refunds"] as? String == "30.00" && json["expected"] as? String == "177.50")
        let movements = try TillcountJSON.object(try till.ok("movements", "--format", "json").stdout)
        #expect(movements["refunds"] as? String == "30.00")
        #expect((movements["movements"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["sale", "paid-out", "refund"])
        let csv = try till.ok("report", "--format", "csv").stdout.split(separator: "\n").map(String.init)
        #expect(csv.contains("paid-out,,,12.50") && csv.contains("refunds,,,30.00"), "\(csv)")
        let markdown = try till.ok("report", "--format", "markdown").stdout
        #expect(markdown.contains("- Paid out: £12.50\n- Refunds: £30.00\n- Drops: £0.00\n"), "\(markdown)")
        let page = try till.ok("report", "--format", "html").stdout
        HTMLPage.expectBalanced(page)
        #expect(HTMLPage.rows(page, table: "totals").contains(["Refunds", "£30.00"]))
        #expect(HTMLPage.rows(page, table: "movements").dropFirst().map { Array($0.dropFirst()) } == [
            ["paid out", "£12.50", "milk"], ["refund", "£30.00", "returned kettle"],
        ])
    }

    @Test func theSavedCountKeepsItsRefunds() throws {
        let till = try Self.shift()
        #expect(try till.ok("save").stderr == "Saved count 1. Expected £177.50: short by £35.50\n")
        let shown = try till.ok("history", "show", "1").stdout
        #expect(shown.range(of: #"(?m)^Refunds\s+£30\.00$"#, options: .regularExpression) != nil, "\(shown)")
        let export = try TillcountJSON.array(try till.ok("history", "export", "--format", "json").stdout)
        #expect(export.first?["refunds"] as? String == "30.00" && export.first?["paidOut"] as? String == "12.50")
        let csv = try till.ok("history", "export").stdout.split(separator: "\n").map(String.init)
        #expect(csv.dropFirst().allSatisfy { $0.contains(",30.00,sale 120.00; paid-out 12.50 milk; refund 30.00 returned kettle") }, "\(csv)")
    }

    @Test func aRefundNeedsAReasonAndIsUndone() throws {
        let till = try Self.shift()
        let bare = try till.run("refund", "5")
        #expect(bare.status == 64 && bare.stderr == "tillcount: error: a refund needs a reason\nhint: e.g. tillcount refund 12.50 --reason 'returned kettle'\n")
        #expect(try till.run("refund", "0", "--reason", "x").status == 65)
        #expect(try till.ok("undo").stderr.contains("refund"))
        #expect(try till.showJSON()["refunds"] as? String == "0.00")
        #expect(!(try till.ok("show").stdout.contains("Refunds")), "a till without refunds reads as before")
    }
}
