// The tills' store: one file per till beside the state file, the default till being the
// state file itself, each till with its own count, float, notes and undo stack.

import Foundation
import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import Testing
import TillKit

@Suite struct TillDirectoryTests {
    static func directory(isDefault: Bool = false) throws -> (JSONTillDirectory, String) {
        let folder = try Fixture.temporaryFolder()
        return (JSONTillDirectory(stateFile: StoreLocation(path: folder + "/count.json", isDefault: isDefault)), folder)
    }

    static func till(_ directory: any TillDirectory, _ name: String, history: InMemoryTillHistory = InMemoryTillHistory()) throws -> Till {
        let tillName = try TillName(checking: name)
        return Till(live: directory.repository(for: tillName), history: history, denominations: InMemoryDenominations(), name: tillName)
    }

    @Test func theDefaultTillIsTheStateFileAndOthersHaveTheirOwn() throws {
        let (directory, folder) = try Self.directory()
        let main = try Self.till(directory, "main")
        let front = try Self.till(directory, "Front")
        try Fixture.add(main, "20=2")
        _ = try front.setFloat(action: "float 50", currency: Fixture.choice()) { _ in Fixture.money("50") }
        try Fixture.add(front, "10=1")
        #expect(FileManager.default.fileExists(atPath: folder + "/count.json"))
        #expect(FileManager.default.fileExists(atPath: folder + "/count.tills/front.json"))
        #expect(try Fixture.quantities(main) == ["20": 2])
        #expect(try Fixture.quantities(front) == ["10": 1])
        #expect(try main.live.load().floatMinorUnits == 0)
        #expect(try front.live.load().floatMinorUnits == 5000)
        // The default till's file names no till: a file from before tills is the same file.
        #expect(try main.live.load().tillName == nil)
        #expect(try front.live.load().tillName == "Front")
    }

    @Test func undoIsPerTill() throws {
        let (directory, _) = try Self.directory()
        let main = try Self.till(directory, "main")
        let bar = try Self.till(directory, "Bar")
        try Fixture.add(main, "20=1", action: "add 20=1")
        try Fixture.add(bar, "5=3", action: "add 5=3")
        #expect(try main.undo { _, _ in } == .liveCount(action: "add 20=1"))
        #expect(try Fixture.quantities(bar) == ["5": 3])
        #expect(throws: TillError.nothingToUndo(limit: TillState.undoLimit)) { try main.undo { _, _ in } }
        #expect(try bar.undo { _, _ in } == .liveCount(action: "add 5=3"))
        // Undo keeps the till's name in its file.
        #expect(try bar.live.load().tillName == "Bar")
    }

    @Test func everySpellingOfATillIsOneFile() throws {
        let (directory, folder) = try Self.directory()
        try Fixture.add(try Self.till(directory, "Front Desk"), "20=1")
        try Fixture.add(try Self.till(directory, "front desk"), "20=1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/count.tills").sorted() == ["front%20desk.json"])
        let listed = try directory.tills()
        #expect(listed.map(\.name.display) == ["Front Desk"])
        #expect(listed[0].state.quantities[TillItem(kind: .note, minorUnits: 2000)] == 2)
    }

    @Test func theListHasTheDefaultTillFirstThenTheOthersByNameAndSkipsStrangers() throws {
        let (directory, folder) = try Self.directory()
        // The default till is listed once used (issue 26, item 38; TillsListingTests).
        #expect(try directory.tills().map(\.name.display) == [])
        for name in ["zeta", "Alpha", "mid"] { try Fixture.add(try Self.till(directory, name), "1=1") }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/count.tills/.front.json.tmp-abc"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/count.tills/notes.txt"))
        #expect(try directory.tills().map(\.name.display) == ["Alpha", "mid", "zeta"])
    }

    @Test func aFileKeepingAnotherTillIsRefusedUntouched() throws {
        let (directory, folder) = try Self.directory()
        try Fixture.add(try Self.till(directory, "Front"), "20=1")
        let front = folder + "/count.tills/front.json"
        let moved = folder + "/count.tills/back.json"
        try FileManager.default.moveItem(atPath: front, toPath: moved)
        let before = try Data(contentsOf: URL(fileURLWithPath: moved))
        let back = try Self.till(directory, "back")
        #expect(throws: StoreError.self) { try back.live.load() }
        #expect(throws: StoreError.self) { try Fixture.add(back, "20=1") }
        #expect(throws: StoreError.self) { try directory.tills() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == before)
    }

    @Test func theTillsFolderIsMadeBesideANamedStateFileOnly() throws {
        let (directory, folder) = try Self.directory(isDefault: false)
        try Fixture.add(try Self.till(directory, "Front"), "20=1")
        #expect(FileManager.default.fileExists(atPath: folder + "/count.tills/front.json"))
        // A state file in a folder that does not exist: nothing is created.
        let missing = JSONTillDirectory(stateFile: StoreLocation(path: folder + "/no/such/count.json", isDefault: false))
        let till = Till(live: missing.repository(for: try TillName(checking: "Front")), history: InMemoryTillHistory(), denominations: InMemoryDenominations())
        #expect(throws: StoreError.self) { try Fixture.add(till, "20=1") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/no"))
    }

    @Test func aStateFileWithoutJsonGetsItsTillsFolderNamedAfterIt() {
        #expect(JSONTillDirectory.tillsFolder(forStateFile: "/x/shop.json") == "/x/shop.tills")
        #expect(JSONTillDirectory.tillsFolder(forStateFile: "/x/state") == "/x/state.tills")
    }

    @Test func theReportGivesEachTillsTotalFloatAndStatus() throws {
        let directory = InMemoryTillDirectory()
        let front = try Self.till(directory, "Front")
        try Fixture.add(front, "20=3")
        _ = try front.setFloat(action: "float", currency: Fixture.choice()) { _ in Fixture.money("10") }
        // The default till, not used yet, is added as a list adds it: empty.
        let tills = [KeptTill(name: .main, state: TillState())] + (try directory.tills())
        let report = try TillsReport(tills: tills, fallback: Fixture.gbp, denominations: InMemoryDenominations())
        #expect(report.rows.map(\.name.display) == ["main", "Front"])
        #expect(report.rows.map(\.status) == [.empty, .counting])
        #expect(report.rows[1].summary.total == Fixture.money("60"))
        #expect(report.rows[1].summary.float == Fixture.money("10"))
        let expected = try TillsReport(tills: tills, fallback: Fixture.gbp, denominations: InMemoryDenominations()) { state, currency in
            state.isEmpty ? nil : Money(minorUnits: 6000, currency: currency)
        }
        #expect(expected.rows[1].status == .balanced)
        let short = try TillsReport(tills: tills, fallback: Fixture.gbp, denominations: InMemoryDenominations()) { _, currency in
            Money(minorUnits: 7000, currency: currency)
        }
        #expect(short.rows.map(\.status) == [.empty, .short])
    }
}
