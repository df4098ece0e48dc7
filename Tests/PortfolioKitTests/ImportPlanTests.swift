// An import planned against the in-memory repository: accounts created as needed, rows
// already stored skipped (the Nth copy when the store holds N), closes checked against
// the updates, every bad row reported, and the plan applied as one undo step.

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct ImportPlanTests {
    /// Rows of one file: (date, name index, value).
    func rows(_ entries: [(Int64, Int32, ImportRow.Kind)], currency: Int16 = -1) -> [ImportRow] {
        entries.enumerated().map { index, entry in
            ImportRow(line: Int32(index + 1), name: entry.1, at: entry.0, currency: currency, kind: entry.2)
        }
    }

    func plan(_ portfolio: Portfolio, _ rows: [ImportRow], names: [String], currencies: [Currency] = []) throws -> ImportPlan {
        try ImportPlan(rows: rows, names: names, currencies: currencies, repository: portfolio.repository, fallbackCurrency: .gbp, faults: ImportFaults(source: "file.csv"))
    }

    @Test func importingTheSameRowsTwiceChangesNothingTheSecondTime() throws {
        let portfolio = memoryPortfolio()
        let file = rows([(local(2025, 1, 1), 0, .value("100")), (local(2025, 2, 1), 0, .value("120")), (local(2025, 2, 1), 0, .value("120")),
                         (local(2025, 3, 1), 1, .account), (local(2025, 4, 1), 0, .close)])
        let first = try plan(portfolio, file, names: ["Saver", "Empty"])
        #expect(first.faults.isEmpty)
        #expect(first.summary(dryRun: false) == "Imported 3 updates, 2 new accounts, 1 close.")
        try portfolio.repository.write("import") { change in try first.apply(change) }
        let saver = try portfolio.account(named: "Saver")
        #expect(saver.closedAt == local(2025, 4, 1))
        #expect(try portfolio.repository.updates(of: saver).map(\.value) == [100_00, 120_00, 120_00])
        #expect(try portfolio.account(named: "Empty").createdAt == local(2025, 3, 1))

        let again = try plan(portfolio, file, names: ["Saver", "Empty"])
        #expect(again.changesNothing)
        #expect(again.summary(dryRun: true) == "Would import 0 updates. Would skip 5 rows already in the store. Nothing was changed (--dry-run).")
        // One more copy of a row: only that copy is new.
        let more = try plan(portfolio, file + rows([(local(2025, 2, 1), 0, .value("120.00"))]), names: ["Saver", "Empty"])
        #expect(more.faults.isEmpty)
        #expect(more.updates == 1 && more.skipped == 5)
    }

    @Test func everyBadRowIsReported() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Dollars", "1", at: local(2025, 1, 1), currency: .usd)
        let file = rows([(local(2025, 1, 1), 0, .value("12.345")), (local(2025, 1, 2), 0, .value("abc")),
                         (local(2025, 1, 3), 1, .value("5")), (local(2025, 1, 4), 2, .value("5")), (local(2025, 1, 1), 2, .close)])
        let planned = try plan(portfolio, file, names: ["A", "Dollars", "B"], currencies: [])
        let faults = planned.faults
        #expect(faults.count == 3)
        #expect(faults.shown.map(\.line) == [1, 2, 5])
        #expect(faults.shown[2].message.hasPrefix("'B' has an update on "))
        guard case let .importFaults(source, shown, count) = faults.error else { Issue.record("not import faults"); return }
        #expect(source == "file.csv" && count == 3 && shown.count == 3)
        let euros = try plan(portfolio, rows([(local(2025, 2, 1), 0, .value("1"))], currency: 0), names: ["Dollars"], currencies: [Currency(code: "EUR")].compactMap { $0 })
        #expect(euros.faults.shown.map(\.message) == ["'Dollars' is in USD, not EUR"])
    }

    @Test func onlyTheFirstTwentyFaultsAreKeptInFull() {
        var faults = ImportFaults(source: "standard input")
        for line in (1...25).reversed() { faults.add(line: line, "bad") }
        #expect(faults.count == 25)
        #expect(faults.shown.count == ImportFaults.limit)
        guard case let .importFaults(_, shown, _) = faults.error else { Issue.record("not import faults"); return }
        #expect(shown.map(\.line) == Array(6...25))
    }
}
