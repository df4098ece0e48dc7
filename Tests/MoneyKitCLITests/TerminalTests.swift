// Whether to colour, terminal facts from the environment, and ANSI styling.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import MoneyKitCLI

/// posix_openpt, grantpt, unlockpt and ptsname, looked up at run time: Glibc's module
/// hides them behind _XOPEN_SOURCE.
private enum PTYFunctions {
    typealias Open = @convention(c) (Int32) -> Int32
    typealias Control = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func lookUp<T>(_ name: String, as type: T.Type) -> T? {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}

/// A pseudo-terminal's follower side, so that `auto` can be tested on a real terminal.
private final class PseudoTerminal {
    let leader: Int32
    let follower: Int32

    init?() {
        guard let openpt = PTYFunctions.lookUp("posix_openpt", as: PTYFunctions.Open.self),
            let grantpt = PTYFunctions.lookUp("grantpt", as: PTYFunctions.Control.self),
            let unlockpt = PTYFunctions.lookUp("unlockpt", as: PTYFunctions.Control.self),
            let ptsname = PTYFunctions.lookUp("ptsname", as: PTYFunctions.Name.self)
        else { return nil }
        let leader = openpt(O_RDWR | O_NOCTTY)
        guard leader >= 0 else { return nil }
        guard grantpt(leader) == 0, unlockpt(leader) == 0, let name = ptsname(leader) else {
            close(leader)
            return nil
        }
        let follower = open(name, O_RDWR | O_NOCTTY)
        guard follower >= 0 else {
            close(leader)
            return nil
        }
        self.leader = leader
        self.follower = follower
    }

    deinit {
        close(follower)
        close(leader)
    }
}

/// Both ends of a pipe: never a terminal.
private final class Pipe {
    let read: Int32
    let write: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw CLIError("pipe failed", exitCode: .ioError) }
        read = fds[0]
        write = fds[1]
    }

    deinit {
        close(read)
        close(write)
    }
}

private let ptyAvailable = PseudoTerminal() != nil

struct ColorCase: Sendable, CustomTestStringConvertible {
    let choice: ColorChoice
    let environment: [String: String]
    let onTerminal: Bool
    let offTerminal: Bool
    var testDescription: String { "\(choice) with \(environment)" }
}

private let colorCases: [ColorCase] = [
    ColorCase(choice: .always, environment: [:], onTerminal: true, offTerminal: true),
    ColorCase(choice: .always, environment: ["NO_COLOR": "1", "TERM": "dumb"], onTerminal: true, offTerminal: true),
    ColorCase(choice: .never, environment: [:], onTerminal: false, offTerminal: false),
    ColorCase(choice: .never, environment: ["TERM": "xterm-256color"], onTerminal: false, offTerminal: false),
    ColorCase(choice: .auto, environment: [:], onTerminal: true, offTerminal: false),
    ColorCase(choice: .auto, environment: ["TERM": "xterm-256color"], onTerminal: true, offTerminal: false),
    ColorCase(choice: .auto, environment: ["NO_COLOR": "1"], onTerminal: false, offTerminal: false),
    ColorCase(choice: .auto, environment: ["NO_COLOR": "0"], onTerminal: false, offTerminal: false),  // any non-empty value
    ColorCase(choice: .auto, environment: ["NO_COLOR": ""], onTerminal: true, offTerminal: false),  // empty: ignored
    ColorCase(choice: .auto, environment: ["TERM": "dumb"], onTerminal: false, offTerminal: false),
    ColorCase(choice: .auto, environment: ["TERM": "dumb", "NO_COLOR": ""], onTerminal: false, offTerminal: false),
]

@Test("colorEnabled on a pseudo-terminal", .enabled(if: ptyAvailable, "no pseudo-terminals here"), arguments: colorCases)
func colorOnTerminal(_ row: ColorCase) throws {
    let pty = try #require(PseudoTerminal())
    #expect(Terminal.isTerminal(pty.follower))
    #expect(Terminal(environment: row.environment).colorEnabled(row.choice, descriptor: pty.follower) == row.onTerminal)
}

@Test("colorEnabled on a pipe", arguments: colorCases)
func colorOffTerminal(_ row: ColorCase) throws {
    let pipe = try Pipe()
    #expect(!Terminal.isTerminal(pipe.write))
    #expect(Terminal(environment: row.environment).colorEnabled(row.choice, descriptor: pipe.write) == row.offTerminal)
}

@Test func autoOnStdoutFollowsWhetherStdoutIsATerminal() {
    // Under `swift test` stdout is normally a pipe or file, so auto is false; when the
    // tests run with stdout on a terminal, auto is true. Either way it matches isatty.
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    let terminal = Terminal(environment: [:])
    #expect(terminal.stdoutIsTerminal == stdoutIsTerminal)
    #expect(terminal.colorEnabled(.auto) == stdoutIsTerminal)
    #expect(Terminal(environment: ["NO_COLOR": "1"]).colorEnabled(.auto) == false)
    #expect(terminal.colorEnabled(.always))
    #expect(!terminal.colorEnabled(.never))
}

@Test func colorChoiceNamesMatchTheOption() {
    #expect(ColorChoice.allCases.map(\.rawValue) == ["auto", "always", "never"])
    #expect(StandardOptions.color.allowedValues == ["auto", "always", "never"])
    #expect(StandardOptions.color.defaultValue == "auto")
    #expect(StandardOptions.color.isGlobal)
}

@Test(
    "width comes from COLUMNS when stdout is not a terminal",
    .enabled(if: isatty(STDOUT_FILENO) != 1, "stdout is a terminal"),
    arguments: [
        ([String: String](), 80), (["COLUMNS": "120"], 120), (["COLUMNS": "40"], 40),
        (["COLUMNS": "0"], 80), (["COLUMNS": "-5"], 80), (["COLUMNS": "wide"], 80), (["COLUMNS": ""], 80),
    ])
func widthFromEnvironment(_ environment: [String: String], _ expected: Int) {
    #expect(Terminal(environment: environment).width == expected)
}

@Test(
    "height comes from LINES when stdout is not a terminal",
    .enabled(if: isatty(STDOUT_FILENO) != 1, "stdout is a terminal"),
    arguments: [([String: String](), 24), (["LINES": "50"], 50), (["LINES": "0"], 24), (["LINES": "x"], 24)])
func heightFromEnvironment(_ environment: [String: String], _ expected: Int) {
    #expect(Terminal(environment: environment).height == expected)
}

@Test(.enabled(if: ptyAvailable, "no pseudo-terminals here"))
func windowSizeOfAPseudoTerminal() throws {
    let pty = try #require(PseudoTerminal())
    var size = winsize()
    size.ws_col = 93
    size.ws_row = 31
    #expect(ioctl(pty.follower, UInt(TIOCSWINSZ), &size) == 0)
    let reported = Terminal(environment: [:]).windowSize(pty.follower)
    #expect(reported?.columns == 93)
    #expect(reported?.rows == 31)
    let pipe = try Pipe()
    #expect(Terminal(environment: [:]).windowSize(pipe.write) == nil)
}

@Test func stylerWrapsInANSICodesOnlyWhenEnabled() {
    let on = Styler(enabled: true)
    let off = Styler(enabled: false)
    #expect(on.color("error:", .red) == "\u{1B}[31merror:\u{1B}[0m")
    #expect(on.color("ok", .green) == "\u{1B}[32mok\u{1B}[0m")
    #expect(on.bold("b") == "\u{1B}[1mb\u{1B}[0m")
    #expect(on.dim("d") == "\u{1B}[2md\u{1B}[0m")
    #expect(off.color("error:", .red) == "error:")
    #expect(off.bold("b") == "b")
    #expect(off.dim("d") == "d")
    #expect(DisplayWidth.of(on.color("日本", .cyan)) == 4)
}

@Test func invocationReadsTheColorChoice() throws {
    func invocation(_ argv: [String], _ environment: [String: String] = [:]) throws -> Invocation {
        guard case .run(let parsed) = try SampleSpec.parser.parse(argv) else { throw CLIError("not run", exitCode: .ioError) }
        return Invocation(toolName: "tally", arguments: parsed, io: .inMemory(environment: environment))
    }
    #expect(try invocation(["list"]).colorChoice == .auto)
    #expect(try invocation(["--color", "never", "list"]).colorChoice == .never)
    #expect(try invocation(["inc", "x", "--color=always"]).colorChoice == .always)
    #expect(try invocation(["inc", "x", "--color=always"], ["NO_COLOR": "1"]).styler.enabled)
    #expect(try !invocation(["list", "--color", "never"]).styler.enabled)
    #expect(try !invocation(["list"], ["NO_COLOR": "1"]).styler.enabled)
    #expect(try invocation(["list"], ["COLUMNS": "99"]).terminal.environment["COLUMNS"] == "99")
}
