// The man page's frame: its footer names the toolkit and version (issue 13, item 12).

import Testing
@testable import MoneyKitCLI

@Suite("Manual renderer") struct ManualRendererTests {
    @Test func theFooterNamesTheToolkitAndItsVersion() {
        let page = ManualRenderer(root: SampleSpec.root, date: "November 22, 2026", seeAlso: []).render()
        let lines = page.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == [".Dd November 22, 2026", ".Dt \(SampleSpec.root.name.uppercased()) 1", ".Os MoneyKit \(StandardOptions.toolkitVersion)"])
        #expect(!lines.contains(".Os"))
    }
}
