// billsplit's command tree, in process: every command the spec describes has a handler,
// every handler a spec, and the spec the tool parses with is the one assembled from the
// tree (so --help, the man page and the dispatch cannot drift apart).

import Testing
import MoneyKitCLI
@testable import billsplit

@Suite struct BillsplitCommandTreeTests {
    @Test func theTreeHasNoDefects() {
        #expect(BillsplitCommandTree.tree.defects == [])
    }

    @Test func everyCommandOfTheSpecHasAHandler() {
        let tree = BillsplitCommandTree.tree
        #expect(tree.leafPaths == [["prefs"], ["items"]])
        for path in tree.leafPaths {
            #expect(tree.handler(at: path) != nil, "\(path)")
        }
        // Every subcommand the assembled spec lists is a leaf of the tree, and the root
        // (billsplit AMOUNT) has a handler of its own.
        #expect(tree.spec.subcommands.map { [$0.name] } == tree.leafPaths)
        #expect(tree.runnablePaths == [[], ["prefs"], ["items"]])
        #expect(tree.handler(at: []) != nil)
        #expect(tree.handler(at: ["nope"]) == nil)
    }

    @Test func theAssembledSpecIsTheRootWithItsSubcommands() {
        let tree = BillsplitCommandTree.tree
        #expect(tree.spec.name == "billsplit")
        #expect(tree.spec.subcommands == [BillsplitSpec.prefs, BillsplitSpec.items])
        var withoutSubcommands = tree.spec
        withoutSubcommands.subcommands = []
        #expect(withoutSubcommands == BillsplitSpec.root)
    }

    /// Each typed option is listed in the spec it is read from.
    @Test func everyTypedOptionIsInItsCommandsSpec() {
        let root = BillsplitSpec.root.options
        for option in [BillsplitOptions.tip.spec, BillsplitOptions.people.spec, BillsplitOptions.currency.spec,
                       BillsplitOptions.weights.spec, BillsplitOptions.roundUp.spec, BillsplitOptions.locale.spec,
                       BillsplitOptions.format.spec, BillsplitOptions.config.spec, BillsplitOptions.noSave] {
            #expect(root.contains(option), "\(option.long)")
        }
        #expect(BillsplitSpec.prefs.options.contains(BillsplitOptions.prefsFormat.spec))
        #expect(BillsplitSpec.prefs.options.contains(BillsplitOptions.reset))
        for option in [BillsplitOptions.people.spec, BillsplitOptions.tip.spec, BillsplitOptions.currency.spec,
                       BillsplitOptions.locale.spec, BillsplitSpec.itemsFormat.spec] {
            #expect(BillsplitSpec.items.options.contains(option), "\(option.long)")
        }
    }
}
