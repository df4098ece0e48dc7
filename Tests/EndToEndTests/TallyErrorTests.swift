// Every way a tally command can be refused: the exit code, the message, and that the
// store file is left byte for byte as it was.

import Foundation
import Testing

@Suite struct TallyErrorTests {
    struct Refusal: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        var stdin: String? = nil
        let status: Int32
        /// Text the error message must contain.
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    // MARK: overflow

    /// Counters near the ends of the 64-bit range; any change beyond them is refused.
    static let edges = [
        TallyCounter("top", count: .max - 1, step: 1),
        TallyCounter("bottom", count: .min + 1, step: 1),
        TallyCounter("big step", count: 0, step: 4_611_686_018_427_387_904),  // 2^62
    ]

    @Test(arguments: [
        Refusal(arguments: ["inc", "top", "-n", "2"], status: 65, message: "overflow"),
        Refusal(arguments: ["add", "top", "2"], status: 65, message: "overflow"),
        Refusal(arguments: ["add", "top", "9223372036854775807"], status: 65, message: "overflow"),
        Refusal(arguments: ["dec", "bottom", "--times", "2"], status: 65, message: "overflow"),
        Refusal(arguments: ["add", "bottom", "-2"], status: 65, message: "overflow"),
        Refusal(arguments: ["dec", "bottom", "--times", "9223372036854775807"], status: 65, message: "overflow"),
        Refusal(arguments: ["inc", "big step", "--times", "2"], status: 65, message: "overflow"),
        Refusal(arguments: ["dec", "big step", "-n", "3"], status: 65, message: "overflow"),
        Refusal(arguments: ["inc", "big step", "-n", "4611686018427387904"], status: 65, message: "overflow"),
        Refusal(arguments: ["feed", "top"], stdin: "a\nb\n", status: 65, message: "overflow"),
        // Numbers that do not fit 64 bits at all.
        Refusal(arguments: ["add", "top", "99999999999999999999"], status: 65, message: "too large"),
        Refusal(arguments: ["set", "top", "9223372036854775808"], status: 65, message: "too large"),
        Refusal(arguments: ["inc", "top", "--times", "9223372036854775808"], status: 65, message: "too large"),
        Refusal(arguments: ["step", "top", "-99999999999999999999"], status: 65, message: "too large"),
    ])
    func overflowIsRefusedAndNothingStored(_ test: Refusal) throws {
        let box = try TallyBox()
        try box.seedStored(Self.edges)
        try box.expectStoreUnchanged {
            let result = try box.run(arguments: test.arguments, stdin: test.stdin)
            #expect(result.status == test.status, "\(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains(test.message), "\(result.stderr)")
            #expect(!result.killedBySignal)
        }
    }

    @Test func theEdgesThemselvesAreReachable() throws {
        let box = try TallyBox()
        try box.seed(Self.edges)
        #expect(try box.ok("inc", "top") == "9223372036854775807")
        #expect(try box.ok("dec", "bottom") == "-9223372036854775808")
        #expect(try box.ok("inc", "big step") == "4611686018427387904")
        #expect(try box.ok("get", "bottom") == "-9223372036854775808")
    }

    /// The lowest 64-bit number is a whole number like any other.
    @Test func theLowest64BitNumberCanBeTyped() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let set = try box.run("set", "x", "-9223372036854775808")
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "-9223372036854775808\n")
        let start = try box.run("new", "y", "--start", "-9223372036854775808")
        #expect(start.status == 0, "\(start.stderr)")
        #expect(try box.count("y") == .min)
        // And one below it is refused like any overflow.
        let below = try box.run("add", "x", "-1")
        #expect(below.status == 65, "\(below.stderr)")
        #expect(try box.count("x") == .min)
    }

    // MARK: unknown counters

    /// Every command that takes a counter name, on a store holding "coffee" and "water".
    @Test(arguments: [
        (["get", "cofee"], "cofee"), (["inc", "cofee"], "cofee"), (["dec", "cofee", "-n", "2"], "cofee"),
        (["add", "cofee", "1"], "cofee"), (["set", "cofee", "1"], "cofee"), (["reset", "cofee"], "cofee"),
        (["rename", "cofee", "tea"], "cofee"), (["step", "cofee", "2"], "cofee"), (["pin", "cofee"], "cofee"),
        (["unpin", "cofee"], "cofee"), (["rm", "--force", "cofee"], "cofee"), (["rm", "cofee"], "cofee"),
        (["rm", "-f", "water", "cofee"], "cofee"), (["show", "cofee"], "cofee"), (["feed", "cofee"], "cofee"),
        (["tap", "cofee"], "cofee"), (["get", "COFEE"], "COFEE"), (["get", "cofffee"], "cofffee"),
        (["get", "ocffee"], "ocffee"),
    ])
    func anUnknownCounterIsExit66WithASuggestion(arguments: [String], missing: String) throws {
        let box = try TallyBox()
        try box.ok("new", "coffee")
        try box.ok("new", "water")
        try box.expectStoreUnchanged {
            let result = try box.run(arguments: arguments, stdin: "a\n")
            #expect(result.status == 66, "\(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains("no counter named '\(missing)'"), "\(result.stderr)")
            #expect(result.stderr.contains("did you mean 'coffee'?"), "\(result.stderr)")
        }
    }

    @Test func aNameFarFromAnyGetsNoSuggestion() throws {
        let box = try TallyBox()
        try box.ok("new", "coffee")
        let result = try box.run("inc", "zebra")
        #expect(result.status == 66)
        #expect(result.stderr.contains("no counter named 'zebra'"))
        #expect(!result.stderr.contains("did you mean"), "\(result.stderr)")
    }

    @Test func anEmptyStoreSaysHowToCreateTheCounter() throws {
        let box = try TallyBox()
        let result = try box.run("inc", "coffee")
        #expect(result.status == 66)
        #expect(result.stderr.contains("tally new coffee"), "\(result.stderr)")
        #expect(box.storeBytes() == nil)
    }

    // MARK: bad command lines

    /// On a store holding counters "x" and "y".
    @Test(arguments: [
        // Duplicate names.
        Refusal(arguments: ["new", "x"], status: 65, message: "a counter named 'x' already exists"),
        Refusal(arguments: ["new", "x", "--step", "5", "--pin"], status: 65, message: "already exists"),
        Refusal(arguments: ["rename", "x", "y"], status: 65, message: "a counter named 'y' already exists"),
        Refusal(arguments: ["mv", "y", "x"], status: 65, message: "already exists"),
        // A step of 0.
        Refusal(arguments: ["new", "z", "--step", "0"], status: 64, message: "the step cannot be 0"),
        Refusal(arguments: ["new", "--step", "-0"], status: 64, message: "the step cannot be 0"),
        Refusal(arguments: ["step", "x", "0"], status: 64, message: "the step cannot be 0"),
        // Numbers that are not whole numbers.
        Refusal(arguments: ["add", "x", "1.5"], status: 64, message: "invalid value '1.5'"),
        Refusal(arguments: ["add", "x", "1e3"], status: 64, message: "invalid value '1e3'"),
        Refusal(arguments: ["add", "x", "1,000"], status: 64, message: "invalid value '1,000'"),
        Refusal(arguments: ["set", "x", "abc"], status: 64, message: "invalid value 'abc'"),
        Refusal(arguments: ["set", "x", ""], status: 64, message: "invalid value ''"),
        Refusal(arguments: ["set", "x", " 5"], status: 64, message: "invalid value ' 5'"),
        Refusal(arguments: ["set", "x", "0x10"], status: 64, message: "invalid value '0x10'"),
        Refusal(arguments: ["inc", "x", "--times", "0"], status: 64, message: "invalid value '0' for --times"),
        Refusal(arguments: ["inc", "x", "-n", "-1"], status: 64, message: "--times"),
        Refusal(arguments: ["dec", "x", "--times", "0"], status: 64, message: "--times"),
        Refusal(arguments: ["inc", "x", "-n", "two"], status: 64, message: "invalid value 'two'"),
        Refusal(arguments: ["new", "z", "--start", "abc"], status: 64, message: "--start"),
        Refusal(arguments: ["new", "z", "--step", "1.5"], status: 64, message: "--step"),
        Refusal(arguments: ["step", "x", "2.5"], status: 64, message: "invalid value '2.5'"),
        // Empty names.
        Refusal(arguments: ["new", ""], status: 64, message: "cannot be empty"),
        Refusal(arguments: ["new", "   "], status: 64, message: "cannot be empty"),
        Refusal(arguments: ["rename", "x", " "], status: 64, message: "cannot be empty"),
        // Missing, extra and unknown words.
        Refusal(arguments: ["add", "x"], status: 64, message: "missing AMOUNT"),
        Refusal(arguments: ["set", "x"], status: 64, message: "missing VALUE"),
        Refusal(arguments: ["get"], status: 64, message: "missing NAME"),
        Refusal(arguments: ["rename", "x"], status: 64, message: "missing NEW"),
        Refusal(arguments: ["rm", "--force"], status: 64, message: "missing NAME"),
        Refusal(arguments: ["get", "x", "y"], status: 64, message: "unexpected argument 'y'"),
        Refusal(arguments: ["inc", "x", "--tmes", "2"], status: 64, message: "did you mean '--times'?"),
        Refusal(arguments: ["icn", "x"], status: 64, message: "did you mean 'inc'?"),
        Refusal(arguments: ["import", "--on-clash", "merge", "-"], stdin: "name\nq\n", status: 64, message: "--on-clash"),
        Refusal(arguments: ["export", "--format", "tsv"], status: 64, message: "--format"),
    ])
    func badCommandLinesAreRefusedAndNothingStored(_ test: Refusal) throws {
        let box = try TallyBox()
        try box.seedStored([TallyCounter("x"), TallyCounter("y")])
        try box.expectStoreUnchanged {
            let result = try box.run(arguments: test.arguments, stdin: test.stdin)
            #expect(result.status == test.status, "\(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr.contains(test.message), "\(result.stderr)")
            if test.status == 64 {
                #expect(result.stderr.contains("Usage: tally"), "a usage error shows the usage line: \(result.stderr)")
            }
        }
    }

    @Test func tapWithoutATerminalIsAUsageError() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        try box.expectStoreUnchanged {
            let result = try box.run("tap", "x", stdin: " + q")
            #expect(result.status == 64)
            #expect(result.stderr.contains("needs a terminal"), "\(result.stderr)")
            #expect(result.stdout == "", "no screen drawn into a pipe")
        }
    }

    // MARK: the store file

    /// Every command on a store that is not a valid tally store.
    static let storeCommands: [[String]] = [
        ["list"], ["list", "--format", "json"], ["get", "x"], ["show", "x"], ["inc", "x"], ["dec", "x"],
        ["add", "x", "1"], ["set", "x", "1"], ["reset", "x"], ["new", "x"], ["new"], ["rename", "x", "y"],
        ["step", "x", "2"], ["pin", "x"], ["unpin", "x"], ["rm", "--force", "x"], ["undo"], ["export"],
        ["import", "-"], ["feed", "x"], ["tap", "x"],
    ]

    static let badStores: [(String, String)] = [
        ("garbage", "{\"format\": \"tally\", \"version\": 1, \"content\": {\"counters\": [{\"na"),
        ("not JSON", "counters: lots\n"),
        ("empty", ""),
        ("wrong types", #"{"format": "tally", "version": 1, "content": {"counters": "many", "nextSerial": 1, "undo": []}}"#),
        ("another tool's", #"{"format": "billsplit", "version": 1, "content": {}}"#),
    ]

    /// Every command on the first kind of bad store; a read and a change on each other kind
    /// (TallyKit's RepositoryTests hold every kind against every change in-process).
    @Test(arguments: storeCommands)
    func aCorruptStoreIsExit65AndLeftByteForByte(arguments: [String]) throws {
        let kinds = arguments == ["list"] || arguments == ["inc", "x"] ? Self.badStores : [Self.badStores[0]]
        for (kind, text) in kinds {
            let box = try TallyBox()
            try box.writeStore(text)
            let result = try box.run(arguments: arguments, stdin: "name\nz\n")
            #expect(result.status == 65, "\(kind) store: \(result.stderr)")
            #expect(result.stdout == "", "\(kind) store")
            #expect(result.stderr.contains(box.storePath), "\(kind) store: \(result.stderr)")
            #expect(box.storeBytes() == Data(text.utf8), "the \(kind) store was changed")
        }
    }

    @Test(arguments: storeCommands)
    func aStoreFromANewerVersionIsExit65AndLeftAlone(arguments: [String]) throws {
        let box = try TallyBox()
        let newer = #"{"format": "tally", "version": 2, "content": {"counters": [], "shelves": []}}"#
        try box.writeStore(newer)
        let result = try box.run(arguments: arguments, stdin: "name\nz\n")
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("version 2"), "\(result.stderr)")
        #expect(result.stderr.contains("newer"), "\(result.stderr)")
        #expect(box.storeBytes() == Data(newer.utf8))
    }
}
