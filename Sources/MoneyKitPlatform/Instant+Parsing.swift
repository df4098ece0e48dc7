// Reading instants from text without ICU: the calendar forms people type and ISO 8601.

extension Instant {
    /// `YYYY-MM-DD[( |T)HH:MM[:SS[.fff]]][Z|±HH:MM[:SS]]`; fractions of a second (rounded
    /// down) only with a zone, as before.
    static func parseCalendar(_ bytes: [UInt8]) -> Int64? {
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

}
