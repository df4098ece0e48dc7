// Tills filed on PostgreSQL before names were compared by case folding (issue 26, item 28):
// 'Straße' kept under the first rule's key 'straße' is found under every spelling, listed
// once, and moved by its first change to its current key 'strasse' with its undo steps and
// saved counts, in one transaction: typing 'STRASSE' never makes a second, empty till.

import Foundation
import MoneyKit
import PostgresTestSupport
import Testing
@testable import TillKit
@testable import TillPostgres

extension TillPostgresStoreTests {
    @Test func aTillKeptUnderTheFirstRulesKeyIsFoundAndReKeyedByItsFirstChange() throws {
        let database = try sharedCluster().newDatabase()
        let old = Self.till(database, TillName(stored: "Straße"))
        _ = try Fixture.add(old, "20=3")
        let (_, summary) = try old.summary(Fixture.choice())
        _ = try old.save(summary, notes: [], label: nil, expected: nil, action: "save", kind: .z)
        _ = try Fixture.add(old, "10=2")
        // As a store written before case folding keeps it: every key the lower-cased name.
        for table in ["tills", "counts"] {
            try sharedCluster().execute("ALTER TABLE tillcount.\(table) DISABLE TRIGGER ALL", on: database)
            try sharedCluster().execute("UPDATE tillcount.\(table) SET till_key = 'straße' WHERE till_key = 'strasse'", on: database)
            try sharedCluster().execute("ALTER TABLE tillcount.\(table) ENABLE TRIGGER ALL", on: database)
        }
        try sharedCluster().execute("UPDATE tillcount.journal_steps SET actor = 'straße' || substr(actor, 8)", on: database)
        try sharedCluster().execute("UPDATE tillcount.journal_records SET key = 'straße' WHERE kind = 'live'", on: database)
        let store = PostgresTillStore(connectionText: database, actor: "tester@host")

        // Read under another spelling: found, listed once; nothing changes.
        let typed = TillName(stored: "STRASSE")
        #expect(store.directory.keeps(typed))
        #expect(try store.directory.repository(for: typed).load().quantities[TillItem(kind: .note, minorUnits: 10_00)] == 2)
        #expect(try store.directory.tills().map(\.name.display) == ["Straße"])
        #expect(try sharedCluster().execute("SELECT till_key FROM tillcount.tills", on: database).map(\.values) == [["straße"]])

        // The first change, under that other spelling, moves it: one till, its steps and counts with it.
        let again = Self.till(database, typed)
        _ = try Fixture.add(again, "5=1")
        #expect(try sharedCluster().execute("SELECT till_key, till FROM tillcount.tills", on: database).map(\.values) == [["strasse", "Straße"]])
        #expect(try sharedCluster().execute("SELECT DISTINCT split_part(actor, E'\\t', 1) FROM tillcount.journal_steps", on: database).map(\.values) == [["strasse"]])
        #expect(try sharedCluster().execute("SELECT DISTINCT key FROM tillcount.journal_records WHERE kind = 'live'", on: database).map(\.values) == [["strasse"]])
        #expect(try sharedCluster().execute("SELECT till_key, z_number FROM tillcount.counts", on: database).map(\.values) == [["strasse", "1"]])
        let kept = try store.directory.tills()
        #expect(kept.map(\.name.display) == ["Straße"])
        #expect(kept.first?.state.quantities[TillItem(kind: .note, minorUnits: 10_00)] == 2, "the count moved with it")
        // Its undo steps moved too: undo takes back the last change under any spelling.
        _ = try again.undo { _, _ in }
        #expect(try store.directory.repository(for: typed).load().quantities[TillItem(kind: .note, minorUnits: 5_00)] == nil)
        // The next Z count numbers on.
        let (_, next) = try again.summary(Fixture.choice())
        let id = try again.save(next, notes: [], label: nil, expected: nil, action: "save", kind: .z)
        #expect(try store.history.header(id).zNumber == 2)
    }
}

extension TillPostgresStoreTests {
    /// Undo finds the steps of a till kept under the first rule's key before any change
    /// has moved it: the undo's own write moves it, then reverts its newest step.
    @Test func undoFindsTheStepsOfATillKeptUnderTheFirstRulesKey() throws {
        let database = try sharedCluster().newDatabase()
        let old = Self.till(database, TillName(stored: "Straße"))
        _ = try Fixture.add(old, "20=3")
        _ = try Fixture.add(old, "10=2", action: "add 10=2")
        try sharedCluster().execute("UPDATE tillcount.tills SET till_key = 'straße' WHERE till_key = 'strasse'", on: database)
        try sharedCluster().execute("UPDATE tillcount.journal_steps SET actor = 'straße' || substr(actor, 8)", on: database)
        try sharedCluster().execute("UPDATE tillcount.journal_records SET key = 'straße' WHERE kind = 'live'", on: database)
        let typed = Self.till(database, TillName(stored: "STRASSE"))
        #expect(try typed.undo { _, _ in } == .liveCount(action: "add 10=2"))
        #expect(try Fixture.quantities(typed) == ["20": 3])
        #expect(try sharedCluster().execute("SELECT till_key FROM tillcount.tills", on: database).map(\.values) == [["strasse"]])
        // A till nobody keeps still has nothing to undo, and none is made.
        #expect(throws: TillError.nothingToUndo(limit: TillState.undoLimit)) { try Self.till(database, TillName(stored: "Nope")).undo { _, _ in } }
        #expect(try sharedCluster().execute("SELECT count(*) FROM tillcount.tills", on: database).first?.text(0) == "1")
    }
}
