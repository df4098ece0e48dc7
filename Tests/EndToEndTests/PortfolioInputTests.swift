// What portfolio reads from the command line: dates (local time unless an offset is
// given, calendar-checked), amounts (no more decimals than the currency has) and
// currency codes.

import Foundation
import Testing

@Suite struct PortfolioInputTests {
    // MARK: dates

    @Test(arguments: [
        ("2025-07-27", "2025-07-27T00:00:00+00:00"),
        ("2025-07-27 14:30", "2025-07-27T14:30:00+00:00"),
        ("2025-07-27T14:30", "2025-07-27T14:30:00+00:00"),
        ("2025-07-27 14:30:15", "2025-07-27T14:30:15+00:00"),
        ("2025-07-27T14:30:00+02:00", "2025-07-27T12:30:00+00:00"),
        ("2025-07-27T14:30:00-04:00", "2025-07-27T18:30:00+00:00"),
        ("2025-07-27T14:30+05:30", "2025-07-27T09:00:00+00:00"),
        ("2025-07-27T14:30:00Z", "2025-07-27T14:30:00+00:00"),
        ("2024-02-29", "2024-02-29T00:00:00+00:00"),
        (" 2025-07-27 ", "2025-07-27T00:00:00+00:00"),
    ])
    func aDateIsStoredAsTheRightInstant(input: String, stored: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "Dated", "1", "--date", input)
        try box.ok("update", "Dated", "2", "--date", input)
        let show = try box.show("Dated")
        #expect(show["created"] as? String == stored)
        let dates = try #require(show["updates"] as? [[String: Any]]).map { $0["date"] as? String }
        #expect(dates == [stored, stored])
    }

    @Test(arguments: [
        ("2025-07-27 14:30", "2025-07-27T13:30:00+00:00", "2025-07-27T14:30:00+01:00"),  // summer time
        ("2025-01-27 14:30", "2025-01-27T14:30:00+00:00", "2025-01-27T14:30:00+00:00"),
        ("2025-07-27T14:30:00+02:00", "2025-07-27T12:30:00+00:00", "2025-07-27T13:30:00+01:00"),
    ])
    func aDateWithoutAnOffsetIsLocalTime(input: String, utc: String, london: String) throws {
        let box = try PortfolioBox(timeZone: "Europe/London")
        try box.ok("add", "Dated", "1", "--date", input)
        #expect(try box.show("Dated")["created"] as? String == london)
        let inUTC = try box.run(["show", "Dated", "--format", "json"], environment: ["TZ": "UTC"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(inUTC.stdout.utf8)) as? [String: Any])
        #expect(json["created"] as? String == utc)
    }

    @Test func relativeDates() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Rel", "1", "--date", "yesterday")
        try box.ok("update", "Rel", "2", "--date", "today")
        try box.ok("update", "Rel", "3", "--date", "now")
        let updates = try #require(try box.show("Rel")["updates"] as? [[String: Any]])
        let dates = updates.compactMap { $0["date"] as? String }
        let formatter = ISO8601DateFormatter()
        let instants = dates.compactMap { formatter.date(from: $0) }
        #expect(instants.count == 3)
        #expect(dates[1].hasSuffix("T00:00:00+00:00") && dates[2].hasSuffix("T00:00:00+00:00"))
        #expect(instants[1].timeIntervalSince(instants[2]) == 86_400)
        #expect(abs(instants[0].timeIntervalSinceNow) < 120)
        #expect(try box.list().account("Rel")?.value == "3.00")
    }

    @Test(arguments: ["2025-02-30", "27/07/2025", "", "2025-13-01", "2025-07-27 25:00", "2025-07-27 14:61", "tomorrow",
                      "2025-02-29", "2025-7-27", "2025-07-27T14:30:00+2:00", "2025-02-30T10:00:00+02:00", "2025-07-27 14"])
    func anInvalidDateIsADataError(input: String) throws {
        let box = try PortfolioBox()
        let add = try box.fails(65, "add", "Dated", "1", "--date", input)
        #expect(add.stderr.contains("invalid --date '\(input)'"))
        #expect(try box.list().accounts.isEmpty, "nothing is stored")
        try box.ok("add", "Dated", "1", "--date", "2025-01-01")
        try box.fails(65, "update", "Dated", "2", "--date", input)
        try box.fails(65, "close", "Dated", "--date", input)
        #expect(try box.fails(65, "chart", "--from", input).stderr.contains("--from"))
        #expect(try box.fails(65, "table", "--to", input).stderr.contains("--to"))
        let list = try box.list()
        #expect(list.account("Dated")?.updates == 1)
        #expect(list.account("Dated")?.active == true)
    }

    // MARK: amounts

    @Test(arguments: [
        ("1200", "GBP", "1200.00"), ("1234.5", "GBP", "1234.50"), ("1234.56", "GBP", "1234.56"), ("0", "GBP", "0.00"),
        ("-5", "GBP", "-5.00"), ("0.5", "USD", "0.50"), ("1000", "JPY", "1000"), ("12.345", "BHD", "12.345"),
    ])
    func aValidAmount(input: String, currency: String, stored: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "Money", input, "--date", "2025-01-01", "--currency", currency)
        let list = try box.list()
        #expect(list.account("Money")?.value == stored)
        #expect(list.totals == [currency: stored])
    }

    @Test(arguments: [("12.345", "GBP"), ("12.3", "JPY"), ("0.001", "USD"), ("1,200", "GBP"), ("abc", "GBP"),
                      ("1e3", "GBP"), ("12.", "GBP"), ("", "GBP"), ("99999999999999999999", "GBP")])
    func anInvalidAmountIsADataError(input: String, currency: String) throws {
        let box = try PortfolioBox()
        let add = try box.fails(65, "add", "Money", input, "--date", "2025-01-01", "--currency", currency)
        #expect(add.stderr.contains("invalid amount") || add.stderr.contains("too large"))
        #expect(try box.list().accounts.isEmpty, "the account is not created either")
        try box.ok("add", "Money", "1", "--date", "2025-01-01", "--currency", currency)
        try box.fails(65, "update", "Money", input)
        #expect(try box.list().account("Money")?.updates == 1)
    }

    // MARK: currencies

    @Test(arguments: ["XYZ", "POUNDS", "£", "GB"])
    func anUnknownCurrencyIsAUsageError(code: String) throws {
        let box = try PortfolioBox()
        let add = try box.fails(64, "add", "Money", "1", "--currency", code)
        #expect(add.stderr.contains("unknown currency"))
        #expect(try box.list().accounts.isEmpty)
        try box.ok("add", "Money", "1", "--date", "2025-01-01")
        try box.fails(64, "chart", "--currency", code)
        try box.fails(64, "table", "--currency", code)
    }
}
