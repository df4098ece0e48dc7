// --convert-to CODE with --rate and --rates: the combined total in list and dashboard, a
// converted total column in table, one converted line in chart; exact conversion rounded
// once; a missing rate is 65 naming the currency and the date; bad rates named.

import Foundation
import Testing

@Suite struct PortfolioConvertTests {
    func box() throws -> PortfolioBox {
        let box = try PortfolioBox()
        try box.ok("add", "Pounds", "100.00", "--date", "2025-01-10")
        try box.ok("add", "Dollars", "200.00", "--currency", "USD", "--date", "2025-01-10")
        try box.ok("update", "Dollars", "300.01", "--date", "2025-02-10")
        return box
    }

    @Test func listAddsTheCombinedTotalAndEachConvertedValueInEveryFormat() throws {
        let box = try box()
        // 300.01 USD × 0.79 = 237.0079 → 237.01; + 100.00.
        let text = try box.ok("list", "--convert-to", "GBP", "--rate", "USD=0.79").stdout
        #expect(text.contains("Total GBP  £100.00") && text.contains("Total USD"), "\(text)")
        #expect(text.contains("Total in GBP  £337.01"), "\(text)")
        #expect(text.contains("IN GBP") && text.contains("£237.01"))
        let object = try #require(try box.json("list", "--convert-to", "GBP", "--rate", "USD=0.79", "--format", "json") as? [String: Any])
        let converted = try #require(object["converted"] as? [String: String])
        #expect(converted == ["currency": "GBP", "total": "337.01"])
        #expect((object["totals"] as? [String: String]) == ["GBP": "100.00", "USD": "300.01"], "the totals per currency stay")
        let accounts = try #require(object["accounts"] as? [[String: Any]])
        #expect(accounts.map { $0["converted"] as? String } == ["237.01", "100.00"])
        let csv = try box.ok("list", "--convert-to", "GBP", "--rate", "USD=0.79", "--format", "csv").stdout
        #expect(csv.hasPrefix("name,currency,value,active,updates,lastUpdate,converted\n"))
        #expect(csv.contains("Dollars,USD,300.01,true,2,") && csv.contains(",237.01\n"))
        // Without --convert-to nothing is added, and never summed across currencies.
        let plain = try box.ok("list").stdout
        #expect(!plain.contains("Total in") && !plain.contains("IN GBP"))
        #expect(try box.ok("dashboard", "--convert-to", "GBP", "--rate", "USD=0.79").stdout.contains("Total in GBP  £337.01"))
    }

    @Test func ratesByDateApplyAtEachPeriodsEndAndAMissingOneNamesTheCurrencyAndDate() throws {
        let box = try box()
        let rates = box.sandbox.path("rates.csv")
        try "date,currency,rate\n2025-01-01,USD,0.8\n2025-02-20,USD,0.5\n".write(toFile: rates, atomically: true, encoding: .utf8)
        let csv = try box.ok("table", "--from", "2025-01-01", "--to", "2025-03-31", "--convert-to", "GBP", "--rates", rates, "--format", "csv").stdout
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix(",total GBP,total USD,total in GBP") == true, "\(csv)")
        // January's end: 100 + 200 × 0.8; February's and March's: 100 + 300.01 × 0.5 = 250.005 → 250.01.
        #expect(lines.dropFirst().map { $0.split(separator: ",").last.map(String.init) } == ["260.00", "250.01", "250.01"], "\(csv)")
        let json = try #require(try box.json("table", "--from", "2025-01-01", "--to", "2025-03-31", "--convert-to", "GBP", "--rates", rates, "--format", "json") as? [String: Any])
        let converted = try #require(json["converted"] as? [String: Any])
        #expect(converted["currency"] as? String == "GBP" && (converted["totals"] as? [String])?.count == 3)

        // A rate file starting later: the first period has no USD rate.
        try "2025-02-01,USD,0.8\n".write(toFile: rates, atomically: true, encoding: .utf8)
        let missing = try box.fails(65, "table", "--from", "2025-01-01", "--to", "2025-03-31", "--convert-to", "GBP", "--rates", rates)
        #expect(missing.stderr.contains("portfolio: error: no rate for USD to GBP on 31 Jan 2025"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty, "nothing printed before the error")
        let noRate = try box.fails(65, "list", "--convert-to", "EUR", "--rate", "USD=0.9")
        #expect(noRate.stderr.contains("no rate for GBP to EUR on"))
    }

    @Test func chartDrawsOneConvertedLine() throws {
        let box = try box()
        let csv = try box.ok("chart", "--convert-to", "GBP", "--rate", "USD=0.5", "--format", "csv", "--to", "2025-03-01").stdout
        // Two currencies, converted: one series (without --convert-to CSV refuses two currencies).
        #expect(csv.split(separator: "\n").map { String($0.split(separator: ",").last ?? "") } == ["value", "200.00", "250.01"], "\(csv)")
        #expect(try box.fails(64, "chart", "--format", "csv").stderr.contains("2 currencies"))
        let json = try #require(try box.json("chart", "Dollars", "--convert-to", "GBP", "--rate", "USD=2", "--format", "json") as? [[String: Any]])
        #expect(json.first?["title"] as? String == "Dollars (in GBP)" && json.first?["currency"] as? String == "GBP")
    }

    @Test func badRatesAreRefusedWithTheirExitCodes() throws {
        let box = try box()
        for bad in ["USD", "USD=", "USD=abc", "USD=0", "USD=-1", "XYZ=1", "USD=1e3"] {
            let result = try box.fails(64, "list", "--convert-to", "GBP", "--rate", bad)
            #expect(result.stderr.contains("invalid --rate '\(bad)'"), "\(bad): \(result.stderr)")
        }
        #expect(try box.fails(64, "list", "--rate", "USD=0.79").stderr.contains("need --convert-to"))
        #expect(try box.fails(64, "list", "--convert-to", "XYZ").stderr.contains("XYZ"))
        let rates = box.sandbox.path("rates.csv")
        try "2025-01-01,USD,0.8\nyesterday-ish,USD,1\n2025-01-02,XYZ,1\n2025-01-03,USD,zero\n2025-01-01,USD,0.9\n".write(toFile: rates, atomically: true, encoding: .utf8)
        let result = try box.fails(65, "list", "--convert-to", "GBP", "--rates", rates)
        for line in 2...5 { #expect(result.stderr.contains("\(rates): line \(line):"), "\(result.stderr)") }
        #expect(try box.fails(66, "list", "--convert-to", "GBP", "--rates", box.sandbox.path("none.csv")).stderr.contains("none.csv"))
    }
}
