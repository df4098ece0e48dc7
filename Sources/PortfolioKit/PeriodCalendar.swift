// The periods of portfolio table: days, weeks (from Monday), months, quarters and years
// of the local calendar (a month ends at the last instant before the 1st of the next,
// DST included). All calendar work goes through Instant (the platform's one calendar).

import MoneyKitPlatform

/// A period of `portfolio table`, on the local calendar.
public enum Period: String, CaseIterable, Sendable {
    /// A day, a week from Monday, a month, a quarter or a year.
    case day, week, month, quarter, year

    /// The start of the period containing `instant` (local time; weeks start on Monday).
    public func start(containing instant: Int64) -> Int64? {
        guard let parts = Instant.localCalendar(instant), Instant.years.contains(parts.year) else { return nil }
        let year = Int32(parts.year), month = Int32(parts.month), day = Int32(parts.day)
        switch self {
        case .day: return Instant.local(year: year, month: month, day: day)
        case .week:
            let daysSinceMonday = Int32((parts.weekday + 6) % 7)
            return Instant.local(year: year, month: month, day: day).flatMap { Instant.addDays(-daysSinceMonday, to: $0) }
        case .month: return Instant.local(year: year, month: month, day: 1)
        case .quarter: return Instant.local(year: year, month: (month - 1) / 3 * 3 + 1, day: 1)
        case .year: return Instant.local(year: year, month: 1, day: 1)
        }
    }

    /// The start of the period after the one starting at `start`; nil beyond the year 9999.
    public func nextStart(after start: Int64) -> Int64? {
        // Only from a start in the years 0001–9999.
        guard let parts = Instant.localCalendar(start), Instant.years.contains(parts.year) else { return nil }
        switch self {
        case .day: return Instant.addDays(1, to: start)
        case .week: return Instant.addDays(7, to: start)
        case .month: return Instant.addMonths(1, to: start)
        case .quarter: return Instant.addMonths(3, to: start)
        case .year: return Instant.addMonths(12, to: start)
        }
    }

    /// "2025-07", "2025-Q3", "2025", "2025-07-27", "2025-07-21 wk" labels.
    public func label(start: Int64) -> String {
        let parts = Instant.localCalendar(start) ?? CalendarParts.epochStart
        // Four digits, as in the ISO dates beside it ("0999-07").
        let number = parts.year, month = parts.month
        let year = number >= 0 && number < 1000 ? String(repeating: "0", count: 4 - String(number).count) + String(number) : String(number)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch self {
        case .day: return "\(year)-\(two(month))-\(two(parts.day))"
        case .week: return "\(year)-\(two(month))-\(two(parts.day)) wk"
        case .month: return "\(year)-\(two(month))"
        case .quarter: return "\(year)-Q\((month - 1) / 3 + 1)"
        case .year: return "\(year)"
        }
    }
}
