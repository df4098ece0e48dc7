// The runner in-process: a whole command run on injected I/O, its output, errors and exit
// code captured, its input fed, and a lost output ending the run as it ends the process
// (a closed pipe quietly with 0, another failure with 74 and a message), never by exit.

#if canImport(Glibc)
import Glibc
#endif
import MoneyKitCLI
import MoneyKitPlatform
import Testing

/// A tool on the sample spec whose commands show what a run can reach.
private enum SampleTool: ToolEntry {
    static var spec: CommandSpec { SampleSpec.root }

    static func command(_ invocation: Invocation) throws -> ExitCode {
        let arguments = invocation.arguments
        switch arguments.commandPath {
        case ["import"]:
            // Standard input through the reader every tool uses for FILE or -.
            let text = try InputReader.readText(arguments.argument("FILE") ?? "-", standardInput: invocation.input)
            invocation.out.write(text.uppercased())
            invocation.say("read \(text.utf8.count) bytes")
            return .ok
        case ["inc"]:
            let name = arguments.argument("NAME") ?? ""
            let lines = name == "many" ? 200_000 : 1
            for index in 0..<lines { invocation.out.line("\(name) \(index)") }
            invocation.err.line("done")
            return .ok
        case ["rm"]:
            guard try Confirmation.require("Remove '\(arguments.argument("NAME") ?? "")'", invocation: invocation) else { return .ok }
            invocation.out.line("removed")
            return .ok
        case ["show"]:
            invocation.out.line("\(invocation.now()) \(invocation.actor)")
            return .ok
        case ["add"]:
            throw CLIError.usage("AMOUNT must be a number")
        default:
            return .ok
        }
    }
}

private func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) -> (code: ExitCode, out: String, err: String) {
    let io = ToolIO.inMemory(stdin: Array(stdin.utf8), environment: environment, clock: { 1_700_000_000 })
    let code = SampleTool.run(arguments: arguments, io: io)
    return (code, io.out.text, io.err.text)
}

@Test func aRunInProcessCapturesOutputErrorsAndCode() {
    let result = run(["inc", "coffee"])
    #expect(result.code == .ok)
    #expect(result.out == "coffee 0\n")
    #expect(result.err == "done\n")
}

@Test func aRunInProcessReadsTheStdinItIsGiven() {
    let result = run(["import", "-"], stdin: "a,b\n1,2\n")
    #expect(result.code == .ok)
    #expect(result.out == "A,B\n1,2\n")
    #expect(result.err == "read 8 bytes\n")
}

@Test func aUsageErrorInProcessIsWordedAndCoded() {
    let unknown = run(["frobnicate"])
    #expect(unknown.code == .usage)
    #expect(unknown.out.isEmpty)
    #expect(unknown.err.hasPrefix("tally: error: "))
    #expect(unknown.err.contains("See 'tally --help'."))
    // Raised inside the command: that command's usage line.
    let deep = run(["add", "x", "y"])
    #expect(deep.code == .usage)
    #expect(deep.err.contains("tally: error: AMOUNT must be a number\n"))
    #expect(deep.err.contains("Usage: tally add NAME AMOUNT"))
}

@Test func helpAndVersionInProcessGoToStdout() {
    let version = run(["--version"])
    #expect(version.code == .ok)
    #expect(version.out == "tally \(StandardOptions.toolkitVersion)\n")
    let help = run(["--help"], environment: ["COLUMNS": "60"])
    #expect(help.code == .ok)
    #expect(help.out.contains("named counters with a step"))
    #expect(help.err.isEmpty)
}

@Test func theClockAndTheActorComeFromTheRun() {
    #expect(run(["show", "x"], environment: ["MONEYKIT_ACTOR": "ana@till-2"]).out == "1700000000 ana@till-2\n")
    // Empty is not a name: user@host.
    #expect(run(["show", "x"], environment: ["MONEYKIT_ACTOR": ""]).out.contains("@"))
}

@Test func aConfirmationReadsTheRunsInputOnATerminal() {
    func ask(_ answer: String) -> (ExitCode, String, String) {
        let environment: [String: String] = [:]
        let terminal = Terminal(environment: environment, stdinIsTerminal: true, stdoutIsTerminal: true, stderrIsTerminal: true)
        let io = ToolIO.inMemory(stdin: Array(answer.utf8), environment: environment, terminal: terminal)
        let code = SampleTool.run(arguments: ["rm", "tea"], io: io)
        return (code, io.out.text, io.err.text)
    }
    #expect(ask("y\n") == (.ok, "removed\n", "Remove 'tea'? [y/N] "))
    #expect(ask("no\n") == (.ok, "", "Remove 'tea'? [y/N] "))
    // Off a terminal it never reads: --force is needed.
    let piped = run(["rm", "tea"], stdin: "y\n")
    #expect(piped.code == .usage)
    #expect(piped.err.contains("without --force when not on a terminal"))
}

/// A pipe whose reading end is closed: writing to it fails with EPIPE.
private func closedPipe() throws -> Int32 {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    close(ends[0])
    return ends[1]
}

@Test func aClosedPipeInProcessEndsTheRunQuietlyWithZero() throws {
    // As the tools do: a closed pipe is an error to see, not a signal to die of.
    signal(SIGPIPE, SIG_IGN)
    let descriptor = try closedPipe()
    defer { close(descriptor) }
    let out = OutputChannel(descriptor: FileDescriptor(rawValue: descriptor), stream: .output, policy: .record)
    let err = OutputChannel(memoryFor: .error)
    let io = ToolIO(input: InputSource(bytes: []), out: out, err: err, environment: [:], terminal: Terminal(notATerminal: [:]))
    let code = SampleTool.run(arguments: ["inc", "many"], io: io)
    #expect(code == .ok)
    #expect(out.failure?.isBrokenPipe == true)
    // The run went on to its end (nothing exited the test process), and said nothing.
    #expect(err.text == "done\n")
}

@Test func aFailedWriteInProcessIs74WithItsMessage() throws {
    let full = open("/dev/full", O_WRONLY)
    try #require(full >= 0)
    defer { close(full) }
    let out = OutputChannel(descriptor: FileDescriptor(rawValue: full), stream: .output, policy: .record)
    let err = OutputChannel(memoryFor: .error)
    let io = ToolIO(input: InputSource(bytes: []), out: out, err: err, environment: [:], terminal: Terminal(notATerminal: [:]))
    let code = SampleTool.run(arguments: ["inc", "coffee"], io: io)
    #expect(code == .ioError)
    #expect(err.text == "done\ntally: error: cannot write to standard output: No space left on device; any change the command made is saved\n")
}
