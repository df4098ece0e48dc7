// tally list (ls, and the default command) in every format, its order, and tally show.

import Foundation
import Testing

@Suite struct TallyListTests {
    /// Three counters with every field set, stored in this order (so with these serials);
    /// the third has a name from before the name rule (a newline), shown escaped.
    static let seeded = [
        TallyCounter("alpha", count: 3, start: 1, step: 2, created: "2024-01-01T00:00:00Z"),
        TallyCounter("pinned one", count: -4, start: 0, step: -1, pinned: true, created: "2023-06-01T12:00:00Z"),
        TallyCounter("two\nlines, \"quoted\"", count: 1_234_567, start: 0, step: 100, created: "2024-02-01T00:00:00Z"),
    ]
    /// Pinned first, then newest first.
    static let listOrder = [seeded[1], seeded[2], seeded[0]]

    static func seededBox() throws -> TallyBox {
        let box = try TallyBox()
        try box.seedStored(seeded)
        return box
    }

    @Test func textListIsATableWithPinMarksAndSignedSteps() throws {
        let box = try Self.seededBox()
        let result = try box.run("list")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
              NAME                   COUNT STEP
            * pinned one                -4   -1
              two\\nlines, "quoted" 1234567 +100
              alpha                      3   +2

            """)
    }

    @Test func textListFitsANarrowTerminal() throws {
        let box = try Self.seededBox()
        let result = try box.run(arguments: ["list"], extraEnvironment: ["COLUMNS": "20"])
        #expect(result.status == 0)
        let lines = result.tallyOutput.components(separatedBy: "\n")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.count <= 20 }, "\(lines)")
        #expect(lines[1].hasPrefix("* pinn"))
        #expect(lines[1].hasSuffix("-4   -1"))
    }

    @Test func jsonListHasEveryFieldInListOrder() throws {
        let box = try Self.seededBox()
        #expect(try box.listed() == Self.listOrder)
    }

    @Test func csvListQuotesWhatNeedsIt() throws {
        let box = try Self.seededBox()
        #expect(try box.ok("list", "--format", "csv") == #"""
            name,count,start,step,pinned,created,goal,min,max,tags,updated,from
            pinned one,-4,0,-1,true,2023-06-01T12:00:00Z,,,,,2023-06-01T12:00:00Z,
            "two
            lines, ""quoted""",1234567,0,100,false,2024-02-01T00:00:00Z,,,,,2024-02-01T00:00:00Z,
            alpha,3,1,2,false,2024-01-01T00:00:00Z,,,,,2024-01-01T00:00:00Z,
            """#)
    }

    @Test func tsvListKeepsEveryRecordOnOneLine() throws {
        let box = try Self.seededBox()
        #expect(try box.ok("list", "--format", "tsv") == """
            name\tcount\tstart\tstep\tpinned\tcreated\tgoal\tmin\tmax\ttags\tupdated\tfrom
            pinned one\t-4\t0\t-1\ttrue\t2023-06-01T12:00:00Z\t\t\t\t\t2023-06-01T12:00:00Z\t
            two\\nlines, "quoted"\t1234567\t0\t100\tfalse\t2024-02-01T00:00:00Z\t\t\t\t\t2024-02-01T00:00:00Z\t
            alpha\t3\t1\t2\tfalse\t2024-01-01T00:00:00Z\t\t\t\t\t2024-01-01T00:00:00Z\t
            """)
    }

    @Test func namesPrintsOnlyTheNamesInListOrder() throws {
        let box = try TallyBox()
        try box.seed([Self.seeded[0], Self.seeded[1], TallyCounter("gamma ☕️", created: "2025-01-01T00:00:00Z")])
        #expect(try box.ok("list", "--names") == "pinned one\ngamma ☕️\nalpha")
    }

    /// `ls`, a bare `tally`, and list options given to a bare `tally` all mean `list`.
    @Test(arguments: [
        (["ls"], ["list"]),
        ([], ["list"]),
        (["ls", "--format", "json"], ["list", "--format", "json"]),
        (["--format", "csv"], ["list", "--format", "csv"]),
        (["--format=tsv"], ["list", "--format", "tsv"]),
        (["--names"], ["list", "--names"]),
        (["ls", "--names"], ["list", "--names"]),
    ])
    func listAliasesAndDefault(alias: [String], canonical: [String]) throws {
        let box = try Self.seededBox()
        let expected = try box.run(arguments: canonical)
        let actual = try box.run(arguments: alias)
        #expect(expected.status == 0)
        #expect(actual.status == 0)
        #expect(actual.stdout == expected.stdout)
        #expect(!actual.stdout.isEmpty)
    }

    @Test(arguments: [
        (["list"], "", true),
        (["list", "--names"], "", false),
        (["list", "--format", "json"], "[]\n", false),
        (["list", "--format", "csv"], "name,count,start,step,pinned,created,goal,min,max,tags,updated,from\n", false),
        (["list", "--format", "tsv"], "name\tcount\tstart\tstep\tpinned\tcreated\tgoal\tmin\tmax\ttags\tupdated\tfrom\n", false),
    ])
    func anEmptyStoreListsNothing(arguments: [String], stdout: String, saysHowToStart: Bool) throws {
        let box = try TallyBox()
        try box.ok("db", "init")
        let before = try #require(box.storeBytes())
        let result = try box.run(arguments: arguments)
        #expect(result.status == 0)
        #expect(result.stdout == stdout)
        #expect(result.stderr.contains("No counters yet") == saysHowToStart, "\(result.stderr)")
        #expect(box.storeBytes() == before, "listing must not change the store")
    }

    /// A store the user named (TALLY_FILE, --file) that is not there is 66 for a read,
    /// naming it, and nothing is created; the default store not made yet reads as empty
    /// (a fresh user) (issue 26, item 36).
    @Test func aNamedStoreThatIsNotThereIsAnErrorForAReadTheDefaultOneIsEmpty() throws {
        let box = try TallyBox()
        for arguments in [["list"], ["list", "--format", "json"], ["sum"], ["export"], ["get", "a"], ["log", "a"], ["--file", "typo.db", "list"]] {
            let result = try box.run(arguments: arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("no such file"), "\(arguments): \(result.stderr)")
        }
        #expect(try box.run("list").stderr.contains(box.storePath))
        #expect(box.storeBytes() == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.sandbox.path("store")).isEmpty, "nothing created")
        // The default store, not made yet.
        let fresh = try ToolProcess.run("tally", ["list", "--format", "json"], environment: box.sandbox.environment)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout == "[]\n")
        #expect(!FileManager.default.fileExists(atPath: box.sandbox.path("data/tally")))
    }

    @Test func listUnknownFormatIsAUsageError() throws {
        let box = try Self.seededBox()
        let result = try box.run("list", "--format", "xml")
        #expect(result.status == 64)
        #expect(result.stderr.contains("'xml'"))
    }

    // MARK: order

    /// Pinned first, then newest first; counters created in the same second keep
    /// reverse creation order, whatever their names.
    @Test func orderIsPinnedThenNewestThenReverseCreation() throws {
        let box = try TallyBox()
        let sameSecond = "2024-03-03T03:03:03Z"
        try box.seed([
            TallyCounter("old", created: "2020-01-01T00:00:00Z"),
            TallyCounter("b tie 1", created: sameSecond),
            TallyCounter("a tie 2", created: sameSecond),
            TallyCounter("c tie 3", created: "2024-03-03T04:03:03+01:00"),  // the same instant
            TallyCounter("pinned old", pinned: true, created: "2019-01-01T00:00:00Z"),
            TallyCounter("newest", created: "2025-01-01T00:00:00Z"),
            TallyCounter("pinned new", pinned: true, created: "2022-01-01T00:00:00Z"),
            TallyCounter("z tie 4", created: sameSecond),
        ])
        let expected = ["pinned new", "pinned old", "newest", "z tie 4", "c tie 3", "a tie 2", "b tie 1", "old"]
        #expect(try box.ok("list", "--names").components(separatedBy: "\n") == expected)
        #expect(try box.listed().map(\.name) == expected)
        let csvNames = try box.ok("list", "--format", "csv").components(separatedBy: "\n").dropFirst()
            .map { String($0.prefix { $0 != "," }) }
        #expect(csvNames == expected)
        let textNames = try box.ok("list").components(separatedBy: "\n").dropFirst()
            .map { $0.dropFirst(2).components(separatedBy: "  ")[0] }
        #expect(textNames == expected)
    }

    /// Counters made by `tally new` one after the other (mostly in the same second):
    /// the list is their reverse creation order, pinned ones first.
    @Test func countersCreatedTogetherListNewestFirst() throws {
        let box = try TallyBox()
        let names = (1...6).map { "counter \($0)" }
        for name in names { try box.ok("new", name) }
        try box.ok("pin", "counter 2")
        try box.ok("pin", "counter 4")
        #expect(try box.ok("list", "--names").components(separatedBy: "\n")
            == ["counter 4", "counter 2", "counter 6", "counter 5", "counter 3", "counter 1"])
        try box.ok("unpin", "counter 4")
        #expect(try box.ok("list", "--names").components(separatedBy: "\n")
            == ["counter 2", "counter 6", "counter 5", "counter 4", "counter 3", "counter 1"])
    }

    /// A counter brought back by undo takes its old place, not the top.
    @Test func anUndoneDeleteReturnsToItsPlace() throws {
        let box = try TallyBox()
        for name in ["one", "two", "three", "four"] { try box.ok("new", name) }
        let before = try box.ok("list", "--names")
        try box.ok("rm", "--force", "three", "one")
        #expect(try box.ok("list", "--names") == "four\ntwo")
        try box.ok("undo")
        #expect(try box.ok("list", "--names") == before)
    }

    // MARK: show

    @Test func showTextListsEveryFieldWithLocalTime() throws {
        let box = try Self.seededBox()
        #expect(try box.ok("show", "alpha") == """
            name:     alpha
            count:    3
            start:    1
            step:     +2
            pinned:   no
            created:  2024-01-01 00:00
            change:   0 today, 0 this week, 0 in all (0 events)
            14 days:  ▁▁▁▁▁▁▁▁▁▁▁▁▁▁
            """)
        let pinned = try box.ok("show", "pinned one")
        #expect(pinned.contains("pinned:   yes"))
        #expect(pinned.contains("step:     -1"))
        #expect(pinned.contains("created:  2023-06-01 12:00"))
        // The creation time is shown in the local time zone (TZ), here UTC+2.
        let east = try box.run(arguments: ["show", "alpha"], extraEnvironment: ["TZ": "XYZ-2"])
        #expect(east.stdout.contains("created:  2024-01-01 02:00\n"), "\(east.stdout)")
        // A newline in a name is shown escaped, on one line.
        #expect(try box.ok("show", "two\nlines, \"quoted\"").hasPrefix("name:     two\\nlines, \"quoted\"\ncount:    1234567\n"))
    }

    @Test func showJSONCSVAndTSV() throws {
        let box = try Self.seededBox()
        let json = try box.ok("show", "pinned one", "--format", "json")
        #expect(try JSONDecoder().decode(TallyCounter.self, from: Data(json.utf8)) == Self.seeded[1])
        #expect(try box.ok("show", "pinned one", "--format", "csv")
            == "name,count,start,step,pinned,created,goal,min,max,tags,updated,from\npinned one,-4,0,-1,true,2023-06-01T12:00:00Z,,,,,2023-06-01T12:00:00Z,")
        #expect(try box.ok("show", "alpha", "--format", "tsv")
            == "name\tcount\tstart\tstep\tpinned\tcreated\tgoal\tmin\tmax\ttags\tupdated\tfrom\nalpha\t3\t1\t2\tfalse\t2024-01-01T00:00:00Z\t\t\t\t\t2024-01-01T00:00:00Z\t")
        #expect(try box.ok("show", "two\nlines, \"quoted\"", "--format", "csv")
            == "name,count,start,step,pinned,created,goal,min,max,tags,updated,from\n\"two\nlines, \"\"quoted\"\"\",1234567,0,100,false,2024-02-01T00:00:00Z,,,,,2024-02-01T00:00:00Z,")
    }
}
