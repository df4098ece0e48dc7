// An export always imports: every date portfolio accepts (years 0001–9999 in UTC and in
// local time) is written with a four-digit year and an exact offset (UTC `Z` where the
// local offset has seconds), and export → import → export gives the same bytes, in any
// time zone. Every --date, --from, --to and imported date is read by the same parser.

import Foundation
import Testing

@Suite struct PortfolioDateRoundTripTests {
    static let zones = ["UTC", "Europe/Amsterdam", "America/St_Johns", "Asia/Kolkata", "Pacific/Kiritimati",
                        "Europe/Dublin", "Asia/Kathmandu", "Australia/Lord_Howe", "America/Sao_Paulo", "Africa/Monrovia"]

    // MARK: the property

    @Test(arguments: zones)
    func exportImportExportIsByteIdenticalForRandomInstants(zone: String) throws {
        var random = PortfolioRandom(seed: zone.utf8.reduce(UInt64(0x5EED)) { $0 &* 31 &+ UInt64($1) })
        // Over the whole range, over the years of local mean time and the first time zones,
        // and over recent years with their daylight saving changes.
        let whole = -62_135_337_600...253_402_041_599 as ClosedRange<Int64>  // 0001-01-04 to 9999-12-28
        let early = -5_364_662_400...(-946_771_200) as ClosedRange<Int64>  // 1800 to 1940
        let recent = 0...4_102_444_800 as ClosedRange<Int64>  // 1970 to 2100
        var instants: [Int64] = []
        for range in [whole, early, recent] {
            for _ in 0..<80 { instants.append(random.next(in: range)) }
        }
        instants = Array(Set(instants)).sorted()
        var csv = "date,account,value,currency\n"
        for (index, instant) in instants.enumerated() {
            let cents = random.next(in: -10_000_000...10_000_000)
            csv += "\(PortfolioUTCText.iso8601(instant)),Account \(index % 4),\(PortfolioCSV.plain(Int(cents))),EUR\n"
        }
        let first = try PortfolioBox(timeZone: zone)
        try first.ok("import", "-", stdin: csv)
        // Exact: read in UTC, the stored instants are the ones imported.
        let utcExport = try first.run(["export"], environment: ["TZ": "UTC"])
        #expect(utcExport.status == 0)
        let inUTC = utcExport.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[0]) }
        #expect(inUTC == instants.map { PortfolioUTCText.iso8601($0, offset: "+00:00") })

        let exported = try first.ok("export").stdout
        #expect(exported.split(separator: "\n").dropFirst().allSatisfy { PortfolioDateRoundTripTests.hasFourDigitYearAndMinuteOffset(String($0)) },
                "TZ=\(zone): \(exported.prefix(2_000))")
        let second = try PortfolioBox(timeZone: zone)
        try second.ok("import", "-", stdin: exported)
        let again = try second.ok("export").stdout
        #expect(again == exported, "TZ=\(zone): export → import → export changed")
        // JSON export carries the same dates.
        let json = try first.ok("export", "--format", "json").stdout
        for line in exported.split(separator: "\n").dropFirst().prefix(20) {
            let date = String(line.split(separator: ",")[0])
            #expect(json.contains("\"\(date)\""), "TZ=\(zone): \(date) not in the JSON export")
        }
    }

    /// Instants near the ends of the range in each zone: accepted or refused as a whole
    /// (65, store unchanged), and when accepted, exported so that they read back.
    @Test(arguments: zones)
    func instantsAtTheEndsOfTheRangeAreRefusedOrRoundTrip(zone: String) throws {
        let box = try PortfolioBox(timeZone: zone)
        try box.ok("add", "Edge", "1", "--currency", "EUR", "--date", "2025-01-01")
        let dates = ["0001-01-01T00:00:00Z", "0001-01-01T23:59:59Z", "0001-01-02T00:00:00+14:00", "0001-01-01",
                     "9999-12-31T23:59:59Z", "9999-12-31T12:00:00Z", "9999-12-31", "9999-12-31T23:59:59+14:00"]
        // One export after each update: the store as it stands, for the next refusal to leave alone.
        var exported = try box.ok("export").stdout
        for date in dates {
            let result = try box.run("update", "Edge", "2", "--date", date)
            #expect(!result.killedBySignal && (result.status == 0 || result.status == 65), "TZ=\(zone) \(date): \(result.stderr)")
            let after = try box.ok("export").stdout
            if result.status != 0 {
                #expect(result.stderr.contains("invalid --date"), "TZ=\(zone) \(date): \(result.stderr)")
                #expect(after == exported, "TZ=\(zone) \(date): a refused update changed the store")
            }
            exported = after
        }
        let copy = try PortfolioBox(timeZone: zone)
        try copy.ok("import", "-", stdin: exported)
        #expect(try copy.ok("export").stdout == exported)
    }

    // MARK: the cases of issue 12

    @Test func aYearBelow1000IsWrittenWithFourDigitsAndReadBack() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Old", "1", "--currency", "USD", "--date", "0999-01-01T00:00:00Z")
        try box.ok("update", "Old", "2", "--date", "0999-06-15")
        try box.ok("update", "Old", "3", "--date", "0001-01-01 12:00")
        let exported = try box.ok("export").stdout
        #expect(exported == """
            date,account,value,currency
            0001-01-01T12:00:00+00:00,Old,3.00,USD
            0999-01-01T00:00:00+00:00,Old,1.00,USD
            0999-06-15T00:00:00+00:00,Old,2.00,USD

            """)
        let copy = try PortfolioBox()
        try copy.ok("import", "-", stdin: exported)
        #expect(try copy.ok("export").stdout == exported)
        // Reports of those years too: four-digit period labels and dates.
        let table = try box.csv("table", "--period", "year", "--to", "0999-12-31", "--format", "csv")
        #expect(table.first?.prefix(2) == ["0001", "0001-12-31T23:59:59+00:00"])
        #expect(table.last?.prefix(2) == ["0999", "0999-12-31T23:59:59+00:00"], "--to a date includes that whole day")
        #expect(table.count == 999)
        #expect(try box.csv("chart", "--format", "csv", "--from", "0500-01-01", "--to", "0999-12-31") == [
            ["0500-01-01T00:00:00+00:00", "3.00"], ["0999-01-01T00:00:00+00:00", "1.00"], ["0999-06-15T00:00:00+00:00", "2.00"],
        ])
        let updates = try #require(try copy.show("Old")["updates"] as? [[String: Any]])
        #expect(updates.compactMap { $0["date"] as? String } == ["0999-06-15T00:00:00+00:00", "0999-01-01T00:00:00+00:00", "0001-01-01T12:00:00+00:00"])
    }

    @Test func anInstantWhoseYearIsBeyond9999AnywhereIsRefusedByEveryEntryPoint() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "1", "--currency", "USD", "--date", "2025-01-01")
        let before = try box.ok("export").stdout
        for date in ["9999-12-31T23:59:59-12:00", "0000-12-31T23:59:59Z", "0001-01-01T00:00:00+00:01", "10000-01-01T00:00:00Z", "0000-01-01"] {
            for command in [["add", "B", "1", "--date", date], ["update", "A", "2", "--date", date], ["close", "A", "--date", date],
                            ["table", "--from", date], ["table", "--to", date], ["chart", "--from", date], ["chart", "--to", date, "--format", "csv"]] {
                let result = try box.run(command)
                #expect(result.status == 65 && !result.killedBySignal, "portfolio \(command): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("invalid --"), "portfolio \(command): \(result.stderr)")
            }
            let imported = try box.run("import", "-", stdin: "\(date),A,5.00,USD\n")
            #expect(imported.status == 65, "import \(date): \(imported.stderr)")
        }
        #expect(try box.ok("export").stdout == before)
        // In Kiritimati (UTC+14) the last hours of 9999 in UTC are already the year 10000.
        let east = try PortfolioBox(timeZone: "Pacific/Kiritimati")
        try east.ok("add", "A", "1", "--currency", "USD", "--date", "2025-01-01")
        try east.fails(65, "update", "A", "2", "--date", "9999-12-31T12:00:00Z")
        try east.ok("update", "A", "2", "--date", "9999-12-31T09:00:00Z")
        // And in St John's (local mean time −03:30:52) the first hours of year 1 are year 0.
        let west = try PortfolioBox(timeZone: "America/St_Johns")
        try west.ok("add", "A", "1", "--currency", "USD", "--date", "2025-01-01")
        try west.fails(65, "update", "A", "2", "--date", "0001-01-01T00:00:00Z")
        try west.ok("update", "A", "2", "--date", "0001-01-01")
        let exported = try west.ok("export").stdout
        #expect(exported.contains("0001-01-01T03:30:52Z,A,2.00,USD"), "\(exported)")
    }

    @Test func anOffsetWithSecondsIsExportedInUTCAndNeverDrifts() throws {
        let box = try PortfolioBox(timeZone: "Europe/Amsterdam")
        try box.ok("add", "Old", "1", "--currency", "EUR", "--date", "1920-03-01T00:00:00Z")
        var exported = try box.ok("export").stdout
        #expect(exported == "date,account,value,currency\n1920-03-01T00:00:00Z,Old,1.00,EUR\n")
        // Three rounds: the instant stays put (it moved by 32 s a round before).
        for _ in 0..<3 {
            let copy = try PortfolioBox(timeZone: "Europe/Amsterdam")
            try copy.ok("import", "-", stdin: exported)
            let again = try copy.ok("export").stdout
            #expect(again == exported)
            exported = again
        }
        #expect(try box.show("Old")["created"] as? String == "1920-03-01T00:00:00Z")
        // Shown for people in local mean time: 00:19 (+00:19:32).
        #expect(try box.ok("show", "Old").stdout.contains("1 Mar 1920, 00:19"))
    }

    @Test func offsetsWithSecondsAreRead() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "1", "--currency", "EUR", "--date", "1920-03-01T00:19:32+00:19:32")
        try box.ok("update", "A", "2", "--date", "1920-03-02T00:00:00-00:25:21")
        try box.ok("import", "-", stdin: "1920-03-03T05:53:28+05:53:28,A,3.00,EUR\n")
        #expect(try box.csv("updates", "A", "--format", "csv", header: "id,date,value").map { $0[1] } == [
            "1920-03-03T00:00:00+00:00", "1920-03-02T00:25:21+00:00", "1920-03-01T00:00:00+00:00",
        ])
        for bad in ["1920-03-01T00:00:00+00:19:60", "1920-03-01T00:00:00+00:19:3", "1920-03-01T00:00:00+24:00", "1920-03-01T00:00:00+0019"] {
            try box.fails(65, "update", "A", "4", "--date", bad)
        }
    }

    static func hasFourDigitYearAndMinuteOffset(_ line: String) -> Bool {
        let date = Array(line.split(separator: ",")[0].utf8)
        let digits = { (range: Range<Int>) in range.allSatisfy { (48...57).contains(date[$0]) } }
        guard date.count == 20 || date.count == 25, digits(0..<4), date[4] == 45, date[10] == 84 else { return false }
        return date.count == 20 ? date[19] == 90 : (date[19] == 43 || date[19] == 45) && date[22] == 58
    }
}

/// Dates in UTC by the proleptic Gregorian calendar (Foundation's switches to Julian
/// before 1582), for writing test input independently of the tool.
enum PortfolioUTCText {
    static func iso8601(_ instant: Int64, offset: String = "Z") -> String {
        let days = instant >= 0 ? instant / 86_400 : (instant - 86_399) / 86_400
        let seconds = instant - days * 86_400
        // H. Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ number: Int64, _ width: Int) -> String {
            let text = String(number)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))\(offset)"
    }
}

/// A small seeded generator (SplitMix64), so a failure repeats.
struct PortfolioRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int64(next() % width)
    }
}
