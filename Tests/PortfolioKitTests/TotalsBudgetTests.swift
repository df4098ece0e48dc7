// A change that would make every later report fail is refused itself (issue 26, item 16):
// two accounts of one currency each near the largest amount made every 'list' and the
// dashboard fail (their total is out of range);
// two deposits near the largest amount made every 'returns' fail. Every store's change measures what the reports may add
// up (PortfolioTotalsBudget) and refuses such a change, nothing stored; the reports then
// always work.

import MoneyKit
import Testing
@testable import PortfolioKit
@testable import PortfolioSQLite

/// The largest amount, in pounds: the most one currency may hold and move together.
private let limitText = Money.plainString(minorUnits: PortfolioTotalsBudget.limit, exponent: 2)

/// Runs the scenarios on the portfolio over `repository`.
func expectReportsStayInRange(_ repository: any PortfolioRepository) throws {
    let portfolio = Portfolio(repository: repository)
    let day = local(2025, 1, 10)
    // One account may hold the whole budget, and the reports add it up.
    try portfolio.add("A", limitText, at: day)
    try portfolio.add("B", nil, at: day)
    let before = try StoreContents(repository)

    // A second account near the limit in the same currency: the total would not fit.
    #expect(throws: PortfolioError.beyondTotalsBudget(.gbp)) { try portfolio.set("B", "0.01", at: day + 60) }
    #expect(throws: PortfolioError.beyondTotalsBudget(.gbp)) {
        _ = try portfolio.addContribution(named: "B", at: day + 60, withdrawal: false) { try Money.parse("1", currency: $0) }
    }
    #expect(throws: PortfolioError.beyondTotalsBudget(.gbp)) {
        _ = try portfolio.setGoal(named: "B", by: nil) { try Money.parse("1", currency: $0) }
    }
    #expect(try StoreContents(repository) == before, "nothing was stored")

    // Every report still adds up: list, and the totals at every period.
    let rows = try portfolio.accountRows(includeClosed: true, now: day + 3600)
    #expect(rows.count == 2)

    // Another currency has a budget of its own.
    try portfolio.add("E", limitText, at: day, currency: .eur)
    // Bringing a currency down is always taken.
    try portfolio.set("A", "1", at: day + 120)
}

@Suite("What every report adds up stays in range")
struct TotalsBudgetTests {
    @Test func inMemory() throws {
        try expectReportsStayInRange(MemoryPortfolioRepository())
    }

    @Test func onSQLite() throws {
        try expectReportsStayInRange(try PortfolioBackend.sqlite.makeStore())
    }

    @Test func eachAccountCountsItsLargestValue() throws {
        // A value brought down later still counts: the totals of the past hold it.
        let portfolio = memoryPortfolio()
        try portfolio.add("A", limitText, at: local(2025, 1, 1))
        try portfolio.set("A", "-" + limitText, at: local(2025, 2, 1))
        try portfolio.set("A", "5", at: local(2025, 3, 1))
        try portfolio.add("B", nil, at: local(2025, 1, 1))
        #expect(throws: PortfolioError.beyondTotalsBudget(.gbp)) { try portfolio.set("B", "0.01", at: local(2025, 4, 1)) }
    }

    @Test func aCurrencyAlreadyBeyondMayShrinkButNotGrow() throws {
        let limit = UInt64(PortfolioTotalsBudget.limit)
        #expect(throws: Never.self) { try PortfolioTotalsBudget.requireWithin(after: ["GBP": limit + 5], before: ["GBP": limit + 9]) }
        #expect(throws: Never.self) { try PortfolioTotalsBudget.requireWithin(after: ["GBP": limit], before: [:]) }
        #expect(throws: PortfolioError.beyondTotalsBudget(.gbp)) {
            try PortfolioTotalsBudget.requireWithin(after: ["GBP": limit + 9], before: ["GBP": limit + 5])
        }
        // A sum beyond 64 bits saturates rather than wraps.
        #expect(PortfolioTotalsBudget.use(of: [("GBP", .max), ("GBP", .max)]) == ["GBP": UInt64(Int64.max) * 2])
        #expect(PortfolioTotalsBudget.use(of: [("GBP", .max), ("GBP", .max), ("GBP", .max)]) == ["GBP": .max])
    }
}

extension PortfolioPostgresRepositoryTests {
    @Test func whatEveryReportAddsUpStaysInRangeOnPostgreSQL() throws {
        try expectReportsStayInRange(try PortfolioBackend.postgres.makeStore())
    }
}
