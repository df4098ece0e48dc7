// portfolio's undo steps are stamped by the run's clock (issue 27, item 5 review), as
// tally's and tillcount's are: `undo --dry-run` says when the step was made, and on an
// injected clock of 2023 that is 2023, not the machine's day.

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
}
