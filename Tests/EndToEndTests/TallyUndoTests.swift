// tally undo: every kind of change reverted exactly (a delete included: the counter comes
// back whole), several levels deep, and "nothing to undo" at the bottom.

import Foundation
import Testing

@Suite struct TallyUndoTests {
    struct UndoCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        var stdin: String? = nil
        /// What `tally undo` says it undid.
        let undid: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// x: every field away from its default; p: pinned; o: another counter.
    static let setup = [
        TallyCounter("x", count: 11, start: 5, step: 3, created: "2021-07-08T09:10:11Z"),
        TallyCounter("p", count: -2, start: -2, step: -1, pinned: true, created: "2020-01-02T03:04:05Z"),
        TallyCounter("o", count: 100, created: "2022-01-01T00:00:00Z"),
    ]

    @Test(arguments: [
        UndoCase(arguments: ["inc", "x"], undid: "inc x"),
        UndoCase(arguments: ["inc", "x", "-n", "4"], undid: "inc x"),
        UndoCase(arguments: ["dec", "x", "--times", "2"], undid: "dec x"),
        UndoCase(arguments: ["add", "x", "-5"], undid: "add -5 to x"),
        UndoCase(arguments: ["set", "x", "99"], undid: "set x"),
        UndoCase(arguments: ["reset", "x"], undid: "reset x"),
        UndoCase(arguments: ["rename", "x", "renamed"], undid: "rename x to renamed"),
        UndoCase(arguments: ["step", "x", "-7"], undid: "step x"),
        UndoCase(arguments: ["pin", "x"], undid: "pin x"),
        UndoCase(arguments: ["unpin", "p"], undid: "unpin p"),
        UndoCase(arguments: ["rm", "--force", "x"], undid: "rm x"),
        UndoCase(arguments: ["rm", "--force", "p"], undid: "rm p"),
        UndoCase(arguments: ["rm", "--force", "x", "p", "o"], undid: "rm x, p, o"),
        UndoCase(arguments: ["new", "fresh", "--pin"], undid: "new fresh"),
        UndoCase(arguments: ["new"], undid: "new New Counter 1"),
        UndoCase(arguments: ["feed", "x"], stdin: "a\nb\nc\n", undid: "feed x"),
        UndoCase(
            arguments: ["import", "--on-clash", "replace", "-"],
            stdin: #"[{"name": "x", "count": 1}, {"name": "brand new", "count": 2}]"#, undid: "import 2 counters"),
        UndoCase(arguments: ["import", "--on-clash", "rename", "-"], stdin: "name,count\nx,1\np,2\n", undid: "import 2 counters"),
    ])
    func undoRevertsAChangeExactly(_ test: UndoCase) throws {
        let box = try TallyBox()
        try box.seedStored(Self.setup)
        let counters = try box.stored()
        let listed = try box.listed()
        let undoDepth = try box.storeFile().content.undo.count

        let change = try box.run(arguments: test.arguments, stdin: test.stdin)
        #expect(change.status == 0, "\(change.stderr)")
        #expect(try box.stored() != counters, "the change changed nothing, so the test proves nothing")
        #expect(try box.storeFile().content.undo.count == undoDepth + 1)

        let undo = try box.run("undo")
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout == "")
        #expect(undo.stderr.hasPrefix("Undid: \(test.undid)"), "\(undo.stderr)")
        // Whole again: name, count, start, step, pin, creation time and serial.
        #expect(try box.stored() == counters)
        #expect(try box.listed() == listed)
        #expect(try box.storeFile().content.undo.count == undoDepth)
    }

    @Test func aDeletedCounterComesBackWholeAndWorks() throws {
        let box = try TallyBox()
        try box.ok("new", "gone", "--start", "4", "--step", "6", "--pin")
        try box.ok("inc", "gone", "-n", "2")
        let before = try box.stored("gone")
        try box.ok("rm", "--force", "gone")
        #expect(try box.run("get", "gone").status == 66)
        let undo = try box.run("undo")
        #expect(undo.status == 0)
        #expect(undo.stderr.contains("Undid: rm gone"))
        #expect(try box.stored("gone") == before)
        #expect(try box.ok("show", "gone", "--format", "json").contains("\"pinned\": true"))
        #expect(try box.ok("inc", "gone") == "22")
        #expect(try box.ok("reset", "gone") == "4")
    }

    @Test func severalLevelsUndoInReverseOrderDownToNothing() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        var states = [try box.stored()]
        let changes: [[String]] = [
            ["inc", "x"], ["add", "x", "10"], ["step", "x", "5"], ["inc", "x"], ["pin", "x"],
            ["rename", "x", "y"], ["new", "z"], ["rm", "--force", "y"], ["set", "z", "3"],
        ]
        for change in changes {
            try box.ok(arguments: change)
            states.append(try box.stored())
        }
        #expect(try box.stored().map(\.name) == ["z"])
        for (level, change) in changes.enumerated().reversed() {
            let undo = try box.run("undo")
            #expect(undo.status == 0, "\(undo.stderr)")
            #expect(undo.stderr.contains(change[0]), "undoing \(change) said: \(undo.stderr)")
            #expect(try box.stored() == states[level], "after undoing \(change)")
        }
        // Then the creation of x itself, and then there is nothing left to undo.
        #expect(try box.run("undo").stderr.contains("Undid: new x"))
        #expect(try box.stored().isEmpty)
        try box.expectStoreUnchanged {
            let result = try box.run("undo")
            #expect(result.status == 66)
            #expect(result.stderr.contains("nothing to undo"), "\(result.stderr)")
        }
    }

    @Test func undoOnAFreshStoreHasNothingToUndo() throws {
        let box = try TallyBox()
        let result = try box.run("undo")
        #expect(result.status == 66)
        #expect(result.stderr.contains("nothing to undo"))
    }

    @Test func failedChangesLeaveNothingToUndo() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        try box.ok("set", "x", "9223372036854775807")
        #expect(try box.run("inc", "x").status == 65)
        #expect(try box.run("rename", "x", "").status == 64)
        #expect(try box.run("step", "x", "0").status == 64)
        #expect(try box.run("inc", "nope").status == 66)
        // The last change recorded is still the set.
        #expect(try box.run("undo").stderr.contains("Undid: set x"))
        #expect(try box.count("x") == 0)
    }

    /// The undo history keeps the last 100 changes: a 101st drops the oldest.
    @Test func undoRemembersTheLastHundredChanges() throws {
        let box = try TallyBox()
        let counter = #"{"name": "x", "count": COUNT, "start": 0, "step": 1, "pinned": false, "created": "2024-01-01T00:00:00Z", "serial": 1}"#
        let steps = (0..<100).map { index in
            #"{"action": "set x #\#(index)", "before": [\#(counter.replacingOccurrences(of: "COUNT", with: String(index)))], "after": ["x"]}"#
        }
        try box.writeStore("""
            {"format": "tally", "version": 1, "content": {"counters": [\(counter.replacingOccurrences(of: "COUNT", with: "100"))],
            "nextSerial": 2, "undo": [\(steps.joined(separator: ",\n"))]}}
            """)
        #expect(try box.ok("inc", "x") == "101")
        let undo = try box.storeFile().content.undo
        #expect(undo.count == 100)
        #expect(undo.first?.action == "set x #1")
        #expect(undo.last?.action == "inc x")
        #expect(try box.run("undo").stderr.contains("Undid: inc x"))
        #expect(try box.run("undo").stderr.contains("Undid: set x #99"))
        #expect(try box.count("x") == 99)
    }
}
