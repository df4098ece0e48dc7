// tally's command tree: every leaf has a handler, every handler a spec, and the tree has
// none of the defects ToolCommand knows (a default subcommand it does not hold, a name
// given twice). The columns scripts get are the fields import reads back.

@testable import tally
import MoneyKitCLI
import TallyKit
import Testing

@Suite struct TallyCommandTreeTests {
    @Test func everyLeafHasAHandlerAndTheTreeHasNoDefects() {
        let tree = TallyCommandTree.make()
        #expect(tree.defects == [])
        let leaves = tree.leafPaths
        #expect(leaves.count == tree.spec.subcommands.count)
        for path in leaves { #expect(tree.handler(at: path) != nil, "\(path)") }
        #expect(leaves.map { $0.joined(separator: " ") } == [
            "list", "new", "get", "inc", "dec", "add", "set", "reset", "rename", "step", "pin", "unpin", "rm", "undo",
            "show", "export", "import", "tap", "feed",
        ])
        #expect(tree.handler(at: ["nope"]) == nil)
    }

    @Test func theSpecIsTheTreesSpec() {
        let tree = TallyCommandTree.make()
        #expect(tree.spec.name == "tally")
        #expect(tree.spec.defaultSubcommand == "list")
        #expect(tree.spec.subcommands.map(\.name) == tree.subcommands.map(\.spec.name))
    }

    @Test func scriptColumnsAreTheExportFields() {
        #expect(CounterColumns.forScripts.columns.map(\.key) == CounterExport.fieldNames)
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
