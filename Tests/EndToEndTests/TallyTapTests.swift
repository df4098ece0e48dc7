// tally tap, the full-screen counter, driven through a real terminal: a tmux pane of
// 80×24. Each key is checked on the screen and in the store.

import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct TallyTapTests {
    /// Starts `tally tap NAME` in a tmux pane, its pid written to `pidFile`. The script then
    /// prints how tally exited and whether the terminal settings are as before, and stays
    /// on screen. `wrapper` runs tally (e.g. `env --block-signal=HUP`).
    static func startTap(_ box: TallyBox, name: String, wrapper: [String] = []) throws -> (TallyTmuxPane, pidFile: String) {
        let id = UUID().uuidString.prefix(8)
        let script = box.sandbox.path("tap-\(id).sh")
        let pidFile = box.sandbox.path("tap-\(id).pid")
        let environment = box.environment.map { "\($0.key)=\($0.value.tallyShellQuoted)" }.sorted().joined(separator: " ")
        let tap = ([pidFile] + wrapper + [box.tallyPath, "tap", name]).map(\.tallyShellQuoted).joined(separator: " ")
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

    /// Whether `pid` is a live process (not gone, not a zombie).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        let state = stat.split(separator: ")").last?.split(separator: " ").first
        return state != "Z" && state != "X"
    }

    /// "2026-11-21T10:55:28Z" as tally shows it in UTC: "2026-11-21 10:55".
    static func localMinutes(_ created: String) -> String {
        String(created.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    static func shows(_ screen: [String], _ count: Int64) -> Bool {
        TallyBlockDigits.screen(screen, shows: count)
    }

    static let finished = "tally exited with 0; terminal restored: yes"

    @Test func keysChangeTheCountAndEachIsSavedBeforeItIsShown() throws {
        let box = try TallyBox()
        let name = "Café ☕ taps"
        try box.ok("new", name, "--step", "3")
        try box.ok("new", "other")
        let created = try box.stored(name).created
        let (pane, _) = try Self.startTap(box, name: name)
        defer { pane.stop() }

        let first = try pane.waitForScreen("the counter at 0") { Self.shows($0, 0) }
        #expect(first.first?.tallyTrimmed == name, "the name is at the top")
        let bottom = first.last { !$0.tallyTrimmed.isEmpty }?.tallyTrimmed
        #expect(bottom == "Created \(Self.localMinutes(created))", "the creation date is at the bottom")
        #expect(first.contains { $0.contains("space/+/↑ add +3") && $0.contains("u undo") && $0.contains("q quit") })

        let keys: [(key: String, count: Int64)] = [
            ("Space", 3), ("+", 6), ("Up", 9), ("BSpace", 6), ("-", 3), ("Down", 0), ("Down", -3),
            ("u", 0), ("Enter", 3), ("=", 6), ("u", 3), ("u", 0), ("_", -3), ("C-h", -6),
        ]
        for (key, count) in keys {
            try pane.send(key)
            let screen = try pane.waitForScreen("\(count) after \(key)") { Self.shows($0, count) }
            #expect(try box.count(name) == count, "after \(key)")
            #expect(screen.first?.tallyTrimmed == name)
            if key == "u" {
                #expect(screen.contains { $0.contains("Undid: ") }, "undo says what it undid")
            }
        }
        #expect(try box.count("other") == 0)

        try pane.send("q")
        let end = try pane.waitForScreen("tally's exit") { $0.contains { $0.contains(Self.finished) } }
        #expect(!end.joined().contains("█"), "the counter screen is gone")
        #expect(!end.joined().contains("Created"))
        #expect(try box.count(name) == -6)
        // Each key press was one change: undo walks them back one at a time.
        #expect(try box.run("undo").stderr.contains("Undid: dec \(name)"))
        #expect(try box.count(name) == -3)
    }

    @Test(arguments: ["q", "Q", "Escape", "C-c"])
    func quittingRestoresTheTerminal(key: String) throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "42")
        let (pane, _) = try Self.startTap(box, name: "x")
        defer { pane.stop() }
        try pane.waitForScreen("the counter at 42") { Self.shows($0, 42) }
        let before = box.storeBytes()
        try pane.send(key)
        let end = try pane.waitForScreen("tally's exit") { $0.contains { $0.contains("tally exited") } }
        #expect(end.contains { $0.contains(Self.finished) }, "\(end.joined(separator: "\n"))")
        #expect(!end.joined().contains("█"))
        #expect(box.storeBytes() == before, "quitting changed the store")
    }

    /// Issue 13, item 5: keys the screen does not use are read whole and ignored; they
    /// never pass for Esc and quit. Delete takes a step away, like Backspace.
    @Test func unknownKeysAreIgnoredAndDeleteSubtracts() throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "5")
        let (pane, pidFile) = try Self.startTap(box, name: "x")
        defer { pane.stop() }
        try pane.waitForScreen("the counter at 5") { Self.shows($0, 5) }
        for key in ["Home", "End", "PageUp", "PageDown", "IC", "F1", "F5", "F12", "BTab", "M-x"] {
            try pane.send(key)
        }
        // Something the screen does use, after them: all of them were taken as keys.
        try pane.send("Space")
        try pane.waitForScreen("the counter at 6 after the unknown keys") { Self.shows($0, 6) }
        #expect(Self.isAlive(try Self.pid(in: pidFile)), "an unknown key quit the screen")
        try pane.send("DC")
        try pane.waitForScreen("the counter at 5 after Delete") { Self.shows($0, 5) }
        #expect(try box.count("x") == 5)
        try pane.send("q")
        let end = try pane.waitForScreen("tally's exit") { $0.contains { $0.contains("tally exited") } }
        #expect(end.contains { $0.contains(Self.finished) })
    }

    /// Issue 13, item 6: TERM=dumb draws no full screen (no alternate screen), as the
    /// help says; the tool says why and exits 64.
    @Test func aDumbTerminalGetsNoScreen() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let script = box.sandbox.path("dumb.sh")
        let environment = box.environment.map { "\($0.key)=\($0.value.tallyShellQuoted)" }.sorted().joined(separator: " ")
        let text = """
            export \(environment) TERM=dumb
            \(box.tallyPath.tallyShellQuoted) tap x 2>"$HOME/dumb.err"
            printf 'tally exited with %s\\n' "$?"
            exec sleep 600

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: script))
        let pane = try TallyTmuxPane(script: script, sandbox: box.sandbox)
        defer { pane.stop() }
        try pane.waitForScreen("tally's exit") { $0.contains { $0.contains("tally exited with 64") } }
        let errors = try String(contentsOfFile: box.sandbox.path("dumb.err"), encoding: .utf8)
        #expect(errors.contains("TERM is dumb"))
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalRestoresTheTerminal(signal: Int32) throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let (pane, pidFile) = try Self.startTap(box, name: "x")
        defer { pane.stop() }
        try pane.waitForScreen("the counter at 0") { Self.shows($0, 0) }
        try pane.send("Space")
        try pane.waitForScreen("the counter at 1") { Self.shows($0, 1) }
        kill(try Self.pid(in: pidFile), signal)
        let end = try pane.waitForScreen("tally's exit") { $0.contains { $0.contains("tally exited") } }
        #expect(end.contains { $0.contains(Self.finished) }, "\(end.joined(separator: "\n"))")
        #expect(!end.joined().contains("█"))
        #expect(try box.count("x") == 1)
    }

    /// Changes made elsewhere while the screen is open are not overwritten, and `u` does
    /// not undo another counter's change.
    @Test func changesMadeElsewhereAreKept() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        try box.ok("new", "other")
        let (pane, _) = try Self.startTap(box, name: "x")
        defer { pane.stop() }
        try pane.waitForScreen("the counter at 0") { Self.shows($0, 0) }
        try box.ok("add", "x", "10")
        try pane.send("Space")
        try pane.waitForScreen("the counter at 11") { Self.shows($0, 11) }
        #expect(try box.count("x") == 11)

        try box.ok("inc", "other")
        try pane.send("u")
        let screen = try pane.waitForScreen("the refusal to undo") { $0.contains { $0.contains("another counter") } }
        #expect(Self.shows(screen, 11))
        #expect(try box.count("x") == 11)
        #expect(try box.count("other") == 1)
        try pane.send("q")
        try pane.waitForScreen("tally's exit") { $0.contains { $0.contains(Self.finished) } }
    }

    /// A step that would overflow is refused on the screen; the count stays as stored.
    @Test func anOverflowIsShownAndNothingStored() throws {
        let box = try TallyBox()
        try box.seed([TallyCounter("edge", count: .max - 1)])
        let (pane, _) = try Self.startTap(box, name: "edge")
        defer { pane.stop() }
        // 19 digits do not fit in block letters on 80 columns: the plain number is shown.
        try pane.waitForScreen("the count") { $0.contains { $0.tallyTrimmed == "9223372036854775806" } }
        try pane.send("Space")
        try pane.waitForScreen("the maximum") { $0.contains { $0.tallyTrimmed == "9223372036854775807" } }
        let stored = box.storeBytes()
        try pane.send("Up")
        let screen = try pane.waitForScreen("the overflow message") { $0.contains { $0.contains("overflow") } }
        #expect(screen.contains { $0.tallyTrimmed == "9223372036854775807" })
        #expect(box.storeBytes() == stored)
        try pane.send("Down")
        try pane.waitForScreen("one less") { $0.contains { $0.tallyTrimmed == "9223372036854775806" } }
        #expect(try box.count("edge") == .max - 1)
        try pane.send("q")
        try pane.waitForScreen("tally's exit") { $0.contains { $0.contains(Self.finished) } }
    }

    /// When the terminal goes away and no SIGHUP gets through (here it is blocked), the
    /// end of input must end tally tap too.
    @Test func losingTheTerminalEndsTap() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let (pane, pidFile) = try Self.startTap(box, name: "x", wrapper: ["env", "--block-signal=HUP"])
        try pane.waitForScreen("the counter at 0") { Self.shows($0, 0) }
        let pid = try Self.pid(in: pidFile)
        pane.stop()
        let ended = TallyWait.until(timeout: 3) { !Self.isAlive(pid) }
        #expect(ended, "tally tap (pid \(pid)) is still running without a terminal")
        if !ended { kill(pid, SIGKILL) }
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
