// portfolio returns through the binary: the rates of a history against hledger's roi
// (hledger 1.25: IRR 20.79 %, TWR 21.79 %, 21.72 % a year; and hledger itself when it is
// installed), each format's shape, what it says without contributions, per currency, and
// what it refuses.

import Foundation
import Testing

@Suite struct PortfolioReturnsTests {
    /// The history of the hledger journal below, as portfolio commands.
    static func seed(_ box: PortfolioBox) throws {
        try box.ok("add", "ISA", "1000", "--date", "2024-01-01")
        try box.ok("deposit", "ISA", "1000", "--date", "2024-01-01")
        try box.ok("update", "ISA", "1100", "--date", "2024-07-01")
        try box.ok("deposit", "ISA", "500", "--date", "2024-07-02")
        try box.ok("update", "ISA", "1600", "--date", "2024-07-02")
        try box.ok("withdraw", "ISA", "200", "--date", "2024-10-15")
        try box.ok("update", "ISA", "1400", "--date", "2024-10-15")
        try box.ok("update", "ISA", "1550", "--date", "2024-12-31")
    }

    static let journal = """
        2024-01-01 deposit
            assets:isa   1000
            assets:cash
        2024-07-01 valuation
            assets:isa   100
            income:pnl
        2024-07-02 deposit
            assets:isa   500
            assets:cash
        2024-10-15 withdrawal
            assets:isa   -200
            assets:cash
        2024-12-31 valuation
            assets:isa   150
            income:pnl

        """

    static func row(_ box: PortfolioBox, _ arguments: String...) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(box.ok(arguments).stdout.utf8)) as? [String: Any])
        return try #require((object["rows"] as? [[String: Any]])?.first)
    }

    @Test func theRatesMatchHledgersRoi() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let row = try Self.row(box, "returns", "ISA", "--from", "2024-01-01", "--to", "2024-12-31", "--format", "json")
        #expect(row["startValue"] as? String == "0.00" && row["endValue"] as? String == "1550.00")
        #expect(row["deposits"] as? String == "1500.00" && row["withdrawals"] as? String == "200.00" && row["gain"] as? String == "250.00")
        let money = try #require(row["moneyWeighted"] as? [String: Double])
        let time = try #require(row["timeWeighted"] as? [String: Double])
        #expect(abs((money["annualisedPercent"] ?? 0) - 20.79) < 0.005, "\(money)")
        #expect(abs((time["periodPercent"] ?? 0) - 21.79) < 0.005, "\(time)")
        #expect(abs((time["annualisedPercent"] ?? 0) - 21.72) < 0.005, "\(time)")
        #expect(row["notes"] as? [String] == [])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/hledger"), "needs hledger"))
    func theRatesMatchTheInstalledHledger() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let file = box.sandbox.path("roi.journal")
        try Self.journal.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hledger")
        process.arguments = ["-f", file, "roi", "--inv", "assets:isa", "--pnl", "income:pnl", "-b", "2024-01-01", "-e", "2025-01-01"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        ProcessCount.record(process)
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // hledger's percents, in table order: IRR, then TWR (annualised in 1.25; later versions add columns).
        let percents = output.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasSuffix("%") }
            .compactMap { Double($0.dropLast()) }
        let irr = try #require(percents.first, "hledger roi: \(output)")
        let row = try Self.row(box, "returns", "ISA", "--from", "2024-01-01", "--to", "2024-12-31", "--format", "json")
        let money = try #require(row["moneyWeighted"] as? [String: Double])
        #expect(abs((money["annualisedPercent"] ?? 0) - irr) < 0.006, "hledger IRR \(irr)% vs \(money)")
        let time = try #require(row["timeWeighted"] as? [String: Double])
        #expect(percents.dropFirst().contains { abs($0 - (time["annualisedPercent"] ?? 0)) < 0.006 }, "hledger TWR \(percents) vs \(time)")
    }

    @Test func csvTsvAndTextAreLabelled() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let rows = try box.csv("returns", "ISA", "--period", "year", "--from", "2024-01-01", "--to", "2024-12-31", "--format", "csv",
                               header: "account,currency,period,from,to,startValue,endValue,deposits,withdrawals,change,gain,moneyWeightedAnnualised,moneyWeightedPeriod,timeWeightedPeriod,timeWeightedAnnualised,notes")
        #expect(rows.count == 1 && rows[0][0] == "ISA" && rows[0][2] == "2024" && rows[0][13] == "21.7857", "\(rows)")
        let tsv = try box.ok("returns", "ISA", "--format", "tsv", "--to", "2024-12-31").stdout
        #expect(tsv.hasPrefix("account\tcurrency\tperiod\t"))
        let text = try box.ok("returns", "ISA", "--to", "2024-12-31", environment: ["COLUMNS": "160"]).stdout
        for label in ["ISA (GBP)", "MWR/YEAR", "TWR/PERIOD", "20.79%", "21.79%", "MWR: money-weighted (XIRR); TWR: time-weighted"] {
            #expect(text.contains(label), "\(label) in \(text)")
        }
    }

    @Test func withoutContributionsItGivesTheChangeAndSaysSo() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "1000", "--date", "2024-01-01")
        try box.ok("update", "Saver", "1200", "--date", "2024-06-01")
        let row = try Self.row(box, "returns", "Saver", "--to", "2024-12-31", "--format", "json")
        #expect(row["change"] as? String == "1200.00" && row["endValue"] as? String == "1200.00")
        #expect(row["moneyWeighted"] is NSNull && row["timeWeighted"] is NSNull)
        #expect((row["notes"] as? [String])?.first?.contains("only the change in value is known") == true)
        let text = try box.ok("returns", "Saver", "--to", "2024-12-31").stdout
        #expect(text.contains("note: no deposits or withdrawals are recorded: only the change in value is known"), "\(text)")
        #expect(!text.contains("nan") && !text.contains("inf"))
    }

    @Test func thePortfolioIsOneSetOfRowsPerCurrency() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        try box.ok("add", "Brokerage", "500", "--date", "2024-01-01", "--currency", "USD")
        try box.ok("deposit", "Brokerage", "500", "--date", "2024-01-01")
        try box.ok("update", "Brokerage", "550", "--date", "2024-12-31")
        let rows = try box.csv("returns", "--to", "2024-12-31", "--format", "csv")
        #expect(rows.map { [$0[0], $0[1]] } == [["", "GBP"], ["", "USD"]])
        #expect(rows[1][12] == "10.0000", "USD over the whole range: 500 → 550")
        #expect(try box.csv("returns", "--to", "2024-12-31", "--currency", "USD", "--format", "csv").map { $0[1] } == ["USD"])
        let text = try box.ok("returns", "--to", "2024-12-31").stdout
        #expect(text.contains("All GBP accounts") && text.contains("All USD accounts"))
    }

    @Test(arguments: [
        (["returns", "ISA", "--currency", "GBP"], Int32(64), "--currency"),
        (["returns", "--from", "2025-01-01", "--to", "2024-01-01"], Int32(64), "--from is after --to"),
        (["returns", "--period", "week"], Int32(64), "week"),
        (["returns", "Nope"], Int32(66), "no account"),
        (["returns", "--to", "2024-13-01"], Int32(65), "invalid --to"),
    ])
    func badInputIsRefused(arguments: [String], status: Int32, message: String) throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let result = try box.fails(status, arguments)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
