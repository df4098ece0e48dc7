// The man page's footer names the toolkit and its version (.Os), not "BSD" or the host.

@testable import MoneyKitCLI
import Testing

@Test func manualFooterNamesTheToolkitAndVersion() {
    let spec = CommandSpec(name: "demo", abstract: "a demo")
    let page = ManualRenderer(root: spec, date: "November 23, 2026", seeAlso: [], version: "9.8.7").render()
    let lines = page.split(separator: "\n")
    #expect(lines.contains(".Os MoneyKit 9.8.7"))
    #expect(!lines.contains(".Os"))
    let standard = ManualRenderer(root: spec, date: "November 23, 2026", seeAlso: []).render()
    #expect(standard.contains(".Os MoneyKit \(StandardOptions.toolkitVersion)\n"))
}
