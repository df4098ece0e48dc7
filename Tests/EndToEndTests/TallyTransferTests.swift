// tally export and import: a round trip in JSON and CSV that loses nothing, the clash
// policies, bad input refused whole, and one undo for a whole import.

import Foundation
import Testing

@Suite struct TallyTransferTests {
    /// Names that CSV quoting, formula neutralising and JSON escaping must all survive.
    /// All are allowed by the name rule, and stored as given (NFC: "é" is one scalar).
    static let awkwardNames = [
        "plain", "a,b", "x,", "say \"hi\"", "\"", "\"\"", "two lines", "=SUM(A1)", "=", "+cmd", "+", "-minus", "-",
        "-5", "+7", "-.5", "@at", "'quoted", "'", "''two", "'=already", "héllo wörld", "☕️ 日本語 👩‍👩‍👧",
        "\u{E9} composed", "\"\u{301} a quote with an accent", "back\\slash", "{\"json\": [1]}", "a;b\\t", "Ünïcödé",
    ]

    /// Names the rule refuses (control characters, edge spaces): a store written before
    /// the rule may hold them; it exports them, and an import names the line and refuses.
    static let refusedNames = [
        "two\nlines", "\nleading newline", "trailing newline\n", "cr\rin the middle", "tab\there", "\ttab first",
        " padded ", "trailing ", "crlf\r\nline end", "\u{1}control\u{7F}", "line\u{2028}separator",
    ]

    /// Every field away from its default somewhere, the 64-bit edges included.
    static func awkwardCounters() -> [TallyCounter] {
        awkwardNames.enumerated().map { index, name in
            let i = Int64(index)
            return TallyCounter(
                name, count: i * 7 - 50, start: -i, step: index % 2 == 0 ? i + 1 : -(i + 1), pinned: index % 3 == 0,
                created: String(format: "20%02d-%02d-%02dT%02d:%02d:%02dZ", 10 + index % 15, 1 + index % 12, 1 + index % 28, index % 24, index % 60, (index * 7) % 60))
        } + [
            TallyCounter("max", count: .max, start: .max, step: .max, created: "2030-12-31T23:59:59Z"),
            TallyCounter("min", count: .min, start: .min, step: .min, pinned: true, created: "1970-01-01T00:00:00Z"),
        ]
    }

    /// Compares names scalar by scalar: Swift's == would call "é" and "e\u{301}" equal.
    static func scalars(_ counters: [TallyCounter]) -> [[Unicode.Scalar]] {
        counters.map { Array($0.name.unicodeScalars) }
    }

    @Test(arguments: ["json", "csv"])
    func aRoundTripLosesNothing(format: String) throws {
        let source = try TallyBox()
        let counters = Self.awkwardCounters()
        try source.seed(counters)
        #expect(try source.exported().counters == counters)
        let export = try source.ok("export", "--format", format)

        let target = try TallyBox()
        let result = try target.run("import", "-", stdin: export + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Imported \(counters.count)."), "\(result.stderr)")
        let imported = try target.exported().counters
        #expect(imported == counters)
        #expect(Self.scalars(imported) == Self.scalars(counters))
        #expect(try target.ok("export", "--format", format) == export)
        #expect(try target.ok("list", "--format", "json") == source.ok("list", "--format", "json"))
        // The imported counters work like any other.
        #expect(try target.ok("inc", "TWO LINES") == String(counters[6].count + counters[6].step))
    }

    /// Issue 26, item 9: a backup restores the log too: `log` and `stats` of the imported
    /// store are the source's, and its export is byte for byte the backup.
    @Test(arguments: ["json", "csv"])
    func aBackupRestoresTheLogAndStats(format: String) throws {
        let source = try TallyBox()
        try source.ok("new", "coffee")
        try source.ok("inc", "coffee")
        try source.ok("add", "coffee", "4")
        try source.ok("rename", "coffee", "Café")
        let backup = try source.ok("export", "--format", format)
        let target = try TallyBox()
        try target.ok("import", "-", stdin: backup + "\n")
        #expect(try target.ok("export", "--format", format) == backup)
        for command in [["log", "café", "--format", "csv"], ["stats", "café", "--format", "csv"]] {
            #expect(try target.ok(arguments: command) == source.ok(arguments: command), "\(command)")
        }
        #expect(try target.ok("log", "café", "--format", "csv").components(separatedBy: "\n").count == 5)  // header and 4 events
    }

    @Test(arguments: ["json", "csv"])
    func aRoundTripThroughAFile(format: String) throws {
        let source = try TallyBox()
        try source.seed(Array(Self.awkwardCounters().prefix(12)))
        let file = source.sandbox.path("backup.\(format)")
        try Data(try source.ok("export", "--format", format).utf8).write(to: URL(fileURLWithPath: file))
        let target = try TallyBox()
        try target.ok("import", file)
        #expect(try target.exported().counters == source.exported().counters)
    }

    @Test func csvNeutralisesFormulasWithOneQuote() throws {
        let box = try TallyBox()
        for name in ["=SUM(A1)", "+cmd", "-minus", "@at", "'quoted", "-5", "+7", "plain"] {
            try box.ok("new", "--", name)
        }
        let lines = try box.ok("export", "--format", "csv").components(separatedBy: "\n").dropFirst()
        let names = lines.map { String($0.prefix { $0 != "," }) }
        #expect(names == ["'=SUM(A1)", "'+cmd", "'-minus", "'@at", "''quoted", "-5", "+7", "plain"])
    }

    /// A name stored before the rule with a Windows line end is exported quoted like any
    /// other line break; importing it is refused with the line named, and nothing stored.
    @Test func aCRLFInAStoredNameIsQuotedInCSVAndRefusedOnImport() throws {
        let source = try TallyBox()
        let counters = [TallyCounter("crlf\r\nin the name", count: 3), TallyCounter("after", count: 4)]
        try source.seedStored(counters)
        let csv = try source.ok("export", "--format", "csv")
        #expect(csv.contains("\"crlf\r\nin the name\""), "the name is quoted")
        #expect(try source.exported().counters == counters)
        let target = try TallyBox()
        let result = try target.run("import", "-", stdin: csv)
        #expect(result.status == 65)
        #expect(result.stderr.contains("counter name") && result.stderr.contains("U+000D"), "\(result.stderr)")
        #expect(target.storeBytes() == nil)
    }

    @Test(arguments: refusedNames)
    func aNameTheRuleRefusesIsNotImported(name: String) throws {
        let source = try TallyBox()
        try source.seedStored([TallyCounter(name, count: 1)])
        for format in ["json", "csv"] {
            let export = try source.ok("export", "--format", format)
            let target = try TallyBox()
            try target.ok("new", "kept")
            let before = target.storeBytes()
            let result = try target.run("import", "-", stdin: export + "\n")
            #expect(result.status == 65, "\(format): \(result.stderr)")
            #expect(result.stderr.contains("counter name"), "\(result.stderr)")
            #expect(target.storeBytes() == before)
        }
    }

    /// The lowest 64-bit count is exported in CSV and must import back.
    @Test func theLowest64BitCountSurvivesCSV() throws {
        let source = try TallyBox()
        try source.ok("new", "x", "--start", "-9223372036854775807")
        try source.ok("dec", "x")
        #expect(try source.ok("get", "x") == "-9223372036854775808")
        let csv = try source.ok("export", "--format", "csv")
        let target = try TallyBox()
        let result = try target.run("import", "-", stdin: csv)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try target.count("x") == .min)
        // JSON carries it.
        #expect(try target.run("import", "--on-clash", "replace", "-", stdin: try source.ok("export")).status == 0)
        #expect(try target.count("x") == .min)
    }

    // MARK: import sources and shapes

    @Test func importReadsTheListOutputAndMinimalFiles() throws {
        let box = try TallyBox()
        // `list --format json` output: a bare array.
        let other = try TallyBox()
        try other.seed([TallyCounter("listed", count: 5, step: 2, pinned: true)])
        try box.ok("import", "-", stdin: try other.ok("list", "--format", "json"))
        #expect(try box.listed() == [TallyCounter("listed", count: 5, step: 2, pinned: true)])
        // Only names: the defaults fill in, count from start, created now.
        try box.ok("import", "-", stdin: #"{"counters": [{"name": "bare"}, {"name": "started", "start": 4}]}"#)
        try box.ok("import", "-", stdin: "NAME , step\ncsv only,3\n\n")
        #expect(try box.stored("bare").record.count == 0)
        #expect(try box.stored("bare").step == 1)
        #expect(try box.stored("started").count == 4)
        #expect(try box.stored("csv only").step == 3)
        #expect(try ISO8601DateFormatter().date(from: box.stored("bare").created) != nil)
        // A byte order mark and CRLF line ends.
        try box.ok("import", "-", stdin: "\u{FEFF}name,count,pinned\r\nwindows,9,yes\r\n")
        #expect(try box.stored("windows").count == 9)
        #expect(try box.stored("windows").pinned)
        // An empty export imports nothing.
        let empty = try box.run("import", "-", stdin: "name,count\n")
        #expect(empty.status == 0)
    }

    // MARK: clashes

    struct ClashCase: Sendable, CustomTestStringConvertible {
        let policy: [String]
        let expected: [TallyCounter]
        let message: String
        var testDescription: String { policy.isEmpty ? "default" : policy.joined(separator: " ") }
    }

    static let existing = [
        TallyCounter("a", count: 1, start: 1, created: "2020-01-01T00:00:00Z"),
        TallyCounter("b", count: 2, pinned: true, created: "2020-01-01T00:00:00Z"),
        TallyCounter("a (2)", count: 22, created: "2020-01-01T00:00:00Z"),
    ]
    static let incoming = [
        TallyCounter("a", count: 10, step: 2, created: "2021-01-01T00:00:00Z"),
        TallyCounter("c", count: 30, step: 3, created: "2021-01-01T00:00:00Z"),
        TallyCounter("b", count: 20, created: "2021-01-01T00:00:00Z"),
    ]

    @Test(arguments: [
        ClashCase(policy: ["--on-clash", "skip"], expected: existing + [incoming[1]], message: "Imported 1; skipped 2 existing."),
        ClashCase(
            policy: ["--on-clash", "replace"], expected: [existing[2]] + incoming, message: "Imported 3; replaced 2."),
        ClashCase(
            policy: ["--on-clash", "rename"],
            expected: existing + [
                TallyCounter("a (3)", count: 10, step: 2, created: "2021-01-01T00:00:00Z"), incoming[1],
                TallyCounter("b (2)", count: 20, created: "2021-01-01T00:00:00Z"),
            ],
            message: "Imported 3; renamed a → a (3), b → b (2)."),
    ])
    func clashPolicies(_ test: ClashCase) throws {
        for format in ["json", "csv"] {
            let box = try TallyBox()
            try box.seed(Self.existing)
            let before = try box.stored()
            let source = try TallyBox()
            try source.seed(Self.incoming)
            let result = try box.run(arguments: ["import"] + test.policy + ["-"], stdin: try source.ok("export", "--format", format))
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.stderr.contains(test.message), "\(format): \(result.stderr)")
            #expect(try box.exported().counters == test.expected, "\(format)")
            // One undo reverts the whole import, replaced counters included.
            let undo = try box.run("undo")
            #expect(undo.status == 0)
            #expect(try box.stored() == before, "\(format)")
        }
    }

    @Test(arguments: [[], ["--on-clash", "error"]])
    func aClashByDefaultImportsNothing(policy: [String]) throws {
        let box = try TallyBox()
        try box.seed(Self.existing)
        let source = try TallyBox()
        try source.seed(Self.incoming)
        try box.expectStoreUnchanged {
            let result = try box.run(arguments: ["import"] + policy + ["-"], stdin: try source.ok("export"))
            #expect(result.status == 65)
            #expect(result.stderr.contains("2 counters in standard input already exist: 'a', 'b'; nothing was imported"), "\(result.stderr)")
            #expect(result.stderr.contains("--on-clash"))
        }
        #expect(try box.run("get", "c").status == 66)
    }

    @Test func oneUndoRevertsAWholeImport() throws {
        let box = try TallyBox()
        try box.ok("new", "mine")
        try box.ok("inc", "mine")
        let before = try box.stored()
        try box.seed(Self.awkwardCounters())
        #expect(try box.stored().count == before.count + Self.awkwardCounters().count)
        let undo = try box.run("undo")
        #expect(undo.stderr.contains("Undid: import \(Self.awkwardCounters().count) counters"), "\(undo.stderr)")
        #expect(try box.stored() == before)
        // The undo before it is the inc.
        #expect(try box.run("undo").stderr.contains("Undid: inc mine"))
    }

    // MARK: bad imports

    @Test func anUnreadableImportFileIsExit66() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        try box.expectStoreUnchanged {
            let missing = try box.run("import", box.sandbox.path("no such file.json"))
            #expect(missing.status == 66)
            #expect(missing.stderr.contains("cannot read"), "\(missing.stderr)")
            #expect(missing.stderr.contains("no such file.json"))
            let folder = try box.run("import", box.sandbox.home)
            #expect(folder.status == 66, "\(folder.stderr)")
        }
    }

    static let badImports: [(String, String)] = [
        ("an unclosed quote", "name,count\nok,1\n\"never closed,2\n"),
        ("a quote inside a field", "name,count\nok,1\nbro\"ken,2\n"),
        ("text after a closing quote", "name,count\nok,1\n\"a\"b,2\n"),
        ("no name column", "title,count\nok,1\n"),
        ("an unknown column", "name,count,colour\nok,1,red\n"),
        ("too few fields", "name,count,step\nok,1,1\nshort,2\n"),
        ("too many fields", "name,count\nok,1\nlong,2,3\n"),
        ("a bad pin", "name,pinned\nok,true\nbad,maybe\n"),
        ("a step of 0", "name,step\nok,1\nzero,0\n"),
        ("a bad date", "name,created\nok,2024-01-01T00:00:00Z\nbad,yesterday\n"),
        ("an empty name", "name,count\nok,1\n,2\n"),
        ("a name twice", "name,count\nok,1\nok,2\n"),
        ("a count too large", "name,count\nok,1\nbig,9223372036854775808\n"),
        ("not UTF-8", "name\nok\n"),  // followed by bytes that are not UTF-8
        ("JSON garbage", "{\"counters\": [{\"name\": \"ok\"}, {\"name\": "),
        ("a JSON array of garbage", "[1, 2, 3]"),
        ("JSON without names", #"{"counters": [{"name": "ok"}, {"count": 3}]}"#),
        ("a JSON count as text", #"{"counters": [{"name": "ok"}, {"name": "bad", "count": "3"}]}"#),
        ("a JSON fraction", #"{"counters": [{"name": "ok"}, {"name": "bad", "count": 1.5}]}"#),
        ("a JSON step of 0", #"[{"name": "ok"}, {"name": "bad", "step": 0}]"#),
        ("a JSON name twice", #"[{"name": "ok"}, {"name": "ok"}]"#),
        ("a JSON empty name", #"[{"name": "ok"}, {"name": " "}]"#),
        ("another format", #"{"format": "billsplit-export", "version": 1, "counters": [{"name": "ok"}]}"#),
        ("a newer export", #"{"format": "tally-export", "version": 9, "counters": [{"name": "ok"}]}"#),
    ]

    @Test(arguments: badImports.indices)
    func aBadImportIsExit65AndImportsNothing(index: Int) throws {
        let (kind, text) = Self.badImports[index]
        let box = try TallyBox()
        try box.seedStored([TallyCounter("x")])
        var bytes = Data(text.utf8)
        if kind == "not UTF-8" { bytes += Data([0xFF, 0xFE, 0x41, 0x0A]) }
        let file = box.sandbox.path("import.txt")
        try bytes.write(to: URL(fileURLWithPath: file))
        try box.expectStoreUnchanged("\(kind): something was imported") {
            let result = try box.run("import", file)
            #expect(result.status == 65, "\(kind): \(result.stderr)")
            #expect(result.stderr.contains("import.txt"), "\(kind): the message names the file: \(result.stderr)")
        }
        #expect(try box.run("get", "ok").status == 66, "\(kind)")
    }

    /// A whole number that is not a number is bad data in a file, not a bad command line.
    @Test(arguments: ["name,count\nok,1\nbad,x\n", "name,start\nok,1\nbad,1.5\n", "name,step\nok,1\nbad,two\n"])
    func aMalformedNumberInCSVIsExit65(csv: String) throws {
        let box = try TallyBox()
        try box.seedStored([TallyCounter("x")])
        try box.expectStoreUnchanged {
            let result = try box.run("import", "-", stdin: csv)
            #expect(result.status != 0)
            #expect(result.status == 65, "\(result.stderr)")
            #expect(!result.stderr.contains("Usage:"), "\(result.stderr)")
        }
        #expect(try box.run("get", "ok").status == 66)
    }
}
