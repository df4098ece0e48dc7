// Days that begin at another time than midnight: a venue open past midnight counts its
// night as the day it opened (with days beginning at 06:00, 02:00 on Sunday belongs to
// Saturday). The time a day begins is a local time of day, so a day across a change of
// daylight saving time is 23 or 25 hours long, as a calendar day is.

extension Instant {
    /// The minutes past midnight that `text` names: `6:00`, `06:00`, `23:59` (24-hour
    /// clock); nil for anything else. The one reader of a time of day.
    public static func parseTimeOfDay(_ text: String) -> Int? {
        let bytes = Array(text.trimmingSpaces.utf8)
        guard let colon = bytes.firstIndex(of: 58), (1...2).contains(colon), bytes.count == colon + 3 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (48...57).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 48)
            }
            return value
        }
        guard let hour = number(0..<colon), let minute = number(colon + 1..<colon + 3), hour < 24, minute < 60 else { return nil }
        return hour * 60 + minute
    }

    /// `minutes` past midnight as `06:00`.
    public static func timeOfDayText(_ minutes: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(two(minutes / 60 % 24)):\(two(minutes % 60))"
    }

    /// The instant at `minutes` past midnight on the local date of `instant`. A time the
    /// clock skips that day (a daylight-saving gap: 01:30 when 01:00 becomes 02:00) is the
    /// instant the clock passes it (02:00), not an hour after it.
    public static func onDateOf(_ instant: Int64, atMinutes minutes: Int) -> Int64? {
        guard let parts = localCalendar(instant),
              let found = local(year: Int32(parts.year), month: Int32(parts.month), day: Int32(parts.day), hour: Int32(minutes / 60), minute: Int32(minutes % 60)),
              let shown = localCalendar(found)
        else { return nil }
        guard shown.hour * 60 + shown.minute != minutes || shown.day != parts.day else { return found }
        // Skipped: back, a minute at a time (a gap is at most a few hours), to the first
        // minute of the date the clock shows at or after the time asked for.
        var start = found
        while let earlier = localCalendar(start - 60), earlier.day == shown.day, earlier.hour * 60 + earlier.minute >= minutes {
            start -= 60
        }
        return start
    }

    /// The start of the day holding `instant` when days begin `minutes` past local midnight
    /// (0: the local midnight, as `startOfDay(containing:)`).
    public static func startOfDay(containing instant: Int64, beginningAt minutes: Int) -> Int64? {
        guard minutes > 0 else { return startOfDay(containing: instant) }
        guard let today = onDateOf(instant, atMinutes: minutes) else { return nil }
        if instant >= today { return today }
        guard let midnight = startOfDay(containing: instant), let yesterday = addDays(-1, to: midnight) else { return nil }
        return onDateOf(yesterday, atMinutes: minutes)
    }

    /// The first instant of the range `text` names (as `rangeStart`), days beginning
    /// `minutes` past local midnight: a whole day, month or year begins at its first day's
    /// start (`2026-12-05` is 06:00 that day), and `today` and `yesterday` are the day now
    /// is in and the one before (at 02:00 with days beginning at 06:00, today began yesterday).
    public static func rangeStart(_ text: String, now: Int64, dayBeginningAt minutes: Int) -> Int64? {
        guard minutes > 0, let (start, span) = rangeBound(text, now: now), span != .instant else { return rangeStart(text, now: now) }
        if let day = relativeDay(text, now: now, dayBeginningAt: minutes) { return day }
        return onDateOf(start, atMinutes: minutes)
    }

    /// The last instant (inclusive) of the range `text` names (as `rangeEnd`), days
    /// beginning `minutes` past local midnight: a whole day, month or year ends just before
    /// the next day's start (`--until 2026-12-05` is 05:59:59 on the 6th).
    public static func rangeEnd(_ text: String, now: Int64, dayBeginningAt minutes: Int) -> Int64? {
        guard minutes > 0, let (_, span) = rangeBound(text, now: now), span != .instant, let end = rangeEnd(text, now: now) else {
            return rangeEnd(text, now: now)
        }
        if let day = relativeDay(text, now: now, dayBeginningAt: minutes) {
            return startOfNextDay(after: day, beginningAt: minutes).map { $0 - 1 }
        }
        return onDateOf(end + 1, atMinutes: minutes).map { $0 - 1 }
    }

    /// The start of the day `today` or `yesterday` names, days beginning `minutes` past
    /// local midnight; nil for other text.
    private static func relativeDay(_ text: String, now: Int64, dayBeginningAt minutes: Int) -> Int64? {
        switch text.trimmingSpaces.lowercased() {
        case "today": return startOfDay(containing: now, beginningAt: minutes)
        case "yesterday": return startOfDay(containing: now, beginningAt: minutes).flatMap { startOfDay(containing: $0 - 1, beginningAt: minutes) }
        default: return nil
        }
    }

    /// The start of the day after the one beginning at `start`, days beginning `minutes`
    /// past local midnight.
    public static func startOfNextDay(after start: Int64, beginningAt minutes: Int) -> Int64? {
        guard minutes > 0 else { return startOfNextDay(after: start) }
        guard let midnight = startOfDay(containing: start), let next = startOfNextDay(after: midnight),
              let result = onDateOf(next, atMinutes: minutes), result > start
        else { return nil }
        return result
    }
}
