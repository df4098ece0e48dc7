// The README's tillcount worked example, read from README.md itself and run line by line
// (issue 26, item 5): each `$ tillcount …` command must succeed, and where the README shows
// what a command prints, it prints exactly that. The example once failed at its own
// `set 0.20 --grams 310` line, which no test ran; reading the README (rather than copying
// its commands into a test) keeps the test and the text from drifting apart. The man
// page's EXAMPLES are read the same way, from the spec they are generated from
// (`tillcount --dump-help`), and run in order by a shell.

import Foundation
import Testing

@Suite struct TillcountReadmeExampleTests {
    /// One `$ …` line of an example: its commands (split at `&&`) and what the README shows
    /// it printing (empty: nothing shown).
    struct ExampleLine {
        var commands: [ShellWords]
        var shown: [String] = []
    }

    /// A command's words as the shell would pass them, and the file its stdout goes to.
    struct ShellWords {
        var words: [String] = []
        var redirect: String?
    }

    static var readmePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md").path
    }

    /// The first ```sh block under the heading `heading` of the README.
    static func example(under heading: String) throws -> [ExampleLine] {
        let text = try String(contentsOfFile: readmePath, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: heading), "no '\(heading)' in the README")
        let open = try #require(lines[start...].firstIndex(of: "```sh"), "no sh block under '\(heading)'")
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        var example: [ExampleLine] = []
        for line in lines[(open + 1)..<close] {
            if line.hasPrefix("$ ") {
                example.append(ExampleLine(commands: try shellCommands(String(line.dropFirst(2)))))
            } else if !example.isEmpty {
                example[example.count - 1].shown.append(line)
            }
        }
        return example
    }

    /// `line` split as a POSIX shell would for these examples: quotes ('…' and "…"), a
    /// comment from an unquoted `#` at the start of a word, `&&` between commands and
    /// `> FILE`. Anything else a shell would read differently fails the test.
    static func shellCommands(_ line: String) throws -> [ShellWords] {
        var commands = [ShellWords()]
        var word: String?
        var quote: Character?
        var redirectNext = false
        func endWord() {
            guard let finished = word else { return }
            word = nil
            if redirectNext {
                commands[commands.count - 1].redirect = finished
                redirectNext = false
            } else if finished == "&&" {
                commands.append(ShellWords())
            } else if finished == ">" {
                redirectNext = true
            } else {
                commands[commands.count - 1].words.append(finished)
            }
        }
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word!.append(character) }
                continue
            }
            switch character {
            case " ", "\t": endWord()
            case "'", "\"":
                quote = character
                word = word ?? ""
            case "#" where word == nil:
                endWord()
                return commands
            case "$", "`", "|", ";", "<", "(", ")", "\\", "*", "?":
                Issue.record("the README line '\(line)' uses '\(character)', which this test does not run as a shell would")
                return commands
            default:
                word = (word ?? "") + String(character)
            }
        }
        #expect(quote == nil, "unclosed quote in '\(line)'")
        endWord()
        return commands
    }

    @Test func theShellWordsAreReadAsAShellWould() throws {
        let commands = try Self.shellCommands("tillcount save --label 'Friday close' && tillcount clear --force   # files it")
        #expect(commands.map(\.words) == [["tillcount", "save", "--label", "Friday close"], ["tillcount", "clear", "--force"]])
        let redirected = try Self.shellCommands(#"tillcount report --format html > till.html   # one page"#)
        #expect(redirected.map(\.words) == [["tillcount", "report", "--format", "html"]])
        #expect(redirected.first?.redirect == "till.html")
        #expect(try Self.shellCommands(#"tillcount note "a # b""#).map(\.words) == [["tillcount", "note", "a # b"]])
    }

    /// The worked example under "## tillcount", every line, with the table it shows.
    @Test func theTillcountWorkedExampleRunsAsWritten() throws {
        let example = try Self.example(under: "## tillcount")
        #expect(example.count >= 9, "the example has \(example.count) command lines")
        #expect(example.contains { !$0.shown.isEmpty }, "the example shows no output to check")
        let till = try TillcountSandbox()
        for line in example {
            var lastOutput = ""
            for command in line.commands {
                #expect(command.words.first == "tillcount", "a README line runs \(command.words)")
                guard command.words.first == "tillcount" else { continue }
                let arguments = Array(command.words.dropFirst())
                let result = try till.run(arguments)
                #expect(result.status == 0 && !result.killedBySignal,
                        "README: tillcount \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
                if let file = command.redirect {
                    try Data(result.stdout.utf8).write(to: URL(fileURLWithPath: till.path(file)))
                    #expect(!result.stdout.isEmpty)
                }
                lastOutput = result.stdout
            }
            if !line.shown.isEmpty {
                #expect(lastOutput == line.shown.joined(separator: "\n") + "\n",
                        "README: '\(line.commands.map { $0.words.joined(separator: " ") })' prints otherwise")
            }
        }
    }

    /// Every example of the spec (the man page's EXAMPLES), in order.
    static func specExamples() throws -> [(command: String, explanation: String)] {
        let dump = try TillcountSandbox().run("--dump-help")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        func collect(_ command: [String: Any]) -> [(String, String)] {
            let own = (command["examples"] as? [[String: Any]] ?? []).compactMap { example -> (String, String)? in
                guard let text = example["command"] as? String else { return nil }
                return (text, example["explanation"] as? String ?? "")
            }
            return own + (command["subcommands"] as? [[String: Any]] ?? []).flatMap(collect)
        }
        return collect(try #require(object["command"] as? [String: Any]))
    }

    /// Every man page example, run in order in one sandbox by /bin/sh with the built
    /// tillcount first on PATH: each exits 0 with no error, and those whose text names an
    /// outcome show it. Examples that reach a PostgreSQL server by its name are run by
    /// TillcountPostgresTests against a real one instead.
    @Test func theManPageExamplesRunAsWritten() throws {
        let examples = try Self.specExamples()
        #expect(examples.count >= 10, "\(examples.count) examples")
        let till = try TillcountSandbox()
        let folder = (TillcountSandbox.executable as NSString).deletingLastPathComponent
        var environment = till.environment
        environment["PATH"] = folder + ":/usr/bin:/bin"
        var ran = 0
        for (command, explanation) in examples where !command.contains("postgresql://") {
            let result = try ToolProcess.run("/bin/sh", ["-c", "cd '\(till.path(""))' && " + command], environment: environment)
            #expect(result.status == 0 && !result.stderr.contains("error:"), "'\(command)' (\(explanation)): \(result.status) \(result.stderr)")
            ran += 1
            switch command {
            case "tillcount set 0.20 --value 12.40", "tillcount set 0.20 --grams 310":
                #expect(try till.quantities()["0.20"] == 62, "\(command): \(explanation)")
            case let text where text.hasPrefix("tillcount show --expected 412.50 --check"):
                #expect(result.stdout.hasSuffix("short\n"), "\(command): \(result.stdout)")
            case let text where text.hasPrefix("printf"):
                #expect(result.stdout == "87.00\n", "\(command): \(result.stdout)")
            default: break
            }
        }
        #expect(ran >= 10)
        #expect(FileManager.default.fileExists(atPath: till.path("counts.csv")))
    }
}
