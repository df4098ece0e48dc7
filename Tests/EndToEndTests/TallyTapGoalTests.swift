// tally tap with goals and bounds, and on a counter that does not exist, in-process on a
// scripted screen (as TallyTapTests): the progress toward the goal under the count, "Goal
// reached!" when a key reaches it, a bound refused on the screen with nothing stored; a
// missing counter offered to be created (yes: created and opened; no: the usual error,
// nothing created); without a terminal, the usual error.

import Foundation
import MoneyKitCLI
import Testing

@Suite(.timeLimit(.minutes(1))) struct TallyTapGoalTests {
    @Test func progressTowardTheGoalAndItsReaching() throws {
        let box = try TallyBox()
        try box.ok("new", "reps", "--goal", "4", "--max", "5", "--step", "2")
        var before = ""
        let (result, _) = try TallyTapTests.tap(box, name: "reps", [
            .check { first in #expect(first.contains { $0.contains("0/4  [") && $0.contains("]  0%") }, "\(first)") },
            .key(.character(" ")),
            .check { screen in #expect(screen.contains { $0.contains("2/4") && $0.contains("50%") }, "half way: \(screen)") },
            .key(.character(" ")),
            .check { screen in
                #expect(screen.contains { $0.contains("Goal reached!") }, "\(screen)")
                #expect(screen.contains { $0.contains("4/4") && $0.contains("reached") })
                #expect(try box.ok("get", "reps") == "4")
                before = try box.ok("export")
            },
            // 6 is beyond the maximum 5: refused on the screen, nothing stored.
            .key(.character(" ")),
            .check { screen in
                #expect(screen.contains { $0.contains("above its maximum 5") }, "the bound refused: \(screen)")
                let after = try box.ok("export")
                #expect(after == before)
            },
            .key(.character("q")),
        ])
        #expect(result.status == 0)
        #expect(try box.ok("get", "reps") == "4")
    }

    @Test func aMissingCounterIsCreatedOnYes() throws {
        let box = try TallyBox()
        let (result, screen) = try TallyTapTests.tap(box, name: "fresh one", stdin: "y\n", [
            .check { #expect(TallyTapTests.shows($0, 0), "the new counter at 0: \($0)") },
            .key(.character(" ")),
            .check { #expect(TallyTapTests.shows($0, 1), "\($0)") },
            .key(.character("q")),
        ])
        #expect(result.stderr == "No counter named 'fresh one'. Create it? [y/N] ", "\(result.stderr)")
        #expect(result.status == 0)
        #expect(screen.keysRead == 2)
        #expect(try box.ok("get", "fresh one") == "1")
    }

    @Test func aMissingCounterIsNotCreatedOnNo() throws {
        let box = try TallyBox()
        try box.ok("new", "other")
        let before = try box.ok("export")
        let (result, screen) = try TallyTapTests.tap(box, name: "ghost", stdin: "n\n", [.key(.character(" "))])
        // On the terminal the question, then the usual error (coloured there).
        let said = ScriptedScreen.plain(result.stderr)
        #expect(said.hasPrefix("No counter named 'ghost'. Create it? [y/N] tally: error: no counter named 'ghost'"), "\(said)")
        #expect(result.status == 66)
        #expect(screen.frames.isEmpty, "no screen was opened")
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
