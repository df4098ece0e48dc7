// Deposits and withdrawals in the kit, against both adapters: stored signed and apart from
// the values, refused when not more than zero or after the close, and every change
// (deposit, withdraw, flows rm, rm of an account with them) reverted exactly by undo.

import MoneyKit
import MoneyKitPlatform
import MoneyKitSQLite
import Testing
@testable import PortfolioKit
@testable import PortfolioSQLite

/// Every account with its updates, contributions and goal: what undo must restore.
func moneySnapshot(_ repository: any PortfolioRepository) throws -> String {
    var text = ""
    for account in try repository.accounts() {
        text += "\(account)\n"
        for update in try repository.updates(of: account) { text += "  \(update)\n" }
        for contribution in try repository.contributions(of: account) { text += "  \(contribution)\n" }
    }
    for goal in try repository.goals() { text += "\(goal)\n" }
    return text
}

@Suite struct ContributionTests {
    /// Both adapters, each seeded the same way.
    static func portfolios() throws -> [(Portfolio, AnyObject?)] {
        let box = try SQLiteBox()
        return [(memoryPortfolio(), nil), (box.portfolio, box)]
    }

    static func seed(_ portfolio: Portfolio) throws {
        try portfolio.add("ISA", "1000", at: utc("2024-01-01T00:00:00Z"))
        try portfolio.move("ISA", "1000", at: utc("2024-01-01T00:00:00Z"))
        try portfolio.move("ISA", "250.50", at: utc("2024-03-01T00:00:00Z"), withdrawal: true)
        try portfolio.add("Other", "5", at: utc("2024-01-01T00:00:00Z"))
    }

    @Test func depositsAndWithdrawalsAreStoredSignedApartFromValues() throws {
        for (portfolio, keep) in try Self.portfolios() {
            _ = keep
            try Self.seed(portfolio)
            let isa = try portfolio.account(named: "ISA")
            #expect(try portfolio.repository.contributions(of: isa).map(\.amount) == [100_000, -25_050])
            #expect(try portfolio.repository.updates(of: isa).map(\.value) == [100_000], "a deposit is no valuation")
            #expect(try portfolio.contributionRows(named: "isa").rows.map(\.contribution.amount) == [-25_050, 100_000], "newest first")
            var all: [Int64] = []
            try portfolio.repository.forEachContribution { all.append($0.amount) }
            #expect(all == [100_000, -25_050])
        }
    }

    @Test func zeroNegativeAndAfterCloseAreRefusedAndStoreNothing() throws {
        for (portfolio, keep) in try Self.portfolios() {
            _ = keep
            try Self.seed(portfolio)
            let before = try moneySnapshot(portfolio.repository)
            #expect(throws: PortfolioError.amountNotPositive) { try portfolio.move("ISA", "0", at: utc("2024-04-01T00:00:00Z")) }
            #expect(throws: PortfolioError.amountNotPositive) { try portfolio.move("ISA", "-5", at: utc("2024-04-01T00:00:00Z"), withdrawal: true) }
            _ = try portfolio.close(named: "Other", at: utc("2024-06-01T00:00:00Z"))
            let closed = try moneySnapshot(portfolio.repository)
            #expect(throws: PortfolioError.closed(account: "Other", closedAt: utc("2024-06-01T00:00:00Z"))) {
                try portfolio.move("Other", "5", at: utc("2024-06-01T00:00:00Z"))
            }
            #expect(try moneySnapshot(portfolio.repository) == closed)
            #expect(closed != before)
        }
    }

    /// Each change of money rows, and what undo says it reverted.
    static var changes: [(name: String, change: (Portfolio) throws -> Void, undid: String)] { [
        ("deposit", { try $0.move("ISA", "10", at: utc("2024-05-01T00:00:00Z")) },
         "deposit \(Portfolio.money(10_00, .gbp)) into 'ISA' on \(Instant.dateTime(utc("2024-05-01T00:00:00Z"))) [contribution 3] (1 deposit or withdrawal removed)"),
        ("withdraw", { try $0.move("ISA", "10", at: utc("2024-05-01T00:00:00Z"), withdrawal: true) },
         "withdraw \(Portfolio.money(10_00, .gbp)) from 'ISA' on \(Instant.dateTime(utc("2024-05-01T00:00:00Z"))) [contribution 3] (1 deposit or withdrawal removed)"),
        ("flows rm", { try $0.deleteContribution(id: 1, of: $0.account(named: "ISA")) }, "flows rm 'ISA' 1 (1 deposit or withdrawal restored)"),
        ("rm", { _ = try $0.delete($0.account(named: "ISA")) }, "rm 'ISA' and its 1 update (1 account and 1 update and 2 deposits or withdrawals restored)"),
        ("goal", { _ = try $0.setGoal(named: "ISA", by: nil) { try Money.parse("5000", currency: $0) } }, "goal 'ISA' \(Portfolio.money(5_000_00, .gbp))"),
    ] }

    @Test(arguments: 0..<5)
    func undoRevertsEachMoneyChangeExactly(index: Int) throws {
        let (name, change, undid) = Self.changes[index]
        for (portfolio, keep) in try Self.portfolios() {
            _ = keep
            try Self.seed(portfolio)
            _ = try portfolio.setGoal(named: "Other", by: utc("2030-01-01T00:00:00Z")) { try Money.parse("100", currency: $0) }
            let before = try moneySnapshot(portfolio.repository)
            try change(portfolio)
            #expect(try moneySnapshot(portfolio.repository) != before, "\(name) changed nothing")
            let outcome = try portfolio.undo()
            #expect(outcome.step.description + (outcome.effect.map { " (\($0))" } ?? "") == undid, "\(name) \(type(of: portfolio.repository))")
            #expect(try moneySnapshot(portfolio.repository) == before, "\(name) \(type(of: portfolio.repository))")
        }
    }

    @Test func aVersionFiveStoreKeepsTheFastSchemaCheck() throws {
        // Migration 3 is CREATE statements only, migration 4 CREATE, INSERT and DROP TABLE,
        // migration 5 DROP INDEX: the stored SQL is foretold, and opening a store skips
        // building the schema in a scratch database.
        let box = try SQLiteBox()
        try Self.seed(box.portfolio)
        #expect(SQLitePortfolioRepository.schema.version == 5)
        #expect(try box.repository.database.storedSchemaMatches(SQLitePortfolioRepository.schema, atVersion: 5))
    }

    @Test func rmTakesTheAccountsGoalAndUndoBringsItBack() throws {
        for (portfolio, keep) in try Self.portfolios() {
            _ = keep
            try Self.seed(portfolio)
            _ = try portfolio.setGoal(named: "ISA", by: nil) { try Money.parse("5000", currency: $0) }
            let before = try moneySnapshot(portfolio.repository)
            _ = try portfolio.delete(portfolio.account(named: "ISA"))
            #expect(try portfolio.repository.goals().isEmpty)
            _ = try portfolio.undo()
            #expect(try moneySnapshot(portfolio.repository) == before)
        }
    }
}
