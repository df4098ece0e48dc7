// --to read as people read it: a date without a time includes that whole (local) day,
// so `table --to 2016-12-31` holds that day's 18:00 update and `--period day --to
// 2017-01-01` ends its 2017-01-01 row at 23:59:59, not at midnight; a time given keeps
// its exact meaning. One rule for every --to (table and chart).

import Foundation
import Testing

@Suite struct PortfolioRangeEndTests {
    /// A: 10.00 on 30 Dec 2016, 20.00 at 18:00 on 31 Dec 2016, 30.00 at 09:00 on 1 Jan 2017 (local time).
    static func box(_ zone: String = "UTC") throws -> PortfolioBox {
        let box = try PortfolioBox(timeZone: zone)
        try box.ok("add", "A", "10", "--date", "2016-12-30")
        try box.ok("update", "A", "20", "--date", "2016-12-31 18:00")
        try box.ok("update", "A", "30", "--date", "2017-01-01 09:00")
        return box
    }

    @Test(arguments: ["UTC", "America/New_York", "Asia/Kolkata"])
    func aDateGivenToToIncludesThatWholeDay(zone: String) throws {
        let box = try Self.box(zone)
        let offset = zone == "UTC" ? "+00:00" : zone == "Asia/Kolkata" ? "+05:30" : "-05:00"
        let month = try box.csv("table", "--to", "2016-12-31", "--format", "csv", header: "period,end,A (GBP),total GBP")
        #expect(month == [["2016-12", "2016-12-31T23:59:59\(offset)", "20.00", "20.00"]])
        let days = try box.csv("table", "--period", "day", "--to", "2017-01-01", "--format", "csv")
        #expect(days.map { $0[0] } == ["2016-12-30", "2016-12-31", "2017-01-01"])
        #expect(days.last == ["2017-01-01", "2017-01-01T23:59:59\(offset)", "30.00", "30.00"])
        #expect(days[1] == ["2016-12-31", "2016-12-31T23:59:59\(offset)", "20.00", "20.00"])
    }

    @Test func aTimeGivenToToIsExact() throws {
        let box = try Self.box()
        #expect(try box.csv("table", "--to", "2016-12-31 12:00", "--format", "csv")
                == [["2016-12", "2016-12-31T12:00:00+00:00", "10.00", "10.00"]])
        #expect(try box.csv("table", "--to", "2016-12-31T00:00:00Z", "--format", "csv")
                == [["2016-12", "2016-12-31T00:00:00+00:00", "10.00", "10.00"]])
        #expect(try box.csv("table", "--to", "2016-12-31T18:00:00+00:00", "--format", "csv")
                == [["2016-12", "2016-12-31T18:00:00+00:00", "20.00", "20.00"]])
    }

    @Test func fromAndToOnTheSameDayIsThatDay() throws {
        let box = try Self.box()
        #expect(try box.csv("table", "--period", "day", "--from", "2016-12-31", "--to", "2016-12-31", "--format", "csv")
                == [["2016-12-31", "2016-12-31T23:59:59+00:00", "20.00", "20.00"]])
        let json = try #require(try box.json("table", "--to", "2016-12-31", "--format", "json") as? [String: Any])
        let periods = try #require(json["periods"] as? [[String: String]])
        #expect(periods.last?["end"] == "2016-12-31T23:59:59+00:00")
    }

    @Test func theChartsToFollowsTheSameRule() throws {
        let box = try Self.box()
        let whole = try box.csv("chart", "A", "--to", "2016-12-31", "--format", "csv", header: "date,value")
        #expect(whole.map { $0[1] } == ["10.00", "20.00"])
        let portfolio = try box.csv("chart", "--to", "2016-12-31", "--format", "csv")
        #expect(portfolio.last?[1] == "20.00")
        let exact = try box.csv("chart", "A", "--to", "2016-12-31 12:00", "--format", "csv")
        #expect(exact.map { $0[1] } == ["10.00"])
        let json = try #require(try box.json("chart", "A", "--to", "2016-12-31", "--format", "json") as? [[String: Any]])
        #expect(json.first?["to"] as? String == "2016-12-31T23:59:59+00:00")
    }

    /// `today` is a date too: --to today includes an update later today.
    @Test func toTodayIncludesTheRestOfToday() throws {
        let box = try PortfolioBox()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let today = formatter.string(from: Date())
        try box.ok("add", "T", "1", "--date", "\(today)T00:00:00Z")
        try box.ok("update", "T", "2", "--date", "\(today)T23:59:59Z")
        let rows = try box.csv("table", "--period", "day", "--to", "today", "--format", "csv")
        #expect(rows.last == [today, "\(today)T23:59:59+00:00", "2.00", "2.00"])
    }

    /// The last day of 9999 west of UTC ends in UTC's year 10000: --to stops at 9999's last second.
    @Test func theLastDayOfTheRangeStaysInside() throws {
        let box = try PortfolioBox(timeZone: "America/New_York")
        try box.ok("add", "Far", "1", "--date", "9999-12-31 12:00")
        let rows = try box.csv("table", "--period", "year", "--from", "9999-01-01", "--to", "9999-12-31", "--format", "csv")
        #expect(rows == [["9999", "9999-12-31T18:59:59-05:00", "1.00", "1.00"]])
    }

    @Test func theHelpSaysSo() throws {
        let box = try PortfolioBox()
        for command in ["table", "chart"] {
            let help = try box.ok(command, "--help").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("A year (2025), a month (2025-09) or a date without a time is included whole (to 23:59:59 local time); a time is exact."), "\(command)")
        }
    }
}
