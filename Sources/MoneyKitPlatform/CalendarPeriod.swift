// The periods reports count in (tally stats, tillcount summary), in local time (TZ):
// hours, days, weeks (Monday to Sunday) and calendar months. Days follow daylight saving: a DST day is 23 or 25 hours
// long, and its hours are the hours the clock shows. A store (or a command) may begin its
// days later than midnight (`--day-starts 06:00`: a night past midnight counts as the day
// it began), and its weeks and months begin then too: Monday 06:00, the 1st at 06:00.

/// How a report groups what happened in time: by local hour, day, week or month.
public enum CalendarPeriod: String, CaseIterable, Sendable {
    /// Local clock hours.
    case hour
    /// Local calendar days.
    case day
    /// Weeks from Monday 00:00 local time.
    case week
    /// Calendar months.
    case month

    /// The start of the period holding `instant`, days beginning `dayStart` minutes past
    /// local midnight; nil beyond the calendar.
    public func start(containing instant: Int64, dayStart: Int) -> Int64? {
        guard dayStart > 0, self != .hour else { return start(containing: instant) }
        guard let day = Instant.startOfDay(containing: instant, beginningAt: dayStart), let parts = Instant.localCalendar(day) else { return nil }
        switch self {
        case .hour, .day:
            return day
        case .week:
            return Instant.addDays(-Int32((parts.weekday + 6) % 7), to: day).flatMap { Instant.onDateOf($0, atMinutes: dayStart) }
        case .month:
            return Instant.local(year: Int32(parts.year), month: Int32(parts.month), day: 1, hour: Int32(dayStart / 60), minute: Int32(dayStart % 60))
        }
    }

    /// The start of the period after the one starting at `start`, days beginning
    /// `dayStart` minutes past local midnight; nil beyond the calendar.
    public func next(after start: Int64, dayStart: Int) -> Int64? {
        guard dayStart > 0, self != .hour else { return next(after: start) }
        let next: Int64?
        switch self {
        case .hour, .day:
            next = Instant.startOfNextDay(after: start, beginningAt: dayStart)
        case .week:
            next = Instant.addDays(7, to: start).flatMap { Instant.onDateOf($0, atMinutes: dayStart) }
        case .month:
            guard let parts = Instant.localCalendar(start) else { return nil }
            let (year, month) = parts.month == 12 ? (parts.year + 1, 1) : (parts.year, parts.month + 1)
            next = Instant.local(year: Int32(year), month: Int32(month), day: 1, hour: Int32(dayStart / 60), minute: Int32(dayStart % 60))
        }
        guard let next, next > start else { return nil }
        return next
    }

    /// The start of the period holding `instant`, or nil beyond the calendar.
    public func start(containing instant: Int64) -> Int64? {
        switch self {
        case .hour:
            // The local hour starts at :00 on the clock, whatever the UTC offset.
            guard let parts = Instant.localCalendar(instant) else { return nil }
            return instant - Int64(parts.minute * 60 + parts.second)
        case .day:
            return Instant.startOfDay(containing: instant)
        case .week:
            guard let day = Instant.startOfDay(containing: instant), let parts = Instant.localCalendar(day) else { return nil }
            return Instant.addDays(-Int32((parts.weekday + 6) % 7), to: day).flatMap { Instant.startOfDay(containing: $0) }
        case .month:
            guard let parts = Instant.localCalendar(instant) else { return nil }
            return Instant.local(year: Int32(parts.year), month: Int32(parts.month), day: 1)
        }
    }

    /// The start of the period after the one starting at `start`, or nil beyond the calendar.
    public func next(after start: Int64) -> Int64? {
        let next: Int64?
        switch self {
        case .hour: next = start + 3600
        case .day: next = Instant.startOfNextDay(after: start)
        case .week: next = Instant.addDays(7, to: start).flatMap { Instant.startOfDay(containing: $0) }
        case .month:
            guard let parts = Instant.localCalendar(start) else { return nil }
            next = parts.month == 12
                ? Instant.local(year: Int32(parts.year + 1), month: 1, day: 1)
                : Instant.local(year: Int32(parts.year), month: Int32(parts.month + 1), day: 1)
        }
        // Always forward: a calendar that would not move ends the series.
        guard let next, next > start else { return nil }
        return next
    }

    /// How a period starting at `start` is named: `2026-11-21 14:00` (hour), `2026-11-21`
    /// (day, and a week by its Monday), `2026-11` (month); local time.
    public func label(_ start: Int64) -> String {
        guard let parts = Instant.localCalendar(start) else { return String(start) }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let year = String(repeating: "0", count: max(0, 4 - String(parts.year).count)) + String(parts.year)
        switch self {
        case .hour: return "\(year)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
        case .day, .week: return "\(year)-\(two(parts.month))-\(two(parts.day))"
        case .month: return "\(year)-\(two(parts.month))"
        }
    }
}
