// tally board (issue 29, item 3): the reducer (keys and the store's news → state), the
// frame (bars, FULL, rows that do not fit, a narrow terminal), the board run in-process on
// a scripted screen while the store changes under it (shown, held while paused, shown
// when unpaused), and on a real terminal in tmux against a second process changing the
// counters, on the file store and on PostgreSQL.

import Foundation
import MoneyKitCLI
import PostgresTestSupport
import Testing
@testable import tally
import TallyKit

struct TallyBoardReducerTests {
    static func counter(_ name: String, _ count: Int64, serial: Int64, maximum: Int64? = nil) -> Counter {
        Counter(name: name, count: count, start: 0, step: 1, pinned: false, created: "2026-11-0\(serial)T10:00:00Z", serial: serial, maximum: maximum)
    }

    static let counters = [counter("inside", 3, serial: 3, maximum: 5), counter("out", 1, serial: 2), counter("in", 4, serial: 1)]

    @Test func keysSortFilterPauseAndQuit() {
        var state = BoardScreenState(counters: Self.counters, sort: .created)
        #expect(state.rows.map(\.name) == ["inside", "out", "in"])
        #expect(state.handle(.character("s")) == [.redraw])
        #expect(state.sort == .name && state.rows.map(\.name) == ["in", "inside", "out"])
        _ = state.handle(.character("s"))
        #expect(state.sort == .count && state.rows.map(\.name) == ["in", "inside", "out"])
        _ = state.handle(.character("/"))
        for character in "IN" { _ = state.handle(.character(character)) }
        #expect(state.typing == "IN" && state.filter.isEmpty)
        _ = state.handle(.backspace)
        _ = state.handle(.character("N"))
        #expect(state.handle(.enter) == [.redraw])
        #expect(state.filter == "IN" && state.typing == nil && state.rows.map(\.name) == ["in", "inside"])
        // q while typing is a letter of the filter, not quit.
        _ = state.handle(.character("/"))
        #expect(state.handle(.character("q")) == [.redraw] && state.typing == "q")
        _ = state.handle(.escape)
        #expect(state.filter == "IN" && state.typing == nil)
        _ = state.handle(.character("c"))
        #expect(state.rows.count == 3)
        #expect(state.handle(.character("r")) == [.run(.reload)])
        #expect(state.handle(.character("x")) == [])
        #expect(state.handle(.character("q")) == [.quit])
        #expect(state.handle(.interrupt) == [.quit])
    }

    @Test func changesWhilePausedWaitForTheUnpause() {
        var state = BoardScreenState(counters: Self.counters, sort: .created)
        #expect(state.handle(.changed) == [.run(.reload)])
        #expect(state.handle(.character(" ")) == [.redraw] && state.paused)
        #expect(state.handle(.changed) == [.redraw] && state.missed)
        #expect(state.handle(.character("p")) == [.run(.reload)] && !state.paused && !state.missed)
        _ = state.handle(.character("p"))
        #expect(state.handle(.character("p")) == [.redraw])
        #expect(state.handle(.loaded([])) == [.redraw] && state.counters.isEmpty)
        #expect(state.handle(.failed("gone")) == [.redraw] && state.message == "gone")
    }

    @Test func theFrameShowsBarsAndWhatDoesNotFit() {
        let styler = Styler(enabled: false)
        var full = Self.counters
        full[0].count = 6
        let state = BoardScreenState(counters: full, sort: .created)
        let frame = BoardScreen.frame(state, styler: styler, width: 60, height: 8)
        #expect(frame.count == 8)
        #expect(frame[0] == "tally board  3 of 3  sort: created")
        #expect(frame[1].hasPrefix("inside  6/5  [#") && frame[1].hasSuffix("]  FULL"), "\(frame[1])")
        #expect(frame[2] == "out       1" && frame[3] == "in        4")
        #expect(frame.last == "p pause  s sort  / filter  c clear  r read again  q quit")
        #expect(frame.allSatisfy { DisplayWidth.of($0) <= 60 })
        #expect(BoardScreen.frame(state, styler: styler, width: 30, height: 8)[1].hasSuffix("]  FULL"))
        // Four rows for three counters and the help: two shown, one counted.
        let short = BoardScreen.frame(state, styler: styler, width: 60, height: 4)
        #expect(short.count == 4 && short[2] == "… 2 more", "\(short)")
        let narrow = BoardScreen.frame(BoardScreenState(counters: [Self.counter("a very long counter name indeed", 12, serial: 1)], sort: .created), styler: styler, width: 12, height: 5)
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 12 }, "\(narrow)")
        #expect(narrow[1].hasSuffix("12"), "the count is never cut: \(narrow)")
        let empty = BoardScreen.frame(BoardScreenState(counters: [], sort: .created), styler: styler, width: 40, height: 5)
        #expect(empty[1] == "No counters yet.")
    }

    @Test func aNameIsShownEscaped() {
        let frame = BoardScreen.frame(
            BoardScreenState(counters: [Self.counter("evil\u{1B}[2Jname", 1, serial: 1)], sort: .created), styler: Styler(enabled: false), width: 60, height: 4)
        #expect(!frame.joined().contains("\u{1B}"))
    }
}

@Suite(.timeLimit(.minutes(1)), .postgresCluster) struct TallyBoardTests {
    /// The board in-process on a scripted 60×12 screen: another writer's changes show up,
    /// are held while paused and shown when unpaused.
    @Test func theBoardFollowsTheStoreAndHoldsWhilePaused() throws {
        let box = try TallyBox()
        try box.ok("new", "in")
        try box.ok("new", "out")
        try box.ok("new", "inside", "--from", "in - out", "--max", "2")
        func row(_ screen: [String], _ name: String) -> String? { screen.first { $0.hasPrefix(name + " ") } }
        let steps: [ScriptedScreen.Step] = [
            .check { first in #expect(row(first, "inside")?.contains("0/2") == true, "\(first)") },
            .check { _ in try box.ok("inc", "in", "--times", "3") },
            .key(.unknown),
            .check { shown in
                #expect(row(shown, "inside")?.contains("3/2") == true && row(shown, "inside")?.hasSuffix("FULL") == true, "\(shown)")
                #expect(row(shown, "in")?.hasSuffix(" 3") == true, "\(shown)")
            },
            .key(.character("p")),
            .check { _ in try box.ok("inc", "out") },
            .key(.unknown),
            .check { shown in
                #expect(shown[0].contains("PAUSED: changes waiting") && row(shown, "out")?.hasSuffix(" 0") == true, "\(shown)")
            },
            .key(.character("p")),
            .check { shown in
                #expect(!shown[0].contains("PAUSED") && row(shown, "out")?.hasSuffix(" 1") == true && row(shown, "inside")?.contains("2/2") == true, "\(shown)")
            },
            .key(.character("q")),
        ]
        let (result, screen) = try ScreenRun.run("tally", ["board"], environment: box.environment, stdin: "", columns: 60, rows: 12, steps)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(screen.restored)
    }

    /// A real terminal, and a second process changing the counters: on the file store
    /// (data_version) and on PostgreSQL (LISTEN/NOTIFY).
    @Test(arguments: TallyTestStore.Kind.allCases)
    func aSecondProcessesChangesShowOnARealTerminal(kind: TallyTestStore.Kind) throws {
        if kind == .postgres, !PostgresTestCluster.shouldRun { return }
        let store = try TallyTestStore(kind)
        try store.ok("new", "door")
        let script = store.box.sandbox.path("board.sh")
        var environment = store.box.environment
        environment["TALLY_FILE"] = store.text
        let exports = environment.map { "\($0.key)=\($0.value.tallyShellQuoted)" }.sorted().joined(separator: " ")
        try Data("""
            export \(exports) TERM=xterm-256color
            \(store.box.tallyPath.tallyShellQuoted) board
            printf 'tally exited with %s\\n' "$?"
            exec sleep 600

            """.utf8).write(to: URL(fileURLWithPath: script))
        let pane = try TallyTmuxPane(script: script, sandbox: store.box.sandbox)
        defer { pane.stop() }
        try pane.waitForScreen("the board") { $0.contains { $0.hasPrefix("door") && $0.hasSuffix(" 0") } }
        // Another process: the real binary, not this one.
        let other = try TallyProcess.run(
            ["inc", "door", "--times", "7"], environment: environment, stdin: nil, sandbox: store.box.sandbox, process: true)
        #expect(other.status == 0, "\(other.stderr)")
        try pane.waitForScreen("7 from the other process") { $0.contains { $0.hasPrefix("door") && $0.hasSuffix(" 7") } }
        try pane.send("q")
        try pane.waitForScreen("the board left") { $0.contains { $0.contains("tally exited with 0") } }
    }
}
