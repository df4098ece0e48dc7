// `tally new` without NAME: "New Counter N", N the smallest number from 1 up not in use.

import Foundation
import Testing

@Suite struct TallyNamingTests {
    struct NamingCase: Sendable, CustomTestStringConvertible {
        let situation: String
        /// Commands run first, in order.
        let setup: [[String]]
        let next: String
        var testDescription: String { situation }
    }

    // The rule itself, case by case, is TallyKit's (CounterNamingTests); these run it
    // through the process: a store changed by earlier commands, the name printed.
    @Test(arguments: [
        NamingCase(situation: "an empty store", setup: [], next: "New Counter 1"),
        NamingCase(
            situation: "a gap after a delete", setup: [["new"], ["new"], ["new"], ["rm", "--force", "New Counter 2"]],
            next: "New Counter 2"),
        NamingCase(
            situation: "a delete undone", setup: [["new"], ["new"], ["new"], ["rm", "--force", "New Counter 2"], ["undo"]],
            next: "New Counter 4"),
        NamingCase(
            situation: "renamed into the pattern", setup: [["new", "tea"], ["rename", "tea", "New Counter 1"]], next: "New Counter 2"),
        NamingCase(situation: "1 and 3 in use", setup: [["new", "New Counter 3"], ["new", "New Counter 1"]], next: "New Counter 2"),
        NamingCase(situation: "lower case takes its number", setup: [["new", "new counter 1"]], next: "New Counter 2"),
    ])
    func theNextUnnamedCounter(_ test: NamingCase) throws {
        let box = try TallyBox()
        for command in test.setup { try box.ok(arguments: command) }
        let namesBefore = Set(try box.stored().map(\.name))
        let result = try box.run("new")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == test.next + "\n")
        let names = Set(try box.stored().map(\.name))
        #expect(names == namesBefore.union([test.next]))
    }

    /// The names fill up in order, and a freed number is taken again before new ones.
    @Test func unnamedCountersFillTheSmallestFreeNumber() throws {
        let box = try TallyBox()
        for number in 1...5 { #expect(try box.ok("new") == "New Counter \(number)") }
        try box.ok("rm", "--force", "New Counter 4", "New Counter 2")
        #expect(try box.ok("new") == "New Counter 2")
        #expect(try box.ok("new") == "New Counter 4")
        #expect(try box.ok("new") == "New Counter 6")
        try box.ok("rename", "New Counter 1", "first")
        #expect(try box.ok("new", "--pin") == "New Counter 1")
        #expect(try box.stored("New Counter 1").pinned)
    }
}
