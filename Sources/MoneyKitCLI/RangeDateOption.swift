// The options that start or end a date range (--from/--to, --since/--until, --by), read
// by one rule in every tool: Instant.rangeStart and Instant.rangeEnd.

import MoneyKitPlatform

/// Which end of a range an option gives.
package enum RangeEnd: Sendable {
    case start, end
}

extension CLIError {
    /// The message for a range option whose text is no date: what was typed, and the forms
    /// every tool reads there.
    package static func invalidRangeDate(option: String, text: String, hint: String? = nil) -> CLIError {
        .data(
            "invalid \(option) '\(text)': expected a year (2025), a month (2025-07), a day (2025-07-27), "
                + "'2025-07-27 14:30', ISO 8601 such as 2025-07-27T14:30:00+01:00, now, today or yesterday",
            hint: hint ?? "local time (TZ) unless an offset is given")
    }
}

extension Instant {
    /// `text` as the given end of a range (a whole year, month or day reaches to its last
    /// second at the end), or exit 65 naming `option`. `now`, `today` and `yesterday`
    /// count from `now`: the run's clock (`Invocation.now()`).
    /// - Throws: `CLIError.data` when `text` is not a date, a month or a year.
    package static func rangeOption(_ text: String, option: String, end: RangeEnd, now: Int64) throws(CLIError) -> Int64 {
        let instant = end == .start ? rangeStart(text, now: now) : rangeEnd(text, now: now)
        guard let instant else { throw CLIError.invalidRangeDate(option: option, text: text) }
        return instant
    }
}

/// How every range option reads its date, said the same way in every tool's help.
package enum RangeDateHelp {
    /// For an option that starts a range.
    package static let start = "A year (2025) or a month (2025-09) starts at its first day; also 2025-07-27, '2025-07-27 14:30', ISO 8601 with Z or an offset, now, today or yesterday; local time (TZ) unless an offset is given."
    /// For an option that ends a range.
    package static let end = "A year (2025), a month (2025-09) or a date without a time is included whole (to 23:59:59 local time); a time is exact."
}
