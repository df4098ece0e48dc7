// The periods of portfolio table: days, weeks (from Monday), months, quarters and years
// of the local calendar (a month ends at the last instant before the 1st of the next,
// DST included). All calendar work goes through Instant (the platform's one calendar).

public enum Period: String, CaseIterable, Sendable {
    case day, week, month, quarter, year

    /// The start of the period containing `instant` (local time; weeks start on Monday).
    public func start(containing instant: Int64) -> Int64? {
        guard let parts = Instant.localPartsIfAny(instant), Instant.years.contains(Int(parts.tm_year) + 1900) else { return nil }
        let year = parts.tm_year + 1900, month = parts.tm_mon + 1
        switch self {
        case .day: return Instant.local(year: year, month: month, day: parts.tm_mday)
        case .week:
            let daysSinceMonday = (parts.tm_wday + 6) % 7
            return Instant.local(year: year, month: month, day: parts.tm_mday).flatMap { Instant.addDays(-daysSinceMonday, to: $0) }
        case .month: return Instant.local(year: year, month: month, day: 1)
        case .quarter: return Instant.local(year: year, month: (month - 1) / 3 * 3 + 1, day: 1)
        case .year: return Instant.local(year: year, month: 1, day: 1)
        }
    }

    /// The start of the period after the one starting at `start`; nil beyond the year 9999.
    public func nextStart(after start: Int64) -> Int64? {
        // Only from a start in the years 0001–9999: the fields below cannot overflow.
        guard let parts = Instant.localPartsIfAny(start), Instant.years.contains(Int(parts.tm_year) + 1900) else { return nil }
        switch self {
        case .day: return Instant.addDays(1, to: start)
        case .week: return Instant.addDays(7, to: start)
        case .month, .quarter, .year:
            let months: Int32 = self == .month ? 1 : self == .quarter ? 3 : 12
            let index = parts.tm_year * 12 + parts.tm_mon + months
            return Instant.local(year: index / 12 + 1900, month: index % 12 + 1, day: parts.tm_mday,
                                 hour: parts.tm_hour, minute: parts.tm_min, second: parts.tm_sec)
        }
    }

    /// "2025-07", "2025-Q3", "2025", "2025-07-27", "2025-07-21 wk" labels.
    public func label(start: Int64) -> String {
        let parts = Instant.localParts(start)
        // Four digits, as in the ISO dates beside it ("0999-07").
        let number = Int(parts.tm_year) + 1900, month = parts.tm_mon + 1
        let year = number >= 0 && number < 1000 ? String(repeating: "0", count: 4 - String(number).count) + String(number) : String(number)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch self {
        case .day: return "\(year)-\(two(month))-\(two(parts.tm_mday))"
        case .week: return "\(year)-\(two(month))-\(two(parts.tm_mday)) wk"
        case .month: return "\(year)-\(two(month))"
        case .quarter: return "\(year)-Q\((month - 1) / 3 + 1)"
        case .year: return "\(year)"
        }
    }
}
