// A sample spec shaped like a counter tool, shared by the parser, help and SpecJSON tests.

import MoneyKitCLI

enum SampleSpec {
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
