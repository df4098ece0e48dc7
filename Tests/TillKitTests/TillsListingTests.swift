// Which tills 'tillcount tills' lists (issue 26, item 38): the default till 'main' only
// once used (its live count kept, or counts saved from it), the others once started.

import Foundation
import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import Testing
import TillKit
import TillSQLite

@Suite struct TillsListingTests {
    static func directories() throws -> [any TillDirectory] {
        let folder = try Fixture.temporaryFolder()
        return [InMemoryTillDirectory(), JSONTillDirectory(stateFile: StoreLocation(path: folder + "/count.json", isDefault: false))]
    }

    static func till(_ directory: any TillDirectory, _ name: TillName, history: InMemoryTillHistory) -> Till {
        Till(live: directory.repository(for: name), history: history, denominations: InMemoryDenominations(), name: name)
    }

    @Test func mainIsListedOnlyOnceUsed() throws {
        for directory in try Self.directories() {
            let history = InMemoryTillHistory()
            #expect(try TillsReport.listed(directory, history: history).isEmpty)
            let front = Self.till(directory, TillName(stored: "Front"), history: history)
            try Fixture.add(front, "20=1")
            // Front's count and a count saved from Front do not make main used.
            let (_, summary) = try front.summary(Fixture.choice())
            _ = try front.save(summary, notes: [], label: nil, expected: nil, action: "save")
            #expect(try TillsReport.listed(directory, history: history).map(\.name.display) == ["Front"])
            // Used once: listed first, even emptied again.
            let main = Self.till(directory, .main, history: history)
            try Fixture.add(main, "5=1")
            _ = try main.undo { _, _ in }
            #expect(try TillsReport.listed(directory, history: history).map(\.name.display) == ["main", "Front"])
        }
    }

    @Test func mainWithSavedCountsIsListedWithoutALiveCount() throws {
        for directory in try Self.directories() {
            // Counts saved from main, its live count kept elsewhere (another machine's files).
            let history = InMemoryTillHistory()
            let elsewhere = Fixture.till(history: history).0
            try Fixture.add(elsewhere, "10=2")
            let (_, summary) = try elsewhere.summary(Fixture.choice())
            _ = try elsewhere.save(summary, notes: [], label: nil, expected: nil, action: "save")
            #expect(try directory.tills().isEmpty)
            let listed = try TillsReport.listed(directory, history: history)
            #expect(listed.map(\.name) == [.main])
            #expect(listed.first?.state == TillState())
        }
    }

    /// A history named but not made yet (nothing saved) holds no counts of main's: the
    /// list is read, not refused for it.
    @Test func aHistoryNotMadeYetReadsAsNoSavedCounts() throws {
        let folder = try Fixture.temporaryFolder()
        let directory = JSONTillDirectory(stateFile: StoreLocation(path: folder + "/count.json", isDefault: false))
        let history = SQLiteTillHistory(path: folder + "/history.sqlite", createsFolders: false, mustExist: true)
        #expect(throws: StoreError.self) { try history.savedCounts() }
        try Fixture.add(Self.till(directory, TillName(stored: "Front"), history: InMemoryTillHistory()), "20=1")
        #expect(try TillsReport.listed(directory, history: history).map(\.name.display) == ["Front"])
    }
}
