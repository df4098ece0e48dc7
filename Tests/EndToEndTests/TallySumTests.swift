// tally sum and tally reset --all through the real binary: the total in each format, by
// tag, an overflowing total refused with 65; reset --all asks on a terminal, needs --force
// elsewhere, resets every (tagged) counter as one undo step.

import Foundation
import Testing

@Suite struct TallySumTests {
    static func box() throws -> TallyBox {
        let box = try TallyBox()
        let input = #"""
            [{"name": "a", "count": 5, "start": 1, "tags": ["x"]},
             {"name": "b", "count": 9, "tags": ["x", "y"]},
             {"name": "c", "count": -2}]
            """#
        try box.ok("import", "-", stdin: input)
        return box
    }

    @Test func sumPrintsTheTotalAloneInText() throws {
        let box = try Self.box()
        #expect(try box.ok("sum") == "12")
        #expect(try box.ok("sum", "--tag", "X") == "14")
        #expect(try box.ok("sum", "--tag", "x", "--tag", "y") == "9")
        #expect(try box.ok("sum", "--tag", "none") == "0")
        let empty = try TallyBox()
        try empty.ok("db", "init")
        #expect(try empty.ok("sum") == "0")
    }

    @Test func sumForScripts() throws {
        let box = try Self.box()
        let json = try box.ok("sum", "--tag", "x", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 14 && object["counters"] as? Int == 2 && object["tags"] as? [String] == ["x"])
        #expect(try box.ok("sum", "--format", "csv") == "total,counters,tags\n12,3,")
        #expect(try box.ok("sum", "--format", "tsv", "--tag", "y", "--tag", "x") == "total\tcounters\ttags\n9\t1\tx,y")
    }

    @Test func anOverflowingSumIsRefused() throws {
        let box = try TallyBox()
        try box.ok("import", "-", stdin: #"[{"name": "a", "count": 9223372036854775807}, {"name": "b", "count": 1}]"#)
        let result = try box.run("sum")
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "tally: error: the sum of the counts of 2 counters is beyond the 64-bit range\n")
        try box.ok("new", "c", "--start", "-1")
        #expect(try box.ok("sum") == "9223372036854775807", "the total fits again")
    }

    @Test func resetAllNeedsForceOffATerminal() throws {
        let box = try Self.box()
        let before = try box.ok("export")
        let result = try box.run("reset", "--all")
        #expect(result.status == 64)
        #expect(result.stderr.contains("refusing to reset 3 counters to the start without --force"), "\(result.stderr)")
        #expect(try box.ok("export") == before)
    }

    @Test func resetAllIsOneUndoStep() throws {
        let box = try Self.box()
        let before = try box.ok("export", "--format", "csv")
        let result = try box.run("reset", "--all", "--force")
        #expect(result.status == 0 && result.stdout.isEmpty)
        #expect(result.stderr == "Reset 3 counters. Undo with: tally undo\n")
        #expect(try box.ok("sum") == "1")
        #expect(try box.run("undo").stderr == "Undid: reset 3 counters\n")
        #expect(try box.ok("export", "--format", "csv") == before)
    }

    @Test func resetAllWithATagResetsOnlyThose() throws {
        let box = try Self.box()
        let result = try box.run("reset", "--all", "--tag", "y", "-f")
        #expect(result.stderr == "Reset counter 'b'. Undo with: tally undo\n")
        #expect(try box.ok("get", "b") == "0")
        #expect(try box.ok("get", "a") == "5")
        #expect(try box.run("undo").stderr == "Undid: reset 1 counter tagged y\n")
    }

    @Test func nothingToResetSaysSoAndStoresNothing() throws {
        let box = try Self.box()
        try box.ok("reset", "--all", "--force", "--tag", "y")
        let before = try box.ok("export")
        let result = try box.run("reset", "--all", "--tag", "y")
        #expect(result.status == 0)
        #expect(result.stderr == "Every counter with the tag y is at its start; nothing to reset.\n")
        #expect(try box.ok("export") == before)
    }

    @Test(arguments: [
        (["reset", "a", "--all", "-f"], "give NAME or --all, not both"),
        (["reset", "a", "--tag", "x"], "--tag needs --all"),
        (["reset"], "missing NAME"),
    ])
    func resetMisuseIsAUsageError(arguments: [String], message: String) throws {
        let box = try Self.box()
        let before = try box.ok("export")
        let result = try box.run(arguments: arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try box.ok("export") == before)
    }
}

/// reset --all on a terminal (a tmux pane): it asks, and resets only on yes.
@Suite(.timeLimit(.minutes(1))) struct TallyResetAllTerminalTests {
    /// Runs `tally reset --all` in a pane; the script then prints how tally exited.
    static func start(_ box: TallyBox, _ arguments: [String]) throws -> TallyTmuxPane {
        let script = box.sandbox.path("reset-\(UUID().uuidString.prefix(8)).sh")
        let environment = box.environment.map { "\($0.key)=\($0.value.tallyShellQuoted)" }.sorted().joined(separator: " ")
        let command = ([box.tallyPath, "reset", "--all"] + arguments).map(\.tallyShellQuoted).joined(separator: " ")
        let text = """
            export \(environment) TERM=xterm-256color
            \(command)
            printf 'reset exited with %s\\n' "$?"
            exec sleep 600

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: script))
        return try TallyTmuxPane(script: script, sandbox: box.sandbox)
    }

    @Test(arguments: ["y", "n"])
    func itAsksAndResetsOnlyOnYes(answer: String) throws {
        let box = try TallySumTests.box()
        let pane = try Self.start(box, ["--tag", "x"])
        defer { pane.stop() }
        try pane.waitForScreen("the question") { $0.contains { $0.contains("Reset 2 counters with the tag x to the start? [y/N]") } }
        try pane.send(answer, "Enter")
        let screen = try pane.waitForScreen("the end") { $0.contains { $0.contains("reset exited with 0") } }
        #expect(screen.contains { $0.contains(answer == "y" ? "Reset 2 counters. Undo with: tally undo" : "Nothing reset.") })
        #expect(try box.ok("get", "a") == (answer == "y" ? "1" : "5"))
        #expect(try box.ok("get", "b") == (answer == "y" ? "0" : "9"))
        #expect(try box.ok("get", "c") == "-2")
    }
}
