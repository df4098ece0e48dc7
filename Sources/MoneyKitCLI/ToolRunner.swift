// The entry point every tool's main calls: parse argv against the spec, answer --help,
// --version and --dump-help, run the command, and turn any error into a message on
// stderr and the exit code it stands for.

import MoneyKit
import MoneyKitPlatform
import MoneyKitProcess

/// Everything a command needs from its run: the parsed arguments and the run's I/O
/// (standard streams, environment, terminal, clock).
package struct Invocation: Sendable {
    package let toolName: String
    package let arguments: ParsedArguments
    package let io: ToolIO

    package init(toolName: String, arguments: ParsedArguments, io: ToolIO) {
        self.toolName = toolName
        self.arguments = arguments
        self.io = io
        let choice = arguments.value("color").flatMap(ColorChoice.init(rawValue:)) ?? .auto
        self.styler = Styler(enabled: io.terminal.colorEnabled(choice, descriptor: FileDescriptor.standardOutput.rawValue))
    }

    /// Styling for stdout under the colour policy, decided once.
    package let styler: Styler

    package var environment: [String: String] { io.environment }
    package var terminal: Terminal { io.terminal }
    package var out: OutputChannel { io.out }
    package var err: OutputChannel { io.err }
    /// Standard input.
    package var input: InputSource { io.input }

    /// The current instant in whole seconds, from the run's clock: every default date
    /// and every `now`, `today` and `yesterday` a command reads.
    package func now() -> Int64 {
        let seconds = io.clock().rounded(.down)
        // Any Double the clock may give maps to an Int64 (no trap from an odd clock).
        guard seconds.isFinite else { return 0 }
        return seconds >= 9.2e18 ? Int64.max : seconds <= -9.2e18 ? Int64.min : Int64(seconds)
    }

    /// The current instant to the millisecond, from the run's clock (tally's events,
    /// tillcount's stamps).
    package func preciseNow() -> Double { io.clock() }

    /// Who changes a shared store: $MONEYKIT_ACTOR when set and not empty (for tests: a
    /// second person on one machine), else user@host.
    package var actor: String {
        if let named = environment["MONEYKIT_ACTOR"], !named.isEmpty { return named }
        return ProcessIdentity.actor
    }

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
    /// Runs `tool` as this process: its arguments, streams and environment; exits with
    /// the command's code. Never returns.
    package static func main<Tool: ToolEntry>(_ tool: Tool.Type) -> Never {
        ProcessControl.ignoreBrokenPipe()
        let arguments = rawArguments()
        tool.prepareProcess()
        let io = ToolIO.process(toolName: tool.spec.name)
        let code = execute(spec: tool.spec, version: tool.version, arguments: arguments, io: io, run: tool.command)
        io.flushAll()
        ProcessControl.exit(code.rawValue)
    }

    /// Parses and runs a whole command on `io`, writing its output and errors there;
    /// returns the exit code. A write that failed ends the run as it would end the
    /// process: a closed pipe is a quiet 0, any other failure 74 (said on stderr when it
    /// was standard output).
    package static func execute(
        spec: CommandSpec, version: String, arguments: [String], io: ToolIO,
        run: (Invocation) throws -> ExitCode
    ) -> ExitCode {
        let code = executeUnchecked(spec: spec, version: version, arguments: arguments, io: io, run: run)
        io.flushAll()
        if let failure = io.out.failure {
            if failure.isBrokenPipe { return .ok }
            io.err.line(OutputChannel.outputLostMessage(toolName: spec.name, failure))
            io.err.flush()
            return .ioError
        }
        if let failure = io.err.failure {
            return failure.isBrokenPipe ? .ok : .ioError
        }
        return code
    }

    private static func executeUnchecked(
        spec: CommandSpec, version: String, arguments: [String], io: ToolIO,
        run: (Invocation) throws -> ExitCode
    ) -> ExitCode {
        let terminal = io.terminal
        let renderer = HelpRenderer(root: spec, width: terminal.width)
        if let code = try? hiddenCommand(spec: spec, version: version, arguments: arguments, io: io, run: run) {
            return code
        }
        do {
            switch try ArgumentParser(spec: spec).parse(arguments) {
            case .help(let path):
                io.out.write(renderer.help(path))
                return .ok
            case .version:
                io.out.line("\(spec.name) \(version)")
                return .ok
            case .dumpHelp:
                io.out.line(SpecJSON.document(for: spec, toolVersion: version).serialized(pretty: true))
                return .ok
            case .run(let parsed):
                let invocation = Invocation(toolName: spec.name, arguments: parsed, io: io)
                let code: ExitCode
                do {
                    code = try run(invocation)
                } catch var error as CLIError where error.usageCommandPath == [] {
                    // A usage error raised deep in a command shows that command's usage.
                    error.usageCommandPath = parsed.commandPath
                    throw error
                }
                io.out.flush()
                return code
            }
        } catch {
            io.out.flush()
            report(CLIError.from(error), spec: spec, renderer: renderer, io: io)
            return CLIError.from(error).exitCode
        }
    }

    /// The tools' hidden plumbing, answered before normal parsing: `--complete`,
    /// `--generate-completion-script SHELL` and `--generate-manual`. Nil for anything else.
    static func hiddenCommand(
        spec: CommandSpec, version: String, arguments: [String], io: ToolIO,
        run: (Invocation) throws -> ExitCode
    ) throws -> ExitCode? {
        let environment = io.environment
        switch arguments.first {
        case "--complete":
            var words = Array(arguments.dropFirst())
            if words.first == "--" { words.removeFirst() }
            switch CompletionEngine(spec: spec).complete(words) {
            case .words(let candidates): for candidate in candidates { io.out.line(candidate) }
            case .files: io.out.line(":file")
            case .directories: io.out.line(":directory")
            case .dynamic(let command):
                // The tool's own listing, e.g. `tally --file F list --names`; errors stay quiet.
                _ = executeUnchecked(spec: spec, version: version, arguments: command, io: io, run: run)
            }
            return .ok
        case "--generate-completion-script":
            guard arguments.count == 2, let script = CompletionEngine.script(shell: arguments[1], tool: spec.name) else {
                io.err.line("\(spec.name): error: --generate-completion-script takes bash, zsh or fish")
                return .usage
            }
            io.out.write(script)
            return .ok
        case "--generate-manual":
            // The date comes from SOURCE_DATE_EPOCH (reproducible builds) or --date, so a
            // regenerated page is byte-identical.
            var epoch = environment["SOURCE_DATE_EPOCH"].flatMap { Int64($0) }
            if arguments.count == 3, arguments[1] == "--date", let value = Instant.parseISO8601(arguments[2] + "T00:00:00Z") {
                epoch = Int64(value)
            }
            guard let epoch else {
                io.err.line("\(spec.name): error: --generate-manual needs SOURCE_DATE_EPOCH or --date YYYY-MM-DD")
                return .usage
            }
            let page = ManualRenderer(root: spec, date: ManualRenderer.mdocDate(epochSeconds: epoch), seeAlso: StandardOptions.toolkitTools)
            io.out.write(page.render())
            return .ok
        default:
            return nil
        }
    }

    /// Writes `TOOL: error: …`, the hint, and for usage errors the usage line.
    package static func report(_ error: CLIError, spec: CommandSpec, renderer: HelpRenderer, io: ToolIO) {
        let styler = Styler(enabled: io.terminal.colorEnabled(.auto, descriptor: FileDescriptor.standardError.rawValue))
        // Messages quote names and arguments the user or a file gave: escaped here, once,
        // so no command has to remember it; a message made as ShownText is escaped already
        // but for the amounts and dates this program formatted, which keep their marks.
        io.err.line("\(spec.name): \(styler.color("error:", .red)) \(error.shownMessage)")
        for detail in error.details {
            io.err.line("  \(detail.terminalSafe)")
        }
        if let hint = error.shownHint {
            io.err.line("hint: \(hint)")
        }
        if let path = error.usageCommandPath {
            io.err.line("Usage: \(renderer.usage(path))")
            io.err.line("See '\(renderer.commandLine(path)) --help'.")
        }
        io.err.flush()
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
