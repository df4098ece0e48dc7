// The local calendar through the C library: the instant of a local date and time, the
// calendar parts of an instant, and moving by days and months as a wall calendar does
// (across daylight-saving changes).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An instant's calendar date and time of day, in one time zone.
public struct CalendarParts: Sendable, Equatable {
    /// The year, e.g. 2025 (0001–9999 for instants the tools store).
    public var year: Int
    /// 1–12.
    public var month: Int
    /// 1–31.
    public var day: Int
    /// 0–23.
    public var hour: Int
    /// 0–59.
    public var minute: Int
    /// 0–60 (60 only for a leap second).
    public var second: Int
    /// 0 for Sunday through 6 for Saturday.
    public var weekday: Int
    /// Seconds east of UTC.
    public var utcOffset: Int

    /// What the C library's zeroed parts meant (1900-01-00): shown where an instant
    /// cannot be represented, so callers never see garbage.
    public static let epochStart = CalendarParts(tm())

    init(_ parts: tm) {
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
        weekday = Int(parts.tm_wday)
        utcOffset = Int(parts.tm_gmtoff)
    }
}

extension Instant {
    /// Local midnights already worked out, by yyyymmdd, with whether the day is a plain
    /// 24 hours (no daylight-saving change). mktime is slow here: glibc looks at the time
    /// zone file on every call, and an import calls it a million times.
    nonisolated(unsafe) private static var midnights: [Int32: (start: Int64, plain: Bool)] = [:]
    /// Guards `midnights`: runs of the tools in-process (tests) share it across threads.
    private static let midnightsLock = PlainLock()

    private static func knownMidnight(_ key: Int32) -> (start: Int64, plain: Bool)? {
        midnightsLock.withLock { midnights[key] }
    }

    /// Forgets the midnights worked out so far: for a process that changes TZ (tests do),
    /// since they are those of the zone in force when they were worked out.
    package static func forgetLocalMidnights() { midnightsLock.withLock { midnights = [:] } }

    /// The instant of a local calendar time; nil when it does not exist (31 Feb) or its
    /// year is outside 0001–9999.
    public static func local(year: Int32, month: Int32, day: Int32, hour: Int32 = 0, minute: Int32 = 0, second: Int32 = 0) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
            years.contains(Int(year)) else { return nil }
        let key = year * 10_000 + month * 100 + day
        let known = knownMidnight(key)
        if let known, known.plain {
            return known.start + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
        }
        if known == nil, let start = calendar(year: year, month: month, day: day, hour: 0, minute: 0, second: 0) {
            var next = localParts(start) ?? tm()
            next.tm_mday += 1
            next.tm_hour = 0
            next.tm_isdst = -1
            let nextStart = Int64(mktime(&next))
            let plain = nextStart - start == 86_400 && localParts(start)?.tm_hour == 0
            midnightsLock.withLock { midnights[key] = (start, plain) }
            if plain {
                return start + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
            }
        }
        return calendar(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private static func calendar(year: Int32, month: Int32, day: Int32, hour: Int32, minute: Int32, second: Int32) -> Int64? {
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        parts.tm_isdst = -1
        let result = mktime(&parts)
        guard result != -1, parts.tm_mday == day, parts.tm_mon == month - 1 else { return nil }
        return Int64(result)
    }

    /// The local calendar parts of `instant`; nil when the C library cannot represent it
    /// (a year beyond Int32).
    public static func localCalendar(_ instant: Int64) -> CalendarParts? {
        localParts(instant).map(CalendarParts.init)
    }

    /// The calendar parts of `instant` in UTC; nil when the C library cannot represent it.
    public static func utcCalendar(_ instant: Int64) -> CalendarParts? {
        utcParts(instant).map(CalendarParts.init)
    }

    static func localParts(_ instant: Int64) -> tm? {
        var value = time_t(instant)
        var parts = tm()
        return localtime_r(&value, &parts) == nil ? nil : parts
    }

    static func utcParts(_ instant: Int64) -> tm? {
        var value = time_t(instant)
        var parts = tm()
        return gmtime_r(&value, &parts) == nil ? nil : parts
    }

    /// The local midnight that starts the day of `instant`.
    public static func startOfDay(containing instant: Int64) -> Int64? {
        guard let parts = localParts(instant), years.contains(Int(parts.tm_year) + 1900) else { return nil }
        return local(year: parts.tm_year + 1900, month: parts.tm_mon + 1, day: parts.tm_mday)
    }

    /// The local midnight that starts the day after `instant`'s day (asked of the C
    /// library as 00:00 of the next date, so a day whose midnight is skipped ends where
    /// the clock says the next day begins).
    public static func startOfNextDay(after instant: Int64) -> Int64? {
        moved(instant) { parts in
            parts.tm_mday += 1
            parts.tm_hour = 0
            parts.tm_min = 0
            parts.tm_sec = 0
            return true
        }
    }

    /// The same local time `days` days later (a calendar day, not 86400 s).
    public static func addDays(_ days: Int32, to instant: Int64) -> Int64? {
        moved(instant) { parts in
            let (day, overflow) = parts.tm_mday.addingReportingOverflow(days)
            parts.tm_mday = day
            return !overflow
        }
    }

    /// The same local day and time `months` months later, as the C library normalises it
    /// (31 January plus one month is 3 March, or 2 March in a leap year): periods that
    /// start on the 1st move from 1st to 1st.
    public static func addMonths(_ months: Int32, to instant: Int64) -> Int64? {
        moved(instant) { parts in
            let (month, overflow) = parts.tm_mon.addingReportingOverflow(months)
            parts.tm_mon = month
            return !overflow
        }
    }

    /// `instant`'s local parts changed by `change` (false when it cannot), then read back.
    private static func moved(_ instant: Int64, by change: (inout tm) -> Bool) -> Int64? {
        guard var parts = localParts(instant), change(&parts) else { return nil }
        parts.tm_isdst = -1
        let result = mktime(&parts)
        return result == -1 ? nil : Int64(result)
    }
}
