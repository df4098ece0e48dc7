// portfolio's value rules, seen in list, show, chart and table alike: the later-entered
// update wins a tie, a closed account counts up to its close, a future update is kept
// but not current, currencies are never added, an account counts from its first update,
// and periods follow the local calendar.

import Foundation
import Testing

@Suite struct PortfolioRuleTests {
    // MARK: tie

    @Test func theLaterEnteredUpdateWinsATie() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "100", "--date", "2025-01-01")
        try box.ok("update", "Saver", "200", "--date", "2025-02-01")
        // The same instant written another way, entered later, with a lower value.
        try box.ok("update", "Saver", "150", "--date", "2025-02-01T01:00:00+01:00")

        let saver = try #require(try box.list().account("Saver"))
        #expect(saver.value == "150.00")
        #expect(saver.updates == 3)
        let updates = try #require(try box.show("Saver")["updates"] as? [[String: Any]])
        let current = updates.filter { $0["current"] as? Bool == true }
        #expect(current.count == 1)
        #expect(current.first?["value"] as? String == "150.00")
        #expect(current.first?["id"] as? Int == 3)

        let expected = [["2025-01-01T00:00:00+00:00", "100.00"], ["2025-02-01T00:00:00+00:00", "150.00"]]
        #expect(try box.csv("chart", "Saver", "--format", "csv", header: "date,value") == expected)
        #expect(try box.csv("chart", "--format", "csv", header: "date,value") == expected)
        let table = try box.csv("table", "--from", "2025-01-01", "--to", "2025-02-28", "--format", "csv")
        #expect(table.map { $0[2] } == ["100.00", "150.00"])
    }

    @Test func aTieAcrossAccountsIsOnePointOfThePortfolio() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2025-01-01")
        try box.ok("add", "B", "50", "--date", "2025-01-01")
        try box.ok("update", "A", "110", "--date", "2025-02-01")
        try box.ok("update", "B", "70", "--date", "2025-02-01")
        try box.ok("update", "A", "90", "--date", "2025-03-01")
        try box.ok("update", "B", "70", "--date", "2025-03-01")
        try box.ok("update", "B", "90", "--date", "2025-03-01")
        #expect(try box.csv("chart", "--format", "csv", header: "date,value") == [
            ["2025-01-01T00:00:00+00:00", "150.00"],
            ["2025-02-01T00:00:00+00:00", "180.00"],
            // 1 March: A 110 → 90 and B 70 → 90 (its later entry): 180 again, so no row.
        ])
        #expect(try box.csv("chart", "B", "--format", "csv").last == ["2025-03-01T00:00:00+00:00", "90.00"])
        #expect(try box.list().totals == ["GBP": "180.00"])
    }

    // MARK: close

    @Test func aClosedAccountCountsUpToItsCloseAndNotAfter() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2025-01-10")
        try box.ok("add", "B", "50", "--date", "2025-02-10")
        try box.ok("update", "A", "150", "--date", "2025-03-05")
        try box.ok("close", "A", "--date", "2025-03-20", "--withdraw")
        try box.ok("update", "B", "70", "--date", "2025-04-10")

        #expect(try box.list().totals == ["GBP": "70.00"])
        let table = try box.csv("table", "--to", "2025-05-31 23:59:59", "--format", "csv",
                                header: "period,end,A (GBP),B (GBP),total GBP")
        #expect(table == [
            ["2025-01", "2025-01-31T23:59:59+00:00", "100.00", "", "100.00"],
            ["2025-02", "2025-02-28T23:59:59+00:00", "100.00", "50.00", "150.00"],
            ["2025-03", "2025-03-31T23:59:59+00:00", "", "50.00", "50.00"],
            ["2025-04", "2025-04-30T23:59:59+00:00", "", "70.00", "70.00"],
            ["2025-05", "2025-05-31T23:59:59+00:00", "", "70.00", "70.00"],
        ])
        // Just before the close it still counts; just after it does not.
        let around = try box.csv("table", "--period", "day", "--from", "2025-03-19", "--to", "2025-03-21 12:00", "--format", "csv")
        #expect(around.map { $0[4] } == ["200.00", "50.00", "50.00"])

        #expect(try box.csv("chart", "--format", "csv", header: "date,value") == [
            ["2025-01-10T00:00:00+00:00", "100.00"],
            ["2025-02-10T00:00:00+00:00", "150.00"],
            ["2025-03-05T00:00:00+00:00", "200.00"],
            ["2025-03-20T00:00:00+00:00", "50.00"],
            ["2025-04-10T00:00:00+00:00", "70.00"],
        ])
        // The account's own chart ends at its close.
        #expect(try box.csv("chart", "A", "--format", "csv").last == ["2025-03-05T00:00:00+00:00", "150.00"])
        let json = try #require(try box.json("table", "--to", "2025-04-30", "--format", "json") as? [String: Any])
        let accounts = try #require(json["accounts"] as? [[String: Any]])
        let values = try #require(accounts.first { $0["name"] as? String == "A" }?["values"] as? [Any])
        #expect(values.count == 4)
        #expect(values[2] is NSNull && values[3] is NSNull)
    }

    @Test func anAccountClosedInTheFutureStillCountsNow() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "100", "--date", "2025-01-01")
        try box.ok("add", "B", "50", "--date", "2025-01-01")
        try box.ok("close", "A", "--date", "2099-01-01", "--withdraw")
        // The table and the chart count it until 2099 ...
        let table = try box.csv("table", "--period", "year", "--from", "2025-06-01", "--to", "2025-12-31", "--format", "csv")
        #expect(table.first?.last == "150.00")
        #expect(try box.csv("chart", "--format", "csv").last?.last == "150.00")
        // ... and so should the current total.
        let totals = try box.list().totals
        let dashboard = try box.ok().stdout
        #expect(totals == ["GBP": "150.00"])
        #expect(dashboard.contains("Total GBP  £150.00"))
    }

    // MARK: future

    @Test func aFutureUpdateIsKeptButNotCurrent() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "100", "--date", "2025-01-01")
        let future = try box.ok("update", "Saver", "999", "--date", "2099-01-01")
        #expect(future.stderr.contains("in the future"))

        let saver = try #require(try box.list().account("Saver"))
        #expect(saver.value == "100.00")
        #expect(saver.updates == 2)
        #expect(try box.list().totals == ["GBP": "100.00"])

        let listed = try #require(try box.json("updates", "Saver", "--format", "json") as? [[String: Any]])
        #expect(listed.map { $0["date"] as? String } == ["2099-01-01T00:00:00+00:00", "2025-01-01T00:00:00+00:00"])
        #expect(listed.first?["value"] as? String == "999.00")
        #expect(try box.ok("updates", "Saver").stdout.contains("1 Jan 2099, 00:00"))

        let show = try #require(try box.show("Saver")["updates"] as? [[String: Any]])
        #expect(show.map { $0["future"] as? Bool } == [true, false])
        #expect(show.map { $0["current"] as? Bool } == [false, true])
        #expect(try box.ok("show", "Saver").stdout.contains("future"))
        // Charts reach today, not the future.
        #expect(try box.csv("chart", "--format", "csv") == [["2025-01-01T00:00:00+00:00", "100.00"]])
        #expect(try box.csv("chart", "Saver", "--format", "csv") == [["2025-01-01T00:00:00+00:00", "100.00"]])
    }

    // MARK: currencies

    @Test func currenciesAreNeverAddedTogether() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Pounds", "1000", "--date", "2025-01-01", "--currency", "GBP")
        try box.ok("add", "More pounds", "200", "--date", "2025-01-03", "--currency", "GBP")
        try box.ok("add", "Dollars", "500", "--date", "2025-01-05", "--currency", "USD")
        try box.ok("update", "Dollars", "600", "--date", "2025-02-01")

        #expect(try box.list().totals == ["GBP": "1200.00", "USD": "600.00"])
        let dashboard = try box.ok().stdout
        #expect(dashboard.contains("Total GBP  £1,200.00"))
        #expect(dashboard.contains("Total USD  $600.00"))

        let mixed = try box.fails(64, "chart", "--format", "csv")
        #expect(mixed.stderr.contains("--currency"))
        #expect(mixed.stdout.isEmpty)
        #expect(try box.csv("chart", "--format", "csv", "--currency", "USD", header: "date,value") == [
            ["2025-01-05T00:00:00+00:00", "500.00"], ["2025-02-01T00:00:00+00:00", "600.00"],
        ])
        #expect(try box.csv("chart", "--format", "csv", "-c", "gbp", header: "date,value") == [
            ["2025-01-01T00:00:00+00:00", "1000.00"], ["2025-01-03T00:00:00+00:00", "1200.00"],
        ])

        let text = try box.ok("chart", "--width", "60", "--to", "2025-03-01").stdout
        #expect(text.contains("Portfolio (GBP)"))
        #expect(text.contains("Portfolio (USD)"))
        #expect(text.components(separatedBy: "Portfolio (").count - 1 == 2)
        let usdOnly = try box.ok("chart", "--width", "60", "--to", "2025-03-01", "--currency", "USD").stdout
        #expect(!usdOnly.contains("Portfolio (GBP)"))
        #expect(usdOnly.contains("Portfolio (USD)"))

        let json = try #require(try box.json("chart", "--format", "json", "--to", "2025-03-01") as? [[String: Any]])
        #expect(json.map { $0["currency"] as? String } == ["GBP", "USD"])

        let table = try box.csv("table", "--from", "2025-01-01", "--to", "2025-02-28", "--format", "csv",
                                header: "period,end,Dollars (USD),More pounds (GBP),Pounds (GBP),total GBP,total USD")
        #expect(table.map { Array($0.suffix(2)) } == [["1200.00", "500.00"], ["1200.00", "600.00"]])
        let gbpTable = try box.csv("table", "--from", "2025-01-01", "--to", "2025-01-31", "--format", "csv", "--currency", "GBP",
                                   header: "period,end,More pounds (GBP),Pounds (GBP),total GBP")
        #expect(gbpTable.count == 1)
    }

    // MARK: an account counts from its first update

    @Test func beforeItsFirstUpdateAnAccountIsEmptyNotZero() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Early", "100", "--date", "2025-01-10")
        try box.ok("add", "Late", "40", "--date", "2025-03-15")
        try box.ok("add", "Valueless", "--date", "2025-01-01")
        try box.ok("update", "Valueless", "5", "--date", "2025-03-01")

        let csv = try box.csv("table", "--to", "2025-03-31 23:59:59", "--format", "csv",
                              header: "period,end,Early (GBP),Late (GBP),Valueless (GBP),total GBP")
        #expect(csv.map { Array($0.dropFirst(2)) } == [
            ["100.00", "", "", "100.00"],
            ["100.00", "", "", "100.00"],
            ["100.00", "40.00", "5.00", "145.00"],
        ])
        let json = try #require(try box.json("table", "--to", "2025-03-31 23:59:59", "--format", "json") as? [String: Any])
        let accounts = try #require(json["accounts"] as? [[String: Any]])
        let late = try #require(accounts.first { $0["name"] as? String == "Late" }?["values"] as? [Any])
        #expect(late.count == 3)
        #expect(late[0] is NSNull && late[1] is NSNull)
        #expect(late[2] as? String == "40.00")
        let text = try box.ok("table", "--to", "2025-03-31 23:59:59").stdout.split(separator: "\n").map(String.init)
        #expect(text.count == 4)
        #expect(!text[1].contains("£0.00"))
        // Before any account has a value the total is empty too.
        let before = try box.csv("table", "--period", "day", "--from", "2025-01-05", "--to", "2025-01-05 12:00", "--format", "csv")
        #expect(before == [["2025-01-05", "2025-01-05T12:00:00+00:00", "", "", "", ""]])
        // The portfolio chart starts at the first update, not at 0.
        #expect(try box.csv("chart", "--format", "csv").first == ["2025-01-10T00:00:00+00:00", "100.00"])
    }

    // MARK: periods in local time

    @Test(arguments: [
        ("Europe/London", ["2025-01-31T23:59:59+00:00", "2025-02-28T23:59:59+00:00", "2025-03-31T23:59:59+01:00", "2025-04-30T23:59:59+01:00"],
         ["10.00", "10.00", "20.00", "30.00"]),
        ("UTC", ["2025-01-31T23:59:59+00:00", "2025-02-28T23:59:59+00:00", "2025-03-31T23:59:59+00:00", "2025-04-30T23:59:59+00:00"],
         ["10.00", "10.00", "30.00", "30.00"]),
    ])
    func periodsFollowTheLocalCalendar(timeZone: String, ends: [String], values: [String]) throws {
        let box = try PortfolioBox()
        // Entered with offsets, so the instants are the same whatever TZ.
        try box.ok("add", "L", "10", "--date", "2025-01-15T12:00:00Z")
        try box.ok("update", "L", "20", "--date", "2025-03-31T23:30:00+01:00")  // 31 March in London
        try box.ok("update", "L", "30", "--date", "2025-04-01T00:30:00+01:00")  // 1 April in London, 31 March in UTC
        let zone = ["TZ": timeZone]
        let result = try box.run(["table", "--from", "2025-01-01", "--to", "2025-04-30 23:59:59", "--format", "json"], environment: zone)
        #expect(result.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let periods = try #require(json["periods"] as? [[String: Any]])
        #expect(periods.map { $0["label"] as? String } == ["2025-01", "2025-02", "2025-03", "2025-04"])
        #expect(periods.map { $0["end"] as? String } == ends)
        let totals = try #require(json["totals"] as? [String: [Any]])
        #expect(totals["GBP"]?.map { $0 as? String } == values)
    }

    @Test func dayPeriodsAcrossTheSpringForwardInLondon() throws {
        let box = try PortfolioBox(timeZone: "Europe/London")
        try box.ok("add", "L", "10", "--date", "2025-03-29 12:00")
        let rows = try box.csv("table", "--period", "day", "--from", "2025-03-29", "--to", "2025-03-31 23:59:59", "--format", "csv")
        #expect(rows.map { $0[0] } == ["2025-03-29", "2025-03-30", "2025-03-31"])
        #expect(rows.map { $0[1] } == ["2025-03-29T23:59:59+00:00", "2025-03-30T23:59:59+01:00", "2025-03-31T23:59:59+01:00"])
    }
}
