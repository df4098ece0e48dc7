// portfolio's undo steps are stamped by the run's clock (issue 27, item 5 review), as
// tally's and tillcount's are: `undo --dry-run` says when the step was made, and on an
// injected clock of 2023 that is 2023, not the machine's day. So are the words today and
// yesterday in an imported file's dates.

import Foundation
import MoneyKitCLI
import Testing
@testable import portfolio

@Suite struct PortfolioUndoClockTests {
    @Test func anUndoStepIsStampedByTheRunsClock() throws {
        let environment = try InjectedClockTests.environment()
        #expect(InjectedClockTests.run(PortfolioTool.self, ["add", "cash", "100", "--currency", "GBP", "--date", "2020-01-01"], environment).code == .ok)
        let preview = InjectedClockTests.run(PortfolioTool.self, ["undo", "--dry-run"], environment)
        #expect(preview.code == .ok)
        #expect((preview.out + preview.err).contains("(made 14 Nov 2023, 22:13)"), "\(preview.out)\(preview.err)")
    }

    @Test func theWordsInAnImportedFileCountFromTheRunsClock() throws {
        let environment = try InjectedClockTests.environment()
        let file = try #require(environment["HOME"]) + "/import.csv"
        try Data("date,account,value,currency\nyesterday,cash,100,GBP\ntoday,cash,105,GBP\n".utf8).write(to: URL(fileURLWithPath: file))
        let imported = InjectedClockTests.run(PortfolioTool.self, ["import", file], environment)
        #expect(imported.code == .ok, "\(imported.err)")
        let export = InjectedClockTests.run(PortfolioTool.self, ["export", "--format", "csv"], environment)
        #expect(export.out == """
            date,account,value,currency
            2023-11-13T00:00:00+00:00,cash,100.00,GBP
            2023-11-14T00:00:00+00:00,cash,105.00,GBP

            """)
    }
}
