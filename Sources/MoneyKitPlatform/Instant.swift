// Instants: whole seconds since 1970 (UTC) as Int64, the one time type of every tool.
// Read from what people type (dates, ISO 8601, `today`), with the years every store can
// write back (0001–9999). Local time is the process's time zone (TZ), through the C
// library, so calendar days follow daylight saving (a DST day is 23 or 25 hours long).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Instants as whole seconds since 1970 (UTC) in an `Int64`: reading, writing and the
/// local calendar, without ICU.
public enum Instant {
    /// Now, in whole seconds.
    public static func now() -> Int64 { Int64(time(nil)) }

    /// Now, in seconds to the millisecond (tally and tillcount keep such stamps).
    public static func preciseNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec / 1_000_000) / 1000
    }

    /// The years an instant may have, in UTC and in local time, to be accepted: what
    /// `iso8601` writes with four digits and `parse` reads back.
    public static let years: ClosedRange<Int> = 1...9999

    /// Reads `2025-07-27`, `2025-07-27 14:30` (or with T, and :SS), ISO 8601 with `Z` or
    /// an offset (`2025-07-27T14:30:00+02:00`, also `+01:19:32`), and `now`, `today`,
    /// `yesterday`. Local time unless a zone is given. Nil when the text is none of these
    /// or names no instant whose year, in UTC and in local time, is 0001–9999: every
    /// --date, --from, --to and imported date goes through here, so whatever is stored
    /// can be exported and read back. The words count from `now` (a command passes its
    /// run's clock; the default is the system clock).
    public static func parse(_ text: String, now: Int64 = Instant.now()) -> Int64? {
        let trimmed = text.trimmingSpaces
        let instant: Int64?
        switch trimmed.lowercased() {
        case "now": instant = now
        case "today": instant = startOfDay(containing: now)
        case "yesterday": instant = startOfDay(containing: now).flatMap { addDays(-1, to: $0) }
        default: instant = parseCalendar(Array(trimmed.utf8))
        }
        guard let instant, isWritable(instant) else { return nil }
        return instant
    }

    /// Whether `instant`'s year is 0001–9999 both in UTC and in local time.
    public static func isWritable(_ instant: Int64) -> Bool {
        // From 0002 to 9998 in UTC no offset (under a day) can leave 0001–9999: the common
        // case needs no calendar (an import asks a million times).
        if (-62_104_060_800..<253_370_764_800).contains(instant) { return true }
        guard let utc = utcCalendar(instant), let local = localCalendar(instant) else { return false }
        return years.contains(utc.year) && years.contains(local.year)
    }


    /// The instant `step / steps` of the way from `from` to `to`, for any two Int64s:
    /// the span is a UInt64 and the product full width, so nothing overflows.
    public static func interpolate(from: Int64, to: Int64, step: Int, of steps: Int) -> Int64 {
        guard steps > 0, from != to else { return from }
        let step = min(max(0, step), steps)
        if to < from { return interpolate(from: to, to: from, step: steps - step, of: steps) }
        // to > from, so the true span is below 2^64: its bit pattern is exact.
        let span = UInt64(bitPattern: to.subtractingReportingOverflow(from).partialValue)
        let offset = UInt64(steps).dividingFullWidth(span.multipliedFullWidth(by: UInt64(step))).quotient
        // from + offset lies in from...to, so the modular sum is the exact one.
        return from.addingReportingOverflow(Int64(bitPattern: offset)).partialValue
    }

    /// `instant` moved into the years 0001–9999 (UTC): for working out chart and table
    /// ranges from stored instants without any chance of overflow.
    public static func clamped(_ instant: Int64) -> Int64 { min(max(instant, -62_135_596_800), 253_402_300_799) }
}
