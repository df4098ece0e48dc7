// A till's file keeps the till's name ("till", format 4) beside its count; undo
// snapshots never hold it, and undo keeps it.

import Foundation
import MoneyKit
import MoneyKitStorage
import Testing
import TillKit

@Suite struct TillStateTillNameTests {
    @Test func theNameRoundTripsAndStaysOutOfSnapshots() throws {
        var state = TillState()
        state.tillName = "Front desk"
        state.currencyCode = "GBP"
        var snapshot = state
        snapshot.tillName = nil
        state.undo.append(.count(snapshot, action: "add 20"))  // an older stack, kept in the file
        let text = state.storedContent.serialized()
        #expect(text.contains(#""till":"Front desk""#) || text.contains(#""till": "Front desk""#), "\(text)")
        #expect(!state.snapshotJSON.serialized().contains("till"))
        guard case .count(let snapshot, _)? = state.undo.last else {
            Issue.record("no snapshot")
            return
        }
        #expect(snapshot.tillName == nil)
        let read = try TillState(storedContent: try JSONValue.parse(Array(text.utf8)), version: TillState.formatVersion)
        #expect(read == state)
        var restored = read
        restored.restore(snapshot)
        #expect(restored.tillName == "Front desk")
    }

    @Test func theDefaultTillsFileNamesNoTill() {
        #expect(!TillState().storedContent.serialized().contains("\"till\""))
    }

    @Test(arguments: [#""till": 3"#, #""till": """#])
    func aTillThatIsNoNameIsRefused(member: String) throws {
        let json = try JSONValue.parse(Array(#"{\#(member), "currency": "GBP", "float": "0", "lines": [], "notes": [], "undo": [], "purge": []}"#.utf8))
        #expect(throws: StoredContentError.self) { try TillState(storedContent: json, version: TillState.formatVersion) }
    }
}
