// portfolio demo: the app's three test sets and their figures, and the demo's refusal
// to touch a store that already has accounts.

import Foundation
import Testing

@Suite struct PortfolioDemoTests {
    /// DemoData.swift's set 1, the last column (1 Aug 2025), in pence, by hand.
    static let setOneFinal: [String: Int] = [
        "Easy Access Savings": 5_530_25,
        "Cash ISA": 12_201_34,
        "Stocks & Shares ISA": 20_011_90,
        "Lifetime ISA": 4_500_00,
        "Workplace Pension": 45_002_60,
        "SIPP": 16_810_05,
        "Premium Bonds": 1_050_00,
    ]

    @Test func setOneHasSevenAccountsAndFortyTwoUpdates() throws {
        let box = try PortfolioBox()
        let demo = try box.ok("demo", "--set", "1")
        #expect(demo.stderr.contains("7 accounts, 42 updates"))
        let list = try box.list()
        #expect(list.accounts.count == 7)
        #expect(list.accounts.map(\.updates).reduce(0, +) == 42)
        #expect(list.accounts.allSatisfy { $0.updates == 6 && $0.currency == "GBP" && $0.active })
        #expect(Set(list.names) == Set(Self.setOneFinal.keys))
        for (name, pence) in Self.setOneFinal {
            #expect(list.account(name)?.value == PortfolioCSV.plain(pence), "\(name)")
        }
        // The total is the sum of the listed values, and the hand-added last column.
        let summed = list.accounts.compactMap { $0.value.flatMap(PortfolioCSV.pence) }.reduce(0, +)
        #expect(list.totals == ["GBP": PortfolioCSV.plain(summed)])
        #expect(list.totals["GBP"] == "105106.14")
        #expect(Self.setOneFinal.values.reduce(0, +) == 105_106_14)
        #expect(try box.ok().stdout.contains("Total GBP  £105,106.14"))
    }

    @Test func setOneUpdatesAreOnSixDatesAtEight() throws {
        let box = try PortfolioBox(timeZone: "Europe/London")
        try box.ok("demo")  // set 1 is the default
        let rows = try box.csv("export", header: "date,account,value,currency")
        #expect(rows.count == 42)
        #expect(Set(rows.map { $0[0] }) == [
            "2025-05-01T08:00:00+01:00", "2025-05-15T08:00:00+01:00", "2025-06-01T08:00:00+01:00",
            "2025-06-15T08:00:00+01:00", "2025-07-01T08:00:00+01:00", "2025-08-01T08:00:00+01:00",
        ])
        // The first column of DemoData's table, on 1 May 2025.
        let may = try box.csv("table", "--period", "day", "--from", "2025-05-01", "--to", "2025-05-01 23:59:59", "--format", "csv")
        #expect(may.count == 1)
        #expect(may.first?.last == "98550.00")
        let byMonth = try box.csv("table", "--from", "2025-05-01", "--to", "2025-08-31 23:59:59", "--format", "csv")
        #expect(byMonth.map { $0.last } == ["98803.85", "101224.29", "103501.67", "105106.14"])
        let portfolio = try box.csv("chart", "--format", "csv", header: "date,value")
        #expect(portfolio.count == 6)
        #expect(portfolio.last == ["2025-08-01T08:00:00+01:00", "105106.14"])
    }

    @Test func setTwoHasSixAccountsAndOverTwoHundredUpdates() throws {
        let box = try PortfolioBox()
        try box.ok("demo", "-s", "2")
        let list = try box.list()
        #expect(list.accounts.count == 6)
        #expect(list.accounts.map(\.updates).reduce(0, +) >= 200)
        #expect(list.accounts.allSatisfy { $0.value != nil })
        let rows = try box.csv("export")
        #expect(rows.count == list.accounts.map(\.updates).reduce(0, +))
        // Over the last two years: the first update at most 731 days ago.
        let formatter = ISO8601DateFormatter()
        let dates = rows.compactMap { formatter.date(from: $0[0]) }
        #expect(dates.count == rows.count)
        let first = try #require(dates.min())
        #expect(Date().timeIntervalSince(first) <= 731 * 86_400)
        #expect(Date().timeIntervalSince(first) >= 700 * 86_400)
    }

    @Test func setThreeIsTwelveHundredPoundsInTwelvePoints() throws {
        let box = try PortfolioBox()
        try box.ok("demo", "--set", "3")
        let list = try box.list()
        #expect(list.names == ["Account 1", "Account 2"])
        #expect(list.totals == ["GBP": "1200.00"])
        #expect(list.accounts.map(\.value) == ["600.00", "600.00"])
        let points = try box.csv("chart", "--format", "csv", header: "date,value")
        #expect(points.count == 12)
        #expect(points.map { $0[1] } == (1...12).map { PortfolioCSV.plain($0 * 100_00) })
        let days = points.map { String($0[0].dropFirst(8).prefix(2)) }
        #expect(days == Array(Array(repeating: ["01", "15"], count: 6).joined()))
        #expect(points.allSatisfy { $0[0].contains("T08:00:00") })
    }

    @Test(arguments: ["1", "2", "3"])
    func demoOnANonEmptyStoreIsRefused(set: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "Mine", "10", "--date", "2025-01-01")
        let result = try box.fails(64, "demo", "--set", set)
        #expect(result.stderr.contains("already has accounts"))
        let list = try box.list(all: true)
        #expect(list.names == ["Mine"])
        #expect(list.totals == ["GBP": "10.00"])
    }

    @Test func demoRefusesAStoreWhoseOnlyAccountIsClosed() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Mine", "10", "--date", "2025-01-01")
        try box.ok("close", "Mine", "--date", "2025-02-01", "--withdraw")
        try box.fails(64, "demo")
        try box.fails(64, "demo", "--set", "4")
        #expect(try box.list(all: true).names == ["Mine"])
    }
}
