// portfolio demo: the app's test sets, for trying the tool and for tests.
//   1: 7 accounts, 42 updates on 6 dates (1 May, 15 May, 1 Jun, 15 Jun, 1 Jul and 1 Aug
//      2025) at 08:00 local time, in GBP.
//   2: 6 accounts over the last 2 years, 210 updates (a deterministic random walk).
//   3: two accounts, £100 added on the 1st (Account 1) and on the 15th (Account 2) of each
//      of the last 6 full months at 08:00, ending at £600 each: £1,200.00 today and 12
//      points in the portfolio series.

import MoneyKit
import MoneyKitPlatform

/// One account of a demo set: its name and its updates (values in pence).
public typealias DemoAccount = (name: String, updates: [(at: Int64, pounds: Int64)])

/// The app's test sets (`portfolio demo --set N`).
public enum DemoSet: String, CaseIterable, Sendable {
    /// Set 1, set 2 and set 3 (see the file's header).
    case one = "1", two = "2", three = "3"

    /// The set's accounts as of `now` (sets 2 and 3 end at `now`).
    public func accounts(now: Int64) -> [DemoAccount] {
        switch self {
        case .one: return Self.setOne()
        case .two: return Self.setTwo(now: now)
        case .three: return Self.setThree(now: now)
        }
    }

    private static func at(_ year: Int32, _ month: Int32, _ day: Int32) -> Int64 {
        Instant.local(year: year, month: month, day: day, hour: 8) ?? 0
    }

    /// Values are in pence.
    static func setOne() -> [DemoAccount] {
        let dates = [at(2025, 5, 1), at(2025, 5, 15), at(2025, 6, 1), at(2025, 6, 15), at(2025, 7, 1), at(2025, 8, 1)]
        let accounts: [(String, [Int64])] = [
            ("Easy Access Savings", [5_000_00, 5_012_50, 5_250_00, 5_262_10, 5_500_00, 5_530_25]),
            ("Cash ISA", [12_000_00, 12_040_00, 12_080_13, 12_120_40, 12_160_80, 12_201_34]),
            ("Stocks & Shares ISA", [18_500_00, 18_230_55, 18_912_40, 19_105_77, 19_640_02, 20_011_90]),
            ("Lifetime ISA", [4_000_00, 4_000_00, 4_250_00, 4_250_00, 4_500_00, 4_500_00]),
            ("Workplace Pension", [42_300_00, 42_910_35, 43_455_20, 43_120_90, 44_380_15, 45_002_60]),
            ("SIPP", [15_750_00, 15_610_45, 16_020_80, 16_340_12, 16_295_70, 16_810_05]),
            ("Premium Bonds", [1_000_00, 1_000_00, 1_025_00, 1_025_00, 1_025_00, 1_050_00]),
        ]
        return accounts.map { name, values in (name, zip(dates, values).map { ($0, $1) }) }
    }

    static func setTwo(now: Int64) -> [DemoAccount] {
        let start = Instant.addDays(-730, to: Instant.startOfDay(containing: now) ?? now) ?? now
        let names = ["Current Account Buffer", "Regular Saver", "Global Index Fund", "Bond Fund", "Company Pension", "Crypto (small)"]
        var seed: UInt64 = 0x5EED_2025
        func next() -> UInt64 {
            seed = seed &+ 0x9E37_79B9_7F4A_7C15  // wrapping: SplitMix64 works modulo 2^64
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9  // wrapping: SplitMix64 works modulo 2^64
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB  // wrapping: SplitMix64 works modulo 2^64
            return z ^ (z >> 31)
        }
        return names.enumerated().map { index, name in
            var value = Int64(2_000_00 + index * 7_500_00)
            var updates: [(at: Int64, pounds: Int64)] = []
            for step in 0..<35 {
                let day = Int32(step * 21 + Int(next() % 5))
                guard let instant = Instant.addDays(day, to: start), instant <= now else { break }
                // A walk of −3 % to +4 %, plus regular saving for the savers.
                let change = Int64(next() % 700) - 300
                value = max(0, value + value * change / 10_000 + (index < 2 ? 50_00 : 0))
                updates.append((instant + 8 * 3600, value))
            }
            return (name, updates)
        }
    }

    static func setThree(now: Int64) -> [DemoAccount] {
        let today = Instant.localCalendar(now) ?? CalendarParts.epochStart
        var year = Int32(today.year), month = Int32(today.month)
        var months: [(Int32, Int32)] = []
        for _ in 0..<6 {
            month -= 1
            if month == 0 { month = 12; year -= 1 }
            months.insert((year, month), at: 0)
        }
        let first = months.enumerated().map { (at: at($1.0, $1.1, 1), pounds: Int64($0 + 1) * 100_00) }
        let fifteenth = months.enumerated().map { (at: at($1.0, $1.1, 15), pounds: Int64($0 + 1) * 100_00) }
        return [("Account 1", first), ("Account 2", fifteenth)]
    }
}

extension Portfolio {
    /// Fills an empty store with `set` (one undo step); returns how many accounts and updates.
    /// - Throws: `PortfolioError.demoNeedsEmptyStore` when the store has accounts.
    public func fillDemo(_ set: DemoSet, now: Int64) throws -> (accounts: Int, updates: Int) {
        guard try repository.accounts().isEmpty else { throw PortfolioError.demoNeedsEmptyStore }
        let entries = set.accounts(now: now)
        var count = 0
        try repository.write("demo") { change in
            change.description = "demo set \(set.rawValue)"
            for entry in entries {
                guard let first = entry.updates.first else { continue }
                let account = try change.createAccount(name: entry.name, currency: .gbp, at: first.at)
                for update in entry.updates {
                    _ = try change.addUpdate(to: account, at: update.at, value: update.pounds)
                    count += 1
                }
            }
        }
        return (entries.count, count)
    }
}
