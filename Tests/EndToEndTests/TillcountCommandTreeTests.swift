// tillcount's commands are one tree of values (TillcountCommandTree.tree): every command the
// parser, --help and the man page know has its handler, and every handler its spec.

import Testing
import MoneyKitCLI
@testable import tillcount

@Suite struct TillcountCommandTreeTests {
    @Test func everyLeafCommandHasAHandlerAndEveryHandlerASpec() {
        let tree = TillcountCommandTree.tree
        #expect(tree.defects.isEmpty, "\(tree.defects)")
        let paths = tree.leafPaths
        #expect(paths.map { $0.joined(separator: " ") } == [
            "show", "set", "add", "sub", "float", "currency", "clear", "undo", "note", "save", "summary", "audit",
            "history list", "history show", "history rm", "history label", "history note", "history export", "tills list", "tills rm", "db init", "db copy", "resume", "report", "deposit", "total", "denominations", "count",
            "sales", "paid-in", "paid-out", "refund", "drop", "movements list", "movements rm", "blind", "tolerance",
        ])
        for path in paths { #expect(tree.handler(at: path) != nil, "\(path)") }
        // No group runs a handler of its own: `tillcount` alone is `show`, `history` alone `history list`.
        #expect(tree.runnablePaths == paths)
        // The parser's spec is the tree's: each leaf of the spec is a leaf of the tree.
        func specLeaves(_ spec: CommandSpec, _ path: [String]) -> [[String]] {
            spec.subcommands.isEmpty ? [path] : spec.subcommands.flatMap { specLeaves($0, path + [$0.name]) }
        }
        #expect(specLeaves(tree.spec, []) == paths)
        #expect(tree.spec.defaultSubcommand == "show")
        #expect(tree.handler(at: ["history"]) == nil)
        #expect(tree.handler(at: ["nothing"]) == nil)
    }
}
