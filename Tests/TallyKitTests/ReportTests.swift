// The list report (pinned first, then newest first, ties by creation order) and the
// export (creation order).

import Testing
import TallyKit

@Suite struct ReportTests {
    @Test func theListIsPinnedThenNewestThenLaterCreatedFirst() throws {
        let tally = makeTally(try store([
            counter("old", created: "2026-01-01T00:00:00Z", serial: 1),
            counter("new", created: "2026-06-01T00:00:00Z", serial: 2),
            counter("pinned old", pinned: true, created: "2025-01-01T00:00:00Z", serial: 3),
            counter("same second a", created: "2026-03-01T00:00:00Z", serial: 4),
            counter("same second b", created: "2026-03-01T00:00:00Z", serial: 5),
            counter("pinned new", pinned: true, created: "2026-02-01T00:00:00Z", serial: 6),
            counter("unreadable time", created: "yesterday", serial: 7),
        ]))
        #expect(try tally.list().rows.map(\.name) == [
            "pinned new", "pinned old", "new", "same second b", "same second a", "old", "unreadable time",
        ])
    }

    @Test func countersCreatedTogetherListNewestFirst() throws {
        let tally = makeTally()
        for name in ["a", "b", "c"] { _ = try tally.create(name: name) }
        #expect(try tally.list().rows.map(\.name) == ["c", "b", "a"])
    }

    @Test func anUndoneDeleteReturnsToItsPlace() throws {
        let tally = makeTally(try store([
            counter("a", created: "2026-01-01T00:00:00Z", serial: 1), counter("b", created: "2026-02-01T00:00:00Z", serial: 2),
            counter("c", created: "2026-03-01T00:00:00Z", serial: 3),
        ]))
        try tally.remove(["b"])
        _ = try tally.undo()
        #expect(try tally.list().rows.map(\.name) == ["c", "b", "a"])
    }

    @Test func theExportIsInCreationOrder() throws {
        let tally = makeTally()
        for name in ["first", "second", "third"] { _ = try tally.create(name: name) }
        try tally.setPinned("third", true)
        try tally.rename("first", to: "renamed")
        #expect(try tally.export().counters.map(\.name) == ["renamed", "second", "third"])
        #expect(CounterExport.fieldNames == ["name", "count", "start", "step", "pinned", "created", "goal", "min", "max", "tags", "updated", "from"])
    }

    @Test func anEmptyStoreReportsNothing() throws {
        #expect(try makeTally().list() == CounterList(rows: []))
        #expect(try makeTally().export().counters.isEmpty)
    }

    @Test func theCreationInstantIsReadFromItsText() {
        #expect(counter("a", created: "2026-11-21T10:55:28Z", serial: 1).createdInstant == testNow)
        #expect(counter("a", created: "not a time", serial: 1).createdInstant == nil)
    }
}
