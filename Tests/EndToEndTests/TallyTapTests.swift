// tally tap, the full-screen counter (issue 27, item 5): run in-process on a scripted
// 80×24 screen (ScriptedScreen), each key checked on the frame it left and in the store;
// one smoke test drives the real binary in a tmux pane (raw mode, a signal, the terminal
// put back). The reducer itself (keys → effects): TallyTapReducerTests.

import Foundation
import MoneyKitCLI
import Testing

@Suite(.timeLimit(.minutes(1))) struct TallyTapTests {
    /// Runs `tally tap NAME` in-process on a scripted screen.
    static func tap(
        _ box: TallyBox, name: String, stdin: String = "", columns: Int = 80, rows: Int = 24, _ steps: [ScriptedScreen.Step]
    ) throws -> (ToolResult, ScriptedScreen) {
        try ScreenRun.run("tally", ["tap", name], environment: box.environment, stdin: stdin, columns: columns, rows: rows, steps)
    }

    /// Starts `tally tap NAME` in a tmux pane, its pid written to `pidFile`. The script then
    /// prints how tally exited and whether the terminal settings are as before, and stays
    /// on screen.
    static func startTap(_ box: TallyBox, name: String) throws -> (TallyTmuxPane, pidFile: String) {
        let id = UUID().uuidString.prefix(8)
        let script = box.sandbox.path("tap-\(id).sh")
        let pidFile = box.sandbox.path("tap-\(id).pid")
        let environment = box.environment.map { "\($0.key)=\($0.value.tallyShellQuoted)" }.sorted().joined(separator: " ")
        let tap = [pidFile, box.tallyPath, "tap", name].map(\.tallyShellQuoted).joined(separator: " ")
        let text = """
            export \(environment) TERM=xterm-256color
            settings=$(stty -g)
            /bin/sh -c 'echo $$ > "$0"; exec "$@"' \(tap)
            status=$?
            if [ "$(stty -g)" = "$settings" ]; then restored=yes; else restored=no; fi
            printf 'tally exited with %s; terminal restored: %s\\n' "$status" "$restored"
            exec sleep 600

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: script))
        return (try TallyTmuxPane(script: script, sandbox: box.sandbox), pidFile)
    }

    static func pid(in file: String) throws -> Int32 {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// "2026-11-21T10:55:28Z" as tally shows it in UTC: "2026-11-21 10:55".
    static func localMinutes(_ created: String) -> String {
        String(created.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    static func shows(_ screen: [String], _ count: Int64) -> Bool {
        TallyBlockDigits.screen(screen, shows: count)
    }

    static let finished = "tally exited with 0; terminal restored: yes"

    /// The one test on a real terminal: raw keys through tmux (Space, ↑, Delete), each saved;
    /// SIGTERM ends the screen with the count kept, exit 0 and the terminal's settings back.
    @Test func smokeOnARealTerminal() throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "5")
        let (pane, pidFile) = try Self.startTap(box, name: "x")
        defer { pane.stop() }
        try pane.waitForScreen("the counter at 5") { Self.shows($0, 5) }
        try pane.send("Space")
        try pane.waitForScreen("6 after Space") { Self.shows($0, 6) }
        try pane.send("Up")
        try pane.waitForScreen("7 after Up") { Self.shows($0, 7) }
        try pane.send("DC")
        let screen = try pane.waitForScreen("6 after Delete") { Self.shows($0, 6) }
        #expect(screen.first?.tallyTrimmed == "x")
        #expect(try box.count("x") == 6)
        kill(try Self.pid(in: pidFile), SIGTERM)
        let end = try pane.waitForScreen("tally's exit") { $0.contains { $0.contains("tally exited") } }
        #expect(end.contains { $0.contains(Self.finished) }, "\(end.joined(separator: "\n"))")
        #expect(!end.joined().contains("█"), "the counter screen is gone")
        #expect(try box.count("x") == 6)
    }

    @Test func keysChangeTheCountAndEachIsSavedBeforeItIsShown() throws {
        let box = try TallyBox()
        let name = "Café ☕ taps"
        try box.ok("new", name, "--step", "3")
        try box.ok("new", "other")
        let created = try box.stored(name).created
        let keys: [(key: Key, count: Int64)] = [
            (.character(" "), 3), (.character("+"), 6), (.up, 9), (.backspace, 6), (.character("-"), 3), (.down, 0), (.down, -3),
            (.character("u"), 0), (.enter, 3), (.character("="), 6), (.character("u"), 3), (.character("u"), 0),
            (.character("_"), -3), (.delete, -6),
        ]
        var steps: [ScriptedScreen.Step] = [.check { first in
            #expect(Self.shows(first, 0), "the counter at 0: \(first)")
            #expect(first.first?.tallyTrimmed == name, "the name is at the top")
            let bottom = first.last { !$0.tallyTrimmed.isEmpty }?.tallyTrimmed
            #expect(bottom == "Created \(Self.localMinutes(created))", "the creation date is at the bottom")
            #expect(first.contains { $0.contains("space/+/↑ add +3") && $0.contains("u undo") && $0.contains("q quit") })
        }]
        for (key, count) in keys {
            steps.append(.key(key))
            steps.append(.check { shown in
                #expect(Self.shows(shown, count), "\(count) after \(key): \(shown)")
                let stored = try box.count(name)
                #expect(stored == count, "after \(key)")
                #expect(shown.first?.tallyTrimmed == name)
                if key == .character("u") {
                    #expect(shown.contains { $0.contains("Undid: ") }, "undo says what it undid")
                }
            })
        }
        steps.append(.check { _ in
            let other = try box.count("other")
            #expect(other == 0)
        })
        steps.append(.key(.character("q")))
        let run = try Self.tap(box, name: name, steps)
        #expect(run.0.status == 0, "\(run.0.stderr)")
        #expect(run.1.restored, "the terminal is put back")
        #expect(!run.1.inputEnded, "q left the screen")
        #expect(try box.count(name) == -6)
        // Each key press was one change: undo walks them back one at a time.
        #expect(try box.run("undo").stderr.contains("Undid: dec \(name)"))
        #expect(try box.count(name) == -3)
    }

    @Test(arguments: [Key.character("q"), .character("Q"), .escape, .interrupt])
    func quittingPutsTheTerminalBackAndChangesNothing(key: Key) throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "42")
        let before = box.storeBytes()
        let (result, screen) = try Self.tap(box, name: "x", [.check { #expect(Self.shows($0, 42), "\($0)") }, .key(key)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        #expect(screen.restored)
        #expect(!screen.inputEnded, "\(key) left the screen before the keys ran out")
        #expect(box.storeBytes() == before, "quitting changed the store")
    }

    /// Issue 13, item 5: keys the screen does not use are ignored; they never pass for Esc
    /// and quit. Delete takes a step away, like Backspace.
    @Test func unknownKeysAreIgnoredAndDeleteSubtracts() throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "5")
        let unknown: [Key] = [.home, .end, .pageUp, .pageDown, .insert, .function(1), .function(5), .function(12), .backTab, .unknown]
        let before = box.storeBytes()
        let (result, screen) = try Self.tap(box, name: "x", unknown.map { .key($0) } + [
            .check { _ in #expect(box.storeBytes() == before, "an unknown key changed the store") },
            // Something the screen does use, after them: all of them were taken as keys.
            .key(.character(" ")),
            .check { #expect(Self.shows($0, 6), "the counter at 6 after the unknown keys: \($0)") },
            .key(.delete),
            .check { #expect(Self.shows($0, 5), "the counter at 5 after Delete: \($0)") },
            .key(.character("q")),
        ])
        #expect(screen.keysRead == unknown.count + 3, "an unknown key quit the screen")
        #expect(try box.count("x") == 5)
        #expect(result.status == 0)
        #expect(screen.restored)
    }

    /// Issue 13, item 6: TERM=dumb draws no full screen, as the help says; the tool says
    /// why and exits 64.
    @Test func aDumbTerminalGetsNoScreen() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let (result, screen) = try ScreenRun.run("tally", ["tap", "x"], environment: box.environment.merging(["TERM": "dumb"]) { $1 }, [.key(.character(" "))])
        #expect(result.status == 64)
        #expect(result.stderr.contains("TERM is dumb"), "\(result.stderr)")
        #expect(screen.frames.isEmpty && screen.keysRead == 0)
        #expect(try box.count("x") == 0)
    }

    /// Changes made elsewhere while the screen is open are not overwritten, and `u` does
    /// not undo another counter's change.
    @Test func changesMadeElsewhereAreKept() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        try box.ok("new", "other")
        let (result, _) = try Self.tap(box, name: "x", [
            .check { screen in
                #expect(Self.shows(screen, 0))
                try box.ok("add", "x", "10")
            },
            .key(.character(" ")),
            .check { screen in
                #expect(Self.shows(screen, 11), "\(screen)")
                #expect(try box.count("x") == 11)
                try box.ok("inc", "other")
            },
            .key(.character("u")),
            .check { screen in
                #expect(screen.contains { $0.contains("another counter") }, "the refusal to undo: \(screen)")
                #expect(Self.shows(screen, 11))
            },
            .key(.character("q")),
        ])
        #expect(result.status == 0)
        #expect(try box.count("x") == 11)
        #expect(try box.count("other") == 1)
    }

    /// A step that would overflow is refused on the screen; the count stays as stored.
    @Test func anOverflowIsShownAndNothingStored() throws {
        let box = try TallyBox()
        try box.seed([TallyCounter("edge", count: .max - 1)])
        var stored: Data?
        let (result, _) = try Self.tap(box, name: "edge", [
            // 19 digits do not fit in block letters on 80 columns: the plain number is shown.
            .check { #expect($0.contains { $0.tallyTrimmed == "9223372036854775806" }, "\($0)") },
            .key(.character(" ")),
            .check { screen in
                #expect(screen.contains { $0.tallyTrimmed == "9223372036854775807" }, "the maximum: \(screen)")
                stored = box.storeBytes()
            },
            .key(.up),
            .check { screen in
                #expect(screen.contains { $0.contains("overflow") }, "the overflow message: \(screen)")
                #expect(screen.contains { $0.tallyTrimmed == "9223372036854775807" })
                #expect(box.storeBytes() == stored)
            },
            .key(.down),
            .check { #expect($0.contains { $0.tallyTrimmed == "9223372036854775806" }, "one less: \($0)") },
            .key(.character("q")),
        ])
        #expect(result.status == 0)
        #expect(try box.count("edge") == .max - 1)
    }

    /// When the terminal goes away (its input ends), tally tap ends too: exit 0, the
    /// terminal put back, the count as stored.
    @Test func losingTheTerminalEndsTap() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let (result, screen) = try Self.tap(box, name: "x", [.key(.character(" "))])
        #expect(screen.inputEnded)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(screen.restored)
        #expect(try box.count("x") == 1)
    }

    @Test func tapNeedsATerminal() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let result = try box.run("tap", "x")
        #expect(result.status == 64)
        #expect(result.stderr.contains("tally tap needs a terminal"), "\(result.stderr)")
        #expect(result.stdout == "")
    }
}
