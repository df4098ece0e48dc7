// Instants as text without ICU: ISO 8601 for files and scripts (with the local offset, or
// UTC), local dates and times for people (honouring TZ).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Instant {
    /// "27 Jul 2025, 14:30": how portfolio shows an update's time.
    public static func dateTime(_ instant: Int64) -> String { format(instant, "%-d %b %Y, %H:%M") }

    /// "27 Jul 2025": chart dates.
    public static func date(_ instant: Int64) -> String { format(instant, "%-d %b %Y") }

    /// `2026-11-21 11:55` in the local time zone, for people (whole seconds rounded down).
    public static func localMinutes(_ seconds: Double) -> String {
        format(Int64(seconds.rounded(.down)), "%Y-%m-%d %H:%M")
    }

    /// `2026-11-21T10:55:28Z` (whole seconds, UTC): tally's and tillcount's stamps.
    public static func iso8601UTC(_ seconds: Double) -> String {
        guard let parts = utcParts(Int64(seconds.rounded(.down))) else { return String(seconds) }
        return String(decoding: stamp(parts) + [90], as: UTF8.self)
    }

    /// ISO 8601 with the local offset, `2025-07-27T14:30:00+01:00`: exact, with a
    /// four-digit year, and read back by `parse`. Where the local offset has seconds (mean
    /// solar time before 1940 or so, e.g. Amsterdam's +00:19:32), the instant is written
    /// in UTC (`Z`) instead, since ISO 8601 offsets stop at minutes.
    public static func iso8601(_ instant: Int64) -> String {
        if let parts = localParts(instant), parts.tm_gmtoff % 60 == 0 {
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

    /// Reads `YYYY-MM-DDTHH:MM:SSZ` strictly (tally's and tillcount's stored stamps), optionally with fractional seconds or a `±HH:MM`
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
        var parts = localParts(instant) ?? tm()
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
