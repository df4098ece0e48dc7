// portfolio show --limit N: the newest N updates, a line counting the rest in text;
// JSON and CSV carry only the shown ones; N a positive whole number (64 otherwise).

import Foundation
import Testing

@Suite struct PortfolioShowLimitTests {
    func box(updates: Int) throws -> PortfolioBox {
        let box = try PortfolioBox()
        let rows = (1...updates).map { String(format: "2025-01-%02d,Saver,%d,GBP", $0, 100 + $0) }
        try box.ok("import", "-", stdin: rows.joined(separator: "\n") + "\n")
        return box
    }

    @Test func textShowsTheNewestNAndCountsTheRest() throws {
        let box = try box(updates: 12)
        let text = try box.ok("show", "Saver", "--limit", "3").stdout
        #expect(text.contains("£112.00") && text.contains("£111.00") && text.contains("£110.00"))
        #expect(!text.contains("£109.00"), "an older update is not listed")
        #expect(text.contains("… and 9 older updates not shown (--limit 3); 'portfolio updates Saver' lists every one"))
        // A limit at or above the count shows everything, with no such line.
        let all = try box.ok("show", "Saver", "--limit", "12").stdout
        #expect(all.contains("£101.00") && !all.contains("not shown"))
        #expect(try box.ok("show", "Saver", "--limit", "99999999999999999999999").stdout.contains("£101.00"))
        let one = try box.ok("show", "Saver", "--limit", "11").stdout
        #expect(one.contains("… and 1 older update not shown"))
    }

    @Test func jsonAndCSVCarryOnlyTheShownUpdates() throws {
        let box = try box(updates: 5)
        let object = try #require(try box.json("show", "Saver", "--limit", "2", "--format", "json") as? [String: Any])
        let updates = try #require(object["updates"] as? [[String: Any]])
        #expect(updates.map { $0["value"] as? String } == ["105.00", "104.00"])
        #expect(object["updatesNotShown"] as? Int == 3)
        #expect(object["value"] as? String == "105.00", "the value is still the current one")
        let csv = try box.ok("show", "Saver", "--limit", "2", "--format", "csv").stdout
        #expect(csv.split(separator: "\n").count == 3)
        #expect(csv.contains(",105.00") && csv.contains(",104.00") && !csv.contains(",103.00"))
        // Without --limit, JSON has no such key and every update.
        let whole = try #require(try box.json("show", "Saver", "--format", "json") as? [String: Any])
        #expect((whole["updates"] as? [Any])?.count == 5 && whole["updatesNotShown"] == nil)
    }

    @Test(arguments: ["0", "-1", "2.5", "x", "", "+3"])
    func aLimitThatIsNotAPositiveWholeNumberIsAUsageError(limit: String) throws {
        let box = try box(updates: 2)
        let result = try box.fails(64, "show", "Saver", "--limit", limit)
        #expect(result.stderr.contains("--limit"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
