// tally tap with goals and bounds, and on a counter that does not exist, through a real
// terminal (a tmux pane, as TallyTapTests): the progress toward the goal under the count,
// "Goal reached!" when a key reaches it, a bound refused on the screen with nothing
// stored; a missing counter offered to be created (yes: created and opened; no: the
// usual error, nothing created); without a terminal, the usual error.

import Foundation
import Testing

@Suite(.timeLimit(.minutes(1))) struct TallyTapGoalTests {
    static let finished = TallyTapTests.finished

    @Test func progressTowardTheGoalAndItsReaching() throws {
        let box = try TallyBox()
        try box.ok("new", "reps", "--goal", "4", "--max", "5", "--step", "2")
        let (pane, _) = try TallyTapTests.startTap(box, name: "reps")
        defer { pane.stop() }
        let first = try pane.waitForScreen("the progress at 0") { $0.contains { $0.contains("0/4") } }
        #expect(first.contains { $0.contains("0/4  [") && $0.contains("]  0%") }, "\(first)")
        try pane.send("Space")
        try pane.waitForScreen("half way") { $0.contains { $0.contains("2/4") && $0.contains("50%") } }
        try pane.send("Space")
        let reached = try pane.waitForScreen("the goal reached") { $0.contains { $0.contains("Goal reached!") } }
        #expect(reached.contains { $0.contains("4/4") && $0.contains("reached") })
        #expect(try box.ok("get", "reps") == "4")
        // 6 is beyond the maximum 5: refused on the screen, nothing stored.
        let before = try box.ok("export")
        try pane.send("Space")
        try pane.waitForScreen("the bound refused") { $0.contains { $0.contains("above its maximum 5") } }
        #expect(try box.ok("export") == before)
        try pane.send("q")
        try pane.waitForScreen("tally's exit") { $0.contains { $0.contains(Self.finished) } }
    }

    @Test func aMissingCounterIsCreatedOnYes() throws {
        let box = try TallyBox()
        let (pane, _) = try TallyTapTests.startTap(box, name: "fresh one")
        defer { pane.stop() }
        try pane.waitForScreen("the question") { $0.contains { $0.contains("No counter named 'fresh one'. Create it? [y/N]") } }
        try pane.send("y", "Enter")
        try pane.waitForScreen("the new counter at 0") { TallyTapTests.shows($0, 0) }
        try pane.send("Space")
        try pane.waitForScreen("1") { TallyTapTests.shows($0, 1) }
        #expect(try box.ok("get", "fresh one") == "1")
        try pane.send("q")
        try pane.waitForScreen("tally's exit") { $0.contains { $0.contains(Self.finished) } }
    }

    @Test func aMissingCounterIsNotCreatedOnNo() throws {
        let box = try TallyBox()
        try box.ok("new", "other")
        let before = try box.ok("export")
        let (pane, _) = try TallyTapTests.startTap(box, name: "ghost")
        defer { pane.stop() }
        try pane.waitForScreen("the question") { $0.contains { $0.contains("Create it? [y/N]") } }
        try pane.send("n", "Enter")
        let screen = try pane.waitForScreen("the error") { $0.contains { $0.contains("tally exited with 66") } }
        #expect(screen.contains { $0.contains("tally: error: no counter named 'ghost'") }, "\(screen)")
        #expect(try box.ok("export") == before)
    }

    @Test func withoutATerminalAMissingCounterIsTheUsualError() throws {
        let box = try TallyBox()
        try box.ok("db", "init")
        let result = try box.run("tap", "ghost")
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("tally: error: no counter named 'ghost'"), "\(result.stderr)")
        #expect(!result.stderr.contains("Create it?"))
        #expect(try box.ok("list", "--names") == "")
    }
}
