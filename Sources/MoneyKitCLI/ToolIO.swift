// Everything a run takes from the world besides its arguments: standard input, output and
// error, the environment, the terminal facts and the clock. A process run gets its own
// (`process`); a run in-process (tests, an app) gets injected ones (`inMemory`).

import MoneyKitPlatform
import MoneyKitProcess

package struct ToolIO: Sendable {
    package let input: InputSource
    package let out: OutputChannel
    package let err: OutputChannel
    package let environment: [String: String]
    package let terminal: Terminal
    /// The current instant, in seconds since the epoch to the millisecond (tally and
    /// tillcount stamp events that finely; the other readers take whole seconds).
    package let clock: @Sendable () -> Double
    /// True for the process's own streams: the run may then act on the process (catch
    /// signals, end itself by one, rewrite its argument list).
    package let ownsProcess: Bool
    /// Opens the full screen a command draws (its name for messages, the terminal facts):
    /// the real terminal in raw mode, or in-process a test's scripted keys.
    package let openScreen: ScreenOpener

    /// How a run opens a full screen.
    /// - Throws: `CLIError` when there is no terminal to draw on (exit 64) or it cannot be read.
    package typealias ScreenOpener = @Sendable (_ commandName: String, _ terminal: Terminal) throws(CLIError) -> any ScreenTerminal

    /// The real terminal (RawTerminal): refused politely off a terminal or on TERM=dumb.
    package static let rawTerminal: ScreenOpener = { name, terminal throws(CLIError) in
        try RawTerminal(commandName: name, terminal: terminal)
    }

    package init(
        input: InputSource, out: OutputChannel, err: OutputChannel, environment: [String: String],
        terminal: Terminal, clock: @escaping @Sendable () -> Double = { Instant.preciseNow() }, ownsProcess: Bool = false,
        openScreen: @escaping ScreenOpener = ToolIO.rawTerminal
    ) {
        self.input = input
        self.out = out
        self.err = err
        self.environment = environment
        self.terminal = terminal
        self.clock = clock
        self.ownsProcess = ownsProcess
        self.openScreen = openScreen
    }

    /// The process's standard streams, environment and terminal; a failed write ends the
    /// process (see `OutputChannel.FailurePolicy.exitProcess`).
    package static func process(toolName: String) -> ToolIO {
        let environment = ProcessControl.environment()
        let policy = OutputChannel.FailurePolicy.exitProcess(toolName: toolName)
        return ToolIO(
            input: .processStandardInput(),
            out: OutputChannel(descriptor: .standardOutput, stream: .output, policy: policy),
            err: OutputChannel(descriptor: .standardError, stream: .error, policy: policy),
            environment: environment, terminal: Terminal(environment: environment), ownsProcess: true)
    }

    /// A run in memory: `stdin` as its input, output and errors kept (`out.text`,
    /// `err.text`), no terminal anywhere (width and height from COLUMNS and LINES) unless
    /// `terminal` says otherwise; a full screen opens with `openScreen` (scripted keys in a test).
    package static func inMemory(
        stdin: [UInt8] = [], environment: [String: String],
        terminal: Terminal? = nil, clock: @escaping @Sendable () -> Double = { Instant.preciseNow() },
        openScreen: @escaping ScreenOpener = ToolIO.rawTerminal
    ) -> ToolIO {
        ToolIO(
            input: InputSource(bytes: stdin), out: OutputChannel(memoryFor: .output), err: OutputChannel(memoryFor: .error),
            environment: environment, terminal: terminal ?? Terminal(notATerminal: environment), clock: clock,
            openScreen: openScreen)
    }

    /// Writes out what both channels still hold.
    package func flushAll() {
        out.flush()
        err.flush()
    }
}
