// Instants (whole seconds since 1970, UTC) read from what people type and shown as the
// app showed them: updates as "27 Jul 2025, 14:30", chart dates as "27 Jul 2025".
// Local time is the process's time zone (TZ), through the C library, so calendar days
// follow daylight saving (a DST day is 23 or 25 hours long).

#if canImport(Glibc)
import Glibc
#endif
import MoneyKitCLI

enum Instant {
    static func now() -> Int64 { Int64(time(nil)) }

    /// Reads `2025-07-27`, `2025-07-27 14:30` (or with T, and :SS), ISO 8601 with `Z` or
    /// an offset (`2025-07-27T14:30:00+02:00`), and `now`, `today`, `yesterday`. Local
    /// time unless an offset is given. Nil when the text is none of these.
    static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingSpaces
        switch trimmed.lowercased() {
        case "now": return now()
        case "today": return startOfDay(containing: now())
        case "yesterday": return startOfDay(containing: now()).flatMap { addDays(-1, to: $0) }
        default: break
        }
        if trimmed.hasSuffix("Z") || hasOffset(trimmed) {
            return Timestamp.parseISO8601(trimmed.count == 17 || trimmed.count == 22 ? insertSeconds(trimmed) : trimmed).map { Int64($0.rounded(.down)) }
        }
        let bytes = Array(trimmed.utf8)
        func number(_ range: Range<Int>) -> Int32? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int32 = 0
            for index in range {
                guard (48...57).contains(bytes[index]) else { return nil }
                value = value * 10 + Int32(bytes[index] - 48)
            }
            return value
        }
        guard bytes.count >= 10, let year = number(0..<4), bytes[4] == 45, let month = number(5..<7), bytes[7] == 45,
            let day = number(8..<10) else { return nil }
        var hour: Int32 = 0, minute: Int32 = 0, second: Int32 = 0
        if bytes.count > 10 {
            guard bytes[10] == 32 || bytes[10] == 84, let h = number(11..<13), bytes.count >= 16, bytes[13] == 58,
                let m = number(14..<16) else { return nil }
            hour = h
            minute = m
            if bytes.count > 16 {
                guard bytes.count == 19, bytes[16] == 58, let s = number(17..<19) else { return nil }
                second = s
            }
        }
        return local(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    private static func hasOffset(_ text: String) -> Bool {
        guard text.count >= 6 else { return false }
        let tail = Array(text.suffix(6))
        return (tail[0] == "+" || tail[0] == "-") && tail[3] == ":" && text.contains("T")
    }

    /// `2025-07-27T14:30Z` → `2025-07-27T14:30:00Z` (Timestamp wants seconds).
    private static func insertSeconds(_ text: String) -> String {
        let index = text.index(text.startIndex, offsetBy: 16)
        return String(text[..<index]) + ":00" + String(text[index...])
    }

    /// Local midnights already worked out, by yyyymmdd, with whether the day is a plain
    /// 24 hours (no daylight-saving change). mktime is slow here: glibc looks at the time
    /// zone file on every call, and an import calls it a million times.
    nonisolated(unsafe) private static var midnights: [Int32: (start: Int64, plain: Bool)] = [:]

    /// The instant of a local calendar time; nil when it does not exist (31 Feb).
    static func local(year: Int32, month: Int32, day: Int32, hour: Int32 = 0, minute: Int32 = 0, second: Int32 = 0) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60, year >= 1900 else { return nil }
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

    static func localParts(_ instant: Int64) -> tm {
        var value = time_t(instant)
        var parts = tm()
        localtime_r(&value, &parts)
        return parts
    }

    static func startOfDay(containing instant: Int64) -> Int64? {
        let parts = localParts(instant)
        return local(year: parts.tm_year + 1900, month: parts.tm_mon + 1, day: parts.tm_mday)
    }

    /// The same local time `days` days later (a calendar day, not 86400 s).
    static func addDays(_ days: Int32, to instant: Int64) -> Int64? {
        var parts = localParts(instant)
        parts.tm_mday += days
        parts.tm_isdst = -1
        let result = mktime(&parts)
        return result == -1 ? nil : Int64(result)
    }

    /// "27 Jul 2025, 14:30": how the app showed an update's time.
    static func dateTime(_ instant: Int64) -> String { format(instant, "%-d %b %Y, %H:%M") }

    /// "27 Jul 2025": chart dates.
    static func date(_ instant: Int64) -> String { format(instant, "%-d %b %Y") }

    /// "2025-07-27": for CSV and JSON dates of periods.
    static func isoDate(_ instant: Int64) -> String { format(instant, "%Y-%m-%d") }

    /// ISO 8601 with the local offset: `2025-07-27T14:30:00+01:00`, exact and readable.
    static func iso8601(_ instant: Int64) -> String {
        let text = format(instant, "%Y-%m-%dT%H:%M:%S%z")
        // strftime gives +0100; ISO 8601 prefers +01:00.
        guard text.count >= 5 else { return text }
        let index = text.index(text.endIndex, offsetBy: -2)
        return String(text[..<index]) + ":" + String(text[index...])
    }

    private static func format(_ instant: Int64, _ pattern: String) -> String {
        var parts = localParts(instant)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
