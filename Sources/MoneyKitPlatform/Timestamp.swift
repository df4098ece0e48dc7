// Instants as text without ICU: ISO 8601 in UTC for files and scripts, local time
// (honouring TZ) for people. Uses the C library, so tools that avoid ICU can use it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

public enum Timestamp {
    /// Seconds since 1970 now, to the millisecond.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec / 1_000_000) / 1000
    }

    /// `2026-11-21T10:55:28Z` (whole seconds, UTC).
    public static func iso8601UTC(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return format(parts, "%Y-%m-%dT%H:%M:%SZ")
    }

    /// `2026-11-21 11:55` in the local time zone (TZ), for people.
    public static func localMinutes(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        return format(parts, "%Y-%m-%d %H:%M")
    }

    /// Reads `YYYY-MM-DDTHH:MM:SSZ`, optionally with fractional seconds or a `±HH:MM`
    /// offset instead of `Z`. Nil when the text is not such a timestamp.
    public static func parseISO8601(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 48)
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == 45, let month = number(5..<7), bytes[7] == 45,
            let day = number(8..<10), bytes[10] == 84 || bytes[10] == 32, let hour = number(11..<13), bytes[13] == 58,
            let minute = number(14..<16), bytes[16] == 58, let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
            if index == start { return nil }
        }
        var offsetSeconds = 0
        guard index < bytes.count else { return nil }
        if bytes[index] == 90 {
            index += 1
        } else if bytes[index] == 43 || bytes[index] == 45, let hours = number(index + 1..<index + 3),
            index + 3 < bytes.count, bytes[index + 3] == 58, let minutes = number(index + 4..<index + 6),
            hours <= 14, minutes < 60 {  // real offsets run from -12:00 to +14:00
            offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[index] == 45 ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let utc = timegm(&parts)
        guard parts.tm_mday == Int32(day) else { return nil }  // timegm normalised 31 Feb
        return Double(utc - offsetSeconds) + fraction
    }

    private static func format(_ parts: tm, _ pattern: String) -> String {
        var copy = parts
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &copy)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
