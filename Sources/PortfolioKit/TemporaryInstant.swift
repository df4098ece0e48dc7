// TEMPORARY: a copy of Sources/portfolio/Instant.swift for the kit until the one Instant
// lands in MoneyKitPlatform (the integrator's move); removed at the merge of main.
// Instants (whole seconds since 1970, UTC) read from what people type and shown as the
// app showed them: updates as "27 Jul 2025, 14:30", chart dates as "27 Jul 2025".
// Local time is the process's time zone (TZ), through the C library, so calendar days
// follow daylight saving (a DST day is 23 or 25 hours long).

import MoneyKitPlatform
#if canImport(Glibc)
import Glibc
#endif


enum Instant {
    static func now() -> Int64 { Int64(time(nil)) }

    /// The years an instant may have, in UTC and in local time, to be accepted: what
    /// `iso8601` writes with four digits and `parse` reads back.
    static let years: ClosedRange<Int> = 1...9999

    /// Reads `2025-07-27`, `2025-07-27 14:30` (or with T, and :SS), ISO 8601 with `Z` or
    /// an offset (`2025-07-27T14:30:00+02:00`, also `+01:19:32`), and `now`, `today`,
    /// `yesterday`. Local time unless a zone is given. Nil when the text is none of these
    /// or names no instant whose year, in UTC and in local time, is 0001–9999: every
    /// --date, --from, --to and imported date goes through here, so whatever is stored
    /// can be exported and read back.
    static func parse(_ text: String) -> Int64? {
        let trimmed = text.instantTrimmed
        let instant: Int64?
        switch trimmed.lowercased() {
        case "now": instant = now()
        case "today": instant = startOfDay(containing: now())
        case "yesterday": instant = startOfDay(containing: now()).flatMap { addDays(-1, to: $0) }
        default: instant = parseCalendar(Array(trimmed.utf8))
        }
        guard let instant, isWritable(instant) else { return nil }
        return instant
    }

    /// The inclusive end of a range given as `text`, already read as `instant` by `parse`:
    /// a date without a time (`2016-12-31`, `today`, `yesterday`) stands for that whole
    /// local day, as people read "to 31 December", so it ends at the day's last second
    /// (23:59:59, just before the next day starts; DST days included). A time given
    /// (`2016-12-31 18:00`, ISO 8601, `now`) keeps its exact meaning. The one rule for
    /// every option that ends a range (--to of table and chart).
    static func rangeEnd(of text: String, parsed instant: Int64) -> Int64 {
        let trimmed = text.instantTrimmed
        let wholeDay = trimmed.utf8.count == 10 || ["today", "yesterday"].contains(trimmed.lowercased())
        guard wholeDay, var parts = localPartsIfAny(instant) else { return instant }
        parts.tm_mday += 1
        parts.tm_hour = 0
        parts.tm_min = 0
        parts.tm_sec = 0
        parts.tm_isdst = -1
        let next = mktime(&parts)
        guard next != -1, Int64(next) > instant else { return instant }
        // The last day of 9999 west of UTC ends in UTC's year 10000: stop at 9999's last second.
        return min(Int64(next) - 1, 253_402_300_799)
    }

    /// Whether `instant`'s year is 0001–9999 both in UTC and in local time.
    static func isWritable(_ instant: Int64) -> Bool {
        // From 0002 to 9998 in UTC no offset (under a day) can leave 0001–9999: the common
        // case needs no calendar (an import asks a million times).
        if (-62_104_060_800..<253_370_764_800).contains(instant) { return true }
        guard let utc = utcParts(instant), let local = localPartsIfAny(instant) else { return false }
        return years.contains(Int(utc.tm_year) + 1900) && years.contains(Int(local.tm_year) + 1900)
    }

    /// `YYYY-MM-DD[( |T)HH:MM[:SS[.fff]]][Z|±HH:MM[:SS]]`; fractions of a second (rounded
    /// down) only with a zone, as before.
    private static func parseCalendar(_ bytes: [UInt8]) -> Int64? {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                guard (48...57).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 48)
            }
            return value
        }
        func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        guard let year = number(0..<4), byte(4) == 45, let month = number(5..<7), byte(7) == 45, let day = number(8..<10)
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var index = 10
        if index < bytes.count {
            guard byte(10) == 32 || byte(10) == 84, let h = number(11..<13), byte(13) == 58, let m = number(14..<16) else { return nil }
            hour = h
            minute = m
            index = 16
            if byte(16) == 58 {
                guard let s = number(17..<19) else { return nil }
                second = s
                index = 19
            }
        }
        // A fraction of a second (only before a zone).
        var hasFraction = false
        if byte(index) == 46 {
            index += 1
            let start = index
            while let digit = byte(index), (48...57).contains(digit) { index += 1 }
            guard index > start else { return nil }
            hasFraction = true
        }
        guard index < bytes.count else {
            // No zone: local time.
            guard !hasFraction, second < 60 else { return nil }
            return local(year: Int32(year), month: Int32(month), day: Int32(day), hour: Int32(hour), minute: Int32(minute), second: Int32(second))
        }
        guard index > 10 else { return nil }  // a zone needs a time
        var offset = 0
        if bytes[index] == 90 {  // Z
            index += 1
        } else if bytes[index] == 43 || bytes[index] == 45, let hours = number(index + 1..<index + 3), byte(index + 3) == 58,
            let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60 {
            var seconds = 0
            var end = index + 6
            if byte(end) == 58 {
                guard let s = number(end + 1..<end + 3), s < 60 else { return nil }
                seconds = s
                end += 3
            }
            offset = (hours * 3600 + minutes * 60 + seconds) * (bytes[index] == 45 ? -1 : 1)
            index = end
        } else {
            return nil
        }
        // A leap second (:60) reads as the next second, as timegm has it.
        guard index == bytes.count, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Int64(days * 86_400 + hour * 3600 + minute * 60 + second - offset)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The instant `step / steps` of the way from `from` to `to`, for any two Int64s:
    /// the span is a UInt64 and the product full width, so nothing overflows.
    static func interpolate(from: Int64, to: Int64, step: Int, of steps: Int) -> Int64 {
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
    static func clamped(_ instant: Int64) -> Int64 { min(max(instant, -62_135_596_800), 253_402_300_799) }

    /// Local midnights already worked out, by yyyymmdd, with whether the day is a plain
    /// 24 hours (no daylight-saving change). mktime is slow here: glibc looks at the time
    /// zone file on every call, and an import calls it a million times.
    nonisolated(unsafe) private static var midnights: [Int32: (start: Int64, plain: Bool)] = [:]

    /// The instant of a local calendar time; nil when it does not exist (31 Feb).
    static func local(year: Int32, month: Int32, day: Int32, hour: Int32 = 0, minute: Int32 = 0, second: Int32 = 0) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second),
            years.contains(Int(year)) else { return nil }
        let key = year * 10_000 + month * 100 + day
        if let known = midnights[key], known.plain {
            return known.start + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
        }
        if midnights[key] == nil, let start = calendar(year: year, month: month, day: day, hour: 0, minute: 0, second: 0) {
            var next = localParts(start)
            next.tm_mday += 1
            next.tm_hour = 0
            next.tm_isdst = -1
            let nextStart = Int64(mktime(&next))
            midnights[key] = (start, nextStart - start == 86_400 && localParts(start).tm_hour == 0)
            if midnights[key]?.plain == true {
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

    /// Local calendar parts; all zero (1900) when the C library cannot represent the
    /// instant (a year beyond Int32), so callers never see garbage.
    static func localParts(_ instant: Int64) -> tm {
        localPartsIfAny(instant) ?? tm()
    }

    static func localPartsIfAny(_ instant: Int64) -> tm? {
        var value = time_t(instant)
        var parts = tm()
        return localtime_r(&value, &parts) == nil ? nil : parts
    }

    static func utcParts(_ instant: Int64) -> tm? {
        var value = time_t(instant)
        var parts = tm()
        return gmtime_r(&value, &parts) == nil ? nil : parts
    }

    static func startOfDay(containing instant: Int64) -> Int64? {
        guard let parts = localPartsIfAny(instant), years.contains(Int(parts.tm_year) + 1900) else { return nil }
        return local(year: parts.tm_year + 1900, month: parts.tm_mon + 1, day: parts.tm_mday)
    }

    /// The same local time `days` days later (a calendar day, not 86400 s).
    static func addDays(_ days: Int32, to instant: Int64) -> Int64? {
        guard var parts = localPartsIfAny(instant) else { return nil }
        let (day, overflow) = parts.tm_mday.addingReportingOverflow(days)
        guard !overflow else { return nil }
        parts.tm_mday = day
        parts.tm_isdst = -1
        let result = mktime(&parts)
        return result == -1 ? nil : Int64(result)
    }

    /// "27 Jul 2025, 14:30": how the app showed an update's time.
    static func dateTime(_ instant: Int64) -> String { format(instant, "%-d %b %Y, %H:%M") }

    /// "27 Jul 2025": chart dates.
    static func date(_ instant: Int64) -> String { format(instant, "%-d %b %Y") }

    /// ISO 8601 with the local offset, `2025-07-27T14:30:00+01:00`: exact, with a
    /// four-digit year, and read back by `parse`. Where the local offset has seconds (mean
    /// solar time before 1940 or so, e.g. Amsterdam's +00:19:32), the instant is written
    /// in UTC (`Z`) instead, since ISO 8601 offsets stop at minutes.
    static func iso8601(_ instant: Int64) -> String {
        if let parts = localPartsIfAny(instant), parts.tm_gmtoff % 60 == 0 {
            let offset = Int(parts.tm_gmtoff)
            var bytes = stamp(parts)
            bytes.append(offset < 0 ? 45 : 43)
            append(abs(offset) / 3600, digits: 2, to: &bytes)
            bytes.append(58)
            append(abs(offset) / 60 % 60, digits: 2, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let parts = utcParts(instant) else { return String(instant) }
        return String(decoding: stamp(parts) + [90], as: UTF8.self)
    }

    /// `2025-07-27T14:30:00` from calendar parts, as bytes (an export writes millions).
    private static func stamp(_ parts: tm) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        let year = Int(parts.tm_year) + 1900
        if year < 0 { bytes.append(45) }
        append(abs(year), digits: 4, to: &bytes)
        for (separator, field) in [(45, Int(parts.tm_mon) + 1), (45, Int(parts.tm_mday)), (84, Int(parts.tm_hour)),
                                   (58, Int(parts.tm_min)), (58, Int(parts.tm_sec))] as [(UInt8, Int)] {
            bytes.append(separator)
            append(field, digits: 2, to: &bytes)
        }
        return bytes
    }

    /// `number` (not negative) in decimal, zero-padded to at least `digits`.
    private static func append(_ number: Int, digits: Int, to bytes: inout [UInt8]) {
        var text: [UInt8] = []
        var rest = number
        repeat {
            text.append(UInt8(48 + rest % 10))
            rest /= 10
        } while rest > 0
        while text.count < digits { text.append(48) }
        bytes.append(contentsOf: text.reversed())
    }

    private static func format(_ instant: Int64, _ pattern: String) -> String {
        var parts = localParts(instant)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    fileprivate var instantTrimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
