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

    @Test(arguments: [
        NamingCase(situation: "an empty store", setup: [], next: "New Counter 1"),
        NamingCase(situation: "1, 2, 3 in use", setup: [["new"], ["new"], ["new"]], next: "New Counter 4"),
        NamingCase(
            situation: "a gap after a delete", setup: [["new"], ["new"], ["new"], ["rm", "--force", "New Counter 2"]],
            next: "New Counter 2"),
        NamingCase(
            situation: "two gaps: the smallest", setup: [["new"], ["new"], ["new"], ["new"], ["rm", "-f", "New Counter 3", "New Counter 1"]],
            next: "New Counter 1"),
        NamingCase(
            situation: "a delete undone", setup: [["new"], ["new"], ["new"], ["rm", "--force", "New Counter 2"], ["undo"]],
            next: "New Counter 4"),
        NamingCase(
            situation: "renamed away", setup: [["new"], ["new"], ["rename", "New Counter 1", "coffee"]], next: "New Counter 1"),
        NamingCase(
            situation: "renamed into the pattern", setup: [["new", "tea"], ["rename", "tea", "New Counter 1"]], next: "New Counter 2"),
        NamingCase(
            situation: "renamed to a higher number", setup: [["new"], ["rename", "New Counter 1", "New Counter 3"]],
            next: "New Counter 1"),
        NamingCase(situation: "only 2 in use", setup: [["new", "New Counter 2"]], next: "New Counter 1"),
        NamingCase(situation: "1 and 3 in use", setup: [["new", "New Counter 3"], ["new", "New Counter 1"]], next: "New Counter 2"),
        NamingCase(situation: "a leading zero takes nothing", setup: [["new", "New Counter 01"]], next: "New Counter 1"),
        NamingCase(situation: "a bare 'New Counter' takes nothing", setup: [["new", "New Counter"]], next: "New Counter 1"),
        NamingCase(situation: "'New Counter  2' with two spaces takes nothing", setup: [["new", "New Counter  2"]], next: "New Counter 1"),
        NamingCase(situation: "lower case takes its number", setup: [["new", "new counter 1"]], next: "New Counter 2"),
        NamingCase(
            situation: "upper case takes its number", setup: [["new", "NEW COUNTER 1"], ["new", "New Counter 2"]], next: "New Counter 3"),
        NamingCase(situation: "mixed case takes its number", setup: [["new", "nEw CoUnTeR 1"]], next: "New Counter 2"),
        NamingCase(
            situation: "other text after the number takes nothing",
            setup: [["new", "New Counter 1a"], ["new", "New Counter 1 x"], ["new", "New Counter 1.0"]], next: "New Counter 1"),
        NamingCase(
            situation: "signs take nothing", setup: [["new", "New Counter -1"], ["new", "--", "New Counter +1"]], next: "New Counter 1"),
        NamingCase(situation: "two spaces take nothing", setup: [["new", "New Counter  1"]], next: "New Counter 1"),
        NamingCase(situation: "other digits take nothing", setup: [["new", "New Counter ١"]], next: "New Counter 1"),
        NamingCase(situation: "a prefix takes nothing", setup: [["new", "My New Counter 1"]], next: "New Counter 1"),
        NamingCase(
            situation: "a huge number is no obstacle", setup: [["new", "New Counter 999999999999999999999999"]], next: "New Counter 1"),
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
