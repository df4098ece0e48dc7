// tally goals and bounds through the real binary: --goal/--min/--max on new, tally goal and
// tally bounds; COUNT/GOAL in list and show, numbers or null in JSON; the note on stderr
// when a change reaches the goal (stdout stays the bare count); a change beyond a bound
// refused with 65, the counter, the bound and the count named, nothing stored.

import Foundation
import Testing

@Suite struct TallyGoalTests {
    /// "laps": start 0, goal 5, bounds 0...8, count 3.
    static func box() throws -> TallyBox {
        let box = try TallyBox()
        try box.ok("new", "laps", "--goal", "5", "--min", "0", "--max", "8")
        try box.ok("set", "laps", "3")
        return box
    }

    /// Every field for scripts, as `show --format json` gives it.
    static func shown(_ box: TallyBox, _ name: String) throws -> [String: Any] {
        let text = try box.ok("show", name, "--format", "json")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theGoalShowsAsCountOverGoal() throws {
        let box = try Self.box()
        try box.ok("new", "plain")
        let list = try box.ok("list")
        #expect(list == "  NAME  COUNT STEP\n  plain     0   +1\n  laps    3/5   +1", "\(list)")
        let show = try box.ok("show", "laps")
        #expect(show.contains("count:    3/5\n"), "\(show)")
        #expect(show.contains("goal:     5 (60%)\n"), "\(show)")
        #expect(show.contains("min:      0\nmax:      8\n"), "\(show)")
        #expect(!(try box.ok("show", "plain")).contains("goal:"))
    }

    @Test func jsonGivesGoalMinAndMaxAsNumbersOrNull() throws {
        let box = try Self.box()
        try box.ok("new", "plain")
        let laps = try Self.shown(box, "laps")
        #expect(laps["goal"] as? Int == 5 && laps["min"] as? Int == 0 && laps["max"] as? Int == 8)
        let plain = try Self.shown(box, "plain")
        #expect(plain["goal"] is NSNull && plain["min"] is NSNull && plain["max"] is NSNull)
        #expect(try box.ok("show", "laps", "--format", "csv").hasSuffix(",5,0,8,,\(laps["updated"] as? String ?? "?"),"))
    }

    @Test func reachingTheGoalIsANoteOnStderrOnce() throws {
        let box = try Self.box()
        let first = try box.run("inc", "laps")
        #expect(first.status == 0 && first.stdout == "4\n" && first.stderr.isEmpty)
        let reach = try box.run("inc", "laps")
        #expect(reach.status == 0)
        #expect(reach.stdout == "5\n")
        #expect(reach.stderr == "Goal reached: 'laps' is at 5 of 5.\n")
        let past = try box.run("add", "laps", "2")
        #expect(past.stdout == "7\n" && past.stderr.isEmpty, "already reached: no note")
        #expect(try box.run("set", "laps", "1").stderr.isEmpty)
        #expect(try box.run("set", "laps", "6").stderr.contains("Goal reached"))
        #expect(try box.run("reset", "laps").stderr.isEmpty)
    }

    @Test(arguments: [
        (["inc", "laps", "-n", "6"], "above its maximum 8", "9"),
        (["dec", "laps", "-n", "4"], "below its minimum 0", "-1"),
        (["add", "laps", "6"], "above its maximum 8", "9"),
        (["add", "laps", "-4"], "below its minimum 0", "-1"),
        (["set", "laps", "100"], "above its maximum 8", "100"),
        (["set", "laps", "-5"], "below its minimum 0", "-5"),
    ])
    func aChangeBeyondABoundIsRefusedWith65(arguments: [String], bound: String, reached: String) throws {
        let box = try Self.box()
        let before = try box.ok("export")
        let result = try box.run(arguments: arguments)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("tally: error: the count of 'laps' would be \(reached), \(bound)\n"), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was changed"))
        #expect(try box.ok("export") == before)
        #expect(try box.run("undo").stderr == "Undid: set laps\n", "the refused change left no undo step")
    }

    @Test func feedStopsAtABound() throws {
        let box = try Self.box()
        let before = try box.ok("export")
        let result = try box.run("feed", "laps", stdin: "a\nb\nc\nd\ne\nf\n")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("above its maximum 8"))
        #expect(try box.ok("export") == before)
    }

    @Test func goalIsSetAndCleared() throws {
        let box = try Self.box()
        try box.ok("goal", "LAPS", "7")
        #expect(try box.ok("list").contains("3/7"))
        try box.ok("goal", "laps", "none")
        #expect(try Self.shown(box, "laps")["goal"] is NSNull)
        #expect(try box.run("undo").stderr == "Undid: goal laps\n")
        #expect(try Self.shown(box, "laps")["goal"] as? Int == 7)
    }

    @Test func boundsAreShownSetAndCleared() throws {
        let box = try Self.box()
        #expect(try box.ok("bounds", "laps") == "min: 0\nmax: 8")
        try box.ok("bounds", "laps", "--max", "none", "--min", "-10")
        #expect(try box.ok("bounds", "laps") == "min: -10\nmax: none")
        #expect(try box.ok("set", "laps", "1000") == "1000")
        #expect(try box.ok("dec", "laps", "-n", "1010") == "-10")
    }

    @Test(arguments: [
        (["bounds", "laps", "--max", "2"], 65, "'laps': the count 3 is above the maximum 2"),
        (["bounds", "laps", "--min", "4"], 65, "'laps': the start 0 is below the minimum 4"),
        (["bounds", "laps", "--min", "9", "--max", "none"], 65, "'laps': the start 0 is below the minimum 9"),
        (["goal", "laps", "9"], 65, "'laps': the goal 9 is above the maximum 8"),
        (["goal", "laps", "five"], 64, "invalid value 'five' for GOAL: expected a whole number"),
        (["bounds", "laps", "--min", "low"], 64, "invalid value 'low' for --min: expected a whole number"),
        (["goal", "nope", "3"], 66, "no counter named 'nope'"),
        (["new", "x", "--min", "5", "--max", "4"], 65, "'x': the minimum 5 is above the maximum 4"),
        (["new", "x", "--start", "10", "--max", "4"], 65, "'x': the start 10 is above the maximum 4"),
        (["new", "x", "--goal", "1.5"], 64, "invalid value '1.5' for --goal"),
        (["new", "x", "--goal", "99999999999999999999"], 65, "too large for a 64-bit number"),
    ])
    func badGoalsAndBoundsAreRefusedAndNothingStored(arguments: [String], status: Int32, message: String) throws {
        let box = try Self.box()
        let before = try box.ok("export")
        let result = try box.run(arguments: arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try box.ok("export") == before)
    }

    @Test func anImportBreakingItsBoundsImportsNothing() throws {
        let box = try Self.box()
        let before = try box.ok("export")
        let input = #"[{"name": "ok", "count": 1}, {"name": "bad", "count": 9, "max": 5}]"#
        let result = try box.run("import", "-", stdin: input)
        #expect(result.status == 65)
        #expect(result.stderr.contains("standard input: counter 2: 'bad': the count 9 is above the maximum 5"), "\(result.stderr)")
        #expect(try box.ok("export") == before)
    }

    @Test func anExportRestoresGoalsBoundsAndTags() throws {
        let box = try Self.box()
        try box.ok("tag", "laps", "sport", "Daily")
        let exported = try box.ok("export")
        let csv = try box.ok("export", "--format", "csv")
        for (format, text) in [("json", exported), ("csv", csv)] {
            let other = try TallyBox()
            try other.ok("import", "-", stdin: text)
            #expect(try other.ok("export") == exported, "\(format)")
        }
    }
}
