// tillcount's live count through the real binary: show in every format, set/add/sub with
// every kind of token, --value, float, currency, clear and undo.

import Foundation
import Testing

@Suite struct TillcountCountTests {
    /// The README example: a £100 float and £187 counted.
    static func fridayTill() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=4", "10=3", "5=6", "roll:1=2", "50p=14")
        return till
    }

    // MARK: show

    @Test func showIsTheDefaultCommandAndListsSectionsAndTotals() throws {
        let till = try Self.fridayTill()
        let bare = try till.ok()
        let show = try till.ok("show")
        #expect(bare.stdout == show.stdout)
        let text = show.stdout
        #expect(text.contains("Loose notes and coins"))
        #expect(text.contains("Rolls and bags"))
        #expect(text.contains("£1 bag of 20"))
        #expect(text.range(of: #"(?m)^\s+£20\s+20\s+4\s+£80\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^\s+50p\s+0\.50\s+14\s+£7\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^\s+Subtotal\s+27 pc\s+£147\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^\s+Subtotal\s+40 pc\s+£40\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Total\s+£187\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Float\s+£100\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Deposit\s+£87\.00$"#, options: .regularExpression) != nil)
        #expect(!text.contains("Short by"))
        // Loose before rolls; highest first.
        let order = ["£20", "£10", "£5", "50p", "£1 bag of 20"].map { text.range(of: "  " + $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(show.stderr.isEmpty)
    }

    @Test func anEmptyCountSaysSoAndCreatesNoFile() throws {
        let till = try TillcountSandbox()
        let result = try till.ok("show")
        #expect(result.stdout.contains("(nothing counted yet)"))
        #expect(result.stdout.range(of: #"(?m)^Total\s+\$0\.00$"#, options: .regularExpression) != nil)
        #expect(!till.stateExists)
        let float = try till.ok("float")
        #expect(float.stdout == "0.00\n")
        #expect(!till.stateExists)
    }

    @Test func showJSONHasTheFixedKeys() throws {
        let till = try Self.fridayTill()
        let result = try till.ok("show", "--format", "json")
        let object = try TillcountJSON.object(result.stdout)
        #expect(object["currency"] as? String == "GBP")
        #expect(object["total"] as? String == "187.00")
        #expect(object["float"] as? String == "100.00")
        #expect(object["difference"] as? String == "87.00")
        #expect(object["looseTotal"] as? String == "147.00")
        #expect(object["rollTotal"] as? String == "40.00")
        #expect(object["till"] as? String == "main")
        #expect(Set(object.keys) == ["currency", "total", "float", "difference", "looseTotal", "rollTotal", "lines", "till"])
        #expect(TillcountJSON.keyOrder(result.stdout, among: ["currency", "total", "float", "difference", "lines"])
            == ["currency", "total", "float", "difference", "lines"])
        let lines = try #require(object["lines"] as? [[String: Any]])
        #expect(lines.count == 5)
        for line in lines { #expect(Set(line.keys) == ["token", "kind", "quantity", "value"]) }
        let rows = lines.map { "\($0["token"]!)|\($0["kind"]!)|\($0["quantity"]!)|\($0["value"]!)" }
        #expect(rows == ["20|note|4|80.00", "10|note|3|30.00", "5|note|6|30.00", "0.50|coin|14|7.00", "roll:1|roll|2|40.00"])
    }

    @Test(arguments: [("csv", ","), ("tsv", "\t")])
    func showDelimited(format: String, separator: String) throws {
        let till = try Self.fridayTill()
        let result = try till.ok("show", "--format", format)
        let expected = [
            ["token", "kind", "quantity", "value"], ["20", "note", "4", "80.00"], ["10", "note", "3", "30.00"],
            ["5", "note", "6", "30.00"], ["0.50", "coin", "14", "7.00"], ["roll:1", "roll", "2", "40.00"],
        ].map { $0.joined(separator: separator) + "\n" }.joined()
        #expect(result.stdout == expected)
    }

    @Test func showAllListsEveryDenomination() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        let counted = try till.ok("show").stdout
        let all = try till.ok("show", "--all").stdout
        #expect(!counted.contains("£50"))
        #expect(!counted.contains("Rolls and bags"))
        for label in ["£50", "£20", "£10", "£5", "£2", "£1", "50p", "20p", "10p", "5p", "2p", "1p", "£2 bag of 10", "1p bag of 100"] {
            #expect(all.contains("  " + label), "missing \(label)")
        }
        #expect(all.range(of: #"(?m)^\s+£50\s+50\s+0\s+£0\.00$"#, options: .regularExpression) != nil)
        #expect(all.contains("Rolls and bags"))
    }

    /// (float, expected, the standing line, the expected line, --check exit status)
    static let standings: [(String, String?, String, String?, Int32)] = [
        ("100", nil, #"Deposit\s+£87\.00"#, nil, 0),
        ("187", nil, #"Deposit\s+£0\.00"#, nil, 0),
        ("200", nil, #"Short by\s+£13\.00"#, nil, 1),
        ("100", "180", #"Deposit\s+£87\.00"#, #"Expected\s+£180\.00\s+over by £7\.00"#, 0),
        ("100", "187.00", #"Deposit\s+£87\.00"#, #"Expected\s+£187\.00\s+exact"#, 0),
        ("100", "190.50", #"Deposit\s+£87\.00"#, #"Expected\s+£190\.50\s+short by £3\.50"#, 1),
        // Short of the float but over the expected cash (after drops): not short.
        ("200", "150", #"Short by\s+£13\.00"#, #"Expected\s+£150\.00\s+over by £37\.00"#, 0),
    ]

    @Test(arguments: standings)
    func depositOrShortAgainstFloatAndExpected(float: String, expected: String?, standing: String, expectedLine: String?, check: Int32) throws {
        let till = try Self.fridayTill()
        try till.ok("float", float)
        let extra = expected.map { ["--expected", $0] } ?? []
        let shown = try till.run(["show"] + extra)
        #expect(shown.status == 0)
        #expect(shown.stdout.range(of: "(?m)^" + standing + "$", options: .regularExpression) != nil, "\(shown.stdout)")
        #expect(!shown.stdout.contains("Deposit  -") && !shown.stdout.contains("-£"), "never a negative deposit")
        if let expectedLine {
            #expect(shown.stdout.range(of: "(?m)^" + expectedLine + "$", options: .regularExpression) != nil, "\(shown.stdout)")
        } else {
            #expect(!shown.stdout.contains("Expected"))
        }
        let checked = try till.run(["show", "--check"] + extra)
        #expect(checked.status == check)
        #expect(checked.stdout == shown.stdout)
        if let expected {
            let json = try till.showJSON("--expected", expected)
            #expect(json["expected"] as? String != nil)
            #expect(json["overShort"] as? String != nil)
        }
    }

    @Test func aShortTillIsNeverANegativeDeposit() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        let change = try till.ok("add", "20=3")
        #expect(change.stderr == "Total £60.00 · Short by £40.00\n")
        let shown = try till.ok("show").stdout
        #expect(shown.range(of: #"(?m)^Short by\s+£40\.00$"#, options: .regularExpression) != nil)
        #expect(!shown.contains("Deposit"))
        #expect(try till.showJSON()["difference"] as? String == "-40.00")
    }

    // MARK: set, add, sub

    @Test func setIsAbsoluteAddAndSubDefaultToOne() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("set", "20=5")
        try till.ok("set", "20=2")
        #expect(try till.quantities() == ["20": 2])
        try till.ok("add", "20")
        #expect(try till.quantities() == ["20": 3])
        try till.ok("add", "20=4")
        #expect(try till.quantities() == ["20": 7])
        try till.ok("sub", "20")
        #expect(try till.quantities() == ["20": 6])
        try till.ok("sub", "20=6")
        #expect(try till.quantities() == [:])
        try till.ok("+", "10=2")
        try till.ok("remove", "10")
        try till.ok("-", "10")
        #expect(try till.quantities() == [:])
        try till.ok("set", "5=3", "5=1")
        #expect(try till.quantities() == ["5": 1], "the last of two quantities for one token wins")
    }

    @Test func setNeedsAQuantity() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let before = till.stateBytes()
        let result = try till.run("set", "20")
        #expect(result.status == 64)
        #expect(result.stderr.contains("set needs TOKEN=QTY, got '20'"))
        #expect(till.stateBytes() == before)
    }

    @Test func subBelowZeroIsExit65AndChangesNothing() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2", "0.50=3")
        let before = try #require(till.stateBytes())
        for arguments in [["sub", "20=3"], ["sub", "10"], ["sub", "20=1", "0.50=4"], ["sub", "0.50=1", "5"]] {
            let result = try till.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.contains("cannot take"), "\(arguments): \(result.stderr)")
            #expect(till.stateBytes() == before, "\(arguments) changed the state file")
        }
        #expect(try till.quantities() == ["20": 2, "0.50": 3])
    }

    @Test func severalTokensApplyAllOrNothing() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=1", "10=2", "0.50=3")
        #expect(try till.quantities() == ["20": 1, "10": 2, "0.50": 3])
        let before = try #require(till.stateBytes())
        let failing: [([String], Int32)] = [
            (["add", "20=2", "10=1", "0.25=1"], 65),  // an unknown coin last: bad data (issue 26, item 38)
            (["add", "20=2", "10=x"], 65),  // a malformed quantity last
            (["set", "20=9", "10=1", "nope=1"], 65),  // a malformed token last
            (["sub", "20=1", "10=3"], 65),  // the second goes below 0
        ]
        for (arguments, status) in failing {
            let result = try till.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(till.stateBytes() == before, "\(arguments) changed the state file")
        }
        try till.ok("set", "20=0", "10=5", "roll:0.50=1")
        #expect(try till.quantities() == ["10": 5, "0.50": 3, "roll:0.50": 1])
    }

    /// (currency, token given, canonical token, kind, value of one): representative
    /// aliases through the process; every alias is checked in TillKitTests'
    /// DenominationTokenTests.
    static let tokens: [(String, String, String, String, String)] = [
        ("GBP", "50p", "0.50", "coin", "0.50"),
        ("GBP", "£20", "20", "note", "20.00"),
        ("GBP", "bag:0.20", "roll:0.20", "roll", "10.00"),
        ("USD", "coin:1", "coin:1", "coin", "1.00"),
        ("USD", "25¢", "0.25", "coin", "0.25"),
        ("JPY", "¥500", "500", "coin", "500"),
    ]

    @Test(arguments: tokens)
    func tokensAndAliases(currency: String, given: String, token: String, kind: String, value: String) throws {
        let till = try TillcountSandbox(currency: currency)
        try till.ok("add", given)
        let json = try till.showJSON()
        let lines = try #require(json["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        #expect(lines.first?["token"] as? String == token)
        #expect(lines.first?["kind"] as? String == kind)
        #expect((lines.first?["quantity"] as? NSNumber)?.intValue == 1)
        #expect(lines.first?["value"] as? String == value)
    }

    @Test func theUSDollarNoteAndCoinAreKeptApart() throws {
        let till = try TillcountSandbox(currency: "USD")
        try till.ok("add", "1", "note:1=2", "$1", "coin:1=5")
        #expect(try till.quantities() == ["1": 4, "coin:1": 5])
        let text = try till.ok("show").stdout
        // Each has a label of its own (issue 13, item 16).
        #expect(text.range(of: #"(?m)^\s+\$1 note\s+1\s+4\s+\$4\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^\s+\$1 coin\s+coin:1\s+5\s+\$5\.00$"#, options: .regularExpression) != nil)
        try till.ok("sub", "coin:1=5")
        #expect(try till.quantities() == ["1": 4])
    }

    @Test func valueGivesTheAmountInsteadOfAQuantity() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("set", "0.20", "--value", "12.40")
        #expect(try till.quantities() == ["0.20": 62])
        try till.ok("add", "0.20", "--value", "1.00")
        #expect(try till.quantities() == ["0.20": 67])
        try till.ok("sub", "0.20", "--value", "0.40")
        #expect(try till.quantities() == ["0.20": 65])
        try till.ok("set", "roll:1", "--value", "40")
        #expect(try till.quantities() == ["0.20": 65, "roll:1": 2])

        let before = try #require(till.stateBytes())
        let notMultiple = try till.run("set", "0.20", "--value", "12.41")
        #expect(notMultiple.status == 65)
        #expect(notMultiple.stderr.contains("--value 12.41 is not a whole number of 20p"))
        #expect(notMultiple.stderr.contains("hint: 12.40 or 12.60 would be"))
        let notABag = try till.run("set", "roll:1", "--value", "30")
        #expect(notABag.status == 65)
        let withQuantity = try till.run("set", "0.20=3", "--value", "1")
        #expect(withQuantity.status == 64)
        let twoTokens = try till.run("set", "0.20", "0.50", "--value", "1")
        #expect(twoTokens.status == 64)
        let malformed = try till.run("set", "0.20", "--value", "twelve")
        #expect(malformed.status == 65)
        #expect(till.stateBytes() == before)
    }

    @Test func stateFileFollowsTheDocumentedFormat() throws {
        let till = try Self.fridayTill()
        let data = try #require(till.stateBytes())
        let content = try #require(TillcountJSON.stateContent(data))
        #expect(content["currency"] as? String == "GBP")
        #expect(content["float"] as? String == "100.00")
        #expect(TillcountJSON.stateLines(content) == [
            "note:20.00": 4, "note:10.00": 3, "note:5.00": 6, "coin:0.50": 14, "roll:1.00": 2,
        ])
        #expect((content["notes"] as? [Any])?.isEmpty == true)
        #expect((content["updated"] as? String)?.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"#, options: .regularExpression) != nil)
        // The undo steps are the database's journal's, not the count's.
        #expect(content["undo"] == nil && content["purge"] == nil)
        let undo = try till.undoSteps()
        #expect(undo.map { $0["action"] as? String } == ["currency GBP", "float 100", "add 20=4 10=3 5=6 roll:1=2 50p=14"], "\(undo)")
        #expect(undo.allSatisfy { $0["kind"] as? String == "count" && $0["count"] is [String: Any] })
        // Kept in the history's database, private to its owner.
        let attributes = try FileManager.default.attributesOfItem(atPath: till.dbPath)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    @Test func stateAndDatabaseLocations() throws {
        // Without TILLCOUNT_DB the live count lives in the database under XDG_DATA_HOME,
        // with the history; no live count file is made.
        let sandbox = try Sandbox()
        let env = sandbox.environment
        let plain = try ToolProcess.run("tillcount", ["add", "20", "--currency", "GBP"], environment: env)
        #expect(plain.status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.path("data/tillcount/history.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("state/tillcount/count.json")))
        // --state (over TILLCOUNT_STATE) names the live count file of an older tillcount:
        // the first change takes it over into the database and keeps it beside.
        let explicit = sandbox.path("elsewhere/till.json")
        try FileManager.default.createDirectory(atPath: sandbox.path("elsewhere"), withIntermediateDirectories: false)
        try Data(TillcountSandbox.emptyState(currency: "GBP").utf8).write(to: URL(fileURLWithPath: explicit))
        let other = sandbox.path("other.sqlite")
        let viaOption = try ToolProcess.run("tillcount", ["add", "10", "--state", explicit, "--db", other],
                                            environment: env.merging(["TILLCOUNT_STATE": sandbox.path("ignored.json")]) { $1 })
        #expect(viaOption.status == 0, "\(viaOption.stderr)")
        #expect(!FileManager.default.fileExists(atPath: explicit))
        #expect(FileManager.default.fileExists(atPath: explicit + ".migrated"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("ignored.json")))
        let saved = try ToolProcess.run("tillcount", ["save"], environment: env)
        #expect(saved.stdout == "1\n")
        let viaDB = try ToolProcess.run("tillcount", ["save", "--db", other], environment: env)
        #expect(viaDB.stdout == "1\n")
        let shown = try ToolProcess.run("tillcount", ["history", "show", "1", "--format", "json", "--db", other], environment: env)
        #expect(try TillcountJSON.object(shown.stdout)["total"] as? String == "10.00")
    }

    // MARK: float

    @Test func floatSetsAndPrints() throws {
        let till = try TillcountSandbox(currency: "GBP")
        #expect(try till.ok("float").stdout == "0.00\n")
        let set = try till.ok("float", "150")
        #expect(set.stderr == "Float £150.00\n")
        #expect(try till.ok("float").stdout == "150.00\n")
        try till.ok("float", "99.5")
        #expect(try till.ok("float").stdout == "99.50\n")
        #expect(try till.showJSON()["float"] as? String == "99.50")
        let before = try #require(till.stateBytes())
        for bad in ["-5", "abc", "1.234"] {
            let result = try till.run("float", bad)
            #expect(result.status == 65, "float \(bad)")
            #expect(till.stateBytes() == before, "float \(bad) changed the state")
        }
        let jpy = try TillcountSandbox(currency: "JPY")
        try jpy.ok("float", "5000")
        #expect(try jpy.ok("float").stdout == "5000\n")
    }

    // MARK: currency

    @Test func currencyChangesOnlyAnEmptyCountUnlessForced() throws {
        let till = try TillcountSandbox()
        #expect(try till.ok("currency").stdout == "USD\n", "the C locale falls back to USD")
        try till.ok("currency", "EUR")
        #expect(try till.ok("currency").stdout == "EUR\n")
        try till.ok("currency", "gbp")
        #expect(try till.ok("currency").stdout == "GBP\n")
        try till.ok("add", "20=2", "0.50=1")
        let before = try #require(till.stateBytes())
        let refused = try till.run("currency", "EUR")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("the count is not empty"))
        #expect(till.stateBytes() == before)
        try till.ok("currency", "GBP")  // the same currency is no change of reading
        try till.ok("currency", "EUR", "--force")
        let json = try till.showJSON()
        #expect(json["currency"] as? String == "EUR")
        #expect(try till.quantities() == ["20": 2, "0.50": 1], "the face values are kept")
    }

    @Test func theLocaleGivesTheDefaultCurrency() throws {
        let till = try TillcountSandbox()
        try till.run(["add", "20"], environment: ["LANG": "en_GB.UTF-8"])
        #expect(try till.showJSON()["currency"] as? String == "GBP")
        let other = try TillcountSandbox()
        try other.run(["add", "20"], environment: ["LC_ALL": "nb_NO.UTF-8"])
        #expect(try other.showJSON()["currency"] as? String == "NOK")
    }

    // MARK: clear and undo

    @Test func clearNeedsForceOffATerminal() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "50")
        try till.ok("add", "20=3", "0.50=2")
        try till.ok("note", "kept")
        let before = try #require(till.stateBytes())
        let refused = try till.run("clear")
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("without --force"))
        #expect(till.stateBytes() == before)
        let cleared = try till.ok("clear", "--force")
        #expect(cleared.stderr.contains("Cleared"))
        #expect(try till.quantities() == [:])
        #expect(try till.ok("float").stdout == "50.00\n", "clear keeps the float")
        #expect(try till.ok("note").stdout == "", "clear empties the notes: they belong to the count cleared")
        try till.ok("undo")
        #expect(try till.ok("note").stdout == "kept\n", "undo brings them back")
        try till.ok("clear", "--force", "--keep-notes")
        #expect(try till.ok("note").stdout == "kept\n")
    }

    @Test func undoGoesBackSeveralLevelsAClearIncluded() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        try till.ok("float", "30")
        try till.ok("add", "10=1", "0.50=4")
        try till.ok("set", "20=7")
        try till.ok("clear", "--force")
        #expect(try till.quantities() == [:])
        let undone = try till.ok("undo")
        #expect(undone.stderr == "Undid: clear. Total £152.00\n", "says which change it reverted (as tally)")
        #expect(try till.quantities() == ["20": 7, "10": 1, "0.50": 4])
        try till.ok("undo")
        #expect(try till.quantities() == ["20": 2, "10": 1, "0.50": 4])
        try till.ok("undo")
        #expect(try till.quantities() == ["20": 2])
        #expect(try till.ok("float").stdout == "30.00\n")
        try till.ok("undo")
        #expect(try till.ok("float").stdout == "0.00\n")
        try till.ok("undo")  // the first add
        #expect(try till.quantities() == [:])
        try till.ok("undo")  // the currency
        let before = try #require(till.stateBytes())
        let nothing = try till.run("undo")
        #expect(nothing.status == 66)
        #expect(nothing.stderr.contains("nothing to undo"))
        #expect(till.stateBytes() == before)
    }

    @Test func undoOnAFreshSandboxHasNothingToUndo() throws {
        let till = try TillcountSandbox()
        let result = try till.run("undo")
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("tillcount: error: nothing to undo"))
    }

    @Test func undoKeepsTheLast100Changes() throws {
        let till = try TillcountSandbox()
        // 105 changes in the file of an older tillcount: the next change takes them into the
        // journal, which keeps only the newest 100 (undoing through all of them: TillKitTests'
        // TillRulesTests).
        var undo: [String] = []
        for quantity in 0..<105 {
            undo.append(#"{"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "20.00", "quantity": \#(quantity + 1)}], "notes": [], "updated": null}"#)
        }
        try till.writeState(#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "20.00", "quantity": 99}], "notes": [], "updated": null, "undo": [\#(undo.joined(separator: ","))]}}"#)
        try till.ok("add", "20")  // 106 entries would be kept; only the newest 100 are
        #expect(try till.quantities() == ["20": 100])
        // Kept: the snapshots of quantities 7…105 and 99; the oldest six were dropped.
        let kept = try till.undoSteps()
        #expect(kept.count == 100)
        func quantity(_ step: [String: Any]) -> Int? {
            ((step["count"] as? [String: Any])?["lines"] as? [[String: Any]])?.first.flatMap { ($0["quantity"] as? NSNumber)?.intValue }
        }
        #expect(kept.map(quantity) == (7...105).map { $0 } + [99])
        try till.ok("undo")
        #expect(try till.quantities() == ["20": 99])
        try till.ok("undo")
        #expect(try till.quantities() == ["20": 105])
    }
}
