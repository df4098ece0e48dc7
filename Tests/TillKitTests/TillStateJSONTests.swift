// The live count's file format: what is written is read back the same, and a file that
// breaks an invariant the rules rely on is refused.

import Foundation
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import Testing
import TillKit

@Suite struct TillStateJSONTests {
    @Test func aCountWithAnOlderUndoStackRoundTrips() throws {
        var state = TillState()
        state.currencyCode = "GBP"
        state.floatMinorUnits = 10000
        state.undo.append(.count(state, action: "first"))
        state.quantities[TillItem(kind: .note, minorUnits: 2000)] = 3
        state.quantities[TillItem(kind: .roll, minorUnits: 100)] = 1
        state.rollDefinitions[100] = CoinRoll(coinMinorUnits: 100, count: 20, packaging: .bag)
        state.notes = ["a note", ""]
        state.undo.append(.history(HistoryStep(change: .save, id: nil, action: "save")))
        state.purge = ["abc"]
        let read = try TillState(storedContent: try JSONValue.parse(Array(state.storedContent.serialized().utf8)), version: TillState.formatVersion)
        #expect(read == state)
    }

    static let refused: [(String, String)] = [
        (#"{"currency": "GBP", "float": "-1", "lines": [], "notes": []}"#, "negative"),
        (#"{"currency": "GBP", "float": "0", "lines": [{"kind": "note", "value": "20", "quantity": 1}, {"kind": "note", "value": "20.00", "quantity": 2}], "notes": []}"#, "repeats"),
        (#"{"currency": "GBP", "float": "0", "lines": [{"kind": "note", "value": "20", "quantity": -1}], "notes": []}"#, "negative quantity"),
        (#"{"currency": "GBP", "float": "0", "lines": [{"kind": "coin", "value": "0.01", "quantity": 9223372036854775807}, {"kind": "coin", "value": "0.02", "quantity": 1}], "notes": []}"#, "total does not fit"),
        (#"{"currency": "XXX1", "float": "0", "lines": [], "notes": []}"#, "unknown currency"),
        (#"{"currency": "GBP", "float": "0", "lines": [{"kind": "roll", "value": "1", "quantity": 1, "rollSize": 0}], "notes": []}"#, "rollSize"),
        (#"{"currency": "GBP", "float": "0", "lines": [], "notes": [], "undo": [], "purge": ["XYZ"]}"#, "not a key"),
    ]

    @Test(arguments: refused)
    func aFileThatBreaksAnInvariantIsRefused(content: String, reason: String) throws {
        let json = try JSONValue.parse(Array(content.utf8))
        do {
            _ = try TillState(storedContent: json, version: 3)
            Issue.record("accepted: \(content)")
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test func version1SnapshotsAreReadAsUnnamedSteps() throws {
        let content = #"{"currency": "GBP", "float": "0.00", "lines": [], "notes": [], "undo": [{"currency": "GBP", "float": "1.00", "lines": [], "notes": []}]}"#
        let state = try TillState(storedContent: try JSONValue.parse(Array(content.utf8)), version: 1)
        guard case .count(let snapshot, let action)? = state.undo.first else {
            Issue.record("no step read")
            return
        }
        #expect(action == nil)
        #expect(snapshot.floatMinorUnits == 100)
    }
}

/// The JSON adapter refuses a live count file it cannot read, for reading and for a
/// change alike, and never rewrites it (TillcountErrorTests runs the commands on these).
@Suite struct JSONTillRepositoryTests {
    static let corrupt: [(String, String)] = [
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "0.00", "lines": ["#, "not valid JSON"),
        ("", "the file is empty"),
        ("not json at all\n", "not valid JSON"),
        (#"{"format": "tally", "version": 1, "content": {}}"#, "expected 'tillcount-state'"),
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "20.00", "quantity": -3}], "notes": []}}"#, "negative"),
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "lots", "lines": [], "notes": []}}"#, "not an amount"),
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "bar", "value": "1.00", "quantity": 1}], "notes": []}}"#, "unknown kind"),
        (#"{"format": "tillcount-state", "version": 1, "content": {"currency": "XXQ", "float": "0.00", "lines": [], "notes": []}}"#, "unknown currency"),
        (#"{"format": "tillcount-state", "version": 0, "content": {}}"#, "not valid"),
    ]

    @Test(arguments: corrupt)
    func aCorruptFileIsRefusedAndLeftByteIdentical(contents: String, reason: String) throws {
        let path = try Fixture.temporaryFolder() + "/count.json"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        let repository = JSONTillRepository(store: .init(path: path, createsMissingFolders: false))
        for attempt in ["load", "change"] {
            do {
                if attempt == "load" { _ = try repository.load() } else { try repository.change { $0.notes.append("x") } }
                Issue.record("\(attempt) accepted \(contents)")
            } catch let error as StoreError {
                #expect(error.description.contains(path), "\(error)")
                #expect(error.description.contains(reason), "\(attempt): \(error)")
            }
        }
        #expect(FileManager.default.contents(atPath: path) == Data(contents.utf8))
    }

    @Test func aMissingFileIsAnEmptyCountAndAChangeCreatesIt() throws {
        let path = try Fixture.temporaryFolder() + "/count.json"
        let repository = JSONTillRepository(store: .init(path: path, createsMissingFolders: false))
        #expect(try repository.load() == TillState())
        #expect(!FileManager.default.fileExists(atPath: path), "reading creates nothing")
        try repository.change { $0.notes = ["n"] }
        #expect(try repository.load().notes == ["n"])
    }
}
