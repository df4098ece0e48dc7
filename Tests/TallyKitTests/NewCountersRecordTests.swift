// Where one person keeps the store, the counters a group makes are one undo record per run
// of serials ("new counters", "FIRST...LAST"), not one per counter: an import of many
// counters writes one. Undo deletes them; a counter made and deleted by one group is
// recorded on its own, so that its log goes with the group; a shared store still records
// each new counter, for the conflict rule.

import MoneyKit
import MoneyKitStorage
import Testing
@testable import TallyKit

@Suite struct NewCountersRecordTests {
    static func imported(_ count: Int) -> [ImportedCounter] {
        (0..<count).map { ImportedCounter(name: "c\($0)", count: Int64($0), start: 0, step: 1, pinned: false, created: "2026-01-01T00:00:00Z") }
    }

    /// The records of the newest undo step, as (kind, key).
    static func newestRecords(_ session: TallySession) throws -> [String] {
        guard let step = try session.journal.newestStep() else { return [] }
        return try session.journal.records(of: step).map { "\($0.kind) \($0.key)" }
    }

    @Test func anImportIsOneRecordAndItsUndoDeletesEveryCounter() throws {
        let repository = try store([counter("kept", count: 5, serial: 1)])
        let tally = makeTally(repository)
        try tally.increment("kept", times: 1)
        let summary = try tally.importCounters(Self.imported(500), source: "in.csv", onClash: .error)
        #expect(summary.added == 500)
        let records = try repository.read { try Self.newestRecords($0 as! TallySession) }
        #expect(records.filter { $0.hasPrefix("new counters") } == ["new counters 2...501"])
        #expect(!records.contains { $0.hasPrefix("counter ") }, "\(records.prefix(3))")
        #expect(try repository.load().counters.count == 501)
        // Undo names what it removes and deletes them all; the change before stays.
        let undone = try tally.undo()
        #expect(undone.hasPrefix("import"))
        #expect(try repository.load().counters.map(\.name) == ["kept"])
        #expect(try repository.load().events.allSatisfy { $0.serial == 1 }, "the import's log goes with it")
        #expect(try tally.counter(named: "kept").count == 6)
    }

    @Test func aCounterMadeAndDeletedByOneGroupIsRecordedOnItsOwn() throws {
        let repository = InMemoryTallyRepository()
        let tally = makeTally(repository)
        try repository.write("make and drop", at: testNow) { change in
            let session = change as! TallySession
            for name in ["a", "b", "c"] {
                let made = Counter(name: name, count: 0, start: 0, step: 1, pinned: false, created: "2026-01-01T00:00:00Z", serial: try session.takeSerial())
                try session.insert(made)
                try session.record(CounterEvent(serial: made.serial, at: testNow, kind: .new, countBefore: 0, countAfter: 0))
            }
            let b = try #require(try session.counter(exactly: "b"))
            try session.delete(b)
        }
        let records = try repository.read { try Self.newestRecords($0 as! TallySession) }
        #expect(records.contains("counter 2"), "b, made and deleted: \(records)")
        #expect(records.contains("new counters 1...1") && records.contains("new counters 3...3"), "\(records)")
        #expect(try repository.load().counters.map(\.name).sorted() == ["a", "c"])
        #expect(try tally.undo() == "make and drop")
        #expect(try repository.load().counters.isEmpty)
    }

    @Test func aSharedStoreRecordsEachNewCounter() throws {
        let rows = InMemoryTallyRows(InMemoryTallyRows.State())
        let session = TallySession(rows: rows, actor: "ann@a", isShared: true, stepsKept: 100)
        try session.change("import", at: testNow) { change in
            for name in ["a", "b"] {
                try change.insert(Counter(name: name, count: 0, start: 0, step: 1, pinned: false, created: "2026-01-01T00:00:00Z", serial: try change.takeSerial()))
            }
        }
        let records = try Self.newestRecords(session)
        #expect(records.contains("counter 1") && records.contains("counter 2"), "\(records)")
        #expect(!records.contains { $0.hasPrefix("new counters") })
    }
}

/// The import's reading of plain digits agrees with the one number reader on every input
/// it takes, and leaves every other input to it.
@Suite struct PlainIntegerTests {
    @Test func plainDigitsReadAsTheNumberReaderReadsThem() throws {
        var inputs = ["0", "-0", "7", "007", "-42", "123456789012345678", "-123456789012345678", "999999999999999999"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let digits = String((0..<Int.random(in: 1...18, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            inputs.append(Bool.random(using: &generator) ? "-" + digits : digits)
        }
        for text in inputs {
            let number = try DecimalText(parsing: text)
            #expect(number.scale == 0 && CounterImport.plainInteger(text) == number.significand, "\(text)")
        }
        for other in ["", "-", "+5", "1.0", "1e3", " 5", "5 ", "1234567890123456789", "١٢", "--1", "0x10"] {
            #expect(CounterImport.plainInteger(other) == nil, "\(other)")
        }
    }
}
