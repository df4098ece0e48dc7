// tally tags and the list's order through the real binary: --tag on new, tally tag,
// untag and retag; list --tag (several: all of them) and --sort name|count|created|updated
// with the pinned first; tags in each format; a bad tag refused with nothing stored.

import Foundation
import Testing

@Suite struct TallyTagsTests {
    /// Seeded with exact creation times: a (oldest), b, c (newest, pinned).
    static func box() throws -> TallyBox {
        let box = try TallyBox()
        let input = #"""
            [{"name": "a", "count": 5, "created": "2026-01-01T00:00:00Z", "tags": ["home"]},
             {"name": "B", "count": 9, "created": "2026-01-02T00:00:00Z", "tags": ["home", "work"]},
             {"name": "c", "count": 5, "created": "2026-01-03T00:00:00Z", "pinned": true}]
            """#
        try box.ok("import", "-", stdin: input)
        return box
    }

    func names(_ box: TallyBox, _ arguments: String...) throws -> [String] {
        try box.ok(arguments: ["list", "--names"] + arguments).split(separator: "\n").map(String.init)
    }

    @Test func newTagsAreTrimmedUniqueAndSorted() throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--tag", " Work ", "--tag", "home", "--tag", "WORK")
        let json = try box.ok("show", "x", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["tags"] as? [String] == ["home", "Work"])
        #expect(try box.ok("show", "x").contains("tags:     home, Work\n"))
        #expect(try box.ok("show", "x", "--format", "csv").contains(",\"home,Work\","))
        #expect(try box.ok("show", "x", "--format", "tsv").contains("\thome,Work\t"))
    }

    @Test func theListShowsATagsColumnOnlyWhenACounterHasTags() throws {
        let box = try Self.box()
        let list = try box.ok("list")
        #expect(list.hasPrefix("  NAME COUNT STEP TAGS\n"), "\(list)")
        #expect(list.contains("B        9   +1 home,work"), "\(list)")
        let plain = try TallyBox()
        try plain.ok("new", "x")
        #expect(try plain.ok("list").hasPrefix("  NAME COUNT STEP\n"))
    }

    @Test func listFiltersByEveryTagGivenInAnyCase() throws {
        let box = try Self.box()
        #expect(try names(box, "--tag", "HOME") == ["B", "a"])
        #expect(try names(box, "--tag", "home", "--tag", "work") == ["B"])
        #expect(try names(box, "--tag", "none") == [])
        // Issue 26, item 36: an empty filter says so, not "No counters yet".
        let none = try box.run("list", "--tag", "none")
        #expect(none.status == 0 && none.stdout.isEmpty)
        #expect(none.stderr.hasPrefix("No counter has the tag 'none' (of "), "\(none.stderr)")
        #expect(!none.stderr.contains("No counters yet"))
        let json = try box.ok("list", "--tag", "work", "--format", "json")
        #expect(json.contains("\"name\": \"B\"") && !json.contains("\"name\": \"a\""))
    }

    @Test(arguments: [
        ("name", ["c", "a", "B"]), ("count", ["c", "B", "a"]), ("created", ["c", "B", "a"]), ("updated", ["c", "a", "B"]),
    ])
    func listSortsWithThePinnedFirst(sort: String, expected: [String]) throws {
        let box = try Self.box()
        if sort == "updated" { try box.ok("inc", "a") }
        #expect(try names(box, "--sort", sort) == expected)
    }

    @Test func anUnknownSortIsAUsageError() throws {
        let box = try Self.box()
        let result = try box.run("list", "--sort", "size")
        #expect(result.status == 64)
        #expect(result.stderr.contains("size"))
    }

    @Test func tagUntagAndRetagEachUndoOnce() throws {
        let box = try Self.box()
        try box.ok("tag", "a", "Late", "HOME")
        #expect(try names(box, "--tag", "late") == ["a"])
        try box.ok("untag", "a", "home", "absent")
        #expect(try names(box, "--tag", "home") == ["B"])
        try box.ok("retag", "B", "x")
        #expect(try names(box, "--tag", "x") == ["B"])
        try box.ok("retag", "B")
        #expect(try names(box, "--tag", "x") == [])
        #expect(try box.run("undo").stderr == "Undid: retag B\n")
        #expect(try box.run("undo").stderr == "Undid: retag B\n")
        #expect(try box.run("undo").stderr == "Undid: untag a\n")
        #expect(try box.run("undo").stderr == "Undid: tag a\n")
        #expect(try names(box, "--tag", "home") == ["B", "a"])
    }

    @Test(arguments: [
        (["tag", "a", "x,y"], 64, "a tag cannot contain a comma ('x,y')"),
        (["tag", "a", " "], 64, "a tag cannot be empty"),
        (["new", "n", "--tag", "bad\u{1B}[31m"], 65, "a tag cannot contain control characters"),
        (["tag", "nope", "x"], 66, "no counter named 'nope'"),
        (["tag", "a"], 64, "TAG"),
        (["list", "--tag", "x,y"], 64, "comma"),
    ])
    func aBadTagIsRefusedAndNothingStored(arguments: [String], status: Int32, message: String) throws {
        let box = try Self.box()
        let before = try box.ok("export")
        let result = try box.run(arguments: arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "escaped")
        #expect(try box.ok("export") == before)
    }
}
