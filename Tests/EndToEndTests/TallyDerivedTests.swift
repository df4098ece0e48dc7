// tally's derived counters through the command line (in-process): --from on new and what
// it cannot go with, the formula in list, show and the scripts' formats, the warning and
// --strict's exit 1 when a source's change leaves a threshold behind, the refusals (65)
// for changing a derived counter or deleting its source, undo's report.

import Foundation
import Testing

@Suite struct TallyDerivedTests {
    /// in, out and inside = in - out, its maximum 2.
    static func box() throws -> TallyBox {
        let box = try TallyBox()
        try box.ok("new", "in")
        try box.ok("new", "out")
        #expect(try box.ok("new", "inside", "--from", "in - out", "--max", "2") == "inside")
        return box
    }

    @Test func aDerivedCounterShowsItsFormula() throws {
        let box = try Self.box()
        try box.ok("inc", "in", "--times", "3")
        try box.ok("inc", "out")
        #expect(try box.ok("get", "inside") == "2")
        #expect(try box.ok("list") == "  NAME   COUNT       STEP\n  inside     2 = in - out\n  out        1         +1\n  in         3         +1")
        let show = try box.ok("show", "inside")
        #expect(show.contains("from:     in - out\n") && !show.contains("step:") && show.contains("max:      2\n"), "\(show)")
        #expect(show.contains("change:   +2 today"), "\(show)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(box.ok("show", "inside", "--format", "json").utf8)) as? [String: Any])
        #expect(json["from"] as? String == "in - out" && json["count"] as? Int == 2)
        #expect(try box.ok("show", "in", "--format", "csv").hasSuffix(","))
        #expect(try box.ok("sum") == "4")
        let log = try box.ok("log", "inside", "--format", "csv")
        #expect(log.hasSuffix("inc,3,3,,in\n" + log.split(separator: "\n").last!) && log.hasSuffix("inc,-1,2,,out"), "\(log)")
    }

    @Test func aSourcePastAThresholdIsKeptAndReported() throws {
        let box = try Self.box()
        try box.ok("inc", "in", "--times", "2")
        let past = try box.run("inc", "in")
        #expect(past.status == 0 && past.tallyOutput == "3")
        #expect(past.stderr == "tally: warning: 'inside' (in - out) is 3, above its maximum 2\n")
        let strict = try box.run("inc", "in", "--strict")
        #expect(strict.status == 1 && strict.tallyOutput == "4" && strict.stderr.contains("is 4, above its maximum 2"))
        #expect(try box.ok("get", "in") == "4")
        // Back under: nothing to say, --strict or not.
        let under = try box.run("set", "in", "1", "--strict")
        #expect(under.status == 0 && under.stderr.isEmpty)
        let undo = try box.run("undo", "--strict")
        #expect(undo.status == 1 && undo.stderr == "Undid: set in\ntally: warning: 'inside' (in - out) is 4, above its maximum 2\n")
    }

    @Test func resetAllReportsWhatItLeavesBeyondAThreshold() throws {
        let box = try Self.box()
        try box.ok("bounds", "inside", "--min", "1")
        try box.ok("inc", "in", "--times", "2")
        let reset = try box.run("reset", "--all", "--force", "--strict")
        #expect(reset.status == 1, "\(reset.stderr)")
        #expect(reset.stderr.hasSuffix("tally: warning: 'inside' (in - out) is 0, below its minimum 1\n"), "\(reset.stderr)")
    }

    @Test func aFeedSaysOnceWhenADerivedCounterCrossesAThreshold() throws {
        let box = try Self.box()
        let fed = try box.run(arguments: ["feed", "in", "--strict"], stdin: "a\nb\nc\nd\n")
        #expect(fed.status == 1 && fed.tallyOutput == "4", "\(fed.stderr)")
        #expect(fed.stderr.components(separatedBy: "above its maximum 2").count == 2, "once: \(fed.stderr)")
        let calm = try box.run(arguments: ["feed", "out", "--strict"], stdin: "x\nx\nx\n")
        #expect(calm.status == 0 && calm.stderr.isEmpty, "\(calm.stderr)")
    }

    @Test func aDerivedCounterIsRefusedWhatItCannotDo() throws {
        let box = try Self.box()
        for arguments in [["inc", "inside"], ["set", "inside", "4"], ["reset", "inside"], ["step", "inside", "2"]] {
            let result = try box.run(arguments: arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr == "tally: error: 'inside' is derived (in - out): its count follows its sources\nhint: nothing was changed; change one of its sources instead\n")
        }
        let rm = try box.run("rm", "out", "--force")
        #expect(rm.status == 65 && rm.stderr.hasPrefix("tally: error: cannot delete 'out': 'inside' is derived from it\n"))
        try box.ok("rm", "out", "inside", "--force")
        #expect(try box.ok("list", "--names") == "in")
    }

    static let badNew: [([String], Int32, String)] = [
        (["new", "x", "--from", "in -"], 64, "tally: error: cannot read the formula 'in -': a name is missing at the end\n"),
        (["new", "x", "--from", "in - nobody"], 66, "tally: error: no counter named 'nobody'"),
        (["new", "x", "--from", "inside + in"], 65, "tally: error: 'inside' is itself derived"),
        (["new", "--from", "in"], 64, "tally: error: a derived counter needs a NAME\n"),
        (["new", "x", "--from", "in", "--step", "2"], 64, "tally: error: --from and --step cannot go together"),
        (["new", "x", "--from", "in", "--start", "0"], 64, "tally: error: --from and --start cannot go together"),
    ]

    @Test(arguments: badNew)
    func aBadDerivedCounterIsRefused(arguments: [String], status: Int32, message: String) throws {
        let box = try Self.box()
        let result = try box.run(arguments: arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(try box.ok("list", "--names") == "inside\nout\nin")
    }
}
