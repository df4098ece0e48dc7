// Saved counts summed over time (tillcount summary): per till and per day, week or month,
// how many counts, the cash counted, the cash expected and how far over or short, each
// exact (checked sums of minor units). A till with counts in two currencies has a row per
// currency. A count without an expected cash (no movements recorded) adds to what was
// counted, not to over/short, and is counted apart. A count whose saved time cannot be
// read (a store changed by hand) falls in no period and is left out.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// The saved counts of a range, summed per till and period.
public struct CountSummary: Equatable, Sendable {
    /// One till's counts in one period, in one currency.
    public struct Row: Equatable, Sendable {
        /// The till, as the counts name it.
        public var till: String
        /// When the period begins (seconds since 1970).
        public var start: Int64
        /// The period's name: `2026-12-07` (a day, a week by its Monday), `2026-12` (a month).
        public var period: String
        /// The currency of these counts.
        public var currency: Currency
        /// How many counts.
        public var counts: Int
        /// The cash counted, all counts.
        public var counted: Money
        /// The cash expected, of the counts that had one; nil when none had.
        public var expected: Money?
        /// Counted − expected, of the counts that had an expected cash; nil when none had.
        public var overShort: Money?
        /// How many counts had no expected cash (not in `expected` nor `overShort`).
        public var withoutExpected: Int
    }

    /// How the counts are grouped.
    public var period: CalendarPeriod
    /// By till (in the order of their names), then oldest period first.
    public var rows: [Row]

    /// The summary of `counts` per till and `period`.
    /// - Throws: `TillError.expectedOutOfRange` when a sum does not fit in an amount.
    public init(_ counts: [SavedCount], by period: CalendarPeriod) throws(TillError) {
        self.period = period
        var rows: [String: Row] = [:]
        for count in counts {
            guard let seconds = Instant.parseISO8601(count.savedAt),
                  let start = period.start(containing: Int64(seconds.rounded(.down)), dayStart: 0)
            else { continue }
            let key = "\(count.till)\u{0}\(count.currency.code)\u{0}\(start)"
            var row = rows[key] ?? Row(
                till: count.till, start: start, period: period.label(start), currency: count.currency, counts: 0,
                counted: Money.zero(count.currency), expected: nil, overShort: nil, withoutExpected: 0)
            do {
                row.counts += 1
                row.counted = try row.counted + count.total
                if let expected = count.expected, let overShort = count.overShort {
                    row.expected = try (row.expected ?? Money.zero(count.currency)) + expected
                    row.overShort = try (row.overShort ?? Money.zero(count.currency)) + overShort
                } else {
                    row.withoutExpected += 1
                }
            } catch {
                throw .expectedOutOfRange(reason: "the counts of \(count.till) in \(row.period) add up to more than an amount holds")
            }
            rows[key] = row
        }
        self.rows = rows.values.sorted {
            let (left, right) = (ItemName.matchKey($0.till), ItemName.matchKey($1.till))
            if left != right { return left < right }
            if $0.till != $1.till { return $0.till < $1.till }
            if $0.start != $1.start { return $0.start < $1.start }
            return $0.currency.code < $1.currency.code
        }
    }

    /// The tills in the summary, each once, in its order.
    public var tills: [String] {
        var seen: Set<String> = []
        return rows.map(\.till).filter { seen.insert($0).inserted }
    }
}

extension Till {
    /// The saved counts `filter` shows, summed per till and `period`.
    /// - Throws: `TillError.expectedOutOfRange` when a sum does not fit; what the history throws.
    public func summary(_ filter: HistoryFilter, by period: CalendarPeriod) throws -> CountSummary {
        try CountSummary(historyList(filter), by: period)
    }
}
