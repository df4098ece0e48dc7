// Issue 13, items 7–9: a failed write to standard output is said on stderr (and that the
// change was kept); a failed read of standard input is an error, not an empty input; a
// batch never changes the saved preferences.

import Foundation
import Testing

@Suite struct InputOutputFailureTests {
    static func shell(_ sandbox: Sandbox, tool: String, _ script: String) throws -> ToolResult {
        try ToolProcess.run(
            "/bin/sh", ["-c", "cd \"$HOME\" && " + script],
            environment: sandbox.environment.merging(["TOOL": ToolProcess.path(of: tool)]) { $1 })
    }

    @Test func aFullStandardOutputIsReportedAndTheChangeKept() throws {
        let sandbox = try Sandbox()
        let result = try Self.shell(sandbox, tool: "tally", "\"$TOOL\" --file c.json new coffee > /dev/full")
        #expect(result.status == 74)
        #expect(result.stderr.contains("tally: error: cannot write to standard output"))
        #expect(result.stderr.contains("saved"))
        #expect(try sandbox.run("tally", "--file", sandbox.path("c.json"), "list", "--names").stdout == "coffee\n")
    }

    @Test func aClosedPipeIsStillAQuietSuccess() throws {
        let sandbox = try Sandbox()
        let result = try Self.shell(sandbox, tool: "tally", "\"$TOOL\" --help | head -c 1 >/dev/null; exit ${PIPESTATUS:-0}")
        #expect(result.stderr == "")
    }

    @Test(arguments: [
        ("\"$TOOL\" - --currency USD <&-", 74, "cannot read standard input"),
        ("\"$TOOL\" - --currency USD < .", 66, "cannot read standard input"),
    ])
    func billsplitBatchReadErrorsAreErrors(script: String, status: Int32, message: String) throws {
        let sandbox = try Sandbox()
        let result = try Self.shell(sandbox, tool: "billsplit", script)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message))
        #expect(result.stdout == "")
    }

    @Test func aBatchDoesNotChangeTheSavedPreferences() throws {
        let sandbox = try Sandbox()
        #expect(try sandbox.run("billsplit", "100", "--currency", "NOK", "--people", "3").status == 0)
        let file = sandbox.path("config/billsplit/preferences.json")
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        let batch = try sandbox.run("billsplit", "-", "-c", "JPY", "-p", "2", "--tip", "5", stdin: "100\n250\n")
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout.split(separator: "\n").count == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test func batchLinesKeepWorkingWithCRLFAndNoLastNewline() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run("billsplit", "-", "-c", "USD", "--tip", "0", "-p", "2", "--format", "csv", stdin: "10\r\n# note\r\n\r\n20")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)
    }
}

// Issue 13, items 11, 12 and 14: messages and help that say what is true.
@Suite struct HelpAndHintTests {
    @Test func aNumberOutsideTheSetsIsNotCalledATypoOfAnother() throws {
        let result = try Sandbox().run("portfolio", "--db", "/nonexistent/p.sqlite", "demo", "--set", "4")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("expected one of 1, 2, 3"))
        #expect(!result.stderr.contains("did you mean"))
    }

    @Test(arguments: ["x", "q", "4"])
    func aOneCharacterWordIsNotCalledATypoOfASet(set: String) throws {
        let result = try Sandbox().run("portfolio", "--db", "/nonexistent/p.sqlite", "demo", "--set", set)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("expected one of 1, 2, 3"))
        #expect(!result.stderr.contains("did you mean"))
    }

    @Test(arguments: ["tomorrow", "next week", "Today's"])
    func aWordThatIsNoDateIsToldTheWordsThereAre(word: String) throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run("portfolio", "--db", sandbox.path("p.sqlite"), "add", "X", "1", "--date", word)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("now, today and yesterday"))
        #expect(!result.stderr.contains("31 June"))
        let typo = try sandbox.run("portfolio", "--db", sandbox.path("p.sqlite"), "add", "X", "1", "--date", "2025-06-31")
        #expect(typo.stderr.contains("31 June"))
    }

    @Test func aDateAtTheEndOfTheRangeGetsAHintAboutTheRange() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run("portfolio", "--db", sandbox.path("p.sqlite"), "add", "X", "1", "--date", "0001-01-01",
                                     extraEnvironment: ["TZ": "Asia/Tokyo"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("0001 to 9999"))
        #expect(!result.stderr.contains("31 June"))
    }

    @Test func aFormatOptionNamesItsOwnScriptFormats() throws {
        let help = try Sandbox().run("billsplit", "prefs", "--help").stdout
        #expect(help.contains("json is stable for scripts"))
        #expect(!help.contains("the others"))
        let table = try Sandbox().run("portfolio", "table", "--help").stdout
        #expect(!table.contains("a chart always reaches today"))
        let add = try Sandbox().run("tillcount", "add", "--help").stdout
        #expect(!add.contains("set 0.20 --value"))
    }
}
