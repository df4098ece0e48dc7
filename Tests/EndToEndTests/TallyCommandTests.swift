// Every tally command that creates or changes a counter, run as a process on a private
// store: what it prints, what it stores, and what it leaves alone.

import Foundation
import Testing

@Suite struct TallyCommandTests {
    // MARK: new

    struct NewCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let expected: TallyCounter
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        NewCase(arguments: ["new", "coffee"], expected: TallyCounter("coffee")),
        NewCase(arguments: ["new", "push-ups", "--step", "10", "--pin"], expected: TallyCounter("push-ups", step: 10, pinned: true)),
        NewCase(arguments: ["new", "--start", "5", "--step", "-2", "down"], expected: TallyCounter("down", count: 5, start: 5, step: -2)),
        NewCase(arguments: ["new", "--start=-3", "below"], expected: TallyCounter("below", count: -3, start: -3)),
        NewCase(arguments: ["new"], expected: TallyCounter("New Counter 1")),
        NewCase(arguments: ["new", "--pin", "--start", "7"], expected: TallyCounter("New Counter 1", count: 7, start: 7, pinned: true)),
        NewCase(arguments: ["create", "by alias"], expected: TallyCounter("by alias")),
        NewCase(arguments: ["new", "--", "-dash"], expected: TallyCounter("-dash")),
        NewCase(arguments: ["new", "Café ☕️ 日本"], expected: TallyCounter("Café ☕️ 日本")),
        NewCase(arguments: ["new", "--start", "9223372036854775807", "max"], expected: TallyCounter("max", count: .max, start: .max)),
    ])
    func newCreatesACounterAndPrintsItsName(_ test: NewCase) throws {
        let box = try TallyBox()
        let before = Date()
        let result = try box.run(arguments: test.arguments)
        let after = Date()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == test.expected.name + "\n")
        let listed = try box.listed()
        try #require(listed.count == 1)
        var counter = listed[0]
        let created = try #require(ISO8601DateFormatter().date(from: counter.created), "created: \(counter.created)")
        #expect(counter.created.hasSuffix("Z"))
        #expect(created >= before.addingTimeInterval(-1) && created <= after.addingTimeInterval(1))
        counter.created = test.expected.created
        #expect(counter == test.expected)
    }

    @Test func newNumbersUnnamedCountersAndKeepsNamedOnes() throws {
        let box = try TallyBox()
        #expect(try box.ok("new") == "New Counter 1")
        #expect(try box.ok("new", "mine") == "mine")
        #expect(try box.ok("new") == "New Counter 2")
        #expect(try box.stored().map(\.name) == ["New Counter 1", "mine", "New Counter 2"])
        #expect(try box.stored().map(\.serial) == [1, 2, 3])
    }

    // MARK: get

    @Test func getPrintsTheCountAlone() throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "-7")
        let result = try box.run("get", "x")
        #expect(result.status == 0)
        #expect(result.stdout == "-7\n")
        #expect(result.stderr == "")
    }

    // MARK: changing the count

    struct CountCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let expected: Int64
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// On a counter `x` with start 10 and step 3.
    @Test(arguments: [
        CountCase(arguments: ["inc", "x"], expected: 13),
        CountCase(arguments: ["inc", "x", "--times", "4"], expected: 22),
        CountCase(arguments: ["inc", "x", "--times=2"], expected: 16),
        CountCase(arguments: ["inc", "x", "-n", "2"], expected: 16),
        CountCase(arguments: ["inc", "-n3", "x"], expected: 19),
        CountCase(arguments: ["increment", "x"], expected: 13),
        CountCase(arguments: ["up", "x"], expected: 13),
        CountCase(arguments: ["dec", "x"], expected: 7),
        CountCase(arguments: ["dec", "x", "--times", "5"], expected: -5),
        CountCase(arguments: ["dec", "x", "-n", "1"], expected: 7),
        CountCase(arguments: ["decrement", "x"], expected: 7),
        CountCase(arguments: ["down", "x"], expected: 7),
        CountCase(arguments: ["add", "x", "5"], expected: 15),
        CountCase(arguments: ["add", "x", "-5"], expected: 5),
        CountCase(arguments: ["add", "x", "-15"], expected: -5),
        CountCase(arguments: ["add", "x", "+5"], expected: 15),
        CountCase(arguments: ["add", "x", "0"], expected: 10),
        CountCase(arguments: ["set", "x", "42"], expected: 42),
        CountCase(arguments: ["set", "x", "-42"], expected: -42),
        CountCase(arguments: ["set", "x", "9223372036854775807"], expected: .max),
        CountCase(arguments: ["set", "x", "-9223372036854775807"], expected: -.max),
        CountCase(arguments: ["reset", "x"], expected: 10),
    ])
    func countChangesPrintAndStoreTheNewCount(_ test: CountCase) throws {
        let box = try TallyBox()
        try box.seedStored([TallyCounter("x", count: 10, start: 10, step: 3)])
        let result = try box.run(arguments: test.arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(test.expected)\n")
        #expect(result.stderr == "")
        #expect(try box.ok("get", "x") == String(test.expected))
        let stored = try box.stored("x")
        #expect(stored.count == test.expected)
        #expect(stored.start == 10 && stored.step == 3 && !stored.pinned)
    }

    @Test func resetReturnsToTheStartValue() throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "-4", "--step", "2")
        #expect(try box.ok("inc", "x", "-n", "10") == "16")
        #expect(try box.ok("reset", "x") == "-4")
        #expect(try box.count("x") == -4)
        #expect(try box.stored("x").start == -4)
    }

    @Test func aNegativeStepCountsDown() throws {
        let box = try TallyBox()
        try box.ok("new", "d", "--step", "-2")
        #expect(try box.ok("inc", "d") == "-2")
        #expect(try box.ok("dec", "d", "-n", "3") == "4")
        #expect(try box.ok("add", "d", "-5") == "-1")
    }

    @Test func changesTouchOnlyTheirCounter() throws {
        let box = try TallyBox()
        try box.seed([TallyCounter("a", count: 1), TallyCounter("b", count: 2, pinned: true)])
        let before = try box.stored()
        try box.ok("inc", "a")
        try box.ok("set", "a", "50")
        let after = try box.stored()
        #expect(after[1] == before[1])
        #expect(after[0].count == 50)
    }

    // MARK: rename, step, pin

    @Test(arguments: ["rename", "mv"])
    func renameKeepsEverythingButTheName(command: String) throws {
        let box = try TallyBox()
        try box.seed([TallyCounter("old", count: 8, start: 3, step: 5, pinned: true, created: "2022-02-02T02:02:02Z"), TallyCounter("other")])
        let before = try box.stored("old")
        let result = try box.run(command, "old", "new name, too")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "")
        var after = try box.stored("new name, too")
        #expect(try box.stored().map(\.name) == ["new name, too", "other"])
        after.name = "old"
        #expect(after == before)
        #expect(try box.run("get", "old").status == 66)
    }

    @Test func renameToItsOwnNameChangesNothing() throws {
        let box = try TallyBox()
        try box.ok("new", "same")
        let undoDepth = try box.storeFile().content.undo.count
        #expect(try box.run("rename", "same", "same").status == 0)
        #expect(try box.stored().map(\.name) == ["same"])
        #expect(try box.storeFile().content.undo.count == undoDepth)
    }

    @Test func stepChangesWhatIncAndDecDo() throws {
        let box = try TallyBox()
        try box.ok("new", "s")
        let result = try box.run("step", "s", "5")
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(try box.ok("inc", "s") == "5")
        try box.ok("step", "s", "-2")
        #expect(try box.ok("inc", "s", "-n", "2") == "1")
        #expect(try box.ok("dec", "s") == "3")
        #expect(try box.stored("s").step == -2)
        #expect(try box.ok("show", "s").contains("step:     -2"))
    }

    @Test func pinMovesACounterToTheTopAndUnpinBack() throws {
        let box = try TallyBox()
        try box.ok("new", "a")
        try box.ok("new", "b")
        #expect(try box.ok("list", "--names") == "b\na")
        let pin = try box.run("pin", "a")
        #expect(pin.status == 0 && pin.stdout == "")
        #expect(try box.ok("list", "--names") == "a\nb")
        #expect(try box.stored("a").pinned)
        #expect(try box.ok("list").contains("* a"))
        // Pinning again is no change (and nothing to undo).
        let depth = try box.storeFile().content.undo.count
        #expect(try box.run("pin", "a").status == 0)
        #expect(try box.storeFile().content.undo.count == depth)
        #expect(try box.run("unpin", "a").status == 0)
        #expect(try box.ok("list", "--names") == "b\na")
        #expect(try !box.stored("a").pinned)
        #expect(try box.run("unpin", "a").status == 0)
        #expect(try box.storeFile().content.undo.count == depth + 1)
    }

    // MARK: rm

    @Test(arguments: [["rm", "--force"], ["rm", "-f"], ["remove", "--force"], ["delete", "-f"]])
    func rmWithForceDeletes(command: [String]) throws {
        let box = try TallyBox()
        try box.ok("new", "keep")
        try box.ok("new", "gone")
        let result = try box.run(arguments: command + ["gone"])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("Deleted counter 'gone'. Undo with: tally undo"))
        #expect(try box.stored().map(\.name) == ["keep"])
    }

    @Test func rmDeletesSeveralAtOnce() throws {
        let box = try TallyBox()
        for name in ["a", "b", "c"] { try box.ok("new", name) }
        let result = try box.run("rm", "--force", "a", "c")
        #expect(result.status == 0)
        #expect(result.stderr.contains("Deleted 2 counters"))
        #expect(try box.stored().map(\.name) == ["b"])
    }

    @Test func rmWithoutForceOffATerminalRefusesAndKeepsEverything() throws {
        let box = try TallyBox()
        try box.ok("new", "precious")
        try box.expectStoreUnchanged {
            let result = try box.run("rm", "precious")
            #expect(result.status == 64)
            #expect(result.stderr.contains("--force"), "\(result.stderr)")
            // Even with an answer on stdin: a pipe is not a person.
            #expect(try box.run("rm", "precious", stdin: "y\n").status == 64)
        }
        #expect(try box.ok("get", "precious") == "0")
    }

    @Test func rmWithAnUnknownNameDeletesNothing() throws {
        let box = try TallyBox()
        try box.ok("new", "a")
        try box.ok("new", "b")
        try box.expectStoreUnchanged {
            let result = try box.run("rm", "--force", "a", "nope")
            #expect(result.status == 66)
            #expect(result.stderr.contains("'nope'"))
        }
    }

    // MARK: export

    @Test func exportJSONHoldsEveryCounterInCreationOrder() throws {
        let box = try TallyBox()
        try box.seedStored(TallyListTests.seeded)
        try box.ok("new", "fresh", "--step", "4")
        let export = try box.exported()
        #expect(export.format == "tally-export")
        #expect(export.version == 3)
        #expect(Array(export.counters.prefix(3)) == TallyListTests.seeded)
        #expect(export.counters.map(\.name).last == "fresh")
        #expect(export.counters.last?.step == 4)
    }

    @Test func exportCSVHasAHeaderAndOneRowACounter() throws {
        let box = try TallyBox()
        try box.seed([TallyCounter("a", count: 1, start: 2, step: 3, pinned: true, created: "2021-01-01T00:00:00Z"), TallyCounter("b")])
        // Format version 2: each counter's log in a last column (issue 26, item 9).
        let lines = try box.ok("export", "--format", "csv").split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == "name,count,start,step,pinned,created,goal,min,max,tags,updated,from,log")
        #expect(lines.dropFirst().first?.hasPrefix("a,1,2,3,true,2021-01-01T00:00:00Z,,,,,2021-01-01T00:00:00Z,") == true)
        #expect(lines.last?.hasPrefix("b,0,0,1,false,2024-05-06T07:08:09Z,,,,,2024-05-06T07:08:09Z,") == true)
        #expect(try box.run("export", "--format", "xml").status == 64)
    }

    @Test func exportOfAnEmptyStore() throws {
        let box = try TallyBox()
        // Made empty: a store the user named that is not there is 66 for a read (issue 26, item 36).
        #expect(try box.run("export").status == 66)
        try box.ok("db", "init")
        let export = try box.exported()
        #expect(export.counters.isEmpty)
        #expect(try box.ok("export", "--format", "csv") == "name,count,start,step,pinned,created,goal,min,max,tags,updated,from,log")
    }
}
