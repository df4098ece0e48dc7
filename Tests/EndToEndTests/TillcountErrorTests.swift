// tillcount's errors: each with its exit status and message, and never a change to the
// live count file.

import Foundation
import Testing

@Suite struct TillcountErrorTests {
    /// (arguments, exit status, part of the message, part of the hint or nil): representative
    /// tokens through the process (every token error is worded in process in
    /// TillcountErrorMessageTests), and every quantity error.
    static let tokenErrors: [([String], Int32, String, String?)] = [
        (["add", "25"], 65, "no note or coin '25' in GBP", "did you mean '20'?"),
        (["add", "roll:7"], 65, "no coin roll 'roll:7' in GBP", "did you mean 'roll:2'?"),
        (["set", "200=1"], 65, "no note or coin '200' in GBP", "did you mean '20'?"),
        (["add", "coin:20"], 65, "no coin 'coin:20' in GBP", "tillcount denominations --currency GBP"),
        // Another currency's symbol is refused naming both (issue 26, item 34).
        (["add", "€20=1"], 65, "invalid denomination '€20': € is the symbol of EUR, but the amount is in GBP", "the till counts GBP"),
        (["add", "20x"], 65, "invalid denomination '20x'", "tillcount denominations"),
        (["add", "20=abc"], 65, "invalid quantity in '20=abc'", nil),
        (["add", "20=-1"], 65, "invalid quantity in '20=-1'", nil),
        (["add", "20=1.5"], 65, "invalid quantity in '20=1.5'", nil),
        (["set", "20="], 65, "invalid quantity in '20='", nil),
        (["set", "20=99999999999999999999"], 65, "invalid quantity", nil),
    ]

    @Test(arguments: tokenErrors)
    func tokenAndQuantityErrors(arguments: [String], status: Int32, message: String, hint: String?) throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        let before = try #require(till.stateBytes())
        let result = try till.run(arguments)
        #expect(result.status == status)
        #expect(!result.killedBySignal)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("tillcount: error: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        if let hint {
            #expect(result.stderr.contains("hint: ") && result.stderr.contains(hint), "\(result.stderr)")
        }
        #expect(till.stateBytes() == before, "the failed command changed the state file")
    }

    @Test func anUnknownTokenInTotalIsExit65Too() throws {
        let till = try TillcountSandbox()
        let result = try till.run("total", "--currency", "GBP", "25=1")
        #expect(result.status == 65)
        #expect(result.stderr.contains("did you mean '20'?"))
    }

    @Test func overflowingQuantitiesAreExit65AndChangeNothing() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "5=1")
        let before = try #require(till.stateBytes())
        // 9223372036854775807 £20 notes: the quantity fits but its value does not.
        let huge = try till.run("set", "20=9223372036854775807")
        #expect(huge.status == 65)
        #expect(huge.stderr.contains("too large") || huge.stderr.contains("overflow"), "\(huge.stderr)")
        #expect(till.stateBytes() == before)
        let then = try till.run("add", "20")
        #expect(then.status == 0)
        #expect(try till.quantities() == ["5": 1, "20": 1])
    }

    @Test func addingToTheLargestQuantityIsExit65AndChangesNothing() throws {
        let till = try TillcountSandbox(currency: "GBP")
        // 1p coins: the largest quantity is also the largest total in pence.
        try till.ok("set", "0.01=9223372036854775807")
        #expect(try till.quantities() == ["0.01": 9_223_372_036_854_775_807])
        let before = try #require(till.stateBytes())
        for arguments in [["add", "0.01"], ["add", "0.02"], ["set", "0.02=1"], ["add", "0.01=9223372036854775807"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("overflow"), "\(arguments): \(result.stderr)")
            #expect(till.stateBytes() == before, "\(arguments) changed the state file")
        }
    }

    @Test func totalRefusesAnOverflowToo() throws {
        let till = try TillcountSandbox()
        let result = try till.run("total", "--currency", "GBP", "0.01=9223372036854775807", "0.01=1")
        #expect(result.status == 65)
        #expect(result.stderr.contains("overflows"))
    }

    static let corruptStates: [(String, String)] = [
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "0.00", "lines": ["#, "not valid JSON"),
        ("", "the file is empty"),
        ("not json at all\n", "not valid JSON"),
        (#"{"format": "tally", "version": 1, "content": {}}"#, "expected 'tillcount-state'"),
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "20.00", "quantity": -3}], "notes": []}}"#, "negative"),
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "lots", "lines": [], "notes": []}}"#, "not an amount"),
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "bar", "value": "1.00", "quantity": 1}], "notes": []}}"#, "unknown kind"),
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "XXQ", "float": "0.00", "lines": [], "notes": []}}"#, "unknown currency"),
        (#"{"format": "tillcount-state", "version": 0, "content": {}}"#, "not valid"),
    ]

    @Test(arguments: corruptStates)
    func aCorruptStateFileIsExit65AndLeftByteIdentical(contents: String, reason: String) throws {
        let till = try TillcountSandbox()
        try till.writeState(contents)
        let before = try #require(till.stateBytes())
        // Every command with the first file; a reader and two writers with the others (each
        // reason is checked against the JSON adapter in process in TillKitTests).
        let every = [["show"], ["add", "20"], ["set", "20=1"], ["sub", "20"], ["float", "10"], ["undo"],
                     ["clear", "--force"], ["note", "x"], ["save"], ["report"], ["deposit"], ["currency", "EUR", "--force"]]
        for arguments in contents == Self.corruptStates[0].0 ? every : [["show"], ["add", "20"], ["undo"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(till.statePath), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("left untouched"))
            #expect(till.stateBytes() == before, "\(arguments) changed the corrupt file")
        }
        // total never reads the live count.
        #expect(try till.run("total", "20=1", "--format", "plain").stdout == "20.00\n")
    }

    @Test func aNewerStateFileIsExit65AndLeftAlone() throws {
        let till = try TillcountSandbox()
        try till.writeState(#"{"format": "tillcount-state", "version": 5, "content": {"currency": "GBP", "float": "0.00", "lines": [], "notes": [], "future": true}}"# + "\n")
        let before = try #require(till.stateBytes())
        for arguments in [["show"], ["add", "20"], ["undo"], ["clear", "--force"], ["save"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.contains("format version 5, newer than this tool reads (4)"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: use a newer version"))
            #expect(till.stateBytes() == before)
        }
    }

    @Test(arguments: [["add", "20", "--currency", "EUR"], ["set", "20=1", "--currency", "EUR"], ["sub", "20", "--currency", "EUR"],
                      ["float", "10", "--currency", "EUR"], ["note", "x", "--currency", "EUR"]])
    func aCurrencyClashWithANonEmptyCountIsExit64(arguments: [String]) throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        let before = try #require(till.stateBytes())
        let result = try till.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains("the live count is in GBP, not EUR"), "\(result.stderr)")
        #expect(result.stderr.contains("tillcount currency EUR --force"))
        #expect(till.stateBytes() == before)
    }

    @Test func anEmptyCountTakesTheCurrencyAsked() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "5", "--currency", "EUR")
        #expect(try till.showJSON()["currency"] as? String == "EUR")
    }

    /// Reading a GBP count as EUR relabels £20 notes as €20: the commands that only read the
    /// count should refuse like the ones that change it (exit 64), and save must never file
    /// it in the history as EUR.
    @Test(arguments: [["show"], ["report"], ["deposit"], ["save"]])
    func readingANonEmptyCountInAnotherCurrencyIsRefused(arguments: [String]) throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        let result = try till.run(arguments + ["--currency", "EUR"])
        #expect(result.status == 64, "\(arguments): exit \(result.status), \(result.stdout)")
        #expect(result.stderr.contains("the live count is in GBP, not EUR"))
        if arguments == ["save"] {
            #expect(try till.savedIDs().isEmpty, "nothing filed")
        }
    }

    @Test(arguments: [["currency", "XYZ"], ["currency", "EURO"], ["show", "--currency", "XYZ"], ["add", "20", "--currency", "QQQ"],
                      ["denominations", "--currency", "ABC"], ["total", "20=1", "--currency", "ZZZ"]])
    func anUnknownCurrencyIsExit64(arguments: [String]) throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20")
        let before = try #require(till.stateBytes())
        let result = try till.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("unknown currency"), "\(result.stderr)")
        #expect(till.stateBytes() == before)
    }

    /// A command reads the live count before the currency asked for: an unreadable file is
    /// what it reports (65, naming the file), as before TillKit read --currency lazily.
    @Test(arguments: [["show", "--currency", "XYZ"], ["add", "20", "--currency", "QQQ"], ["denominations", "--currency", "ABC"]])
    func aCorruptStateFileIsReportedBeforeAnUnknownCurrency(arguments: [String]) throws {
        let till = try TillcountSandbox()
        try till.writeState("not json at all\n")
        let result = try till.run(arguments)
        #expect(result.status == 65, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(till.statePath), "\(result.stderr)")
        #expect(till.stateBytes() == Data("not json at all\n".utf8))
        // total reads no live count: the currency is what it refuses.
        #expect(try till.run("total", "20=1", "--currency", "ZZZ").status == 64)
    }

    @Test func usageErrorsAreExit64() throws {
        let till = try TillcountSandbox(currency: "GBP")
        for arguments in [["frobnicate"], ["show", "--format", "xml"], ["report", "--format", "pdf"], ["total", "--format", "yaml", "20=1"],
                          ["history", "show"], ["history", "show", "0"], ["history", "show", "abc"], ["resume"]] {
            let result = try till.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("Usage: tillcount"), "\(arguments)")
        }
    }

    @Test func aCorruptDenominationsFileIsExit65() throws {
        let till = try TillcountSandbox(currency: "NOK")
        try till.writeDenominations("{not json")
        let result = try till.run("show")
        #expect(result.status == 65)
        #expect(result.stderr.contains(till.denominationsPath))
        let badRoll = try TillcountSandbox(currency: "NOK")
        try badRoll.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"NOK": {"rolls": [{"coin": "20", "count": 0}]}}}"#)
        let refused = try badRoll.run("add", "20")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("count must be 1 to 100000"))
    }

    @Test func noteEditWithoutAnEditorIsAConfigurationError() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let result = try till.run("note", "--edit")
        #expect(result.status == 78)
        #expect(result.stderr.contains("no editor: set VISUAL or EDITOR"))
    }
}
