// Every tool answers --help, --version and --dump-help, and reports usage errors the
// same way: the conventions of the shared engine, seen through the real binaries.

import Foundation
import Testing

@Suite struct ToolBasicsTests {
    static let tools = ["tillcount", "tally", "billsplit", "portfolio"]

    @Test(arguments: tools)
    func helpGoesToStdoutWithExitZero(tool: String) throws {
        let sandbox = try Sandbox()
        for flag in ["--help", "-h"] {
            let result = try sandbox.run(tool, flag)
            #expect(result.status == 0)
            #expect(result.stdout.contains("Usage: \(tool)"))
            #expect(result.stderr.isEmpty)
        }
    }

    @Test(arguments: tools)
    func versionNamesTheTool(tool: String) throws {
        let result = try Sandbox().run(tool, "--version")
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\#(tool) \d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    }

    @Test(arguments: tools)
    func dumpHelpIsVersionedJSON(tool: String) throws {
        let result = try Sandbox().run(tool, "--dump-help")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["dumpHelpVersion"] as? Int == 1)
        #expect(object["tool"] as? String == tool)
        let command = try #require(object["command"] as? [String: Any])
        #expect(command["name"] as? String == tool)
    }

    @Test(arguments: tools)
    func unknownOptionIsAUsageError(tool: String) throws {
        let result = try Sandbox().run(tool, "--colr", "never")
        #expect(result.status == 64)
        #expect(!result.killedBySignal)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("\(tool): error: unknown option '--colr'\n"))
        #expect(result.stderr.contains("hint: did you mean '--color'?"))
        #expect(result.stderr.contains("Usage: \(tool)"))
        #expect(result.stderr.contains("See '\(tool) --help'."))
    }

    @Test(arguments: tools)
    func invalidColorValueIsAUsageError(tool: String) throws {
        let result = try Sandbox().run(tool, "--color", "sometimes")
        #expect(result.status == 64)
        #expect(result.stderr.contains("invalid value 'sometimes' for --color"))
    }
}
