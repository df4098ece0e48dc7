// A schema-3 SQLite store whose own journal is full (issue 27, item 1 review): its
// `PortfolioUndo.limit` steps come over to the shared journal, the first change after the
// move drops the oldest, and undo then walks back the newest change and every old step
// but that one, each account it created removed, its id free again.

import Foundation
import MoneyKit
import MoneyKitSQLite
import Testing
@testable import PortfolioKit
@testable import PortfolioSQLite

@Suite struct PortfolioMigrationLimitTests {
    @Test func aFullOldJournalComesOverAndKeepsTheLimit() throws {
        let folder = NSTemporaryDirectory() + "portfolio-migration-limit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/p.sqlite"
        let limit = PortfolioUndo.limit
        let version3 = SQLiteSchema(name: "a portfolio database", applicationID: 0x4D4B_5046,
                                    migrations: Array(SQLitePortfolioRepository.migrations.prefix(3)))
        do {
            let database = try SQLiteDatabase.open(path, schema: version3, access: .write(createFolders: false))
            defer { database.close() }
            var script = "BEGIN;\n"
            for id in 1...limit {
                script += "INSERT INTO accounts (id, name, currency, created_at, closed_at, update_count) VALUES (\(id), 'A\(id)', 'GBP', \(id), NULL, 0);\n"
                script += "INSERT INTO undo_steps (id, command, description, at) VALUES (\(id), 'add', 'add ''A\(id)''', \(id * 100));\n"
                script += "INSERT INTO undo_created (step_id, table_name, first_id, last_id) VALUES (\(id), 'accounts', \(id), \(id));\n"
            }
            try database.execute(script + "COMMIT;")
        }
        let store = try SQLitePortfolioRepository(path: path, access: .write(createFolders: false))
        defer { store.close() }
        let portfolio = Portfolio(repository: store)
        _ = try portfolio.addAccount(name: "New", currency: try #require(Currency(code: "GBP")), at: 500_000, initial: nil)
        #expect(try store.database.scalarInteger("SELECT count(*) FROM journal_steps") == Int64(limit))
        #expect(try portfolio.undo().step.description == "add 'New'")
        for id in stride(from: limit, through: 2, by: -1) {
            let outcome = try portfolio.undo()
            #expect(outcome.step.description == "add 'A\(id)'")
            #expect(outcome.effect == "1 account removed", "step \(id)")
        }
        #expect(throws: PortfolioError.nothingToUndo) { try portfolio.undo() }
        #expect(try store.accounts().map(\.name) == ["A1"])
        // The ids undone are free again: the next account takes 2.
        let next = try portfolio.addAccount(name: "Next", currency: try #require(Currency(code: "GBP")), at: 600_000, initial: nil)
        #expect(next.id == 2)
    }
}
