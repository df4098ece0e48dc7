// tally's command tree: every leaf has a handler, every handler a spec, and the tree has
// none of the defects ToolCommand knows (a default subcommand it does not hold, a name
// given twice). The columns scripts get are the fields import reads back.

@testable import tally
import MoneyKitCLI
import TallyKit
import Testing

@Suite struct TallyCommandTreeTests {
    @Test func everyLeafHasAHandlerAndTheTreeHasNoDefects() {
        let tree = TallyCommandTree.tree
        #expect(tree.defects == [])
        let leaves = tree.leafPaths
        // Every command the spec describes (a group's subcommands in its place) is a leaf.
        func specLeaves(_ spec: CommandSpec) -> Int { spec.subcommands.isEmpty ? 1 : spec.subcommands.map(specLeaves).reduce(0, +) }
        #expect(leaves.count == specLeaves(tree.spec))
        for path in leaves { #expect(tree.handler(at: path) != nil, "\(path)") }
        // `tally` alone is `tally list`: only the leaves run.
        #expect(tree.runnablePaths == leaves)
        #expect(tree.handler(at: []) == nil)
        #expect(leaves.map { $0.joined(separator: " ") } == [
            "list", "new", "get", "inc", "dec", "add", "set", "reset", "rename", "step", "pin", "unpin", "rm", "undo",
            "show", "log", "stats", "day-starts", "export", "import", "tap", "board", "feed", "goal", "bounds", "tag", "untag", "retag", "sum",
            "db init", "db copy",
        ])
        #expect(tree.handler(at: ["nope"]) == nil)
    }

    @Test func theSpecIsTheTreesSpec() {
        let tree = TallyCommandTree.tree
        #expect(tree.spec.name == "tally")
        #expect(tree.spec.defaultSubcommand == "list")
        #expect(tree.spec.subcommands.map(\.name) == tree.subcommands.map(\.spec.name))
    }

    @Test func scriptColumnsAreTheExportFields() {
        #expect(CounterColumns.forScripts.columns.map(\.key) == CounterExport.fieldNames)
        #expect(CounterColumns.forDelimited.columns.map(\.header) == CounterExport.fieldNames)
        #expect(CounterColumns.forPeople.columns.map(\.layout.title) == ["", "NAME", "COUNT", "STEP"])
    }

    @Test func wholeNumbersReadDirectlyOnlyWhenPlain() {
        #expect(TallySpec.plainDigits("1") == 1)
        #expect(TallySpec.plainDigits("007") == 7)
        #expect(TallySpec.plainDigits("999999999999999999") == 999_999_999_999_999_999)
        #expect(TallySpec.plainDigits("1000000000000000000") == nil)  // 19 digits: the strict reader decides
        #expect(TallySpec.plainDigits("") == nil)
        #expect(TallySpec.plainDigits("-1") == nil)
        #expect(TallySpec.plainDigits("+1") == nil)
        #expect(TallySpec.plainDigits("1.0") == nil)
        #expect(TallySpec.plainDigits("١") == nil)
    }
}

/// TallyKit's errors as tally reports them: the words and exit codes tally has always
/// used (the end-to-end refusal tests check them through the process).
@Suite struct TallyErrorMessageTests {
    @Test(arguments: [
        (TallyError.countOverflow(counter: "x", count: .max, delta: 1), ExitCode.dataError,
         "count of 'x' would overflow: 9223372036854775807 + 1 is beyond the 64-bit range"),
        (.stepsOverflow(times: -3, step: 4), .dataError, "-3 steps of 4 overflow the 64-bit range"),
        (.zeroStep, .usage, "the step cannot be 0"),
        (.invalidName("", .empty), .usage, "a counter name cannot be empty or only spaces"),
        (.invalidName("a\u{7}", .control("\u{7}")), .dataError,
         "a counter name cannot contain control characters (tab, newline, ESC, …) or invisible characters (zero-width spaces and joiners, soft hyphens, direction marks, …) (found U+0007)"),
        (.notFound("cofee", known: ["coffee"]), .noInput, "no counter named 'cofee'"),
        (.ambiguousName("a", matches: ["a", "A"]), .noInput, "'a' matches several counters: 'a', 'A'"),
        (.nameTaken("X", existing: "x"), .dataError, "a counter named 'x' (the same name in another case) already exists"),
        (.nothingToUndo, .noInput, "nothing to undo"),
        (.lastChangeConcernsAnotherCounter(action: "inc o"), .dataError, "the last change was to another counter (inc o); use 'tally undo'"),
        (.importClashes(source: "f", names: ["a", "b", "c", "d", "e", "f"]), .dataError,
         "6 counters in f already exist: 'a', 'b', 'c', 'd', 'e', …; nothing was imported"),
        (.importInvalidName(place: "f: row 2", name: " a", fault: .edgeSpace), .dataError, "f: row 2: the counter name cannot start or end with a space"),
    ])
    func eachErrorHasItsMessageAndExitCode(error: TallyError, exitCode: ExitCode, message: String) {
        #expect(error.cliError.exitCode == exitCode)
        #expect(error.cliError.message == message)
    }

    @Test func hintsSayWhatToDo() {
        #expect(TallyError.notFound("cofee", known: ["coffee"]).cliError.hint == "did you mean 'coffee'?")
        #expect(TallyError.notFound("tea", known: []).cliError.hint == "there are no counters yet; create one with 'tally new tea'")
        #expect(TallyError.zeroStep.cliError.hint == "use a positive or negative whole number")
        #expect(CLIError.tally(TallyError.nothingToUndo).exitCode == .noInput)
    }
}
