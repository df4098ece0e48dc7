// The PostgreSQL adapter against a real server: what only a shared store has (undo per
// actor, refused over another actor's later change; reading creates nothing), db copy
// both ways without loss, a bulk import in several statements. The scenarios every
// adapter must answer alike are PortfolioAdapterContractTests.

import Foundation
import MoneyKit
import MoneyKitPlatform
import MoneyKitPostgres
import PostgresTestSupport
import Testing
@testable import PortfolioKit
@testable import PortfolioSQLite
@testable import PortfolioPostgres

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct PortfolioPostgresRepositoryTests {
    /// Fills a store through the rules: ties, a close, a rename, a delete, money in and out, goals.
    static func fill(_ portfolio: Portfolio) throws {
        try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        try portfolio.add("ISA", "2000", at: local(2025, 1, 1))
        try portfolio.add("Dollars", "50", at: local(2025, 1, 2), currency: .usd)
        try portfolio.set("Saver", "110", at: local(2025, 2, 1))
        try portfolio.set("Saver", "111", at: local(2025, 2, 1))  // a tie: the later entered wins
        try portfolio.set("ISA", "2100", at: local(2025, 3, 1))
        _ = try portfolio.addContribution(named: "ISA", at: local(2025, 2, 15), withdrawal: false) { try Money.parse("500", currency: $0) }
        _ = try portfolio.addContribution(named: "Saver", at: local(2025, 2, 16), withdrawal: true) { try Money.parse("5", currency: $0) }
        _ = try portfolio.setGoal(named: "ISA", by: local(2030, 1, 1)) { try Money.parse("10000", currency: $0) }
        _ = try portfolio.setTotalGoal(currency: .gbp, fallback: .gbp, by: nil) { try Money.parse("20000", currency: $0) }
        _ = try portfolio.close(named: "Dollars", at: local(2025, 4, 1))
        try portfolio.rename(named: "Saver", to: "Rainy day")
        try portfolio.add("Gone", "1", at: local(2025, 1, 3))
        _ = try portfolio.delete(portfolio.account(named: "Gone"))
    }

    @Test func readingADatabaseWithoutTablesCreatesNothing() throws {
        let database = try sharedCluster().newDatabase("portfolio")
        let store = PostgresPortfolioRepository(connectionText: database, actor: "ann@host-a")
        #expect(try store.accounts().isEmpty)
        #expect(try store.read { _ in try store.firstInstant() } == nil)
        #expect(try store.latestUndoStep() == nil)
        #expect(!store.exists)
        let schemas = try sharedCluster().execute("SELECT count(*) FROM pg_namespace WHERE nspname = 'portfolio'", on: database)
        #expect(schemas.first?.text(0) == "0")
    }

    @Test func undoRevertsOnlyThisActorsChanges() throws {
        let database = try sharedCluster().newDatabase("portfolio")
        let ann = Portfolio(repository: PostgresPortfolioRepository(connectionText: database, actor: "ann@host-a"))
        let bob = Portfolio(repository: PostgresPortfolioRepository(connectionText: database, actor: "bob@host-b"))
        try ann.add("Saver", "100", at: local(2025, 1, 1))
        try bob.add("Pension", "900", at: local(2025, 1, 2))
        // Bob's undo takes back Bob's account, not Ann's later-made one.
        try ann.add("Cash", "5", at: local(2025, 1, 3))
        #expect(try bob.undo().step.description == "add 'Pension'")
        #expect(try ann.repository.accounts().map(\.name) == ["Cash", "Saver"])
        #expect(throws: PortfolioError.nothingToUndo) { try bob.undo() }
        // The same user on another machine is another actor.
        let annElsewhere = Portfolio(repository: PostgresPortfolioRepository(connectionText: database, actor: "ann@host-b"))
        #expect(throws: PortfolioError.nothingToUndo) { try annElsewhere.undo() }
        #expect(try ann.undo().step.description == "add 'Cash'")
    }

    @Test func undoRefusesOverAnotherActorsLaterChangeAndChangesNothing() throws {
        let database = try sharedCluster().newDatabase("portfolio")
        let ann = Portfolio(repository: PostgresPortfolioRepository(connectionText: database, actor: "ann@host-a"))
        let bob = Portfolio(repository: PostgresPortfolioRepository(connectionText: database, actor: "bob@host-b"))
        try ann.add("Saver", "100", at: local(2025, 1, 1))
        try ann.set("Saver", "150", at: local(2025, 2, 1))
        try bob.set("Saver", "175", at: local(2025, 3, 1))
        let before = try StoreContents(ann.repository)
        do {
            _ = try ann.undo()
            Issue.record("Ann's undo went over Bob's later update")
        } catch let PortfolioError.undoConflict(description, actor) {
            #expect(actor == "bob@host-b")
            #expect(description.hasPrefix("update 'Saver' to "))
        }
        #expect(try StoreContents(ann.repository) == before)
        // Once Bob takes his change back, Ann may take hers.
        _ = try bob.undo()
        #expect(try ann.undo().step.command == "update")
        #expect(try ann.repository.updates(of: ann.account(named: "Saver")).map(\.value) == [10000])
        // A change to another account does not stand in the way.
        try ann.add("Cash", "5", at: local(2025, 1, 3))
        try bob.add("Pension", "900", at: local(2025, 1, 4))
        #expect(try ann.undo().step.description == "add 'Cash'")
    }

    @Test(arguments: [(PortfolioBackend.sqlite, PortfolioBackend.postgres), (.postgres, .sqlite), (.postgres, .postgres)])
    func copyCarriesEverythingBetweenBackends(_ from: PortfolioBackend, _ to: PortfolioBackend) throws {
        let source = try from.makeStore()
        try Self.fill(Portfolio(repository: source))
        let target = try to.makeStore()
        let summary = try PortfolioStoreCopy.copy(from: source, to: target, description: "copy")
        #expect(summary == PortfolioStoreCopy.Summary(accounts: 3, updates: 6, contributions: 2, goals: 2))
        #expect(try StoreContents(target) == StoreContents(source))
        // Never into a store that holds something: the target is left as it was.
        let again = try to.makeStore()
        try Portfolio(repository: again).add("Mine", "1", at: local(2025, 1, 1))
        let before = try StoreContents(again)
        #expect(throws: PortfolioError.copyTargetNotEmpty(location: again.location)) {
            try PortfolioStoreCopy.copy(from: source, to: again, description: "copy")
        }
        #expect(try StoreContents(again) == before)
    }

    @Test func aBulkImportKeepsFileOrderAndIsOneUndoStep() throws {
        let database = try sharedCluster().newDatabase("portfolio")
        let store = PostgresPortfolioRepository(connectionText: database, actor: "ann@host-a")
        let portfolio = Portfolio(repository: store)
        let account = try portfolio.add("Saver", nil, at: local(2025, 1, 1))
        let count = PostgresPortfolioRepository.batch + 7  // more than one statement
        // Worked out once: a test running beside this one may change the process's zone
        // (parallel runs), and a midnight read at every row would then move mid-import.
        let base = local(2025, 1, 1)
        try store.write("import") { change in
            try change.addUpdates(of: [account]) { body in
                for index in 0..<count { try body(0, base + Int64(index / 2), Int64(index)) }
            }
        }
        // Value i is the file's i-th row, ties of `at` in twos: in the order updates(of:)
        // reads (at, id) every row is where the file had it. Checked by the server: reading
        // 50,007 updates back through the store costs 2 s in a debug build.
        let order = try sharedCluster().execute("""
            SELECT count(*), count(*) FILTER (WHERE value <> n - 1) FROM
            (SELECT value, row_number() OVER (ORDER BY at, id) AS n FROM portfolio.updates) AS u
            """, on: database)
        #expect(order.first?.text(0) == "\(count)")
        #expect(order.first?.text(1) == "0", "updates out of file order")
        #expect(try store.updateCount(of: account) == Int64(count))
        #expect(try portfolio.undo().effect == "\(count) updates removed")
        #expect(try store.updateCount(of: account) == 0)
    }
}
