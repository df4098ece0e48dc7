// --help text and usage lines rendered from SampleSpec.

import Testing
@testable import MoneyKitCLI

private let renderer = HelpRenderer(root: SampleSpec.root, width: 80)

/// The help text's line that starts (after indentation) with `prefix`, if any.
private func line(startingWith prefix: String, in help: String) -> String? {
    help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        .first { $0.drop { $0 == " " }.hasPrefix(prefix) }
}

@Test(
    "Usage lines show arguments, optional and repeating markers, and options",
    arguments: [
        ([String](), "tally [COMMAND] [OPTIONS]"),
        (["inc"], "tally inc NAME [--times K] [OPTIONS]"),
        (["new"], "tally new [NAME] [--start N] [--step N] [-t TAG] [OPTIONS]"),
        (["add"], "tally add NAME AMOUNT [OPTIONS]"),
        (["rm"], "tally rm [NAME] [-f] [-a] [OPTIONS]"),
        (["set"], "tally set TOKEN... [-n COUNT] [OPTIONS]"),
        (["show"], "tally show NAME [--format FORMAT] [OPTIONS]"),
        (["list"], "tally list [OPTIONS]"),  // more than three own options
        (["config"], "tally config COMMAND [OPTIONS]"),  // a group without a default
        (["config", "get"], "tally config get KEY [OPTIONS]"),
    ])
func usageLine(_ path: [String], _ expected: String) {
    #expect(renderer.usage(path) == expected)
}

@Test func usageShowsThePathWordsAsGiven() {
    // The parser always hands over canonical names; an alias path still finds the command.
    #expect(renderer.usage(["increment"]) == "tally increment NAME [--times K] [OPTIONS]")
    #expect(renderer.usage(["nosuch"]) == "tally nosuch")
}

@Test func usageWithoutGlobalOptionsHasNoOptionsMarker() {
    let spec = CommandSpec(
        name: "tool", abstract: "t",
        subcommands: [CommandSpec(name: "go", abstract: "g", options: [.flag("fast", help: "quick")])])
    let plain = HelpRenderer(root: spec)
    #expect(plain.usage(["go"]) == "tool go [--fast]")
    #expect(plain.usage([]) == "tool COMMAND")
}

@Test func synopsisOfOptions() {
    #expect(HelpRenderer.synopsis(.flag("force", short: "f", help: "")) == "-f")
    #expect(HelpRenderer.synopsis(.flag("all", help: "")) == "--all")
    #expect(HelpRenderer.synopsis(.option("times", value: "K", help: "")) == "--times K")
    #expect(HelpRenderer.synopsis(.option("count", short: "n", value: "COUNT", help: "")) == "-n COUNT")
}

@Test func commandLineJoinsTheToolAndPath() {
    #expect(renderer.commandLine([]) == "tally")
    #expect(renderer.commandLine(["config", "get"]) == "tally config get")
}

@Test func optionsAtAPathIncludeInheritedGlobals() {
    let names = renderer.options(at: ["config", "get"]).map(\.long)
    #expect(names == ["file", "color"])
    #expect(renderer.options(at: ["inc"]).map(\.long) == ["times", "file", "color"])
    #expect(renderer.options(at: []).map(\.long) == ["file", "color", "trace"])
}

@Test func rootHelpShowsEverySection() {
    let help = renderer.help([])
    #expect(help.hasPrefix("tally - named counters with a step\n\nUsage: tally [COMMAND] [OPTIONS]\n"))
    #expect(help.hasSuffix("See 'tally help COMMAND' or 'tally COMMAND --help' for more on a command.\n"))
    // Discussion, as paragraphs.
    #expect(help.contains("Each counter has a name, a value and a step."))
    #expect(help.contains("under a lock.\n\nWith no command, tally lists the counters.\n"))
    // Commands: default marked, aliases shown, hidden left out.
    #expect(help.contains("\nCommands:\n"))
    #expect(line(startingWith: "list ", in: help) == "  list    List the counters (default)")
    #expect(line(startingWith: "inc ", in: help) == "  inc     Add the step to a counter (also: increment)")
    #expect(line(startingWith: "config ", in: help) == "  config  Read the configuration")
    #expect(!help.contains("doctor"))
    // Options: globals, --help and --version; hidden left out.
    #expect(line(startingWith: "--file", in: help) == "      --file PATH   The store to use.")
    #expect(line(startingWith: "-h, --help", in: help) == "  -h, --help        Show this help and exit.")
    #expect(line(startingWith: "--version", in: help) == "      --version     Show the version and exit.")
    #expect(!help.contains("--trace"))
    // Examples and environment.
    #expect(help.contains("\nExamples:\n  $ tally new coffee --step 2\n    Create a counter called coffee that counts in twos.\n"))
    #expect(help.contains("  $ tally inc coffee\n    Add the step to coffee.\n"))
    #expect(help.contains("\nEnvironment:\n  NO_COLOR  When set and not empty, no colour (unless --color always).\n"))
}

@Test func subcommandHelpShowsArgumentsAndOptions() {
    let help = renderer.help(["inc"])
    #expect(help.hasPrefix("tally inc - Add the step to a counter\n\nUsage: tally inc NAME [--times K] [OPTIONS]\n"))
    #expect(help.contains("\nArguments:\n  NAME  The counter.\n"))
    #expect(line(startingWith: "--times", in: help) == "      --times K     Add the step K times. (default: 1)")
    #expect(line(startingWith: "--file", in: help) != nil)  // inherited global
    #expect(line(startingWith: "-h, --help", in: help) != nil)
    #expect(!help.contains("--version"))  // only at the root
    #expect(!help.contains("Commands:"))
    #expect(!help.contains("Environment:"))  // only at the root
    #expect(!help.contains("See 'tally"))
}

@Test func repeatingArgumentIsMarkedInHelp() {
    let help = renderer.help(["set"])
    #expect(help.contains("\nArguments:\n  TOKEN...  A NAME=VALUE pair.\n"))
    #expect(line(startingWith: "-n, --count COUNT", in: help) != nil)
}

@Test func groupHelpListsItsCommands() {
    let help = renderer.help(["config"])
    #expect(help.contains("\nCommands:\n  get   Print one setting\n  path  Print the configuration file's path\n"))
    let flattened = help.split(separator: "\n").suffix(2).joined(separator: " ")
    #expect(flattened.hasSuffix("See 'tally config help COMMAND' or 'tally config COMMAND --help' for more on a command."))
}

@Test func helpOfAnUnknownPathIsEmpty() {
    #expect(renderer.help(["nosuch"]) == "")
}

@Test func allowedValuesAreListedWhenTheHelpDoesNotMentionThem() {
    let spec = CommandSpec(
        name: "tool", abstract: "t",
        options: [
            .option("mode", value: "MODE", help: "How to run.", allowed: ["fast", "slow"]),
            .option("sort", value: "KEY", help: "Sort by name or value.", allowed: ["name", "value"]),
        ])
    let help = HelpRenderer(root: spec).help([])
    #expect(line(startingWith: "--mode", in: help) == "      --mode MODE  How to run. One of: fast, slow.")
    #expect(line(startingWith: "--sort", in: help) == "      --sort KEY   Sort by name or value.")
}

@Test func allowedValuesAreListedWhenTheHelpMentionsOnlyTheDefault() {
    // list's --format help is "Output format (default text)." and allows text, json, csv, tsv.
    let formatLine = line(startingWith: "--format", in: renderer.help(["list"])) ?? ""
    #expect(formatLine.contains("json"))
    #expect(formatLine.contains("csv"))
}

@Test func defaultsWrittenIntoTheHelpAreShown() {
    let help = renderer.help(["list"])
    #expect(help.contains("(default text)"))
    #expect(renderer.help(["new"]).contains("(default: a generated one)"))
}

@Test func defaultValuesOfOptionsAreShown() {
    // --start has defaultValue "0", --step "1", --times "1"; none is in the help text.
    let newHelp = renderer.help(["new"])
    let incHelp = renderer.help(["inc"])
    #expect(line(startingWith: "--start", in: newHelp)?.contains("0") == true)
    #expect(line(startingWith: "--step", in: newHelp)?.contains("1") == true)
    #expect(line(startingWith: "--times", in: incHelp)?.contains("1") == true)
}

@Test func widthIsClampedFrom40To100() {
    #expect(HelpRenderer(root: SampleSpec.root, width: 10).width == 40)
    #expect(HelpRenderer(root: SampleSpec.root, width: 500).width == 100)
    #expect(HelpRenderer(root: SampleSpec.root, width: 72).width == 72)
}

@Test("Wrapped help text fits the width", arguments: [40, 50, 60, 80])
func wrappedTextFitsWidth(_ width: Int) {
    let narrow = HelpRenderer(root: SampleSpec.root, width: width)
    for path in [[], ["list"], ["new"], ["inc"], ["set"], ["config"]] as [[String]] {
        // The title line ("tally set - …") is checked in fixedLinesFitTheNarrowestWidth.
        let lines = narrow.help(path).split(separator: "\n").dropFirst().map(String.init)
        for line in lines where !line.hasPrefix("Usage: ") && !line.hasPrefix("  $ ") && !line.hasPrefix("See '") {
            #expect(DisplayWidth.of(line) <= width, "\(path) at \(width): '\(line)'")
        }
    }
    // At 80 columns the 75-column discussion paragraph is wrapped; at 40 it takes more lines.
    let wide = HelpRenderer(root: SampleSpec.root, width: 80).help([]).split(separator: "\n").count
    let tight = HelpRenderer(root: SampleSpec.root, width: 40).help([]).split(separator: "\n").count
    #expect(tight > wide)
}

@Test func fixedLinesFitTheNarrowestWidth() {
    let narrow = HelpRenderer(root: SampleSpec.root, width: 40)
    let setLines = narrow.help(["set"]).split(separator: "\n").map(String.init)
    let rootLines = narrow.help([]).split(separator: "\n").map(String.init)
    // The title wraps onto a second line; the closing "See …" sentence onto several.
    #expect(setLines.prefix(2).joined(separator: " ") == "tally set - Set counters from NAME=VALUE tokens")
    let seeStart = rootLines.lastIndex { $0.hasPrefix("See 'tally help COMMAND'") }
    #expect(seeStart != nil)
    for line in setLines.prefix(2) + rootLines[(seeStart ?? rootLines.endIndex)...] {
        #expect(DisplayWidth.of(line) <= 40, "'\(line)'")
    }
}

@Test func wrapBreaksAtWordsWithinTheWidth() {
    #expect(HelpRenderer.wrap("aaa bbb ccc", width: 7, indent: 0) == ["aaa bbb", "ccc"])
    #expect(HelpRenderer.wrap("aaa bbb ccc", width: 9, indent: 2) == ["  aaa bbb", "  ccc"])
    #expect(HelpRenderer.wrap("aaa bbb", width: 40, indent: 4) == ["    aaa bbb"])
    // A word longer than the width stands alone rather than being cut.
    #expect(HelpRenderer.wrap("a supercalifragilistic b", width: 10, indent: 0) == ["a", "supercalifragilistic", "b"])
    // Newlines are kept; lines starting with two spaces are preformatted.
    #expect(HelpRenderer.wrap("one\n  keep   this\ntwo", width: 40, indent: 2) == ["  one", "    keep   this", "  two"])
    #expect(HelpRenderer.wrap("", width: 40, indent: 3) == ["   "])
}

@Test func wrapMeasuresDisplayColumnsNotCharacters() {
    // "日本 日本 日本" is 8 characters but 14 columns.
    #expect(HelpRenderer.wrap("日本 日本 日本", width: 10, indent: 0) == ["日本 日本", "日本"])
    #expect(HelpRenderer.wrap("e\u{301}e\u{301} e\u{301}e\u{301}", width: 5, indent: 0) == ["e\u{301}e\u{301} e\u{301}e\u{301}"])
}

@Test func paragraphsSplitOnBlankLines() {
    #expect("a\nb\n\n  \nc\n".paragraphs == ["a\nb", "c"])
    #expect("".paragraphs == [])
}
