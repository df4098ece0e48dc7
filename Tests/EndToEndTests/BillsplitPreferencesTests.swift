// What billsplit remembers: the currency, tip and people given on the command line,
// in $XDG_CONFIG_HOME/billsplit/preferences.json (mode 0600 in a 0700 folder), shown by
// `billsplit prefs`, cleared by `prefs --reset --force`; --no-save leaves the file alone;
// a corrupt or newer file is reported and never overwritten.

import Foundation
import Testing

@Suite struct BillsplitPreferencesTests {
    @Test func choicesAreRememberedForTheNextRun() throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        let first = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD", "--tip", "20", "--people", "4", "--format", "json"])
        #expect(first.status == 0)
        let saved = try BillsplitE2E.preferences(file)
        #expect(saved["currency"] as? String == "USD")
        #expect(saved["tipPercent"] as? String == "20")
        #expect(saved["people"] as? Int == 4)
        // A preset tip is no custom tip.
        #expect(saved["customTipPercent"] == nil)

        let second = try BillsplitE2E.run(sandbox, ["100", "--format", "json"])
        #expect(second.status == 0)
        let json = try BillsplitE2E.jsonObject(second.stdout)
        #expect(json["currency"] as? String == "USD")
        #expect(json["tip"] as? String == "20.00")
        #expect(json["shares"] as? [String] == ["30.00", "30.00", "30.00", "30.00"])
    }

    @Test func onlyWhatIsGivenIsMergedIn() throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        _ = try BillsplitE2E.run(sandbox, ["100", "--currency", "JPY", "--tip", "10", "--people", "2"])
        let result = try BillsplitE2E.run(sandbox, ["100", "--people", "5"])
        #expect(result.status == 0)
        let saved = try BillsplitE2E.preferences(file)
        #expect(saved["currency"] as? String == "JPY")
        #expect(saved["tipPercent"] as? String == "10")
        #expect(saved["people"] as? Int == 5)
        // With --weights and no --people the number of people is not remembered.
        _ = try BillsplitE2E.run(sandbox, ["100", "--weights", "1,2,3"])
        #expect(try BillsplitE2E.preferences(file)["people"] as? Int == 5)
    }

    @Test(arguments: ["12.5", "0.25", "18", "50"])
    func aCustomTipIsAlsoTheCustomTip(tip: String) throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        let result = try BillsplitE2E.run(sandbox, ["100", "--tip", tip])
        #expect(result.status == 0)
        var saved = try BillsplitE2E.preferences(file)
        #expect(saved["tipPercent"] as? String == tip)
        #expect(saved["customTipPercent"] as? String == tip)
        // A later preset tip replaces the tip but keeps the custom one.
        _ = try BillsplitE2E.run(sandbox, ["100", "--tip", "5"])
        saved = try BillsplitE2E.preferences(file)
        #expect(saved["tipPercent"] as? String == "5")
        #expect(saved["customTipPercent"] as? String == tip)
        let prefs = try BillsplitE2E.run(sandbox, ["prefs", "--format", "json"])
        #expect((try BillsplitE2E.jsonObject(prefs.stdout)["customTipPercent"] as? NSNumber)?.doubleValue == Double(tip))
    }

    @Test func noSaveLeavesAnAbsentFileAbsent() throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD", "--tip", "20", "--people", "4", "--no-save"])
        #expect(result.status == 0)
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
        let list = try BillsplitE2E.run(sandbox, ["-", "--currency", "USD", "--tip", "20", "--no-save"], stdin: "1\n")
        #expect(list.status == 0)
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }

    @Test func noSaveLeavesAnExistingFileByteIdentical() throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        try BillsplitE2E.writePreferences(file, content: #"{"currency": "NOK",   "tipPercent": "10", "people": 2}"#)
        let before = try #require(BillsplitE2E.bytes(file))
        let result = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD", "--tip", "20", "--people", "4", "--no-save", "--format", "json"])
        #expect(result.status == 0)
        #expect(try BillsplitE2E.jsonObject(result.stdout)["currency"] as? String == "USD")
        #expect(BillsplitE2E.bytes(file) == before)
    }

    @Test func fileIsPrivateInAPrivateFolder() throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["100", "--tip", "10"])
        #expect(result.status == 0)
        let file = BillsplitE2E.preferencesPath(sandbox)
        let fileMode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: sandbox.path("config/billsplit"))[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
    }

    @Test func configOptionAndEnvironmentChooseTheFile() throws {
        let sandbox = try Sandbox()
        let viaOption = sandbox.path("elsewhere/a/prefs.json")
        let viaEnvironment = sandbox.path("other/prefs.json")
        // A path the user names must be in a folder that exists (only the default
        // location gets its folders made; FileStoreSafetyTests checks the refusal).
        for folder in ["elsewhere/a", "other"] {
            try FileManager.default.createDirectory(atPath: sandbox.path(folder), withIntermediateDirectories: true)
        }
        #expect(try BillsplitE2E.run(sandbox, ["100", "--tip", "5", "--config", viaOption]).status == 0)
        #expect(try BillsplitE2E.preferences(viaOption)["tipPercent"] as? String == "5")
        #expect(try BillsplitE2E.run(sandbox, ["100", "--tip", "10"], environment: ["BILLSPLIT_CONFIG": viaEnvironment]).status == 0)
        #expect(try BillsplitE2E.preferences(viaEnvironment)["tipPercent"] as? String == "10")
        // --config wins over BILLSPLIT_CONFIG.
        let prefs = try BillsplitE2E.run(sandbox, ["prefs", "--format", "json", "--config", viaOption], environment: ["BILLSPLIT_CONFIG": viaEnvironment])
        let json = try BillsplitE2E.jsonObject(prefs.stdout)
        #expect((json["tipPercent"] as? NSNumber)?.intValue == 5)
        #expect(json["file"] as? String == viaOption)
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
        let mode = try FileManager.default.attributesOfItem(atPath: viaOption)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func prefsShowsDefaultsThenSavedValues() throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        let defaults = try BillsplitE2E.run(sandbox, ["prefs"])
        #expect(defaults.status == 0)
        #expect(BillsplitE2E.squeezedLines(defaults.stdout) == [
            "Currency USD default", "Tip % 15 default", "Custom tip % 18 default", "People 1 default", "File: \(file)", "",
        ])
        let defaultsJSON = try BillsplitE2E.jsonObject(try BillsplitE2E.run(sandbox, ["prefs", "--format", "json"]).stdout)
        #expect(defaultsJSON["currency"] as? String == "USD")
        #expect((defaultsJSON["tipPercent"] as? NSNumber)?.intValue == 15)
        #expect((defaultsJSON["customTipPercent"] as? NSNumber)?.intValue == 18)
        #expect(defaultsJSON["people"] as? Int == 1)
        #expect(defaultsJSON["file"] as? String == file)
        // Looking does not create the file.
        #expect(BillsplitE2E.bytes(file) == nil)

        _ = try BillsplitE2E.run(sandbox, ["100", "--currency", "KWD", "--tip", "12.5", "--people", "7"])
        let saved = try BillsplitE2E.run(sandbox, ["prefs"])
        #expect(BillsplitE2E.squeezedLines(saved.stdout) == [
            "Currency KWD saved", "Tip % 12.5 saved", "Custom tip % 12.5 saved", "People 7 saved", "File: \(file)", "",
        ])
        let json = try BillsplitE2E.jsonObject(try BillsplitE2E.run(sandbox, ["prefs", "--format", "json"]).stdout)
        #expect(json["currency"] as? String == "KWD")
        #expect((json["tipPercent"] as? NSNumber)?.doubleValue == 12.5)
        #expect((json["customTipPercent"] as? NSNumber)?.doubleValue == 12.5)
        #expect(json["people"] as? Int == 7)
    }

    @Test func resetNeedsForceOffATerminalThenClears() throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        _ = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD", "--tip", "12.5", "--people", "3"])
        let before = try #require(BillsplitE2E.bytes(file))

        let refused = try BillsplitE2E.run(sandbox, ["prefs", "--reset"], stdin: "y\n")
        #expect(refused.status == 64)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("billsplit: error: "))
        #expect(refused.stderr.contains("--force"))
        #expect(BillsplitE2E.bytes(file) == before)

        let reset = try BillsplitE2E.run(sandbox, ["prefs", "--reset", "--force"])
        #expect(reset.status == 0)
        let content = try BillsplitE2E.preferences(file)
        #expect(content.isEmpty)
        let prefs = try BillsplitE2E.run(sandbox, ["prefs"])
        #expect(BillsplitE2E.squeezedLines(prefs.stdout).prefix(4) == ["Currency USD default", "Tip % 15 default", "Custom tip % 18 default", "People 1 default"])
        let json = try BillsplitE2E.jsonObject(try BillsplitE2E.run(sandbox, ["100", "--format", "json"]).stdout)
        #expect(json["currency"] as? String == "USD")
        #expect(json["tip"] as? String == "15.00")
        #expect(json["people"] as? Int == 1)
    }

    struct BadFileCase: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let message: String
        var testDescription: String { name }
    }

    static let badFiles: [BadFileCase] = [
        BadFileCase(name: "truncated JSON", text: #"{"format": "billsplit-preferences", "version": 1, "content": {"currency": "#, message: "not a valid store"),
        BadFileCase(name: "not JSON", text: "garbage\n", message: "not a valid store"),
        BadFileCase(name: "wrong type", text: #"{"format": "billsplit-preferences", "version": 1, "content": {"people": "many"}}"#, message: "not a valid store"),
        BadFileCase(name: "other format", text: #"{"format": "tally-ledger", "version": 1, "content": {}}"#, message: "not a valid store"),
        BadFileCase(name: "version 99", text: #"{"format": "billsplit-preferences", "version": 99, "content": {"currency": "USD"}}"#, message: "version 99"),
    ]

    /// Every kind of run that reads the file: with and without something to save.
    static let runs: [[String]] = [
        ["100"], ["100", "--currency", "USD", "--tip", "20", "--people", "2"], ["100", "--tip", "20", "--no-save"],
        ["prefs"], ["prefs", "--format", "json"], ["prefs", "--reset", "--force"],
    ]

    @Test(arguments: badFiles)
    func aCorruptOrNewerFileIsReportedAndLeftByteIdentical(_ bad: BadFileCase) throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        try FileManager.default.createDirectory(atPath: sandbox.path("config/billsplit"), withIntermediateDirectories: true)
        let original = Data(bad.text.utf8)
        try original.write(to: URL(fileURLWithPath: file))
        for arguments in Self.runs {
            let result = try BillsplitE2E.run(sandbox, arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(!result.killedBySignal)
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.hasPrefix("billsplit: error: \(file)"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(bad.message), "\(arguments): \(result.stderr)")
            #expect(BillsplitE2E.bytes(file) == original, "\(arguments) changed the file")
        }
        let list = try BillsplitE2E.run(sandbox, ["-", "--tip", "5"], stdin: "100\n")
        #expect(list.status == 65)
        #expect(list.stderr.contains(file))
        #expect(BillsplitE2E.bytes(file) == original)
    }

    @Test func outOfRangePeopleInTheFileFallBackToTheDefault() throws {
        let sandbox = try Sandbox()
        try BillsplitE2E.writePreferences(BillsplitE2E.preferencesPath(sandbox), content: #"{"people": 50}"#)
        let result = try BillsplitE2E.run(sandbox, ["100", "--format", "json"])
        #expect(result.status == 0)
        #expect(try BillsplitE2E.jsonObject(result.stdout)["people"] as? Int == 1)
    }

    /// A saved value the tool cannot use is a problem of the file, not of the command line:
    /// the run must not fail with a usage error that blames an option the user never gave.
    @Test(arguments: [#"{"tipPercent": "99"}"#, #"{"tipPercent": "lots"}"#, #"{"currency": "ZZZ"}"#])
    func anUnusableSavedValueIsNotBlamedOnTheCommandLine(content: String) throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        try BillsplitE2E.writePreferences(file, content: content)
        let original = try #require(BillsplitE2E.bytes(file))
        let result = try BillsplitE2E.run(sandbox, ["100", "--people", "2"])
        #expect(!result.killedBySignal)
        #expect(BillsplitE2E.bytes(file) == original)
        // Either reported as a bad file (65, naming it) or the value ignored like an
        // out-of-range people count; never a usage error about --tip or --currency.
        let reportedAsBadFile = result.status == 65 && result.stderr.hasPrefix("billsplit: error: \(file)")
        let ignored = result.status == 0
        #expect(reportedAsBadFile || ignored, "exit \(result.status): \(result.stderr)")
    }

    /// `prefs --format json` is valid JSON whatever a hand-edited file holds: a value
    /// that is no plain number stays a string (it was printed raw as a number).
    @Test func prefsJSONStaysValidForHandEditedValues() throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        try BillsplitE2E.writePreferences(file, content: #"{"tipPercent": "15%", "customTipPercent": "a\u001b[31m", "people": 2}"#)
        let original = try #require(BillsplitE2E.bytes(file))
        let result = try BillsplitE2E.run(sandbox, ["prefs", "--format", "json"])
        #expect(result.status == 0)
        let json = try BillsplitE2E.jsonObject(result.stdout)
        #expect(json["tipPercent"] as? String == "15%")
        #expect(json["customTipPercent"] as? String == "a\u{1B}[31m")
        #expect(json["people"] as? Int == 2)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(BillsplitE2E.bytes(file) == original)
    }
}
