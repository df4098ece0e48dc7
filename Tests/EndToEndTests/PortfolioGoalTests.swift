// portfolio goal through the binary: setting, listing, removing and undoing goals (an
// account's and a currency's total), their progress in show and on the dashboard, and what
// is refused (exit code, message, store unchanged).

import Foundation
import Testing

@Suite struct PortfolioGoalTests {
    @Test func aGoalShowsItsProgressInShowTheListAndTheDashboard() throws {
        let box = try PortfolioBox()
        try box.ok("add", "ISA", "2500", "--date", "2024-01-01")
        #expect(try box.ok("goal", "isa", "10000", "--by", "2099-12-31").stderr == "Goal of 'ISA': £10,000.00 by 31 Dec 2099.\n")
        let shown = try box.show("ISA")
        let goal = try #require(shown["goal"] as? [String: Any])
        #expect(goal["goal"] as? String == "10000.00" && goal["value"] as? String == "2500.00" && goal["remaining"] as? String == "7500.00")
        #expect(goal["percent"] as? Double == 25.0 && goal["status"] as? String == "saving")
        #expect(goal["by"] as? String == "2099-12-31T23:59:59+00:00", "a date without a time is the end of that day")
        let months = try #require(goal["monthsLeft"] as? Int)
        #expect(months > 12 * 70)
        // The monthly saving: 7500 over the months left, rounded up to the penny.
        let monthly = try #require((goal["monthly"] as? String).flatMap(PortfolioCSV.pence))
        #expect(monthly * months >= 750_000 && (monthly - 1) * months < 750_000)
        #expect(try box.ok("show", "ISA").stdout.contains("Goal   £2,500.00 of £10,000.00 (25.0%), £7,500.00 to go: "))
        let dashboard = try box.ok("dashboard").stdout
        #expect(dashboard.contains("Goals\n  ISA: £2,500.00 of £10,000.00 (25.0%)"), "\(dashboard)")
        let listed = try #require(try box.json("goal", "--format", "json") as? [[String: Any]])
        #expect(listed.map { $0["account"] as? String } == ["ISA"])
        #expect(try box.csv("goal", "--format", "csv", header: "account,currency,goal,by,value,remaining,percent,status,monthly,monthsLeft").count == 1)
    }

    @Test func aTotalsGoalAndItsStates() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "600", "--date", "2024-01-01")
        try box.ok("add", "B", "500", "--date", "2024-01-01")
        try box.ok("goal", "--total", "1000")
        try box.ok("goal", "A", "2000", "--by", "2020-01-01")
        let text = try box.ok("goal").stdout
        #expect(text.contains("GBP total: £1,100.00 of £1,000.00 (110.0%), reached"), "\(text)")
        #expect(text.contains("A: £600.00 of £2,000.00 (30.0%), £1,400.00 short; the date 1 Jan 2020 has passed"), "\(text)")
        #expect(try box.ok("goal", "--total", "none").stderr == "Removed the goal of the GBP total. Undo with: portfolio undo\n")
        #expect(try box.ok("undo").stderr.hasPrefix("Undid: goal for the GBP total none"))
        #expect(try box.ok("goal").stdout.contains("GBP total"))
    }

    @Test(arguments: [
        (["goal", "A", "0"], Int32(65), "the amount must be more than zero"),
        (["goal", "A"], Int32(64), "missing AMOUNT"),
        (["goal", "Nope", "5"], Int32(66), "no account"),
        (["goal", "B", "none"], Int32(66), "'B' has no goal"),
        (["goal", "A", "5", "--total", "5"], Int32(64), "not both"),
        (["goal", "--total", "5"], Int32(64), "several currencies (GBP, USD)"),
        (["goal", "A", "5", "--currency", "USD"], Int32(64), "--currency is for --total"),
        (["goal", "A", "none", "--by", "2030-01-01"], Int32(64), "--by is for setting"),
        (["goal", "A", "5", "--by", "someday"], Int32(65), "invalid --by"),
        (["goal", "--by", "2030-01-01"], Int32(64), "--by needs a goal"),
    ])
    func badInputIsRefusedAndStoresNothing(arguments: [String], status: Int32, message: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "600", "--date", "2024-01-01")
        try box.ok("add", "B", "5", "--date", "2024-01-01", "--currency", "USD")
        try box.ok("goal", "A", "1000")
        let before = try box.ok("goal", "--format", "json").stdout
        let result = try box.fails(status, arguments)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try box.ok("goal", "--format", "json").stdout == before)
    }
}
