// The ends of a range as people type them: a whole year (`2025`) or month (`2025-09`)
// besides a day, a time or a word. One reader for every option that starts or ends a
// range (--from/--to, --since/--until, --by), in every tool.

extension Instant {
    /// How much of the calendar a range bound names: a year, a month, a day, or an exact
    /// instant (a time, an offset, `now`).
    public enum RangeSpan: Sendable, Equatable {
        /// A whole year: `2025`.
        case year
        /// A whole month: `2025-09`.
        case month
        /// A whole local day: `2025-09-14`, `today`, `yesterday`.
        case day
        /// An exact instant: a time, an offset, `now`.
        case instant
    }

    /// The first instant of the range `text` names: `2025` is 1 January 2025 at local
    /// midnight, `2025-09` the first of September, a date its midnight, a time itself.
    /// Nil when `text` is none of these, or leaves the years 0001–9999. `now`, `today`
    /// and `yesterday` count from `now` (default: the system clock).
    public static func rangeStart(_ text: String, now: Int64 = Instant.now()) -> Int64? {
        guard let (start, _) = rangeBound(text, now: now) else { return nil }
        return start
    }

    /// The last instant (inclusive) of the range `text` names: `2025` ends at the last
    /// second of 31 December 2025, `2025-09` of 30 September, a date (`2016-12-31`,
    /// `today`, `yesterday`) at the day's last second (DST days included); a time given
    /// (`2016-12-31 18:00`, ISO 8601, `now`) keeps its exact meaning. The words count
    /// from `now` (default: the system clock).
    public static func rangeEnd(_ text: String, now: Int64 = Instant.now()) -> Int64? {
        guard let (start, span) = rangeBound(text, now: now) else { return nil }
        let next: Int64?
        switch span {
        case .instant: return start
        case .day: next = startOfNextDay(after: start)
        case .month: next = addMonths(1, to: start)
        case .year: next = addMonths(12, to: start)
        }
        // The last day of 9999 ends in year 10000 somewhere: stop at 9999's last second.
        guard let next, next > start else { return min(start, lastWritableSecond) }
        return min(next - 1, lastWritableSecond)
    }

    /// The start of the range `text` names and how much of the calendar it covers; the
    /// words count from `now` (default: the system clock).
    public static func rangeBound(_ text: String, now: Int64 = Instant.now()) -> (start: Int64, span: RangeSpan)? {
        let trimmed = text.trimmingSpaces
        let bytes = Array(trimmed.utf8)
        func digits(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for index in range {
                guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
                value = value * 10 + Int32(bytes[index] - 48)
            }
            return value
        }
        if bytes.count == 4, let year = digits(0..<4) {
            return local(year: year, month: 1, day: 1).map { ($0, .year) }
        }
        if bytes.count == 7, let year = digits(0..<4), bytes[4] == 45, let month = digits(5..<7) {
            return local(year: year, month: month, day: 1).map { ($0, .month) }
        }
        guard let instant = parse(trimmed, now: now) else { return nil }
        let wholeDay = bytes.count == 10 || ["today", "yesterday"].contains(trimmed.lowercased())
        return (instant, wholeDay ? .day : .instant)
    }

    /// 9999-12-31T23:59:59Z, the last second a store may hold.
    static let lastWritableSecond: Int64 = 253_402_300_799
}
