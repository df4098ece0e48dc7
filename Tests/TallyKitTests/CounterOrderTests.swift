// The orders of the list: pinned first in each; name (case ignored), count (highest
// first), created (newest first, the default), updated (latest change first); ties in the
// default order.

import Testing
import TallyKit

@Suite struct CounterOrderTests {
    static let counters = [
        Counter(name: "beta", count: 5, start: 0, step: 1, pinned: false, created: "2026-11-01T10:00:00Z", serial: 1, updated: "2026-11-05T10:00:00Z"),
        Counter(name: "Alpha", count: 9, start: 0, step: 1, pinned: false, created: "2026-11-02T10:00:00Z", serial: 2),
        Counter(name: "gamma", count: 5, start: 0, step: 1, pinned: false, created: "2026-11-03T10:00:00Z", serial: 3),
        Counter(name: "pinned", count: 0, start: 0, step: 1, pinned: true, created: "2026-10-01T10:00:00Z", serial: 4),
        Counter(name: "delta", count: -3, start: 0, step: 1, pinned: false, created: "2026-11-03T10:00:00Z", serial: 5, updated: "garbled"),
    ]

    func names(_ sort: CounterSort) throws -> [String] {
        try makeTally(try store(Self.counters)).list(tags: [], sort: sort).rows.map(\.name)
    }

    @Test func byName() throws {
        #expect(try names(.name) == ["pinned", "Alpha", "beta", "delta", "gamma"])
    }

    @Test func byCountHighestFirstTiesNewestCreatedFirst() throws {
        #expect(try names(.count) == ["pinned", "Alpha", "gamma", "beta", "delta"])
    }

    @Test func byCreatedIsTheDefaultOrder() throws {
        #expect(try names(.created) == ["pinned", "delta", "gamma", "Alpha", "beta"])
        #expect(try names(.created) == (try makeTally(try store(Self.counters)).list().rows.map(\.name)))
    }

    @Test func byUpdatedLatestFirstUnreadableLast() throws {
        // beta changed on the 5th; the others never (updated = created); delta unreadable.
        #expect(try names(.updated) == ["pinned", "beta", "gamma", "Alpha", "delta"])
    }

    @Test func aChangeMovesACounterUpInTheUpdatedOrder() throws {
        let tally = makeTally(try store(Self.counters), seconds: testNow)
        try tally.increment("Alpha")
        #expect(try tally.list(tags: [], sort: .updated).rows.map(\.name).prefix(2) == ["pinned", "Alpha"])
    }
}
