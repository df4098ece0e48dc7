// portfolio at the edges of Int64: totals that would overflow are an error (65) in every
// report and format, never a wrapped number; charts, tables and series of any Int64
// values (Int64.min, Int64.max, mixed signs, one point, all equal) never trap; and
// stored names never reach a terminal raw.

import Foundation
import MoneyKit
import Testing

@Suite struct PortfolioExtremesTests {
    static let largest = "92233720368547758.07"  // Int64.max cents
    static let smallest = "-92233720368547758.08"  // Int64.min cents

    /// Every report that shows a total, in every format it has.
    static let totalReports: [[String]] = [
        ["list"], ["list", "--format", "json"], ["list", "--format", "csv"], ["list", "--format", "tsv"],
        ["table"], ["table", "--format", "json"], ["table", "--format", "csv"], ["table", "--format", "tsv"],
        ["dashboard"], [], ["dashboard", "--ascii"],
        ["chart"], ["chart", "--format", "json"], ["chart", "--format", "csv"], ["chart", "--format", "svg"], ["chart", "--ascii"],
    ]

    // MARK: item 3: totals never wrap

    /// Sets the value of every update of `account` that holds `from` cents to `to` cents,
    /// behind portfolio's back: a store written before a change beyond the totals' range was
    /// refused (issue 26, item 16), which the reports must still refuse to add up.
    static func plant(_ box: PortfolioBox, _ account: String, from: Int64, to: Int64) throws {
        _ = try box.sqlite("UPDATE updates SET value = \(to) WHERE value = \(from) AND account_id = (SELECT id FROM accounts WHERE name = '\(account)')")
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aTotalBeyondTheRangeIsAnErrorInEveryReportAndFormat() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "90000000000000000.00", "--currency", "USD", "--date", "2025-01-01")
        // A change that would put the total beyond the range is refused, nothing stored.
        let refused = try box.run(["add", "B", "90000000000000000.00", "--currency", "USD", "--date", "2025-01-02"])
        #expect(refused.status == 65 && refused.stderr.contains("USD"), "\(refused.stderr)")
        #expect(try box.ok("list", "--names").stdout == "A\n")
        try box.ok("add", "B", "1", "--currency", "USD", "--date", "2025-01-02")
        try Self.plant(box, "B", from: 100, to: 9_000_000_000_000_000_000)
        let before = try box.ok("export").stdout
        for report in Self.totalReports {
            let result = try box.run(report)
            #expect(result.status == 65 && !result.killedBySignal, "portfolio \(report): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("error:") && result.stderr.contains("USD") && result.stderr.contains("out of range"),
                    "portfolio \(report): \(result.stderr)")
            // The wrapped number (2 × 9e16 − 2^64 cents) is never printed, nor anything else.
            #expect(!result.stdout.contains("4467440737095516") && !result.stdout.contains("4,467,440,737,095,516"), "portfolio \(report)")
            #expect(result.stdout.isEmpty, "portfolio \(report) printed before failing: \(result.stdout)")
        }
        // What needs no total still works, and nothing was changed.
        #expect(try box.ok("list", "--names").stdout == "A\nB\n")
        #expect(try box.show("A")["value"] as? String == "90000000000000000.00")
        #expect(try box.csv("chart", "B", "--format", "csv") == [["2025-01-02T00:00:00+00:00", "90000000000000000.00"]])
        #expect(try box.ok("export").stdout == before)
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func aTotalThatWasOutOfRangeInThePastStopsTheReportsThatShowThePast() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Big", "2", "--currency", "USD", "--date", "2025-01-01")
        try box.ok("add", "Small", "1", "--currency", "USD", "--date", "2025-02-01")
        try box.ok("update", "Big", "5", "--date", "2025-03-01")
        try Self.plant(box, "Big", from: 200, to: .max)
        // Today the total is 6.00; on 1 Feb to 1 Mar it was beyond the range.
        #expect(try box.list().totals == ["USD": "6.00"])
        for report in [["chart", "--format", "csv"], ["table", "--format", "csv"], ["chart", "--format", "json"]] {
            let result = try box.run(report)
            #expect(result.status == 65 && result.stderr.contains("out of range"), "portfolio \(report): \(result.stderr)")
        }
        // A range that avoids the overflow is fine.
        #expect(try box.csv("chart", "--format", "csv", "--from", "2025-03-01") == [["2025-03-01T00:00:00+00:00", "6.00"]])
    }

    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func totalsAreExactEvenWhenARunningSumPassesBeyondTheRange() throws {
        let box = try PortfolioBox()
        // Added in name order: A + B is beyond the range, A + B + C is 5.00. (The most
        // negative value, one cent below −largest, is refused on input; such a store is
        // refused on input too now, so it is planted as an older one.)
        try box.ok("add", "A", "1", "--currency", "USD", "--date", "2025-01-01")
        try box.ok("add", "B", "5", "--currency", "USD", "--date", "2025-01-01")
        try box.ok("add", "C", "2", "--currency", "USD", "--date", "2025-01-01")
        try Self.plant(box, "A", from: 100, to: .max)
        try Self.plant(box, "C", from: 200, to: -.max)
        #expect(try box.list().totals == ["USD": "5.00"])
        #expect(try box.csv("chart", "--format", "csv") == [["2025-01-01T00:00:00+00:00", "5.00"]])
        let table = try box.csv("table", "--format", "csv", "--from", "2025-01-01", "--to", "2025-01-31")
        #expect(table.first?.last == "5.00")
        let list = try box.ok("list").stdout
        #expect(list.contains("Total USD  $5.00"))
    }

    // MARK: items 13 and 15: charts and reports never trap

    @Test func aLargestValueFollowedByMinusOneChartsEverywhere() throws {
        let box = try PortfolioBox()
        try box.ok("add", "X", Self.largest, "--currency", "USD", "--date", "2024-01-01")
        try box.ok("update", "X", "--date", "2024-06-01", "--", "-1")
        for command in [[], ["dashboard", "--ascii"], ["show", "X"], ["show", "X", "--ascii"], ["chart"], ["chart", "X"],
                        ["chart", "--ascii"], ["chart", "--format", "svg"], ["chart", "X", "--format", "svg"], ["table"]] {
            let result = try box.run(command)
            #expect(result.status == 0 && !result.killedBySignal, "portfolio \(command): \(result.status) \(result.stderr)")
            #expect(!result.stdout.isEmpty, "portfolio \(command)")
        }
        #expect(try box.list().totals == ["USD": "-1.00"])
    }

    @Test func oneLargestValueDrawsAWellFormedSVG() throws {
        let box = try PortfolioBox()
        try box.ok("add", "X", Self.largest, "--currency", "USD", "--date", "2024-01-01")
        for command in [["chart", "--format", "svg"], ["chart", "X", "--format", "svg"]] {
            let result = try box.expectOK(command)
            Self.expectSaneSVG(result.stdout, "\(command)")
        }
    }

    /// Value sets a chart must draw: extremes, mixed signs, one point, all equal.
    static let valueSets: [[String]] = [
        [largest], [smallest], [smallest, largest], [largest, smallest], [largest, "-1"], ["-1", largest],
        [largest, "92233720368547758.06"], [smallest, "-92233720368547758.07", "0"], ["0"], ["7", "7", "7"],
        ["-5", "5", "-5"], [smallest, "0", largest, "0.01", "-0.01"], ["0.01", largest],
    ]

    /// Representative sets through the processes; PortfolioRenderingTests draws every
    /// set of `valueSets` in-process.
    static let processValueSets: [[String]] = [
        [largest], [smallest, largest], ["0"], [smallest, "0", largest, "0.01", "-0.01"],
    ]

    @Test(arguments: processValueSets)
    func chartsTablesAndSeriesOfExtremeValuesNeverTrap(values: [String]) throws {
        let box = try PortfolioBox()
        var accepted: [String] = []
        for (index, value) in values.enumerated() {
            let date = "2024-0\(index % 9 + 1)-15"
            let result = try box.run(index == 0 ? ["add", "X", "--currency", "USD", "--date", date, "--", value]
                                                : ["update", "X", "--date", date, "--", value])
            #expect(!result.killedBySignal)
            // Int64.min itself may be refused as input (65); everything else is a value.
            if result.status == 0 { accepted.append(value) } else {
                #expect(result.status == 65 && value == Self.smallest, "\(value): \(result.stderr)")
                if index == 0 { return }
            }
        }
        let height = 5
        for command in [["chart", "X", "--width", "40", "--height", "\(height)"], ["chart", "X", "--width", "40", "--height", "\(height)", "--ascii"],
                        ["chart", "--width", "40", "--height", "\(height)"]] {
            let result = try box.expectOK(command)
            // A title, the rows, the axis and the dates: nothing lost, nothing extra.
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == height + 3, "\(command): \(result.stdout)")
        }
        for command in [[], ["--ascii"], ["show", "X"], ["table"], ["list"]] {
            let result = try box.expectOK(command)
            #expect(!result.stdout.isEmpty)
        }
        for command in [["chart", "X", "--format", "svg"], ["chart", "--format", "svg", "--width", "200", "--height", "100"]] {
            Self.expectSaneSVG(try box.expectOK(command).stdout, "\(command)")
        }
        // The series keeps every value exactly (one account: its total is its value).
        let last = try #require(accepted.last)
        #expect(try box.list().totals["USD"] == Self.plain(last))
        let chart = try box.csv("chart", "--format", "csv").map { $0[1] }
        #expect(chart.last == Self.plain(last))
        #expect(Set(chart).isSubset(of: Set(accepted.map(Self.plain))))
    }

    /// Random updates of two accounts, half of them at the edges of Int64: every report
    /// exits 0 or, when a total it shows is beyond the range, 65; and the portfolio
    /// series is exactly the running total worked out here (two values: an overflow of
    /// their sum is exactly a total beyond the range).
    /// Two seeds through the processes; PortfolioKitTests' ExtremeSeriesTests checks the
    /// same rule for 40 seeds in-process.
    @Test(arguments: [1, 2])
    func randomExtremeUpdatesGiveExactSeriesOrAClearError(seed: Int) throws {
        var random = PortfolioRandom(seed: UInt64(seed) * 0x9E37)
        let edges: [Int64] = [.max, .min + 1, .max - 1, 0, 1, -1, .max / 2, .min / 2]
        let box = try PortfolioBox()
        var current: [String: Int64] = [:]
        var expected: [(date: String, total: Int64?)] = []
        for step in 0..<10 {
            let name = random.next() % 2 == 0 ? "A" : "B"
            let cents = random.next() % 2 == 0 ? edges[Int(random.next() % UInt64(edges.count))]
                                               : Int64(bitPattern: random.next()) / Int64(1 << (random.next() % 40))
            let value = Money(minorUnits: cents, currency: .gbp).plainString
            let date = "2024-01-\(step < 9 ? "0" : "")\(step + 1)"
            let command = current[name] == nil ? ["add", name, "--currency", "GBP", "--date", date, "--", value]
                                               : ["update", name, "--date", date, "--", value]
            // A change that would put the totals beyond the range is refused, nothing stored
            // (issue 26, item 16): the store never holds a total it cannot add up.
            let result = try box.run(command)
            if result.status == 65 && result.stderr.contains("can add up") { continue }
            #expect(result.status == 0, "seed \(seed) portfolio \(command): \(result.stderr)")
            current[name] = cents
            let values = Array(current.values)
            let sum = values.count == 1 ? (values[0], false) : values[0].addingReportingOverflow(values[1])
            let total: Int64? = sum.1 ? nil : sum.0
            if expected.isEmpty || expected.last?.total != total || total == nil { expected.append(("\(date)T00:00:00+00:00", total)) }
        }
        let fits = expected.allSatisfy { $0.total != nil }
        #expect(fits, "seed \(seed): a total beyond the range was stored")
        // The chart shows every change: 65 exactly when one is beyond the range. Table and
        // dashboard sample some instants: either is fine, a crash or another error is not.
        for command in [["chart", "--format", "csv"], ["chart"], ["chart", "--format", "svg"]] {
            let result = try box.run(command)
            #expect(!result.killedBySignal && result.status == (fits ? 0 : 65), "seed \(seed) portfolio \(command): \(result.status) \(result.stderr)")
        }
        for command in [["chart", "--format", "csv"], ["table"], [], ["--ascii"]] {
            let result = try box.run(command)
            #expect(!result.killedBySignal && (result.status == 0 || (result.status == 65 && result.stderr.contains("out of range"))),
                    "seed \(seed) portfolio \(command): \(result.status) \(result.stderr)")
        }
        for name in current.keys {
            for command in [["show", name], ["chart", name], ["chart", name, "--format", "svg"]] {
                let result = try box.expectOK(command)
                if command.last == "svg" { Self.expectSaneSVG(result.stdout, "seed \(seed) \(command)") }
            }
        }
        guard fits else { return }
        let series = try box.csv("chart", "--format", "csv")
        #expect(series.map { $0[0] } == expected.map(\.date), "seed \(seed)")
        #expect(series.map { $0[1] } == expected.map { Money(minorUnits: $0.total ?? 0, currency: .gbp).plainString },
                "seed \(seed)")
    }

    /// Values stored beyond what the commands accept (written with sqlite3): whatever the
    /// loader lets through, no report traps; one it refuses is an error, not a crash.
    @Test func storedExtremesNeverCrashAReport() throws {
        guard SQLiteShell.available else { return }
        // One refused when the store is opened (an instant beyond the years), one when its
        // row is read (a value of Int64.min); all seven such rows are checked against every
        // report in-process (PortfolioKitTests: SQLiteRepositoryTests).
        let cases: [(at: String, value: String)] = [
            ("-9223372036854775808", "9223372036854775807"), ("1735689600", "-9223372036854775808"),
        ]
        for zone in ["UTC", "Pacific/Kiritimati", "America/St_Johns"] {
            for stored in cases {
                let box = try PortfolioBox(timeZone: zone)
                try box.ok("add", "E", "--currency", "USD", "--date", "2024-01-01")
                try box.ok("add", "F", "5", "--currency", "USD", "--date", "2024-01-01")
                _ = try box.sqlite("INSERT INTO updates(account_id, at, value) SELECT id, \(stored.at), \(stored.value) FROM accounts WHERE name = 'E'; UPDATE accounts SET update_count = 1 WHERE name = 'E';")
                for command in Self.totalReports + [["show", "E"], ["show", "E", "--format", "json"], ["chart", "E"], ["chart", "E", "--format", "svg"],
                                                    ["table", "--period", "year"], ["updates", "E"], ["export"], ["export", "--format", "json"]] {
                    let result = try box.run(command)
                    #expect(!result.killedBySignal && [0, 64, 65].contains(result.status),
                            "TZ=\(zone) at=\(stored.at) value=\(stored.value) portfolio \(command): \(result.status) \(result.stderr)")
                    if result.status != 0 { #expect(result.stderr.contains("error:")) }
                }
            }
        }
    }

    // MARK: item 18: stored text never drives the terminal

    static let hostileName = "Evil\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\u{9B}31mX"

    /// A box with an account named `hostileName`, created by import (or written with
    /// sqlite3 if import refuses such a name). Nil when neither can make it.
    static func hostileBox() throws -> PortfolioBox? {
        let box = try PortfolioBox()
        try box.ok("add", "Plain", "1", "--currency", "GBP", "--date", "2025-01-01")
        let csv = "date,account,value,currency\n2025-01-02T00:00:00+00:00,\(hostileName),12.34,GBP\n"
        if try box.run("import", "-", stdin: csv).status != 0 {
            guard SQLiteShell.available else { return nil }
            _ = try box.sqlite("INSERT INTO accounts(name, currency, created_at, update_count) VALUES ('\(hostileName)', 'GBP', 1735776000, 1); INSERT INTO updates(account_id, at, value) SELECT id, 1735776000, 1234 FROM accounts WHERE currency = 'GBP' AND name <> 'Plain';")
        }
        return box
    }

    @Test func storedNamesAreEscapedInTextForPeople() throws {
        guard let box = try Self.hostileBox() else { return }
        for command in [[], ["dashboard", "--ascii"], ["list"], ["list", "--all"], ["show", Self.hostileName],
                        ["table"], ["chart", Self.hostileName], ["chart", Self.hostileName, "--format", "svg"]] {
            let result = try box.expectOK(command, environment: ["COLUMNS": "200"])
            for control in ["\u{1B}", "\u{07}", "\u{9B}"] {
                #expect(!result.stdout.contains(control), "portfolio \(command) printed \(control.unicodeScalars.first.map { $0.value } ?? 0) raw")
            }
            #expect(result.stdout.contains("Evil\\x1B]52;c;ZXZpbA==\\x07\\x1B[2J\\u{009B}31mX"), "portfolio \(command): \(result.stdout)")
        }
        // SVG is XML: it can hold no ESC at all, and stays well-formed.
        Self.expectSaneSVG(try box.ok("chart", Self.hostileName, "--format", "svg").stdout, "svg")
    }

    @Test func machineFormatsKeepTheNameExactly() throws {
        guard let box = try Self.hostileBox() else { return }
        #expect(try box.list().names.contains(Self.hostileName))
        #expect(try box.show(Self.hostileName)["name"] as? String == Self.hostileName)
        #expect(try box.csv("list", "--format", "csv").map { $0[0] }.contains(Self.hostileName))
        #expect(try box.ok("export").stdout.contains(Self.hostileName))
        // --names is one line per name, everywhere (as tally's): escaped, never raw.
        let names = try box.ok("list", "--names").stdout
        #expect(names.contains("Evil\\x1B]52;c;ZXZpbA==\\x07\\x1B[2J\\u{009B}31mX\n"))
        #expect(!names.contains("\u{1B}"))
        let tsv = try box.ok("list", "--format", "tsv").stdout
        #expect(tsv.contains(Self.hostileName))
    }

    // MARK: helpers

    /// "92233720368547758.07" as the plain amount a report prints ("7" → "7.00").
    static func plain(_ typed: String) -> String {
        typed.contains(".") ? typed : typed + ".00"
    }

    /// Well-formed, and every coordinate a finite number near the canvas.
    static func expectSaneSVG(_ text: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let svg = PortfolioSVG(text)
        #expect(svg.wellFormed, "\(label): \(String(describing: svg.error))", sourceLocation: sourceLocation)
        for element in svg.elements {
            for key in ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy"] {
                guard let value = element.attributes[key], !value.hasSuffix("%") else { continue }
                let number = Double(value)
                #expect(number.map { $0.isFinite && abs($0) < 100_000 } == true, "\(label): \(element.name) \(key)=\(value)", sourceLocation: sourceLocation)
            }
            for key in ["points"] {
                guard let value = element.attributes[key] else { continue }
                let numbers = value.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
                #expect(numbers.allSatisfy { $0.map { $0.isFinite && abs($0) < 100_000 } == true }, "\(label): \(element.name) points", sourceLocation: sourceLocation)
            }
        }
    }
}

extension PortfolioBox {
    /// `ok` with the arguments as an array (a name of its own, so no other helper's
    /// overload can clash with it).
    @discardableResult
    func expectOK(_ arguments: [String], environment extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) throws -> ToolResult {
        let result = try run(arguments, environment: extra)
        #expect(result.status == 0 && !result.killedBySignal,
                "portfolio \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }
}
