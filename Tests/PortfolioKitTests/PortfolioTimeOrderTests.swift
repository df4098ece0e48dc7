// Schema version 5 of the SQLite store (issue 28): no index in time order. The whole
// history in time order is a merge of the accounts' own orders, the same as a sort;
// an import writes account by account; a version 4 store is read as it is and loses its
// index by its first write, its undo kept.

import Foundation
import MoneyKit
import MoneyKitSQLite
import MoneyKitStorage
import Testing
@testable import PortfolioKit
@testable import PortfolioSQLite

struct PortfolioTimeOrderTests {
    /// Every update of the store through `forEachUpdate`, as (id, account, at, value).
    static func streamed(_ repository: SQLitePortfolioRepository) throws -> [[Int64]] {
        var found: [[Int64]] = []
        try repository.forEachUpdate { found.append([$0.id, $0.accountID, $0.at, $0.value]) }
        return found
    }

    /// A store of `accounts` accounts whose updates, written in a shuffled order, share
    /// instants within and across accounts.
    static func randomStore(accounts: Int, updates: Int, seed: UInt64) throws -> (SQLiteBox, [[Int64]]) {
        let box = try SQLiteBox()
        var generator = SeededRandom(seed: seed)
        var rows: [[Int64]] = []
        for id in 1...Int64(updates) {
            rows.append([id, Int64.random(in: 1...Int64(accounts), using: &generator), 1_700_000_000 + Int64.random(in: 0...50, using: &generator) * 60,
                         Int64.random(in: 0...1_000_000, using: &generator)])
        }
        var script = "BEGIN;\n"
        for account in 1...accounts { script += "INSERT INTO accounts (id, name, currency, created_at) VALUES (\(account), 'A\(account)', 'GBP', 1600000000);\n" }
        for row in rows.shuffled(using: &generator) {
            script += "INSERT INTO updates (id, account_id, at, value) VALUES (\(row[0]), \(row[1]), \(row[2]), \(row[3]));\n"
        }
        try box.repository.database.execute(script + "COMMIT;")
        return (box, rows.sorted { ($0[2], $0[0]) < ($1[2], $1[0]) })
    }

    @Test(arguments: [(1, 200), (7, 2_000), (SQLiteTimeOrderMerge.mergedAccountsLimit + 1, 3_000)])
    func theMergeGivesTheOrderOfASortByInstantThenID(accounts: Int, updates: Int) throws {
        // The last case has more accounts than are merged: SQLite sorts, in the same order.
        let (box, sorted) = try Self.randomStore(accounts: accounts, updates: updates, seed: UInt64(accounts))
        #expect(try Self.streamed(box.repository) == sorted)
    }

    @Test func theMergeRefusesAnImpossibleRowAsTheSortDid() throws {
        let box = try SQLiteBox()
        try box.portfolio.addAccount(name: "A", currency: .gbp, at: 1_600_000_000, initial: nil)
        try box.repository.database.execute(
            "PRAGMA ignore_check_constraints = ON; INSERT INTO updates (id, account_id, at, value) VALUES (9, 1, 1700000000, 'lots');")
        #expect(throws: StoreError.self) { try Self.streamed(box.repository) }
    }

    @Test func anImportWritesAccountByAccountInTimeOrderFileOrderAtOneInstant() {
        // Rows 0…6 of accounts 1, 0, 1, -1 (none), 0, 1, 0 at these instants.
        let targets = [1, 0, 1, -1, 0, 1, 0]
        let instants: [Int64] = [30, 20, 10, 5, 20, 10, 10]
        let order = ImportPlan.storageOrder(rowCount: targets.count, targets: 2, instants: instants) { targets[$0] }
        // Account 0: rows 6 (10), 1 (20), 4 (20); account 1: rows 2 (10), 5 (10), 0 (30).
        #expect(order == [6, 1, 4, 2, 5, 0])
        // Already in order: file order kept as it is.
        #expect(ImportPlan.storageOrder(rowCount: 3, targets: 1, instants: [1, 1, 2]) { _ in 0 } == [0, 1, 2])
        #expect(ImportPlan.storageOrder(rowCount: 0, targets: 0, instants: []) { _ in 0 } == [])
    }

    @Test func anImportReadsBackInTimeOrderWhateverOrderItListedItsRows() throws {
        let box = try SQLiteBox()
        // (instant, name index, value) in file order: B, A, B, B, A.
        let entries: [(Int64, Int32, String)] = [(3000, 1, "30"), (1000, 0, "10"), (2000, 1, "20"), (1000, 1, "11"), (2000, 0, "21")]
        let rows = entries.enumerated().map { index, entry in
            ImportRow(line: Int32(index + 2), name: entry.1, at: entry.0, currency: -1, kind: .value(entry.2))
        }
        let plan = try ImportPlan(rows: rows, names: ["A", "B"], currencies: [], repository: box.repository, fallbackCurrency: .gbp,
                                  faults: ImportFaults(source: "file.csv"))
        try box.repository.write("import") { change in try plan.apply(change) }
        // B's rows first (its account was made first, at its first row), then A's, each in
        // time order: the ids follow. At one instant, the lower id first.
        let byID = try Self.streamed(box.repository).sorted { $0[0] < $1[0] }.map { [$0[2], $0[3]] }
        #expect(byID == [[1000, 1100], [2000, 2000], [3000, 3000], [1000, 1000], [2000, 2100]])
        #expect(try Self.streamed(box.repository).map(\.[3]) == [1100, 1000, 2000, 2100, 3000])
    }

    /// A store made by schema version 4 (with the index in time order), holding two
    /// accounts, their updates and one undo step, at `path`.
    static func makeVersion4(_ path: String) throws {
        let version4 = SQLiteSchema(name: "a portfolio database", applicationID: 0x4D4B_5046,
                                    migrations: Array(SQLitePortfolioRepository.migrations.prefix(4)))
        let database = try SQLiteDatabase.open(path, schema: version4, access: .write(createFolders: false))
        defer { database.close() }
        try database.execute("""
            BEGIN;
            INSERT INTO accounts (id, name, currency, created_at, update_count) VALUES (1, 'ISA', 'GBP', 1000, 2), (2, 'Cash', 'GBP', 1000, 1);
            INSERT INTO updates (id, account_id, at, value) VALUES (1, 1, 1000, 100000), (2, 2, 1500, 500), (3, 1, 2000, 150000);
            INSERT INTO journal_steps (id, label, at, actor) VALUES (1, 'update ''ISA'' to £1,500.00', 2.0, '');
            INSERT INTO journal_records (step_id, position, kind, key, before) VALUES (1, 0, 'new updates', '3...3', NULL);
            COMMIT;
            """)
    }

    @Test func aVersionFourStoreIsReadAsItIsAndLosesItsTimeIndexByItsFirstWrite() throws {
        let box = try SQLiteBox()
        let path = box.folder + "/old.sqlite"
        try Self.makeVersion4(path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let expected: [[Int64]] = [[1, 1, 1000, 100000], [2, 2, 1500, 500], [3, 1, 2000, 150000]]

        // Read as it is: the file's own connection (not a migrated copy) at version 4.
        let reader = try SQLitePortfolioRepository(path: path, access: .read)
        #expect(try reader.database.scalarInteger("PRAGMA user_version") == 4)
        #expect(try Self.streamed(reader) == expected)
        #expect(try reader.firstInstant() == 1000)
        reader.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)

        // The first write migrates it: the index goes, every row and the undo step stay.
        let writer = try SQLitePortfolioRepository(path: path, access: .write(createFolders: false))
        defer { writer.close() }
        #expect(try writer.database.scalarInteger("PRAGMA user_version") == 5)
        #expect(try writer.database.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name = 'updates_by_time'") == 0)
        #expect(try writer.database.storedSchemaMatches(SQLitePortfolioRepository.schema, atVersion: 5))
        #expect(try Self.streamed(writer) == expected)
        let outcome = try Portfolio(repository: writer).undo()
        #expect(outcome.step.description == "update 'ISA' to £1,500.00")
        #expect(try Self.streamed(writer) == Array(expected.prefix(2)))
    }
}
