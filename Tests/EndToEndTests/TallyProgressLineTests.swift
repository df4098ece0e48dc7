// The progress line of tally tap, in-process: the figures, a bar fitted to the width (left
// out when too narrow) and the percentage or "reached".

@testable import tally
import TallyKit
import Testing

@Suite struct TallyProgressLineTests {
    static func counter(count: Int64, start: Int64 = 0, goal: Int64) -> Counter {
        Counter(name: "x", count: count, start: start, step: 1, pinned: false, created: "2026-11-01T10:00:00Z", serial: 1, goal: goal)
    }

    func line(_ counter: Counter, width: Int) throws -> String {
        TapScreen.progressLine(counter, try #require(GoalProgress(counter)), width: width)
    }

    @Test func aBarOnAWideScreen() throws {
        #expect(try line(Self.counter(count: 12, goal: 48), width: 80) == "12/48  [#######-----------------------]  25%")
        #expect(try line(Self.counter(count: 50, goal: 48), width: 80) == "50/48  [##############################]  reached")
    }

    @Test func noBarWhenNarrow() throws {
        #expect(try line(Self.counter(count: 1, goal: 4), width: 15) == "1/4  25%")
    }

    @Test func aCountdownFillsAsItGoesDown() throws {
        #expect(try line(Self.counter(count: 5, start: 10, goal: 0), width: 80) == "5/0  [###############---------------]  50%")
    }
}
