// The live count files of an older tillcount (count.json, and each till's file in
// count.tills/) end to end: read as they are by every read command, which changes
// nothing; taken over into the history's database by the first change, in its
// transaction, and kept beside as backups (count.json.migrated, count.tills.migrated).

import Foundation
import Testing

@Suite struct TillcountTakeOverTests {
    /// count.json with 2 × £20 and the step that added them; Front's file with 3 × £5 and
    /// a float of £5.
    static func older() throws -> TillcountSandbox {
        let till = try TillcountSandbox()
        try till.writeState(#"""
            {"format": "tillcount-state", "version": 4, "content": {"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "20.00", "quantity": 2}], "notes": ["kept"], "updated": null, "undo": [{"kind": "count", "action": "add 20=2", "count": {"currency": "GBP", "float": "0.00", "lines": [], "notes": ["kept"], "updated": null}}], "purge": []}}

            """#)
        try FileManager.default.createDirectory(atPath: till.path("till/count.tills"), withIntermediateDirectories: false)
        try Data(#"""
            {"format": "tillcount-state", "version": 4, "content": {"till": "Front", "currency": "GBP", "float": "5.00", "lines": [{"kind": "note", "value": "5.00", "quantity": 3}], "notes": [], "updated": null, "undo": [], "purge": []}}

            """#.utf8).write(to: URL(fileURLWithPath: till.path("till/count.tills/front.json")))
        return till
    }

    static func bytes(_ till: TillcountSandbox, _ relative: String) -> Data? {
        FileManager.default.contents(atPath: till.path(relative))
    }

    @Test func readCommandsReadTheFilesAndChangeNothing() throws {
        let till = try Self.older()
        let main = Self.bytes(till, "till/count.json")
        let front = Self.bytes(till, "till/count.tills/front.json")
        #expect(try till.quantities() == ["20": 2])
        #expect(try TillcountJSON.quantities(try TillcountJSON.object(try till.ok("--till", "front", "show", "--format", "json").stdout)) == ["5": 3])
        #expect(try till.ok("note").stdout == "kept\n")
        let tills = try till.ok("tills").stdout
        #expect(tills.contains("main") && tills.contains("Front"), "\(tills)")
        #expect(try till.ok("float", "--till", "Front").stdout == "5.00\n")
        #expect(Self.bytes(till, "till/count.json") == main && Self.bytes(till, "till/count.tills/front.json") == front)
        #expect(!FileManager.default.fileExists(atPath: till.dbPath), "a read makes no database")
    }

    @Test func theFirstChangeTakesThemOverAndKeepsThemBeside() throws {
        let till = try Self.older()
        let main = try #require(Self.bytes(till, "till/count.json"))
        let front = try #require(Self.bytes(till, "till/count.tills/front.json"))
        try till.ok("add", "10")
        #expect(!FileManager.default.fileExists(atPath: till.statePath))
        #expect(Self.bytes(till, "till/count.json.migrated") == main)
        #expect(Self.bytes(till, "till/count.tills.migrated/front.json") == front)
        #expect(try till.quantities() == ["20": 2, "10": 1])
        #expect(try till.ok("note").stdout == "kept\n")
        #expect(try TillcountJSON.quantities(try TillcountJSON.object(try till.ok("--till", "front", "show", "--format", "json").stdout)) == ["5": 3])
        #expect(try till.ok("float", "--till", "Front").stdout == "5.00\n")
        // The undo stack came over with the count.
        #expect(try till.ok("undo").stderr.hasPrefix("Undid: add 10."))
        #expect(try till.ok("undo").stderr.hasPrefix("Undid: add 20=2."))
        #expect(try till.quantities() == [:])
        // A file planted after the take-over is not read.
        try Data(TillcountSandbox.emptyState(currency: "EUR").utf8).write(to: URL(fileURLWithPath: till.statePath))
        #expect(try till.showJSON()["currency"] as? String == "GBP")
    }
}
