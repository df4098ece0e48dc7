// libFuzzer harness for the argument parser: the input, split on NUL or newline bytes, is
// an argv (without the program name) for ArgumentParser(spec:).parse; then HelpRenderer
// renders help for the parsed (or error) command path and CompletionEngine completes the
// same words. Built by Tests/Fuzz/run.sh together with Sources/MoneyKit/*.swift and
// Sources/MoneyKitCLI/*.swift into one module (so no `import MoneyKitCLI` here).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let words: [String] = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        .flatMap { $0.split(separator: 0x00, omittingEmptySubsequences: false) }
        .map { String(decoding: $0, as: UTF8.self) }
    let argv = size == 0 ? [] : words

    var path: [String] = []
    do {
        switch try FuzzSpec.parser.parse(argv) {
        case .run(let parsed):
            path = parsed.commandPath
            // Typed accessors must not trap on any value.
            for (name, _) in parsed.optionValues {
                _ = parsed.value(name)
                _ = try? parsed.integer(name)
                _ = try? parsed.integer(name, in: 0...100)
            }
            for (name, _) in parsed.argumentValues {
                _ = parsed.argument(name)
                _ = try? parsed.integerArgument(name, in: -5...5)
            }
            if FuzzSpec.root.descendant(at: path) == nil {
                fatalError("parse gave a command path \(path) that is not in the spec for \(argv.debugDescription)")
            }
        case .help(let commandPath):
            path = commandPath
            if FuzzSpec.root.descendant(at: path) == nil {
                fatalError("parse asked for help on \(path), not in the spec, for \(argv.debugDescription)")
            }
        case .version, .dumpHelp:
            break
        }
    } catch {
        _ = error.message
        _ = error.hint
        path = error.usageCommandPath ?? []
    }

    let width = 40 + size % 81
    let renderer = HelpRenderer(root: FuzzSpec.root, width: width)
    _ = renderer.help(path)
    _ = renderer.usage(path)
    _ = CompletionEngine(spec: FuzzSpec.root).complete(argv.isEmpty ? [""] : argv)
    return 0
}

// A sample spec shaped like a counter tool (a copy of Tests/MoneyKitCLITests/SampleSpec.swift).


enum FuzzSpec {
    static let formatValues = ["text", "json", "csv", "tsv"]

    static let list = CommandSpec(
        name: "list", abstract: "List the counters",
        options: [
            .option(
                "format", value: "FORMAT", help: "Output format (default text).", default: "text",
                allowed: formatValues),
            .flag("all", short: "a", help: "Include archived counters."),
            .option("sort", value: "KEY", help: "Sort by name or value.", default: "name", allowed: ["name", "value"]),
            .option("limit", value: "N", help: "Show at most N counters."),
        ])

    static let new = CommandSpec(
        name: "new", abstract: "Create a counter",
        options: [
            .option("start", value: "N", help: "Starting value.", default: "0"),
            .option("step", value: "N", help: "Amount added by each inc.", default: "1"),
            .option("tag", short: "t", value: "TAG", help: "A tag; may be given more than once.", repeating: true),
        ],
        arguments: [ArgumentSpec("NAME", help: "Name of the counter (default: a generated one).", optional: true)])

    static let inc = CommandSpec(
        name: "inc", abstract: "Add the step to a counter", aliases: ["increment"],
        options: [.option("times", value: "K", help: "Add the step K times.", default: "1")],
        arguments: [ArgumentSpec("NAME", help: "The counter.", completion: .dynamic(["list", "--names"]))])

    static let add = CommandSpec(
        name: "add", abstract: "Add an amount to a counter",
        arguments: [
            ArgumentSpec("NAME", help: "The counter."),
            ArgumentSpec("AMOUNT", help: "A number, possibly negative, such as -5 or 2.5."),
        ])

    static let rm = CommandSpec(
        name: "rm", abstract: "Remove a counter",
        options: [
            .flag("force", short: "f", help: "Do it without asking."),
            .flag("all", short: "a", help: "Remove every counter."),
        ],
        arguments: [ArgumentSpec("NAME", help: "The counter.", optional: true)])

    static let importCommand = CommandSpec(
        name: "import", abstract: "Read counters from a CSV file",
        arguments: [ArgumentSpec("FILE", help: "A CSV file, or - for standard input.", completion: .file)])

    static let show = CommandSpec(
        name: "show", abstract: "Show one counter",
        options: [.option("format", value: "FORMAT", help: "Output format.", default: "text", allowed: ["text", "json"])],
        arguments: [ArgumentSpec("NAME", help: "The counter.")])

    static let set = CommandSpec(
        name: "set", abstract: "Set counters from NAME=VALUE tokens",
        options: [.option("count", short: "n", value: "COUNT", help: "Use at most COUNT tokens.")],
        arguments: [ArgumentSpec("TOKEN", help: "A NAME=VALUE pair.", repeating: true)])

    static let config = CommandSpec(
        name: "config", abstract: "Read the configuration",
        subcommands: [
            CommandSpec(name: "get", abstract: "Print one setting", arguments: [ArgumentSpec("KEY", help: "The setting.")]),
            CommandSpec(name: "path", abstract: "Print the configuration file's path"),
        ])

    static let doctor = CommandSpec(name: "doctor", abstract: "Check the store", isHidden: true)

    static let root = CommandSpec(
        name: "tally",
        abstract: "named counters with a step",
        discussion: """
            Each counter has a name, a value and a step. Counters live in one JSON file that \
            every command reads and writes under a lock.

            With no command, tally lists the counters.
            """,
        options: [
            .option("file", value: "PATH", help: "The store to use.", global: true, completion: .file),
            StandardOptions.color,
            .flag("trace", help: "Print internal tracing.", hidden: true),
        ],
        subcommands: [list, new, inc, add, rm, importCommand, show, set, config, doctor],
        defaultSubcommand: "list",
        examples: [
            ExampleSpec("tally new coffee --step 2", "Create a counter called coffee that counts in twos."),
            ExampleSpec("tally inc coffee", "Add the step to coffee."),
        ],
        environment: StandardOptions.environment,
        exitStatus: [ExitStatusSpec(.ok), ExitStatusSpec(.usage), ExitStatusSpec(.dataError)]
    )

    static let parser = ArgumentParser(spec: root)
}
