// The entry point every tool's main calls: parse argv against the spec, answer --help,
// --version and --dump-help, run the command, and turn any error into a message on
// stderr and the exit code it stands for.

import MoneyKit
import MoneyKitPlatform

/// Everything a command needs from its process: the parsed arguments, the environment
/// and the terminal.
package struct Invocation: Sendable {
    package let toolName: String
    package let arguments: ParsedArguments
    package let environment: [String: String]
    package let terminal: Terminal

    /// `terminal`: the facts already asked of this process, if any (asking costs
    /// system calls on every start).
    package init(toolName: String, arguments: ParsedArguments, environment: [String: String], terminal: Terminal? = nil) {
        self.toolName = toolName
        self.arguments = arguments
        self.environment = environment
        self.terminal = terminal ?? Terminal(environment: environment)
        let choice = arguments.value("color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
        self.styler = Styler(enabled: self.terminal.colorEnabled(choice, descriptor: FileDescriptor.standardOutput.rawValue))
    }

    /// Styling for stdout under the colour policy, decided once.
    package let styler: Styler

    package var out: OutputChannel { Console.out }
    package var err: OutputChannel { Console.err }

    /// The --color choice (auto when absent).
    package var colorChoice: ColorChoice {
        arguments.value("color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
    }


    /// A message for people on stderr (what a command did, how to undo it): its literal
    /// text and `\(formatted: …)` parts as they are, every other part escaped for the
    /// terminal (it often quotes a stored name). See `ShownText`.
    package func say(_ message: ShownText) {
        err.line(message.text)
    }

    /// A message for people on stderr, all of it escaped for the terminal.
    @_disfavoredOverload
    package func say(_ message: String) {
        err.line(message.terminalSafe)
    }

    /// A warning on stderr: `TOOL: warning: …`, escaped but for `\(formatted: …)` parts.
    package func warn(_ message: ShownText) {
        err.line("\(toolName): warning: \(message.text)")
    }

    /// A warning on stderr: `TOOL: warning: …`, the message escaped.
    @_disfavoredOverload
    package func warn(_ message: String) {
        err.line("\(toolName): warning: \(message.terminalSafe)")
    }
}

package enum ToolRunner {
    /// Runs the tool and exits with the command's code. Never returns.
    package static func main(
        spec: CommandSpec, version: String = StandardOptions.toolkitVersion,
        run: (Invocation) throws -> ExitCode
    ) -> Never {
        Console.prepare(toolName: spec.name)
        let arguments = rawArguments()
        let code = execute(spec: spec, version: version, arguments: arguments, environment: processEnvironment(), run: run)
        Console.flushAll()
        ProcessControl.exit(code.rawValue)
    }

    /// Parses and runs, printing to the console; returns the exit code.
    package static func execute(
        spec: CommandSpec, version: String, arguments: [String], environment: [String: String],
        run: (Invocation) throws -> ExitCode
    ) -> ExitCode {
        let terminal = Terminal(environment: environment)
        let renderer = HelpRenderer(root: spec, width: terminal.width)
        if let code = try? hiddenCommand(spec: spec, version: version, arguments: arguments, environment: environment, run: run) {
            return code
        }
        do {
            switch try ArgumentParser(spec: spec).parse(arguments) {
            case .help(let path):
                Console.out.write(renderer.help(path))
                return .ok
            case .version:
                Console.out.line("\(spec.name) \(version)")
                return .ok
            case .dumpHelp:
                Console.out.line(SpecJSON.document(for: spec, toolVersion: version).serialized(pretty: true))
                return .ok
            case .run(let parsed):
                let invocation = Invocation(toolName: spec.name, arguments: parsed, environment: environment, terminal: terminal)
                let code: ExitCode
                do {
                    code = try run(invocation)
                } catch var error as CLIError where error.usageCommandPath == [] {
                    // A usage error raised deep in a command shows that command's usage.
                    error.usageCommandPath = parsed.commandPath
                    throw error
                }
                Console.out.flush()
                return code
            }
        } catch {
            Console.out.flush()
            report(CLIError.from(error), spec: spec, renderer: renderer, terminal: terminal)
            return CLIError.from(error).exitCode
        }
    }

    /// The tools' hidden plumbing, answered before normal parsing: `--complete`,
    /// `--generate-completion-script SHELL` and `--generate-manual`. Nil for anything else.
    static func hiddenCommand(
        spec: CommandSpec, version: String, arguments: [String], environment: [String: String],
        run: (Invocation) throws -> ExitCode
    ) throws -> ExitCode? {
        switch arguments.first {
        case "--complete":
            var words = Array(arguments.dropFirst())
            if words.first == "--" { words.removeFirst() }
            switch CompletionEngine(spec: spec).complete(words) {
            case .words(let candidates): for candidate in candidates { Console.out.line(candidate) }
            case .files: Console.out.line(":file")
            case .directories: Console.out.line(":directory")
            case .dynamic(let command):
                // The tool's own listing, e.g. `tally --file F list --names`; errors stay quiet.
                _ = execute(spec: spec, version: version, arguments: command, environment: environment, run: run)
            }
            return .ok
        case "--generate-completion-script":
            guard arguments.count == 2, let script = CompletionEngine.script(shell: arguments[1], tool: spec.name) else {
                Console.err.line("\(spec.name): error: --generate-completion-script takes bash, zsh or fish")
                return .usage
            }
            Console.out.write(script)
            return .ok
        case "--generate-manual":
            // The date comes from SOURCE_DATE_EPOCH (reproducible builds) or --date, so a
            // regenerated page is byte-identical.
            var epoch = environment["SOURCE_DATE_EPOCH"].flatMap { Int64($0) }
            if arguments.count == 3, arguments[1] == "--date", let value = Instant.parseISO8601(arguments[2] + "T00:00:00Z") {
                epoch = Int64(value)
            }
            guard let epoch else {
                Console.err.line("\(spec.name): error: --generate-manual needs SOURCE_DATE_EPOCH or --date YYYY-MM-DD")
                return .usage
            }
            let page = ManualRenderer(root: spec, date: ManualRenderer.mdocDate(epochSeconds: epoch), seeAlso: StandardOptions.toolkitTools)
            Console.out.write(page.render())
            return .ok
        default:
            return nil
        }
    }

    /// Writes `TOOL: error: …`, the hint, and for usage errors the usage line.
    package static func report(_ error: CLIError, spec: CommandSpec, renderer: HelpRenderer, terminal: Terminal) {
        let styler = Styler(enabled: terminal.colorEnabled(.auto, descriptor: FileDescriptor.standardError.rawValue))
        // Messages quote names and arguments the user or a file gave: escaped here, once,
        // so no command has to remember it; a message made as ShownText is escaped already
        // but for the amounts and dates this program formatted, which keep their marks.
        Console.err.line("\(spec.name): \(styler.color("error:", .red)) \(error.shownMessage)")
        for detail in error.details {
            Console.err.line("  \(detail.terminalSafe)")
        }
        if let hint = error.shownHint {
            Console.err.line("hint: \(hint)")
        }
        if let path = error.usageCommandPath {
            Console.err.line("Usage: \(renderer.usage(path))")
            Console.err.line("See '\(renderer.commandLine(path)) --help'.")
        }
        Console.err.flush()
    }

    /// The command-line words after the program's name, byte for byte: bytes that are not
    /// UTF-8 are kept (see `LosslessText`), where `CommandLine.arguments` would turn them
    /// into U+FFFD, so a file name reaches the system as typed and two different names
    /// never become one.
    static func rawArguments() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { LosslessText.decode(cString: $0) }
        }
    }

    /// The process environment, byte for byte like the arguments.
    package static func processEnvironment() -> [String: String] {
        ProcessControl.environment()
    }
}
