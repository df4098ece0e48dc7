// tally log, tally stats and show's figures, as the binary prints them: every format,
// the date options, undo removing what it reverts from the log, and bad input refused
// with its exit code.

import Foundation
import Testing

@Suite struct TallyLogCommandTests {
    struct Event: Decodable, Equatable {
        var at: String
        var kind: String
        var change: Int64?
        var count: Int64
        var old: String?
        var new: String?
    }

    struct Period: Decodable {
        var period: String
        var start: String
        var change: Int64
        var events: Int
    }

    static func events(_ box: TallyBox, _ arguments: String...) throws -> [Event] {
        let text = try box.ok(arguments: ["log"] + arguments + ["--format", "json"])
        return try JSONDecoder().decode([Event].self, from: Data(text.utf8))
    }

    @Test func logListsEveryChangeInEachFormat() throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "5", "--step", "2")
        try box.ok("inc", "x", "-n", "3")
        try box.ok("rename", "x", "y")
        try box.ok("step", "y", "-4")
        try box.ok("set", "y", "1")
        let events = try Self.events(box, "y")
        #expect(events.map(\.kind) == ["new", "inc", "rename", "step", "set"])
        #expect(events.map(\.count) == [5, 11, 11, 11, 1])
        #expect(events.map(\.change) == [0, 6, 0, 0, -10])
        #expect(events[2].old == "x" && events[2].new == "y")
        #expect(events[3].old == "2" && events[3].new == "-4")
        #expect(events.allSatisfy { $0.at.hasSuffix("Z") && $0.at.count >= 20 })
        let csv = try box.ok("log", "y", "--format", "csv").components(separatedBy: "\n")
        #expect(csv.first == "at,kind,change,count,old,new")
        #expect(csv.count == 6)
        #expect(csv[3].hasSuffix(",rename,0,11,x,y"))
        let tsv = try box.ok("log", "y", "--format", "tsv").components(separatedBy: "\n")
        #expect(tsv.first == "at\tkind\tchange\tcount\told\tnew")
        let text = try box.ok("log", "y")
        #expect(text.hasPrefix("WHEN"), "\(text)")
        #expect(text.contains("x → y"))
        #expect(text.contains("+2 → -4"))
        #expect(text.contains("+6"))
    }

    @Test func undoRemovesTheEventsOfTheChangeItReverts() throws {
        let box = try TallyBox()
        try box.ok("new", "a")
        try box.ok("new", "b")
        try box.ok("inc", "a")
        try box.ok("inc", "a")
        try box.ok("undo")
        #expect(try Self.events(box, "a").map(\.kind) == ["new", "inc"])
        try box.ok("rm", "--force", "a", "b")
        #expect(try box.run("log", "a").status == 66)
        try box.ok("undo")
        #expect(try Self.events(box, "a").map(\.kind) == ["new", "inc"])
        #expect(try Self.events(box, "b").map(\.kind) == ["new"])
        #expect(try box.events().count == 3)
    }

    @Test func logAndStatsTakeSinceAndUntil() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        try box.ok("inc", "x")
        #expect(try Self.events(box, "x", "--since", "2999-01-01").isEmpty)
        #expect(try Self.events(box, "x", "--until", "2000-01-01").isEmpty)
        #expect(try Self.events(box, "x", "--since", "today", "--until", "today").count == 2)
        let empty = try box.run("log", "x", "--since", "2999-01-01")
        #expect(empty.status == 0 && empty.stdout.isEmpty)
        #expect(empty.stderr == "No events for 'x' in this range.\n")
        let bad = try box.run("log", "x", "--since", "soon")
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("tally: error: invalid --since 'soon'"), "\(bad.stderr)")
        let reversed = try box.run("stats", "x", "--since", "2026-02-01", "--until", "2026-01-01")
        #expect(reversed.status == 64, "\(reversed.stderr)")
        #expect(reversed.stderr.contains("is before --since"), "\(reversed.stderr)")
        let period = try box.run("stats", "x", "--by", "fortnight")
        #expect(period.status == 64)
    }

    @Test func statsListsEveryPeriodWithZeros() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        try box.ok("add", "x", "5")
        try box.ok("dec", "x")
        let text = try box.ok("stats", "x", "--by", "day", "--since", "yesterday", "--format", "json")
        let rows = try JSONDecoder().decode([Period].self, from: Data(text.utf8))
        #expect(rows.count == 2)
        #expect(rows.map(\.change) == [0, 4])
        #expect(rows.map(\.events) == [0, 3])
        #expect(rows.allSatisfy { $0.period.count == 10 && $0.start.hasSuffix("+00:00") })
        let csv = try box.ok("stats", "x", "--by", "month", "--format", "csv").components(separatedBy: "\n")
        #expect(csv.first == "period,start,change,events")
        #expect(csv.count == 2)
        #expect(csv[1].hasSuffix(",4,3"))
        let hours = try box.ok("stats", "x", "--by", "hour", "--since", "today")
        #expect(hours.hasPrefix("PERIOD"))
        #expect(hours.contains("+4"))
    }

    @Test func showAddsTodayThisWeekAllTimeAndASparkline() throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "10")
        try box.ok("add", "x", "3")
        try box.ok("dec", "x")
        let text = try box.ok("show", "x")
        #expect(text.contains("change:   +2 today, +2 this week, +2 in all (3 events)"), "\(text)")
        let spark = try #require(text.components(separatedBy: "\n").last)
        #expect(spark.hasPrefix("14 days:  "))
        #expect(spark.hasSuffix("▁▁▁█"))
        #expect(spark.count == "14 days:  ".count + 14)
        struct Figures: Decodable { var name: String; var count: Int64; var today: Int64; var this_week: Int64; var all_time: Int64; var events: Int; var last_days: [Int64] }
        let json = try JSONDecoder().decode(Figures.self, from: Data(try box.ok("show", "x", "--format", "json").utf8))
        #expect(json.count == 12 && json.today == 2 && json.this_week == 2 && json.all_time == 2 && json.events == 3)
        #expect(json.last_days == Array(repeating: 0, count: 13) + [2])
    }
}
