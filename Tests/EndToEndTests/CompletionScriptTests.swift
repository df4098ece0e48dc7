// Shell completion through the real binaries: every script parses in its shell, and a
// real bash completion run offers the subcommands, option values and live names.

import Foundation
import Testing

@Suite struct CompletionScriptTests {
    static let tools = ["tillcount", "tally", "billsplit", "portfolio"]

    static func exists(_ program: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)") || FileManager.default.isExecutableFile(atPath: "/bin/\(program)")
    }

    /// Runs `shell -n script` and returns its status and errors.
    static func syntaxCheck(_ shell: String, script: String, in sandbox: Sandbox) throws -> (Int32, String) {
        let path = sandbox.path("completion.\(shell)")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try ToolProcess.run("/usr/bin/\(shell)", ["-n", path], environment: sandbox.environment)
        return (result.status, result.stderr)
    }

    /// zsh and fish are not on a fresh machine: without them their checks are skipped
    /// with a message, so the README's test command passes as written. `.ci/run`
    /// installs both and sets MONEYKIT_REQUIRE_SHELLS, so there a missing shell fails.
    static func canCheck(_ shell: String) -> Bool {
        exists(shell) || ProcessInfo.processInfo.environment["MONEYKIT_REQUIRE_SHELLS"] == "1"
    }

    @Test(arguments: tools)
    func bashScriptParses(tool: String) throws {
        try checkScriptParses(tool: tool, shell: "bash")
    }

    @Test(.enabled(if: canCheck("zsh"), "zsh is not installed: skipped (.ci/run installs it and runs this)"), arguments: tools)
    func zshScriptParses(tool: String) throws {
        try checkScriptParses(tool: tool, shell: "zsh")
    }

    @Test(.enabled(if: canCheck("fish"), "fish is not installed: skipped (.ci/run installs it and runs this)"), arguments: tools)
    func fishScriptParses(tool: String) throws {
        try checkScriptParses(tool: tool, shell: "fish")
    }

    func checkScriptParses(tool: String, shell: String) throws {
        try #require(Self.exists(shell), "\(shell) is not installed (.ci/run installs it)")
        let sandbox = try Sandbox()
        let result = try sandbox.run(tool, "--generate-completion-script", shell)
        #expect(result.status == 0)
        #expect(result.stdout.contains(tool))
        let (status, errors) = try Self.syntaxCheck(shell, script: result.stdout, in: sandbox)
        #expect(status == 0, "\(shell) -n: \(errors)")
    }

    @Test func unknownShellIsAUsageError() throws {
        let result = try Sandbox().run("tally", "--generate-completion-script", "csh")
        #expect(result.status == 64)
        #expect(result.stderr.contains("bash, zsh or fish"))
    }

    /// Completes the words with the generated bash function, as bash would on Tab.
    static func bashComplete(_ tool: String, words: [String], sandbox: Sandbox, environment: [String: String] = [:]) throws -> [String] {
        let script = try sandbox.run(tool, "--generate-completion-script", "bash").stdout
        let scriptPath = sandbox.path("\(tool).bash")
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let quoted = ([tool] + words).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let driver = """
            source '\(scriptPath)'
            COMP_WORDS=(\(quoted))
            COMP_CWORD=\(words.count)
            _\(tool)
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var env = sandbox.environment.merging(environment) { $1 }
        env["PATH"] = ToolProcess.productsFolder.path + ":/usr/bin:/bin"
        let result = try ToolProcess.run("/bin/bash", ["-c", driver], environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        ("tally", ["in"], ["inc"]),
        ("tillcount", ["hist"], ["history"]),
        ("billsplit", ["pr"], ["prefs"]),
        ("portfolio", ["ch"], ["chart"]),
    ])
    func bashCompletesSubcommands(tool: String, words: [String], expected: [String]) throws {
        let sandbox = try Sandbox()
        #expect(try Self.bashComplete(tool, words: words, sandbox: sandbox) == expected)
    }

    @Test func bashCompletesAllowedValuesAndOptions() throws {
        let sandbox = try Sandbox()
        #expect(try Self.bashComplete("tally", words: ["list", "--format", ""], sandbox: sandbox) == ["text", "json", "csv", "tsv"])
        #expect(try Self.bashComplete("tally", words: ["--format", "j"], sandbox: sandbox) == ["json"])
        let options = try Self.bashComplete("portfolio", words: ["table", "--p"], sandbox: sandbox)
        #expect(options == ["--period"])
    }

    @Test func bashCompletesLiveNames() throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("counters.json")
        let env = ["TALLY_FILE": file]
        for name in ["coffee", "cola", "tea time", "a \"quoted\" name"] {
            #expect(try sandbox.run("tally", "new", name, extraEnvironment: env).status == 0)
        }
        #expect(Set(try Self.bashComplete("tally", words: ["inc", "co"], sandbox: sandbox, environment: env)) == ["coffee", "cola"])
        #expect(try Self.bashComplete("tally", words: ["get", "tea"], sandbox: sandbox, environment: env) == ["tea time"])
        // Letter case does not tell names apart, so it does not filter them either.
        #expect(try Self.bashComplete("tally", words: ["get", "TEA"], sandbox: sandbox, environment: env) == ["tea time"])
        #expect(try Self.bashComplete("tally", words: ["rm", "a"], sandbox: sandbox, environment: env) == ["a \"quoted\" name"])
        // --file typed on the command line is honoured by the live listing.
        let other = sandbox.path("other.json")
        #expect(try sandbox.run("tally", "--file", other, "new", "zebra").status == 0)
        #expect(try Self.bashComplete("tally", words: ["--file", other, "inc", ""], sandbox: sandbox) == ["zebra"])
    }

    @Test func bashCompletesDenominationTokensAndAccounts() throws {
        let sandbox = try Sandbox()
        let tokens = try Self.bashComplete("tillcount", words: ["--currency", "GBP", "add", "roll:"], sandbox: sandbox)
        #expect(tokens.contains("roll:1"))
        #expect(tokens.allSatisfy { $0.hasPrefix("roll:") })
        let db = ["PORTFOLIO_DB": sandbox.path("p.sqlite")]
        #expect(try sandbox.run("portfolio", "demo", "--set", "3", extraEnvironment: db).status == 0)
        #expect(try Self.bashComplete("portfolio", words: ["show", "Acc"], sandbox: sandbox, environment: db) == ["Account 1", "Account 2"])
    }

    @Test func fileOptionsCompletePaths() throws {
        let sandbox = try Sandbox()
        try "x".write(toFile: sandbox.path("bills.csv"), atomically: true, encoding: .utf8)
        let result = try ToolProcess.run(
            "/bin/bash", ["-c", "cd '\(sandbox.home)' && source <('\(ToolProcess.path(of: "portfolio"))' --generate-completion-script bash) && COMP_WORDS=(portfolio import bil) && COMP_CWORD=2 && _portfolio && printf '%s\\n' \"${COMPREPLY[@]}\""],
            environment: sandbox.environment.merging(["PATH": ToolProcess.productsFolder.path + ":/usr/bin:/bin"]) { $1 })
        #expect(result.stdout == "bills.csv\n", "\(result.stderr)")
    }
}
