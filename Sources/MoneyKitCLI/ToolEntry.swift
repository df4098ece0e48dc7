// A tool as something to call: its spec and its command, run as a process by its
// main.swift (`ToolRunner.main(TallyTool.self)`) or in-process by a test or an app
// (`TallyTool.run(arguments:io:)`), the same code either way.

package protocol ToolEntry {
    /// The tool's command spec (the one source of parsing, help and manual).
    static var spec: CommandSpec { get }
    /// The version `--version` prints.
    static var version: String { get }
    /// Runs the parsed command.
    /// - Throws: any error, which the runner words and maps to its exit code.
    static func command(_ invocation: Invocation) throws -> ExitCode
    /// What the process does once its arguments are read, before the command runs (not
    /// done in-process: it acts on the whole process).
    static func prepareProcess()
}

extension ToolEntry {
    package static var version: String { StandardOptions.toolkitVersion }

    package static func prepareProcess() {}

    /// Runs `arguments` (the words after the tool's name) on `io`; returns the exit code.
    package static func run(arguments: [String], io: ToolIO) -> ExitCode {
        ToolRunner.execute(spec: spec, version: version, arguments: arguments, io: io, run: command)
    }
}
