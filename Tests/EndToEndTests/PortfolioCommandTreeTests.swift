// portfolio's commands are one tree of values (PortfolioCommandTree.tree): every command the
// parser, --help and the man page know has its handler, and every handler its spec.

import Testing
import MoneyKitCLI
@testable import portfolio

@Suite struct PortfolioCommandTreeTests {
    @Test func everyLeafCommandHasAHandlerAndEveryHandlerASpec() {
        let tree = PortfolioCommandTree.tree
        #expect(tree.defects.isEmpty, "\(tree.defects)")
        let paths = tree.leafPaths
        #expect(paths.map { $0.joined(separator: " ") } == [
            "dashboard", "add", "update", "list", "show", "chart", "table", "report", "close", "reopen", "rename", "rm",
            "updates list", "updates rm", "import", "export", "undo", "demo", "deposit", "withdraw", "flows list", "flows rm", "returns", "goal",
            "db init", "db copy",
        ])
        for path in paths { #expect(tree.handler(at: path) != nil, "\(path)") }
        // No group runs by itself: 'portfolio' alone is its default, dashboard.
        #expect(tree.runnablePaths == paths)
        // The parser's spec is the tree's: each leaf of the spec is a leaf of the tree.
        func specLeaves(_ spec: CommandSpec, _ path: [String]) -> [[String]] {
            spec.subcommands.isEmpty ? [path] : spec.subcommands.flatMap { specLeaves($0, path + [$0.name]) }
        }
        #expect(specLeaves(tree.spec, []) == paths)
        #expect(tree.handler(at: ["updates"]) == nil)
        #expect(tree.handler(at: ["nothing"]) == nil)
    }
}
