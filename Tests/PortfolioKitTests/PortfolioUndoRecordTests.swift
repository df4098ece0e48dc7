// What portfolio keeps in the shared undo journal, read back: a row as JSON checked as a
// row of the store (PortfolioRowImage), runs of created ids as keys, and a step whose
// records the store could not hold refused with nothing changed (the journal's records
// are the kit's to check: the SQL backends keep them as text).

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import Testing
@testable import PortfolioKit

@Suite struct PortfolioUndoRecordTests {
    static let rows: [PortfolioRowImage] = [
        .account(Account(id: 7, name: "ISA \"quoted\"\né", currency: .gbp, createdAt: 1000, closedAt: 2000), updateCount: 3),
        .account(Account(id: 8, name: "Open", currency: .usd, createdAt: -5, closedAt: nil), updateCount: 0),
        .update(Update(id: 9, accountID: 7, at: 1500, value: -Int64.max)),
        .contribution(Contribution(id: 10, accountID: 7, at: 1600, amount: -100)),
        .goal(Goal(id: 11, accountID: nil, currency: .eur, amount: 5, by: nil)),
        .goal(Goal(id: 12, accountID: 7, currency: .gbp, amount: 500, by: 4000)),
    ]

    @Test(arguments: rows)
    func aRowComesBackAsItWasKept(_ row: PortfolioRowImage) throws {
        let text = row.json.serialized()
        #expect(try PortfolioRowImage(row.table, json: JSONValue.parse(text), in: "here") == row)
        #expect(try PortfolioRowImage(row.table, columns: row.columns, in: "here") == row)
    }

    @Test(arguments: [
        (PortfolioUndoTable.accounts, #"{"id":1,"name":"","currency":"GBP","created_at":0,"closed_at":null,"update_count":0}"#, "empty name"),
        (.accounts, #"{"id":1,"name":"A","currency":"XXQ","created_at":0,"closed_at":null,"update_count":0}"#, "unknown currency"),
        (.accounts, #"{"id":1,"name":"A","currency":"GBP","created_at":0,"closed_at":null,"update_count":-1}"#, "update count of -1"),
        (.accounts, #"{"id":1,"name":"A","currency":"GBP","created_at":"0","closed_at":null,"update_count":0}"#, "created_at is of the wrong type"),
        (.accounts, #"{"id":1,"name":"A","currency":"GBP","closed_at":null,"update_count":0}"#, "has no created_at"),
        (.updates, #"{"id":2,"account_id":1,"at":1.5,"value":1}"#, "at is of the wrong type"),
        (.updates, #"{"id":2,"account_id":1,"at":99999999999999,"value":1}"#, "update 2"),
        (.contributions, #"{"id":3,"account_id":1,"at":0,"amount":0}"#, "amount of 0"),
        (.goals, #"{"id":4,"account_id":null,"currency":"GBP","amount":0,"by_at":null}"#, "amount of 0"),
    ])
    func aKeptRowTheStoreCouldNotHoldIsRefused(table: PortfolioUndoTable, text: String, fault: String) throws {
        do {
            _ = try PortfolioRowImage(table, json: JSONValue.parse(text), in: "here")
            Issue.record("\(text) was read back")
        } catch let StoreError.corrupt(path, reason) {
            #expect(path == "here")
            #expect(reason.contains("the undo record of \(table.rowKind)") && reason.contains(fault), "\(reason)")
        }
    }

    @Test func aRunOfIdsIsItsKey() {
        #expect(PortfolioUndoRecord.key(of: 5...3004) == "5...3004")
        #expect(PortfolioUndoRecord.run(of: "5...3004") == 5...3004)
        #expect(PortfolioUndoRecord.run(of: "-3...-1") == -3 ... -1)
        for bad in ["", "5", "5..7", "7...5", "a...b", "5...", "...5", "5....7"] {
            #expect(PortfolioUndoRecord.run(of: bad) == nil, "\(bad)")
        }
    }

    /// A deleted account's updates are one record of lines however many, read back as rows.
    @Test func aDeletedAccountsUpdatesAreOneRecord() throws {
        let repository = MemoryPortfolioRepository()
        let portfolio = Portfolio(repository: repository)
        let account = try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        for day in Int32(2)...Int32(40) { try portfolio.set("Saver", "\(day)", at: local(2025, 1, day)) }
        let updates = try repository.updates(of: account)
        #expect(try portfolio.delete(account) == 40)
        let step = try #require(repository.journal.newestStep(actor: nil))
        let records = repository.journal.records(ofStep: step.id)
        #expect(records.map(\.kind) == ["account", PortfolioUndoRecord.updatesOfAccount])
        var read: [PortfolioRowImage] = []
        try PortfolioUndoRecord.forEachUpdate(in: records[1].before?.stringValue ?? "", accountID: account.id, location: "here") { read.append($0) }
        #expect(read == updates.sorted { $0.id < $1.id }.map(PortfolioRowImage.update))
        #expect(try portfolio.undo().effect == "1 account and 40 updates restored")
        #expect(try repository.updates(of: account) == updates)
        for bad in ["1 2\n", "1 2 x\n", "1 2 3 4\n", "1 99999999999999 3\n"] {
            #expect(throws: StoreError.self, "\(bad)") { try PortfolioUndoRecord.forEachUpdate(in: bad, accountID: 1, location: "here") { _ in } }
        }
    }

    /// A step holding a record the store could not hold (written by another program) is
    /// refused whole: nothing is put back, nothing deleted, the step stays.
    @Test(arguments: [
        UndoJournalRecord(kind: "update", key: "99", before: .object([("id", .integer(99)), ("account_id", .integer(1)), ("at", .string("x")), ("value", .integer(1))])),
        UndoJournalRecord(kind: "update", key: "98", before: PortfolioRowImage.update(Update(id: 99, accountID: 1, at: 0, value: 1)).json),
        UndoJournalRecord(kind: "snapshot", key: "1", before: nil),
        UndoJournalRecord(kind: "new updates", key: "3..4", before: nil),
        UndoJournalRecord(kind: "updates of account", key: "2", before: .string("5 0 1\n6 0\n")),
        UndoJournalRecord(kind: "updates of account", key: "x", before: .string("5 0 1\n")),
    ])
    func aStepWithARecordTheStoreCannotHoldIsRefused(_ record: UndoJournalRecord) throws {
        let repository = MemoryPortfolioRepository()
        let portfolio = Portfolio(repository: repository)
        let account = try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        try portfolio.set("Saver", "110", at: local(2025, 2, 1))
        #expect(try portfolio.delete(account) == 2)
        let step = try #require(repository.journal.newestStep(actor: nil))
        repository.journal.addRecord(record, step: step.id, position: 1_000)
        #expect(throws: StoreError.self) { try portfolio.undo() }
        #expect(try repository.accounts().isEmpty)
        #expect(try portfolio.undoPreview().description == "rm 'Saver' and its 2 updates")
    }
}
