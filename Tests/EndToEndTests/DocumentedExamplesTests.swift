// Every command example of the README and of the man pages, for tally, billsplit and
// portfolio, run as written (issue 26, item 5: an example that no test ran stopped working
// and nobody knew). The README's ```sh blocks under each tool's heading and the spec's
// examples (`TOOL --dump-help`, what the man page's EXAMPLES are generated from) are read
// from the source of truth itself, so text and test cannot drift apart. Each runs in order
// in one sandbox, by bash with the built tools first on PATH: it must exit 0 with no error,
// and a README line saying `# prints: X` must print X. tillcount's worked example and man
// page are run by TillcountReadmeExampleTests, which also checks the table it prints.

import Foundation
import Testing

@Suite struct DocumentedExamplesTests {
    /// What no sandbox can run: a server named in the text, a feed that never ends.
    static func needsTheOutsideWorld(_ command: String) -> Bool {
        ["postgresql://", "db.example", "service=", "host=", "tail -f", "generate-manual"].contains { command.contains($0) }
    }

    /// The commands of the ```sh blocks under `## tool` in the README: a line ending in `|`,
    /// `\` or `&&` goes on on the next; blank and comment-only lines are left out.
    static func readmeCommands(tool: String) throws -> [String] {
        let text = try String(contentsOfFile: TillcountReadmeExampleTests.readmePath, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "## \(tool)"), "no '## \(tool)' in the README")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        var commands: [String] = []
        var inBlock = false
        var pending = ""
        for line in lines[(start + 1)..<end] {
            if line.hasPrefix("```") {
                inBlock = line == "```sh"
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard inBlock, !trimmed.isEmpty, !trimmed.hasPrefix("#") || !pending.isEmpty else { continue }
            pending += (pending.isEmpty ? "" : " ") + trimmed
            if pending.hasSuffix("|") || pending.hasSuffix("&&") || pending.hasSuffix("\\") { continue }
            commands.append(pending)
            pending = ""
        }
        return commands
    }

    /// The spec's examples of `tool`, every command's, in the man page's order.
    static func manPageCommands(tool: String, sandbox: Sandbox) throws -> [String] {
        let dump = try sandbox.run(tool, "--dump-help")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        func collect(_ command: [String: Any]) -> [String] {
            (command["examples"] as? [[String: Any]] ?? []).compactMap { $0["command"] as? String }
                + (command["subcommands"] as? [[String: Any]] ?? []).flatMap(collect)
        }
        return collect(try #require(object["command"] as? [String: Any]))
    }

    /// What `# prints: X` at the end of a README line says it prints, if it says.
    static func promisedOutput(_ command: String) -> String? {
        guard let range = command.range(of: "# prints: ") else { return nil }
        return String(command[range.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    /// The files the examples name as their input, as a user would have them.
    static func writeInputs(in sandbox: Sandbox) throws {
        try "date,amount\n2025-01-03,84.50\n2025-01-10,19.99\n".write(toFile: sandbox.path("bills.csv"), atomically: true, encoding: .utf8)
        try "item,amount,who\nBurger,12.00,Alice\nSalad,9.00,Bob\nPizza,20.00,everyone\n"
            .write(toFile: sandbox.path("lunch.csv"), atomically: true, encoding: .utf8)
    }

    static let hasJQ = FileManager.default.isExecutableFile(atPath: "/usr/bin/jq")

    /// Runs `commands` in order in `sandbox`; each must succeed and keep its promise.
    static func runInOrder(_ commands: [String], sandbox: Sandbox, source: String) throws -> Int {
        var environment = sandbox.environment
        environment["PATH"] = ToolProcess.productsFolder.path + ":/usr/bin:/bin"
        var ran = 0
        for command in commands where !needsTheOutsideWorld(command) {
            if command.contains("jq ") && !hasJQ { continue }  // jq is not part of a fresh machine
            let script = "set -eo pipefail; cd '\(sandbox.home)'; " + command
            let result = try ToolProcess.run("/bin/bash", ["-c", script], environment: environment)
            #expect(result.status == 0 && !result.stderr.contains("error:"), "\(source): '\(command)' exited \(result.status): \(result.stderr)")
            if let promised = promisedOutput(command) {
                #expect(result.stdout == promised + "\n", "\(source): '\(command)' printed \(result.stdout)")
            }
            ran += 1
        }
        return ran
    }

    @Test(arguments: ["tally", "billsplit", "portfolio"])
    func theReadmesExamplesRunAsWritten(tool: String) throws {
        let sandbox = try Sandbox()
        try Self.writeInputs(in: sandbox)
        let commands = try Self.readmeCommands(tool: tool)
        #expect(commands.count >= 5, "\(tool): \(commands)")
        #expect(try Self.runInOrder(commands, sandbox: sandbox, source: "README, \(tool)") >= 4)
    }

    @Test(arguments: ["tally", "billsplit", "portfolio"])
    func theManPagesExamplesRunAsWritten(tool: String) throws {
        let sandbox = try Sandbox()
        try Self.writeInputs(in: sandbox)
        let commands = try Self.manPageCommands(tool: tool, sandbox: sandbox)
        #expect(commands.count >= 5, "\(tool): \(commands)")
        #expect(try Self.runInOrder(commands, sandbox: sandbox, source: "man \(tool)") >= 4)
    }

    @Test func readmeBlocksAreReadAsAShellWould() throws {
        let commands = try Self.readmeCommands(tool: "billsplit")
        #expect(commands.contains { $0.hasPrefix("printf ") && $0.contains("| billsplit items -") })
        #expect(!commands.contains { $0.hasPrefix("#") })
        #expect(Self.promisedOutput("tally inc coffee      # prints: 1") == "1")
        #expect(Self.needsTheOutsideWorld("TALLY_FILE=postgresql://door@counter.example/venue tally inc x"))
    }
}
