// The fast paths of issue 16's item 13, each against the slow path it replaces: the
// schema check from sqlite_master's text (an altered store still refused), the quick
// reading of plain decimals (the same minor units as Money.parse), the table's one pass
// over an account's updates (the same values as a lookup per period), and the bulk insert
// of an import (the same ids and rows as one insert at a time, one undo step).

import Foundation
import MoneyKit
import MoneyKitPlatform
import MoneyKitSQLite
import MoneyKitStorage
import Testing
@testable import PortfolioKit
@testable import PortfolioSQLite

@Suite struct PortfolioSpeedPathTests {
    // MARK: the schema check

    @Test func aStoreAsMadeTakesTheFastSchemaCheck() throws {
        let box = try SQLiteBox()
        try box.portfolio.add("Alpha", "1", at: utc("2024-01-01T00:00:00Z"))
        #expect(try box.repository.database.storedSchemaMatches(SQLitePortfolioRepository.schema, atVersion: SQLitePortfolioRepository.schemaVersion))
        // Every statement of every migration is foretold (none falls back to the full check).
        #expect(SQLitePortfolioRepository.schema.storedSQL(atVersion: SQLitePortfolioRepository.schemaVersion) != nil)
    }

    @Test func aStoreWithAnAlteredTableIsStillRefused() throws {
        let box = try SQLiteBox()
        try box.portfolio.add("Alpha", "1", at: utc("2024-01-01T00:00:00Z"))
        try box.repository.database.execute("ALTER TABLE updates ADD COLUMN note TEXT")
        let path = box.repository.location
        #expect(try !box.repository.database.storedSchemaMatches(SQLitePortfolioRepository.schema, atVersion: SQLitePortfolioRepository.schemaVersion))
        for access in [PortfolioStoreAccess.read, .write(createFolders: false)] {
            #expect { _ = try SQLitePortfolioRepository(path: path, access: access) } throws: { error in
                guard case StoreError.corrupt(_, let reason) = error else { return false }
                return reason.contains("note")
            }
        }
    }

    /// An index, trigger or view we did not make takes the full check, which refuses it
    /// (issue 26 item 18: every object of sqlite_schema is ours, not just the tables).
    @Test(arguments: ["CREATE INDEX mine ON updates(value)", "CREATE TRIGGER mine AFTER INSERT ON updates BEGIN SELECT 1; END",
                      "CREATE VIEW mine AS SELECT * FROM updates"])
    func aStoreWithAHandMadeObjectTakesTheFullCheckAndIsRefused(statement: String) throws {
        let box = try SQLiteBox()
        try box.portfolio.add("Alpha", "1", at: utc("2024-01-01T00:00:00Z"))
        try box.repository.database.execute(statement)
        #expect(try !box.repository.database.storedSchemaMatches(SQLitePortfolioRepository.schema, atVersion: SQLitePortfolioRepository.schemaVersion))
        for access in [PortfolioStoreAccess.read, .write(createFolders: false)] {
            #expect { _ = try SQLitePortfolioRepository(path: box.repository.location, access: access) } throws: { error in
                guard case StoreError.corrupt(_, let reason) = error else { return false }
                return reason.contains("'mine'") && reason.contains("not ours")
            }
        }
    }

    @Test func aForeignTableIsNotForetold() {
        #expect(SQLiteSchemaTextProbe.stored("CREATE VIEW v AS SELECT 1") == nil)
        #expect(SQLiteSchemaTextProbe.stored("ALTER TABLE t ADD COLUMN c") == nil)
        #expect(SQLiteSchemaTextProbe.stored("create unique index if not exists i ON t(a)") == "CREATE UNIQUE INDEX i ON t(a)")
        // A semicolon inside quotes ends nothing.
        #expect(SQLiteSchemaTextProbe.statements("CREATE TABLE a (x TEXT DEFAULT ';');\nCREATE INDEX i ON a(x);") ==
            ["CREATE INDEX i ON a(x)", "CREATE TABLE a (x TEXT DEFAULT ';')"])
    }

    @Test func aMigrationCarryingRowsOverIsForetold() {
        // Rows copied (after a comment) leave the schema as it was; a dropped table takes its indexes.
        #expect(SQLiteSchemaTextProbe.statements("""
            CREATE TABLE a (x); CREATE INDEX a_by_x ON a(x); CREATE TABLE b (y); CREATE INDEX b_by_y ON b(y);
            -- carried over
            INSERT INTO b SELECT x FROM a; UPDATE b SET y = 1; DELETE FROM b; DROP TABLE a;
            """) == ["CREATE INDEX b_by_y ON b(y)", "CREATE TABLE b (y)"])
        #expect(SQLiteSchemaTextProbe.statements("CREATE TABLE a (x); DROP VIEW v;") == nil)
        #expect(SQLiteSchemaTextProbe.statements("CREATE TABLE a (x); CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; END;") == nil)
    }

    // MARK: plain decimals

    @Test func theQuickReadingGivesWhatMoneyParseGives() throws {
        let texts = ["0", "1", "12", "12.5", "12.50", "12.500", "12.345", "-3.10", "-0", "-0.00", "007", "0.05", "0.5", ".5", "5.",
                     "1.2.3", "123456789012345678", "1234567890123456789", "92233720368547758.07", "-92233720368547758.08", "1e3", "1,500", "--5", "-"]
        for currency in [Currency.gbp, .usd, Currency(code: "JPY") ?? .gbp, Currency(code: "KWD") ?? .gbp] {
            for text in texts {
                var rows = ImportRows()
                rows.appendValue(line: 1, name: 0, at: 0, currency: -1, text: text)
                let quick = rows.quickMinorUnits(0, currency: currency)
                let full = try? Money.parse(text, currency: currency).minorUnits
                if let quick { #expect(quick == full, "\(text) in \(currency.code)") }
                // What the quick reading leaves is read fully, from the text as written.
                #expect(rows.valueText(0) == text)
            }
        }
    }

    // MARK: the table

    @Test func oneReadOfTheUpdatesGivesWhatALookupPerPeriodGives() throws {
        let portfolio = memoryPortfolio()
        let start = local(2024, 1, 1)
        try portfolio.add("Alpha", "1", at: start + 3_600)
        try portfolio.set("Alpha", "2", at: start + 86_400)          // a tie at the same instant:
        try portfolio.set("Alpha", "3", at: start + 86_400)          // the later entered wins
        try portfolio.set("Alpha", "4", at: start + 5 * 86_400 - 1)  // the last second of a day
        try portfolio.set("Alpha", "5", at: start + 9 * 86_400)
        try portfolio.add("Gone", "7", at: start)
        _ = try portfolio.close(named: "Gone", at: start + 4 * 86_400)
        let accounts = try portfolio.repository.accounts()
        let series = ValueSeries(repository: portfolio.repository, accounts: accounts)
        let ends = (0..<12).map { start + Int64($0) * 86_400 - 1 }
        // Few updates per period: one pass over each account's updates, the same as a lookup each.
        let inForce = try portfolio.repository.updatesInForce(of: accounts, at: ends)
        for (index, account) in accounts.enumerated() {
            #expect(try inForce[index] == ends.map { try portfolio.repository.latestUpdate(of: account, atOrBefore: $0) })
        }
        _ = series
        // And through the table itself: a day table is read with one pass per account.
        let table = try PeriodTable(repository: portfolio.repository, period: .day, currency: nil, from: start, to: start + 11 * 86_400, now: start)
        #expect(table.rows.map { $0.values[0] } == [100, 300, 300, 300, 400, 400, 400, 400, 400, 500, 500, 500])
        #expect(table.rows.map { $0.values[1] } == [700, 700, 700, 700, nil, nil, nil, nil, nil, nil, nil, nil])
    }

    // MARK: the bulk insert

    @Test func theBulkInsertStoresWhatOneInsertAtATimeStores() throws {
        let bulk = try SQLiteBox(), single = try SQLiteBox()
        for box in [bulk, single] {
            try box.portfolio.add("Alpha", "1", at: utc("2024-01-01T00:00:00Z"))
            try box.portfolio.add("Beta", nil, at: utc("2024-01-01T00:00:00Z"))
        }
        // 150 updates: two INSERTs of 64 rows and 22 single ones.
        let first = utc("2024-02-01T00:00:00Z")
        var updates: [(account: Int, at: Int64, value: Int64)] = []
        for index in 0..<150 {
            let at: Int64 = first + Int64(index / 3) * 60
            updates.append((account: index % 2, at: at, value: Int64(index * 7)))
        }
        let accounts = try bulk.repository.accounts()
        try bulk.repository.write("import") { change in
            try change.addUpdates(of: accounts) { body in for update in updates { try body(update.account, update.at, update.value) } }
        }
        try single.repository.write("import") { change in
            try change.addUpdates(updates.map { (accounts[$0.account], $0.at, $0.value) })
        }
        #expect(try bulk.snapshot() == single.snapshot())
        // One undo step takes all of it back.
        let outcome = try bulk.portfolio.undo()
        #expect(outcome.updatesRemoved == 150)
        #expect(try bulk.repository.updateCount(of: accounts[0]) == 1)
    }
}

/// SQLiteSchemaText through the package's own names, for the tests above.
enum SQLiteSchemaTextProbe {
    static func stored(_ statement: String) -> String? {
        SQLiteSchema(name: "t", applicationID: 1, migrations: [statement]).storedSQL(atVersion: 1)?.first
    }

    static func statements(_ script: String) -> [String]? {
        SQLiteSchema(name: "t", applicationID: 1, migrations: [script]).storedSQL(atVersion: 1)
    }
}
