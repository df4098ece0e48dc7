// A run's clock at the edges of what the tools can write (issue 27, item 5 review): before
// 1970, at the last second of 9999 and past it; every tool either uses the instant or
// refuses with a message and a status, never traps.

import Foundation
import MoneyKitCLI
import Testing
@testable import portfolio
@testable import tally
@testable import tillcount

@Suite struct ClockEdgeTests {
    static let clocks: [Double] = [-62_135_596_800, -1e10, -0.5, 0, 253_402_300_799.999, 253_402_300_800, 1e15]

    @Test(arguments: clocks) func everyToolOnAnEdgeClock(_ clock: Double) throws {
        let environment = try InjectedClockTests.environment()
        func run(_ entry: any ToolEntry.Type, _ arguments: [String]) {
            let result = InjectedClockTests.run(entry, arguments, environment, at: clock)
            #expect([0, 1, 64, 65, 66, 73, 74].contains(result.code.rawValue), "\(arguments): \(result.err)")
        }
        run(PortfolioTool.self, ["add", "cash", "100", "--currency", "GBP"])
        run(PortfolioTool.self, ["update", "cash", "105", "--date", "yesterday"])
        run(PortfolioTool.self, ["list", "--format", "csv"])
        run(PortfolioTool.self, ["undo", "--dry-run"])
        run(PortfolioTool.self, ["undo"])
        run(TallyTool.self, ["new", "door"])
        run(TallyTool.self, ["inc", "door"])
        run(TallyTool.self, ["log", "door", "--since", "today", "--format", "csv"])
        run(TallyTool.self, ["undo"])
        run(TillcountTool.self, ["note", "counted at {time} on {date}"])
        run(TillcountTool.self, ["add", "10=2"])
        run(TillcountTool.self, ["save"])
        run(TillcountTool.self, ["report", "--format", "json"])
        run(TillcountTool.self, ["undo"])
    }
}
