// history export end to end: every (filtered) saved count with its lines, oldest first;
// CSV/TSV one row per line (long), JSON nested.

import Foundation
import Testing

@Suite struct TillcountHistoryExportTests {
    static func sandbox() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2", "0.50=3")
        try till.ok("save", "--label", "a,b")
        try till.ok("--till", "Front", "add", "10", "--currency", "GBP")
        try till.ok("--till", "Front", "save", "--kind", "z")
        return till
    }

    @Test func csvHasOneRowPerLineWithTheCountsFields() throws {
        let till = try Self.sandbox()
        let csv = try till.ok("history", "export").stdout
        let rows = csv.split(separator: "\n").map(String.init)
        #expect(rows.first == "id,saved,till,kind,number,label,currency,total,float,expected,overShort,token,lineKind,face,quantity,rollSize,value,sales,paidIn,paidOut,drops,tolerance,beyondTolerance,refunds,movements")
        #expect(rows.count == 4, "\(csv)")
        #expect(rows[1].hasPrefix("1,") && rows[1].contains(",main,x,,\"a,b\",GBP,41.50,0.00,,,20,note,20.00,2,1,40.00"), "\(rows[1])")
        #expect(rows[2].contains(",main,x,,\"a,b\",GBP,41.50,0.00,,,0.50,coin,0.50,3,1,1.50"), "\(rows[2])")
        #expect(rows[3].hasPrefix("2,") && rows[3].contains(",Front,z,1,,GBP,10.00,0.00,,,10,note,10.00,1,1,10.00"), "\(rows[3])")
        let tsv = try till.ok("history", "export", "--format", "tsv").stdout
        #expect(tsv.contains("\tFront\tz\t1\t\tGBP\t10.00\t0.00\t\t\t10\tnote\t10.00\t1\t1\t10.00\t\t\t\t\t\t\t\t\n"), "\(tsv)")
    }

    @Test func jsonNestsTheLinesAndNotesInEachCount() throws {
        let till = try Self.sandbox()
        try till.ok("history", "note", "1", "later")
        let counts = try TillcountJSON.array(try till.ok("history", "export", "--format", "json").stdout)
        #expect(counts.map { ($0["id"] as? NSNumber)?.intValue } == [1, 2])
        let lines = try #require(counts[0]["lines"] as? [[String: Any]])
        #expect(lines.map { $0["token"] as? String } == ["20", "0.50"])
        #expect(lines.map { $0["value"] as? String } == ["40.00", "1.50"])
        #expect((counts[0]["addedNotes"] as? [[String: Any]])?.first?["text"] as? String == "later")
        #expect(counts[1]["kind"] as? String == "z" && (counts[1]["number"] as? NSNumber)?.intValue == 1)
    }

    @Test func theExportTakesTheHistoryFilters() throws {
        let till = try Self.sandbox()
        let front = try till.ok("history", "export", "--till", "front").stdout
        #expect(front.split(separator: "\n").count == 2 && front.contains(",Front,z,1,"), "\(front)")
        let none = try till.ok("history", "export", "--label", "nothing")
        #expect(none.stdout == "id,saved,till,kind,number,label,currency,total,float,expected,overShort,token,lineKind,face,quantity,rollSize,value,sales,paidIn,paidOut,drops,tolerance,beyondTolerance,refunds,movements\n")
        #expect(try TillcountJSON.array(try till.ok("history", "export", "--format", "json", "--kind", "z").stdout).count == 1)
        #expect(try till.run("history", "export", "--format", "text").status == 64)
    }

    @Test func anEmptyCountIsOneRowWithTheLineFieldsEmpty() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("save")
        let rows = try till.ok("history", "export").stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 2)
        #expect(rows[1].hasSuffix(",main,x,,,GBP,0.00,0.00,,,,,,,,,,,,,,,,"), "\(rows[1])")
    }
}
