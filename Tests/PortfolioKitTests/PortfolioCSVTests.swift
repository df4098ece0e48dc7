// portfolio's CSV format in-process: export → import → export gives the same bytes
// (updates, an account without a value, a close, money in and out, a name a spreadsheet
// would run as a formula), and each refusal of a bad line names the line.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import Testing
@testable import PortfolioKit

@Suite struct PortfolioCSVTests {
    func read(_ text: String) throws -> PortfolioCSVImport {
        var file = PortfolioCSVImport(source: "in.csv") { name in
            name.contains("\u{7}") ? .failure(ImportNameFault("a control character in the name")) : .success(name)
        }
        var reader = CSVReader(source: "in.csv")
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            try reader.feedFields(UnsafeBufferPointer(buffer)) { fields, line in try file.read(fields, line: line) }
        }
        try reader.finishFields { fields, line in try file.read(fields, line: line) }
        return file
    }

    func csv(of repository: any PortfolioRepository) throws -> String {
        var text = ""
        try PortfolioExport.writeCSV(from: repository) { text += $0 }
        return text
    }

    @Test func exportThenImportGivesTheSameStoreAndTheSameCSV() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("=SUM(A1)", "1200", at: local(2025, 5, 1, 8))
        try portfolio.set("=SUM(A1)", "1250.5", at: local(2025, 5, 1, 9, 30))
        try portfolio.add("Dinar, \"KWD\"", "-1.234", at: local(2025, 5, 2), currency: try #require(Currency(code: "KWD")))
        try portfolio.add("Empty", nil, at: local(2025, 5, 3))
        _ = try portfolio.close(named: "Dinar, \"KWD\"", at: local(2025, 6, 1))
        let first = try csv(of: portfolio.repository)
        #expect(first.hasPrefix("date,account,value,currency\n"))
        #expect(first.contains(",'=SUM(A1),1250.50,GBP\n"))
        #expect(first.contains(",\"Dinar, \"\"KWD\"\"\",closed,KWD\n"))
        let file = try read(first)
        #expect(file.faults.isEmpty, "\(file.faults.shown)")
        #expect(file.names == ["=SUM(A1)", "Dinar, \"KWD\"", "Empty"])
        let copy = memoryPortfolio()
        let plan = try ImportPlan(rows: file.rows, names: file.names, currencies: file.currencies, repository: copy.repository,
                                  fallbackCurrency: .usd, faults: file.faults)
        #expect(plan.faults.isEmpty)
        try copy.repository.write("import") { try plan.apply($0) }
        #expect(try csv(of: copy.repository) == first)
    }

    @Test func depositsAndWithdrawalsTakeTheKindColumnAndComeBack() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        _ = try portfolio.addContribution(named: "Saver", at: local(2025, 1, 15), withdrawal: false) { try Money.parse("50", currency: $0) }
        _ = try portfolio.addContribution(named: "Saver", at: local(2025, 3, 1), withdrawal: true) { try Money.parse("20.5", currency: $0) }
        let first = try csv(of: portfolio.repository)
        #expect(first.hasPrefix("date,account,value,currency,kind\n"))
        #expect(first.contains(",Saver,100.00,GBP,\n"))
        #expect(first.contains(",Saver,20.50,GBP,withdrawal\n"))
        let file = try read(first)
        let copy = memoryPortfolio()
        let plan = try ImportPlan(rows: file.rows, names: file.names, currencies: file.currencies, repository: copy.repository,
                                  fallbackCurrency: .usd, faults: file.faults)
        #expect(plan.faults.isEmpty && plan.updates == 1 && plan.contributions == 2)
        try copy.repository.write("import") { try plan.apply($0) }
        #expect(try csv(of: copy.repository) == first)
    }

    @Test func eachBadLineIsAFaultNamingIt() throws {
        let file = try read("""
            date,account,value,currency
            2025-07-27;Easy;100

            someday,Easy,100
            2025-07-27,Easy,100,XXQ
            2025-07-27, ,100
            2025-07-27,Bell\u{7},100
            2025-07-27,Easy,100,GBP,interest
            2025-07-27,Easy,,GBP,deposit
            2025-07-27,Easy,,GBP,goal
            2025-07-27,Easy,100

            """)
        #expect(file.faults.shown == [
            ImportFault(line: 2, message: "expected date,account,value[,currency[,kind]], got 1 fields (it seems to use ';' between fields; CSV here takes ',')"),
            ImportFault(line: 4, message: "invalid date 'someday' (use 2025-07-27, '2025-07-27 14:30' or ISO 8601)"),
            ImportFault(line: 5, message: "unknown currency 'XXQ'"),
            ImportFault(line: 6, message: "the account name is empty"),
            ImportFault(line: 7, message: "a control character in the name"),
            ImportFault(line: 8, message: "unknown kind 'interest' (expected value, deposit, withdrawal or goal)"),
            ImportFault(line: 9, message: "a deposit needs an amount"),
            ImportFault(line: 10, message: "a goal needs an amount"),
        ])
        #expect(file.names == ["Easy"])
        #expect(file.rows.count == 1)
    }

    @Test func aMalformedRecordIsTheReadersFormatError() throws {
        #expect(throws: CSVFormatError("in.csv: line 2: a quoted field is never closed")) {
            _ = try read("date,account,value\n2025-07-27,\"Easy,100\n")
        }
    }
}
