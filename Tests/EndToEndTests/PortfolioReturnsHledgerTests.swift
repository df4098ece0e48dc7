// portfolio returns against hledger's roi on the journal portfolio exports (issue 26,
// item 7): money moved since the last value counts in the value before the next flow, as
// the journal books it (a deposit after a balance assignment adds to the balance). Skipped
// where hledger is not installed, unless MONEYKIT_REQUIRE_HLEDGER=1 (PortfolioJournalTests).

import Foundation
import Testing

@Suite struct PortfolioReturnsHledgerTests {
    /// 1000 in and valued 1000 on 1 January, 500 in on 1 February, 100 out on 10 February,
    /// valued 1420 on 20 February: 1000 → 1500 → 1400 → 1420 (TWR 1.43 % over the period).
    @Test(.enabled(if: PlainTextAccounting.installed(PlainTextAccounting.hledger), PlainTextAccounting.skipReason))
    func returnsAgreeWithHledgerRoi() throws {
        let box = try PortfolioBox()
        try box.ok("add", "ISA", "1000", "--date", "2024-01-01")
        try box.ok("deposit", "ISA", "1000", "--date", "2024-01-01")
        try box.ok("deposit", "ISA", "500", "--date", "2024-02-01")
        try box.ok("withdraw", "ISA", "100", "--date", "2024-02-10")
        try box.ok("update", "ISA", "1420", "--date", "2024-02-20")
        let csv = try box.ok("returns", "ISA", "--from", "2024-01-01", "--to", "2024-02-29", "--format", "csv").stdout
        let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(lines.first), row = try #require(lines.dropFirst().first)
        func field(_ key: String) throws -> Double {
            let index = try #require(header.firstIndex(of: key), "\(key)")
            return try #require(Double(row[index]), "\(key): \(row)")
        }
        #expect(try field("timeWeightedPeriod") == 1.4286)

        let journal = try box.ok("export", "--format", "hledger").stdout
        let file = box.sandbox.path("returns.journal")
        try journal.write(toFile: file, atomically: true, encoding: .utf8)
        let account = try #require(PlainTextAccounting.accountNames(journal)["ISA"])
        let table = try PlainTextAccounting.run(PlainTextAccounting.hledger, [
            "-f", file, "roi", "--inv", "^\(account)$", "--pnl", "equity:valuation", "-b", "2024-01-01", "-e", "2024-03-01",
        ], in: box)
        // "| 1 || 2024-01-01 | 2024-02-29 || 0 | 1400.00 GBP | 1420.00 GBP | 20.00 GBP || 10.51% | 9.02% |"
        let data = try #require(table.split(separator: "\n").first { $0.hasPrefix("| 1 ") }, "\(table)")
        let cells = data.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let irr = try #require(Double(cells[cells.count - 2].dropLast()), "\(data)"), twr = try #require(Double(cells[cells.count - 1].dropLast()), "\(data)")
        // hledger 1.25 gives both annualised, to 0.01 percentage point: IRR 10.51 % (ours
        // 10.5099), TWR 9.02 % (ours 9.0122: hledger counts in whole days and rounds its
        // unit prices). Before the fix the TWR was 5.19 % over the period, about 36 % a year.
        #expect(abs(try field("moneyWeightedAnnualised") - irr) <= 0.005, "\(data)")
        #expect(abs(try field("timeWeightedAnnualised") - twr) <= 0.02, "\(data)")
    }
}
