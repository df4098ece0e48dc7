// A journal's amounts read with the decimal mark its directives decide, as hledger decides
// it (decimal-mark for the lines after it, else the commodity directive's sample), and
// what no directive decides refused when it could be read two ways (issue 26, item 4).

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct JournalDecimalMarkTests {
    func read(_ text: String) -> JournalImport {
        JournalImport(text: text, source: "in.journal") { .success($0) }
    }

    /// The faults of a journal refused.
    struct Refused: Error, Equatable { let messages: [String] }

    /// The journal's one value in minor units once planned into an empty store, or its faults.
    func imported(_ directives: String, _ amount: String) throws -> Result<Int64, Refused> {
        let journal = read(directives + "\n2025-01-01 v\n    assets:x  = \(amount)\n    equity:v\n")
        let portfolio = memoryPortfolio()
        let plan = try ImportPlan(rows: journal.importRows, names: journal.names, currencies: journal.currencies,
                                  repository: portfolio.repository, fallbackCurrency: .eur, faults: journal.faults)
        guard plan.faults.isEmpty else { return .failure(Refused(messages: plan.faults.shown.map(\.message))) }
        try portfolio.repository.write("import") { try plan.apply($0) }
        let account = try portfolio.account(named: "x")
        return .success(try #require(try portfolio.repository.updates(of: account).first).value)
    }

    // What hledger 1.25 gives for the same journal (hledger bal -O json), where it decides.
    @Test(arguments: [
        ("commodity 1.000,00 EUR", "1.500 EUR", 150_000),
        ("commodity 1.000,00 EUR", "1,5 EUR", 150),
        ("commodity 1.000,00 EUR", "1.500,25 EUR", 150_025),
        ("commodity 1 000,00 EUR", "1.500 EUR", 150_000),
        ("commodity 1,000.00 EUR", "1,500 EUR", 150_000),
        ("commodity EUR\n    format 1.000,00 EUR", "2.500 EUR", 250_000),
        ("D 1.000,00 EUR", "1.500 EUR", 150_000),
        ("decimal-mark ,", "1.500 EUR", 150_000),
        ("decimal-mark ,", "-1.234.567,8 EUR", -123_456_780),
        ("decimal-mark .", "EUR 15,00,000", 150_000_000),
        ("decimal-mark ,", "1 500,25 EUR", 150_025),
        ("decimal-mark .", "1,500 EUR", 150_000),
        // decimal-mark wins over the commodity's, before or after it.
        ("commodity 1.000,00 EUR\ndecimal-mark .", "1,500.5 EUR", 150_050),
        ("decimal-mark .\ncommodity 1.000,00 EUR", "1,500 EUR", 150_000),
        // Another commodity's directive decides nothing for EUR; unambiguous amounts need none.
        ("commodity 1.000,00 GBP", "1,500.25 EUR", 150_025),
        ("", "1.500,25 EUR", 150_025),
        ("", "1,5 EUR", 150),
        ("", "1.500.000 EUR", 150_000_000),
        ("commodity 1000. JPY", "1,500 JPY", 1_500),
    ] as [(String, String, Int64)])
    func aDecidedMarkReadsAsHledgerDoes(directives: String, amount: String, minorUnits: Int64) throws {
        let result = try imported(directives, amount)
        #expect(result == .success(minorUnits))
    }

    @Test(arguments: [
        ("", "1.500 EUR", "'1.500' could be 1500 or 1.500"),
        ("", "1,500 EUR", "'1,500' could be 1500 or 1.500"),
        ("", "-12,000 EUR", "'-12,000' could be -12000 or -12.000"),
        ("", "1,500 JPY", "'1,500' could be 1500 or 1.500"),
        ("commodity 1.000,00 GBP", "1.500 EUR", "'1.500' could be"),
        ("commodity 1,000 EUR", "1.00 EUR", "the sample amount '1,000' does not say which mark"),
        ("commodity 1.000,00 EUR", "1,500.25 EUR", "does not use ',' as its decimal mark"),
        ("decimal-mark ,", "1.5 EUR", "groups its digits other than by threes"),
        ("decimal-mark .", "1.500 EUR", "'1.500' has 3 decimals; EUR has 2"),
        ("decimal-mark .", "1.500 JPY", "'1.500' has 3 decimals; JPY has 0"),
        ("decimal-mark ;", "1.00 EUR", "a decimal-mark directive takes '.' or ','"),
    ])
    func whatStaysAmbiguousOrContradictsTheMarkIsRefused(directives: String, amount: String, fault: String) throws {
        let result = try imported(directives, amount)
        guard case .failure(let refused) = result else {
            Issue.record("\(directives) / \(amount) was read as \(result)")
            return
        }
        #expect(refused.messages.contains { $0.contains(fault) }, "\(refused.messages)")
    }

    @Test func aDirectiveDecidesOnlyTheLinesAfterIt() throws {
        let journal = read("""
            2025-01-01 v
                assets:a  = 1.500 EUR
                equity:v
            commodity 1.000,00 EUR
            2025-01-02 v
                assets:b  = 1.500 EUR
                equity:v
            """)
        #expect(journal.faults.shown.map(\.line) == [2])
        #expect(journal.rows.map { row -> String in if case .value(let text) = row.kind { return text } else { return "" } } == ["1500"])
    }

    @Test func aTransactionOfManyPostingsIsReadWhole() {
        // Built in place (issue 26, item 15): read in linear time, every posting kept in order.
        let count = 20_000
        var text = "2025-01-01 valuation\n"
        for index in 0..<count { text += "    assets:a\(index)  = \(index).00 GBP\n" }
        text += "    equity:valuation\n"
        let journal = read(text)
        #expect(journal.faults.isEmpty)
        #expect(journal.rows.count == count)
        #expect(journal.names.first == "a0" && journal.names.last == "a\(count - 1)")
    }
}
