// The parser against SampleSpec: command lines that parse, command lines that are usage
// errors, and the typed accessors of ParsedArguments.

import Testing
import MoneyKit
import MoneyKitPlatform
@testable import MoneyKitCLI

// MARK: - Good command lines

struct GoodArgv: Sendable, CustomTestStringConvertible {
    let argv: [String]
    let expected: ParseOutcome
    let note: String

    init(_ argv: [String], _ expected: ParseOutcome, _ note: String) {
        self.argv = argv
        self.expected = expected
        self.note = note
    }

    var testDescription: String { "\(note): \(argv)" }
}

private func run(
    _ path: [String], options: [String: [String]] = [:], flags: [String: Int] = [:], args: [String: [String]] = [:]
) -> ParseOutcome {
    .run(ParsedArguments(commandPath: path, optionValues: options, flagCounts: flags, argumentValues: args))
}

let goodArgvTable: [GoodArgv] = [
    // Default subcommand.
    GoodArgv([], run(["list"]), "no words runs the default subcommand"),
    GoodArgv(["--format", "json"], run(["list"], options: ["format": ["json"]]), "default subcommand's option at the root"),
    GoodArgv(["-a"], run(["list"], flags: ["all": 1]), "default subcommand's short flag at the root"),
    GoodArgv(["--color", "never"], run(["list"], options: ["color": ["never"]]), "only a global option runs the default"),
    // Long options.
    GoodArgv(["list", "--format", "json"], run(["list"], options: ["format": ["json"]]), "--long value"),
    GoodArgv(["list", "--format=json"], run(["list"], options: ["format": ["json"]]), "--long=value"),
    GoodArgv(["--file=a=b.json"], run(["list"], options: ["file": ["a=b.json"]]), "--long=value splits at the first ="),
    GoodArgv(["list", "--all"], run(["list"], flags: ["all": 1]), "long flag"),
    GoodArgv(["show", "x", "--format", "json"], run(["show"], options: ["format": ["json"]], args: ["NAME": ["x"]]), "option after positional"),
    // Short options.
    GoodArgv(["list", "-a"], run(["list"], flags: ["all": 1]), "short flag"),
    GoodArgv(["set", "-n", "5", "a=1"], run(["set"], options: ["count": ["5"]], args: ["TOKEN": ["a=1"]]), "-s value"),
    GoodArgv(["set", "-n5", "a=1"], run(["set"], options: ["count": ["5"]], args: ["TOKEN": ["a=1"]]), "-svalue"),
    GoodArgv(["set", "--count=5", "a=1"], run(["set"], options: ["count": ["5"]], args: ["TOKEN": ["a=1"]]), "long form of a short option"),
    GoodArgv(["rm", "-af"], run(["rm"], flags: ["all": 1, "force": 1]), "bundled flags -af"),
    GoodArgv(["rm", "x", "-fa"], run(["rm"], flags: ["all": 1, "force": 1], args: ["NAME": ["x"]]), "bundled flags -fa after positional"),
    GoodArgv(["rm", "-f", "x", "--force"], run(["rm"], flags: ["force": 2], args: ["NAME": ["x"]]), "a repeated flag is counted"),
    // End of options, stdin, negative numbers.
    GoodArgv(["rm", "--", "-x"], run(["rm"], args: ["NAME": ["-x"]]), "-- then -x is a positional"),
    GoodArgv(["set", "--", "-h", "--version"], run(["set"], args: ["TOKEN": ["-h", "--version"]]), "-- then -h and --version are positionals"),
    GoodArgv(["import", "-"], run(["import"], args: ["FILE": ["-"]]), "- is a positional (stdin)"),
    GoodArgv(["add", "x", "-5"], run(["add"], args: ["NAME": ["x"], "AMOUNT": ["-5"]]), "negative integer positional"),
    GoodArgv(["add", "x", "-0.5"], run(["add"], args: ["NAME": ["x"], "AMOUNT": ["-0.5"]]), "negative decimal positional"),
    GoodArgv(["add", "x", "-.5"], run(["add"], args: ["NAME": ["x"], "AMOUNT": ["-.5"]]), "negative decimal without leading zero"),
    GoodArgv(["new", "--start", "-3"], run(["new"], options: ["start": ["-3"]]), "negative number as an option value"),
    GoodArgv(["new", "c", "--start=-3", "--step", "2"], run(["new"], options: ["start": ["-3"], "step": ["2"]], args: ["NAME": ["c"]]), "--long=-3"),
    GoodArgv(["set", "-n", "-3", "a"], run(["set"], options: ["count": ["-3"]], args: ["TOKEN": ["a"]]), "negative number as a short option value"),
    // Global options before and after the subcommand.
    GoodArgv(["--file", "/tmp/t.json", "inc", "x"], run(["inc"], options: ["file": ["/tmp/t.json"]], args: ["NAME": ["x"]]), "global option before the subcommand"),
    GoodArgv(["inc", "x", "--file", "/tmp/t.json", "--color", "never"], run(["inc"], options: ["file": ["/tmp/t.json"], "color": ["never"]], args: ["NAME": ["x"]]), "global options after the subcommand"),
    GoodArgv(["--color=always", "inc", "--times", "3", "x"], run(["inc"], options: ["color": ["always"], "times": ["3"]], args: ["NAME": ["x"]]), "global before, own option before positional"),
    GoodArgv(["config", "get", "k", "--file", "p"], run(["config", "get"], options: ["file": ["p"]], args: ["KEY": ["k"]]), "global option two levels down"),
    // Aliases, repetition.
    GoodArgv(["increment", "x", "--times", "2"], run(["inc"], options: ["times": ["2"]], args: ["NAME": ["x"]]), "alias resolves to the canonical name"),
    GoodArgv(["inc", "x", "--times", "2", "--times", "5"], run(["inc"], options: ["times": ["5"]], args: ["NAME": ["x"]]), "repeated option: last wins"),
    GoodArgv(["list", "--format", "json", "--format", "csv"], run(["list"], options: ["format": ["csv"]]), "repeated allowed-value option: last wins"),
    GoodArgv(["new", "c", "-t", "a", "--tag", "b", "-tc"], run(["new"], options: ["tag": ["a", "b", "c"]], args: ["NAME": ["c"]]), "repeating option keeps every value"),
    GoodArgv(["set", "a=1", "b=2", "c=3"], run(["set"], args: ["TOKEN": ["a=1", "b=2", "c=3"]]), "repeating positional"),
    // Words that look like commands where a positional is expected; hidden things still work.
    GoodArgv(["inc", "help"], run(["inc"], args: ["NAME": ["help"]]), "help is a positional below a leaf command"),
    GoodArgv(["add", "list", "3"], run(["add"], args: ["NAME": ["list"], "AMOUNT": ["3"]]), "a command name as a positional"),
    GoodArgv(["new"], run(["new"]), "an optional positional left out"),
    GoodArgv(["--trace", "list"], run(["list"], flags: ["trace": 1]), "hidden option is accepted"),
    GoodArgv(["doctor"], run(["doctor"]), "hidden command runs"),
    // Help, version, dump-help.
    GoodArgv(["help"], .help(commandPath: []), "help alone"),
    GoodArgv(["help", "inc"], .help(commandPath: ["inc"]), "help COMMAND"),
    GoodArgv(["help", "increment"], .help(commandPath: ["inc"]), "help ALIAS"),
    GoodArgv(["help", "config", "get"], .help(commandPath: ["config", "get"]), "help for a nested command"),
    GoodArgv(["--color", "never", "help", "inc"], .help(commandPath: ["inc"]), "help after a global option"),
    GoodArgv(["inc", "--help"], .help(commandPath: ["inc"]), "COMMAND --help"),
    GoodArgv(["increment", "x", "-h"], .help(commandPath: ["inc"]), "ALIAS -h"),
    GoodArgv(["config", "--help"], .help(commandPath: ["config"]), "group --help"),
    GoodArgv(["-h"], .help(commandPath: []), "-h"),
    GoodArgv(["--help"], .help(commandPath: []), "--help"),
    GoodArgv(["--format", "json", "--help"], .help(commandPath: ["list"]), "--help after a default subcommand's option"),
    GoodArgv(["--version"], .version, "--version"),
    GoodArgv(["inc", "x", "--version"], .version, "--version below a command"),
    GoodArgv(["--dump-help"], .dumpHelp, "--dump-help"),
]

@Test("Good command lines parse to the expected outcome", arguments: goodArgvTable)
func goodArgv(_ row: GoodArgv) throws {
    let outcome = try SampleSpec.parser.parse(row.argv)
    #expect(outcome == row.expected)
}

@Test func goodTableIsLargeEnough() {
    #expect(goodArgvTable.count >= 25)
}

// MARK: - Bad command lines

struct BadArgv: Sendable, CustomTestStringConvertible {
    let argv: [String]
    let message: String
    let hint: String?
    let path: [String]

    init(_ argv: [String], _ message: String, hint: String? = nil, path: [String]) {
        self.argv = argv
        self.message = message
        self.hint = hint
        self.path = path
    }

    var testDescription: String { "\(argv) → \(message)" }
}

let badArgvTable: [BadArgv] = [
    // Unknown options.
    BadArgv(["inc", "x", "--tmes", "3"], "unknown option '--tmes'", hint: "did you mean '--times'?", path: ["inc"]),
    BadArgv(["list", "--Format", "json"], "unknown option '--Format'", hint: "did you mean '--format'?", path: ["list"]),
    BadArgv(["--nosuch"], "unknown option '--nosuch'", path: []),
    BadArgv(["--trac"], "unknown option '--trac'", path: []),  // hidden --trace is never suggested
    BadArgv(["-x"], "unknown option '-x'", path: []),
    BadArgv(["rm", "x", "-z"], "unknown option '-z'", path: ["rm"]),
    BadArgv(["rm", "x", "-fz"], "unknown option '-z' (in '-fz')", path: ["rm"]),
    BadArgv(["rm", "-fh"], "-h cannot be combined with other options", path: ["rm"]),
    BadArgv(["list", "-ah"], "-h cannot be combined with other options", path: ["list"]),
    // Unknown commands.
    BadArgv(["icn", "x"], "unknown command 'icn'", hint: "did you mean 'inc'?", path: []),
    BadArgv(["INC", "x"], "unknown command 'INC'", hint: "did you mean 'inc'?", path: []),
    BadArgv(["--color", "never", "lsit"], "unknown command 'lsit'", hint: "did you mean 'list'?", path: []),
    BadArgv(["nosuch"], "unknown command 'nosuch'", path: []),
    BadArgv(["doctr"], "unknown command 'doctr'", path: []),  // hidden doctor is never suggested
    BadArgv(["config", "gte"], "unknown command 'gte'", hint: "did you mean 'get'?", path: ["config"]),
    BadArgv(["config"], "missing command: one of get, path", path: ["config"]),
    BadArgv(["help", "nosuch"], "no help for unknown command 'nosuch'", path: []),
    BadArgv(["help", "icn"], "no help for unknown command 'icn'", hint: "did you mean 'inc'?", path: []),
    BadArgv(["help", "config", "gte"], "no help for unknown command 'gte'", hint: "did you mean 'get'?", path: ["config"]),
    // Missing option values, flags given values.
    BadArgv(["inc", "x", "--times"], "option --times needs a value (K)", path: ["inc"]),
    BadArgv(["--file"], "option --file needs a value (PATH)", path: []),
    BadArgv(["set", "a", "-n"], "option -n needs a value (COUNT)", path: ["set"]),
    BadArgv(["list", "--all=yes"], "option --all does not take a value", path: ["list"]),
    // Values outside the allowed set.
    BadArgv(
        ["list", "--format", "jsn"], "invalid value 'jsn' for --format: expected one of text, json, csv, tsv",
        hint: "did you mean 'json'?", path: ["list"]),
    BadArgv(
        ["--format", "jsn"], "invalid value 'jsn' for --format: expected one of text, json, csv, tsv",
        hint: "did you mean 'json'?", path: ["list"]),
    BadArgv(["show", "x", "--format", "csv"], "invalid value 'csv' for --format: expected one of text, json", path: ["show"]),
    BadArgv(["--color", "blue"], "invalid value 'blue' for --color: expected one of auto, always, never", path: []),
    // Positionals.
    BadArgv(["inc"], "missing NAME", path: ["inc"]),
    BadArgv(["increment"], "missing NAME", path: ["inc"]),
    BadArgv(["add", "x"], "missing AMOUNT", path: ["add"]),
    BadArgv(["set"], "missing TOKEN", path: ["set"]),
    BadArgv(["inc", "x", "y"], "unexpected argument 'y'", path: ["inc"]),
    BadArgv(["new", "a", "b"], "unexpected argument 'b'", path: ["new"]),
    BadArgv(["list", "extra"], "unexpected argument 'extra'", path: ["list"]),
]

@Test("Bad command lines are usage errors with a message, hint and usage path", arguments: badArgvTable)
func badArgv(_ row: BadArgv) {
    do {
        let outcome = try SampleSpec.parser.parse(row.argv)
        Issue.record("expected a usage error, got \(outcome)")
    } catch {
        #expect(error.exitCode == .usage)
        #expect(error.message == row.message)
        #expect(error.hint == row.hint)
        #expect(error.usageCommandPath == row.path)
    }
}

@Test func badTableIsLargeEnough() {
    #expect(badArgvTable.count >= 20)
}

@Test(
    "A misspelt option of the default subcommand, given at the root, gets a hint")
func misspeltDefaultSubcommandOptionAtRoot() {
    do {
        _ = try SampleSpec.parser.parse(["--fromat", "json"])
        Issue.record("expected a usage error")
    } catch {
        #expect(error.exitCode == .usage)
        #expect(error.message == "unknown option '--fromat'")
        #expect(error.hint == "did you mean '--format'?")
    }
}

@Test func rootWithoutDefaultSubcommandNeedsACommand() {
    let spec = CommandSpec(
        name: "tool", abstract: "a tool",
        subcommands: [
            CommandSpec(name: "b", abstract: "b"), CommandSpec(name: "a", abstract: "a"),
            CommandSpec(name: "secret", abstract: "s", isHidden: true),
        ])
    do {
        _ = try ArgumentParser(spec: spec).parse([])
        Issue.record("expected a usage error")
    } catch {
        #expect(error.exitCode == .usage)
        #expect(error.message == "missing command: one of b, a")
        #expect(error.usageCommandPath == [])
    }
    #expect(throws: CLIError.self) { try ArgumentParser(spec: spec).parse(["c"]) }
    #expect((try? ArgumentParser(spec: spec).parse(["secret"])) == .run(ParsedArguments(commandPath: ["secret"])))
}

@Test func leafRootTakesPositionalsDirectly() throws {
    let spec = CommandSpec(
        name: "echo", abstract: "echo words",
        options: [.flag("n", short: "n", help: "no newline")],
        arguments: [ArgumentSpec("WORD", help: "words", optional: true, repeating: true)])
    let parser = ArgumentParser(spec: spec)
    #expect(try parser.parse([]) == .run(ParsedArguments(argumentValues: ["WORD": []])))
    #expect(
        try parser.parse(["-n", "help", "me"])
            == .run(ParsedArguments(flagCounts: ["n": 1], argumentValues: ["WORD": ["help", "me"]])))
}

@Test func repeatingPositionalLeavesWordsForRequiredOnesAfterIt() throws {
    let spec = CommandSpec(
        name: "cp", abstract: "copy",
        arguments: [
            ArgumentSpec("SOURCE", help: "sources", repeating: true),
            ArgumentSpec("DEST", help: "destination"),
        ])
    let parser = ArgumentParser(spec: spec)
    #expect(
        try parser.parse(["a", "b", "c"])
            == .run(ParsedArguments(argumentValues: ["SOURCE": ["a", "b"], "DEST": ["c"]])))
    #expect(throws: CLIError.self) { try parser.parse(["only"]) }
}

@Test func allowedPositionalValuesAreChecked() throws {
    let spec = CommandSpec(
        name: "paint", abstract: "paint",
        arguments: [ArgumentSpec("COLOR", help: "a colour", allowed: ["red", "green"])])
    let parser = ArgumentParser(spec: spec)
    #expect(try parser.parse(["red"]) == .run(ParsedArguments(argumentValues: ["COLOR": ["red"]])))
    do {
        _ = try parser.parse(["rde"])
        Issue.record("expected a usage error")
    } catch {
        #expect(error.exitCode == .usage)
        #expect(error.message == "invalid COLOR 'rde': expected one of red, green")
        #expect(error.hint == "did you mean 'red'?")
    }
}

struct OptionShape: Sendable, CustomTestStringConvertible {
    let word: String
    let isOption: Bool
    var testDescription: String { "'\(word)' → \(isOption)" }
}

@Test(
    "Which words look like options",
    arguments: [
        OptionShape(word: "-", isOption: false), OptionShape(word: "-5", isOption: false),
        OptionShape(word: "-0.5", isOption: false), OptionShape(word: "-.5", isOption: false),
        OptionShape(word: "x", isOption: false), OptionShape(word: "", isOption: false),
        OptionShape(word: "-.", isOption: true), OptionShape(word: "-x", isOption: true),
        OptionShape(word: "--x", isOption: true), OptionShape(word: "--", isOption: true),
        OptionShape(word: "--5", isOption: true), OptionShape(word: "-\u{0663}", isOption: true),
    ])
func looksLikeOptionTable(_ row: OptionShape) {
    #expect(ArgumentParser.looksLikeOption(row.word) == row.isOption)
}

// MARK: - ParsedArguments accessors

@Test func accessorsReadValuesFlagsAndArguments() throws {
    guard case .run(let parsed) = try SampleSpec.parser.parse(["new", "c", "-t", "a", "-t", "b", "--start", "4"]) else {
        Issue.record("expected .run")
        return
    }
    #expect(parsed.value("start") == "4")
    #expect(parsed.value("tag") == "b")
    #expect(parsed.values("tag") == ["a", "b"])
    #expect(parsed.values("step") == [])
    #expect(parsed.value("step") == nil)  // the spec's default is not filled in
    #expect(parsed.argument("NAME") == "c")
    #expect(parsed.arguments("NAME") == ["c"])
    #expect(parsed.argument("OTHER") == nil)
    #expect(parsed.flag("force") == false)

    guard case .run(let rm) = try SampleSpec.parser.parse(["rm", "-f", "x"]) else {
        Issue.record("expected .run")
        return
    }
    #expect(rm.flag("force"))
    #expect(!rm.flag("all"))
}

@Test func outputFormatChosenFromArguments() throws {
    guard case .run(let csv) = try SampleSpec.parser.parse(["list", "--format", "csv"]),
        case .run(let none) = try SampleSpec.parser.parse(["list"])
    else {
        Issue.record("expected .run")
        return
    }
    #expect(OutputFormat.chosen(in: csv) == .csv)
    #expect(OutputFormat.chosen(in: none) == .text)
    #expect(OutputFormat.chosen(in: none, fallback: .json) == .json)
}

/// Parses `tally inc x --times TEXT` and reads --times as an integer.
private func times(_ text: String, in range: ClosedRange<Int64>? = nil) throws(CLIError) -> Int64? {
    guard case .run(let parsed) = try SampleSpec.parser.parse(["inc", "x", "--times", text]) else {
        throw CLIError("not a run outcome", exitCode: .ioError)
    }
    return try parsed.integer("times", in: range)
}

@Test(
    "integer: whole numbers are read",
    arguments: [
        ("0", Int64(0)), ("5", 5), ("+7", 7), ("-3", -3), ("007", 7), ("9223372036854775807", Int64.max),
    ])
func integerGood(_ text: String, _ expected: Int64) throws {
    #expect(try times(text) == expected)
}

@Test(
    "integer: anything but a plain whole number is a usage error naming the option",
    arguments: ["abc", "1.5", "1.0", "", "1e3", " 5", "5 ", "1,000", "--5", "0x10", "\u{0663}", "12abc"])
func integerBad(_ text: String) {
    do {
        let value = try times(text)
        Issue.record("expected an error, got \(String(describing: value))")
    } catch {
        #expect(error.exitCode == .usage)
        #expect(error.message == "invalid value '\(text)' for --times: expected a whole number")
        #expect(error.usageCommandPath == ["inc"])
    }
}

@Test(
    "integer: a number too large for Int64 is a data error naming the option",
    arguments: ["9223372036854775808", "99999999999999999999", "-9223372036854775809"])
func integerOverflow(_ text: String) {
    do {
        let value = try times(text)
        Issue.record("expected an error, got \(String(describing: value))")
    } catch {
        #expect(error.exitCode == .dataError)
        #expect(error.message == "invalid value '\(text)' for --times: too large for a 64-bit number")
        #expect(error.usageCommandPath == nil)
    }
}

@Test("integer: Int64.min is a 64-bit number")
func integerMinimum() {
    let value = try? times("-9223372036854775808")
    #expect(value == Int64.min)
}

@Test("integer: a range is enforced and named", arguments: ["0", "101", "-1"])
func integerOutOfRange(_ text: String) {
    do {
        let value = try times(text, in: 1...100)
        Issue.record("expected an error, got \(String(describing: value))")
    } catch {
        #expect(error.exitCode == .usage)
        #expect(error.message == "invalid value '\(text)' for --times: must be from 1 to 100")
        #expect(error.usageCommandPath == ["inc"])
    }
}

@Test func integerRangeBoundsAreInclusive() throws {
    #expect(try times("1", in: 1...100) == 1)
    #expect(try times("100", in: 1...100) == 100)
}

@Test func integerOfAnAbsentOptionIsNil() throws {
    guard case .run(let parsed) = try SampleSpec.parser.parse(["inc", "x"]) else {
        Issue.record("expected .run")
        return
    }
    #expect(try parsed.integer("times") == nil)
    #expect(try parsed.integer("times", in: 1...2) == nil)
}

@Test func integerArgumentNamesTheArgument() throws {
    guard case .run(let good) = try SampleSpec.parser.parse(["add", "x", "-12"]),
        case .run(let bad) = try SampleSpec.parser.parse(["add", "x", "2.5"]),
        case .run(let absent) = try SampleSpec.parser.parse(["new"])
    else {
        Issue.record("expected .run")
        return
    }
    #expect(try good.integerArgument("AMOUNT") == -12)
    #expect(try absent.integerArgument("NAME") == nil)
    do {
        _ = try bad.integerArgument("AMOUNT")
        Issue.record("expected an error")
    } catch {
        #expect(error.exitCode == .usage)
        #expect(error.message == "invalid value '2.5' for AMOUNT: expected a whole number")
        #expect(error.usageCommandPath == ["add"])
    }
    do {
        _ = try good.integerArgument("AMOUNT", in: 0...10)
        Issue.record("expected an error")
    } catch {
        #expect(error.message == "invalid value '-12' for AMOUNT: must be from 0 to 10")
    }
}

// MARK: - Spec navigation

@Test func subcommandLookupByNameAndAlias() {
    #expect(SampleSpec.root.subcommand(named: "inc")?.name == "inc")
    #expect(SampleSpec.root.subcommand(named: "increment")?.name == "inc")
    #expect(SampleSpec.root.subcommand(named: "nosuch") == nil)
    #expect(SampleSpec.root.descendant(at: ["config", "get"])?.name == "get")
    #expect(SampleSpec.root.descendant(at: [])?.name == "tally")
    #expect(SampleSpec.root.descendant(at: ["config", "nosuch"]) == nil)
}

// Issue 12, item 21: a value that was not UTF-8 is refused, unless it names a file.

@Test func aNameThatWasNotUTF8IsADataError() {
    let name = LosslessText.decode([0x62, 0xFF])
    do {
        _ = try SampleSpec.parser.parse(["new", name])
        Issue.record("accepted a name that is not UTF-8")
    } catch {
        #expect(error.exitCode == .dataError)
        #expect(error.message.contains("NAME is not valid UTF-8"))
    }
    #expect(throws: CLIError.self) { try SampleSpec.parser.parse(["new", "--tag", name, "x"]) }
}

@Test func aFileNameThatWasNotUTF8IsKeptByteForByte() throws {
    let path = LosslessText.decode([0x2F, 0x74, 0xFE, 0x2E, 0x6A])
    guard case .run(let parsed) = try SampleSpec.parser.parse(["--file", path, "import", path]) else {
        Issue.record("not a run")
        return
    }
    #expect(parsed.value("file").map(LosslessText.encode) == [0x2F, 0x74, 0xFE, 0x2E, 0x6A])
    #expect(parsed.argument("FILE") == path)
}
