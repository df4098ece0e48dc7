// The command spec of tally: the single source of its parsing, help, man page and
// completions.

import MoneyKitCLI
import TallyKit

enum TallySpec {
    static let name = ArgumentSpec("NAME", help: "The counter's name (quote it if it has spaces; letter case ignored, see Names).", completion: .dynamic(["list", "--names"]))

    static let root = CommandSpec(
        name: "tally",
        abstract: "named counters with a step, for people at a terminal and for scripts",
        discussion: """
            Keeps any number of named counters. Each has a count, a start value it resets to, \
            a step (negative allowed) that inc adds and dec subtracts, a creation date and a pin. \
            Pinned counters list first, then the newest.

            Commands that change a count print the new count alone, so $(tally inc NAME) works \
            in scripts. Every change can be undone with 'tally undo', a removal included. Counts \
            and steps are 64-bit integers: a change that would overflow is refused (exit 65) and \
            nothing is stored.

            Counters live in one JSON file (see FILES), changed under a lock and replaced \
            atomically, so concurrent invocations never lose an update.

            \(SharedConventions.undo("tally"))

            \(SharedConventions.names(of: "a counter"))
            """,
        options: [
            file,
            StandardOptions.color,
        ],
        subcommands: [],  // assembled from TallyCommandTree
        defaultSubcommand: "list",
        examples: [
            ExampleSpec("tally new coffee", "Create a counter called coffee, counting from 0 by 1."),
            ExampleSpec("tally inc coffee", "Add one and print the new count."),
            ExampleSpec("tally new push-ups --step 10 --pin", "A pinned counter that goes up by 10."),
            ExampleSpec("tail -f /var/log/app.log | grep --line-buffered ERROR | tally feed errors", "Count error lines as they arrive."),
            ExampleSpec("n=$(tally get coffee); echo \"$n cups\"", "Use a count in a script."),
            ExampleSpec("tally export > counters.json && tally import --on-clash replace counters.json", "Back up and restore."),
        ],
        environment: [EnvironmentSpec("TALLY_FILE", "The counters file, when --file is not given.")]
            + StandardOptions.xdgEnvironment(["data"]) + StandardOptions.environment,
        files: [
            FileSpec("$XDG_DATA_HOME/tally/counters.json", "The counters (default ~/.local/share/tally/counters.json). JSON: {\"format\": \"tally\", \"version\": 1, \"content\": {\"counters\": [{\"name\", \"count\", \"start\", \"step\", \"pinned\", \"created\", \"serial\"}], \"nextSerial\", \"undo\": [...]}}. Mode 0600 in a 0700 folder. A change locks the file itself (flock) while it writes a new copy beside it (.counters.json.tmp-RANDOM) and renames it into place."),
        ],
        exitStatus: [
            ExitStatusSpec(.ok), ExitStatusSpec(.usage),
            ExitStatusSpec(.dataError, "Bad input: an overflow, a duplicate name, an unreadable import, or a corrupt or newer store."),
            ExitStatusSpec(.noInput, "No counter of that name, or the import file cannot be read."),
            ExitStatusSpec(.cannotCreate), ExitStatusSpec(.ioError), ExitStatusSpec(.busy), ExitStatusSpec(.configuration),
        ],
        security: StandardOptions.security()
    )

    // MARK: options, each default spelled once (here)

    static let file = OptionSpec.option(
        "file", value: "PATH", help: "The counters file (default $TALLY_FILE, else $XDG_DATA_HOME/tally/counters.json).", global: true,
        completion: .file)

    static let format = TypedOption<OutputFormat>.choice(OutputFormat.option())
    static let namesOnly = OptionSpec.flag("names", help: "Print only the names, one a line.")
    static let start = wholeNumber(.option("start", value: "N", help: "The start value and first count.", default: "0"))
    static let newStep = wholeNumber(.option("step", value: "N", help: "What inc adds; not 0, may be negative.", default: "1"))
    static let pin = OptionSpec.flag("pin", help: "Pin the new counter.")
    static let incrementTimes = wholeNumber(
        .option("times", short: "n", value: "K", help: "Add the step K times.", default: "1"), in: 1...Int64.max)
    static let decrementTimes = wholeNumber(
        .option("times", short: "n", value: "K", help: "Subtract the step K times.", default: "1"), in: 1...Int64.max)
    static let exportFormat = TypedOption<OutputFormat>.choice(
        .option("format", value: "FORMAT", help: "json or csv.", default: "json", allowed: ["json", "csv"]))
    static let onClash = TypedOption<ClashPolicy>.choice(
        .option(
            "on-clash", value: "WHAT", help: "What to do when a name exists: error, skip, replace, rename.", default: "error",
            allowed: ClashPolicy.allCases.map { $0.rawValue }))

    /// An option holding a whole number in `range`, read as `TypedOption.integer` reads it.
    /// Plain digits (every default, most values typed) are read directly: `tally inc`
    /// reads its default `--times 1` on every start, and the strict reader's first use
    /// costs about 400 k instructions. Anything else, and any number out of `range`,
    /// goes to the strict reader, which accepts or refuses it with its own message.
    static func wholeNumber(_ spec: OptionSpec, in range: ClosedRange<Int64>? = nil) -> TypedOption<Int64> {
        let strict = TypedOption.integer(spec, in: range)
        // Plain bounds, not the range: a generic range's first use costs as much as the parse saved.
        let lowest = range?.lowerBound ?? Int64.min, highest = range?.upperBound ?? Int64.max
        return TypedOption(spec) { text, arguments throws(CLIError) in
            if let value = plainDigits(text), value >= lowest, value <= highest { return value }
            guard let value = try arguments.value(strict) else { return 0 }  // not reached: the option has a value
            return value
        }
    }

    /// `text` as a number when it is 1 to 18 ASCII digits (which cannot overflow), else nil.
    static func plainDigits(_ text: String) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    // MARK: the subcommands, in the order --help lists them (see TallyCommandTree)

    static let list = CommandSpec(
        name: "list", abstract: "List the counters: pinned first, then newest first", aliases: ["ls"],
        options: [format.spec, namesOnly])

    static let new = CommandSpec(
        name: "new", abstract: "Create a counter and print its name",
        discussion: "Without NAME the counter is called 'New Counter N', N the smallest number not in use.",
        aliases: ["create"],
        options: [start.spec, newStep.spec, pin],
        arguments: [ArgumentSpec("NAME", help: "The new counter's name.", optional: true)])

    static let get = CommandSpec(name: "get", abstract: "Print a counter's count alone", arguments: [name])

    static let inc = CommandSpec(
        name: "inc", abstract: "Add the step and print the new count", aliases: ["increment", "up"],
        options: [incrementTimes.spec],
        arguments: [name])

    static let dec = CommandSpec(
        name: "dec", abstract: "Subtract the step and print the new count", aliases: ["decrement", "down"],
        options: [decrementTimes.spec],
        arguments: [name])

    static let add = CommandSpec(
        name: "add", abstract: "Add an amount (negative to subtract), ignoring the step",
        arguments: [name, ArgumentSpec("AMOUNT", help: "A whole number, e.g. 5 or -3.")])

    static let set = CommandSpec(
        name: "set", abstract: "Set the count",
        arguments: [name, ArgumentSpec("VALUE", help: "The new count, a whole number.")])

    static let reset = CommandSpec(name: "reset", abstract: "Put the count back to the start value", arguments: [name])

    static let rename = CommandSpec(
        name: "rename", abstract: "Rename a counter", aliases: ["mv"],
        arguments: [name, ArgumentSpec("NEW", help: "The new name.")])

    static let stepCommand = CommandSpec(
        name: "step", abstract: "Change a counter's step",
        arguments: [name, ArgumentSpec("N", help: "The new step; not 0, may be negative.")])

    static let pinCommand = CommandSpec(name: "pin", abstract: "Pin a counter to the top of the list", arguments: [name])

    static let unpin = CommandSpec(name: "unpin", abstract: "Unpin a counter", arguments: [name])

    static let rm = CommandSpec(
        name: "rm", abstract: "Delete counters (asks on a terminal; --force otherwise)", aliases: ["remove", "delete"],
        options: [StandardOptions.force],
        arguments: [ArgumentSpec("NAME", help: "The counters to delete.", repeating: true, completion: .dynamic(["list", "--names"]))])

    static let undo = CommandSpec(
        name: "undo", abstract: "Revert the last change, a delete included",
        discussion: "Up to \(SQLiteTallyRepository.undoLimit) changes are remembered: each command is one change (an import or a removal of several counters included). Each undo reverts one, says what it was, and removes the events it recorded from the log. Older changes stay in the log but can no longer be undone.")

    static let show = CommandSpec(name: "show", abstract: "Show everything about one counter", options: [format.spec], arguments: [name])

    static let export = CommandSpec(
        name: "export", abstract: "Write all counters as JSON or CSV to standard output",
        discussion: "The export holds everything (name, count, start, step, pin, creation time), so 'tally import' restores it exactly. In CSV a value that a spreadsheet would run as a formula, or that starts with a quote, gets one leading quote (') that import removes.",
        options: [exportFormat.spec])

    static let importCounters = CommandSpec(
        name: "import", abstract: "Read counters from a tally export (JSON or CSV)",
        discussion: "The format is recognised from the content. A name that already exists is a clash: by default nothing is imported and the clashes are listed; --on-clash skip keeps the existing counter, replace overwrites it, rename imports under 'NAME (2)'. One 'tally undo' reverts the whole import.",
        options: [onClash.spec],
        arguments: [ArgumentSpec("FILE", help: "The export to read, or - for standard input.", completion: .file)])

    static let tap = CommandSpec(
        name: "tap", abstract: "A full-screen counter to tap with the keyboard",
        discussion: "Space, Enter, + or Up add a step; Backspace, - or Down take one away; u undoes; q, Esc or Ctrl-C quits. Every change is saved before the screen shows it. Needs a terminal.",
        arguments: [name])

    static let feed = CommandSpec(
        name: "feed", abstract: "Add one step per line read from standard input",
        discussion: "For pipelines: tail -f log | grep ERROR | tally feed errors. Saves at least every 100 ms, at the end of input, and on SIGINT, SIGTERM or SIGHUP, so nothing read is lost; then prints the final count. After such a signal it ends by that signal once saved (the shell shows status 130 for Ctrl-C), so a script's loop stops as it expects.",
        arguments: [name])
}
