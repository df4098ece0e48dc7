// Saved counts summed over time (tillcount summary): per till and per day, week or month,
// how many counts, the cash counted, the cash expected and how far over or short, each
// exact (checked sums of minor units). A till is one till however its name was typed (its
// key; the newest spelling shown). A till with counts in two currencies has a row per
// currency. Where a till's period has closing counts (Z), only they are summed: an X count
// is a reading taken during the shift, and adding it to the close would count the same
// cash, and the same shortage, twice. A count without an expected cash (no movements
// recorded) adds to what was counted, not to over/short, and is counted apart. A count
// whose saved time cannot be read (a store changed by hand) falls in no period.

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
        /// How many counts were summed.
        public var counts: Int
        /// Whether they are the period's closing (Z) counts, its X counts left out.
        public var closingOnly: Bool
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
    /// - Throws: `TillError.summaryTooLarge` when a sum does not fit in an amount.
    public init(_ counts: [SavedCount], by period: CalendarPeriod) throws(TillError) {
        self.period = period
        // Each till, period and currency's counts, oldest first (the newest spelling wins).
        var groups: [String: (start: Int64, counts: [SavedCount])] = [:]
        for count in counts.sorted(by: { $0.savedAt < $1.savedAt || ($0.savedAt == $1.savedAt && $0.id < $1.id) }) {
            guard let seconds = Instant.parseISO8601(count.savedAt),
                  let start = period.start(containing: Int64(seconds.rounded(.down)), dayStart: 0)
            else { continue }
            let key = "\(TillName(stored: count.till).key)\u{0}\(count.currency.code)\u{0}\(start)"
            groups[key, default: (start, [])].counts.append(count)
        }
        var rows: [Row] = []
        for (start, all) in groups.values {
            let closing = all.filter { $0.kind == .z }
            let summed = closing.isEmpty ? all : closing
            let newest = all[all.count - 1]
            var row = Row(
                till: newest.till, start: start, period: period.label(start), currency: newest.currency, counts: 0,
                closingOnly: !closing.isEmpty && closing.count < all.count, counted: Money.zero(newest.currency), expected: nil,
                overShort: nil, withoutExpected: 0)
            do {
                for count in summed {
                    row.counts += 1
                    row.counted = try row.counted + count.total
                    if let expected = count.expected, let overShort = count.overShort {
                        row.expected = try (row.expected ?? Money.zero(count.currency)) + expected
                        row.overShort = try (row.overShort ?? Money.zero(count.currency)) + overShort
                    } else {
                        row.withoutExpected += 1
                    }
                }
            } catch {
                throw .summaryTooLarge(till: row.till, period: row.period)
            }
            // A shortage of exactly the lowest amount has no amount to be short by.
            if row.overShort?.minorUnits == .min { throw .summaryTooLarge(till: row.till, period: row.period) }
            rows.append(row)
        }
        self.rows = rows.sorted {
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
    /// - Throws: `TillError.summaryTooLarge` when a sum does not fit; what the history throws.
    public func summary(_ filter: HistoryFilter, by period: CalendarPeriod) throws -> CountSummary {
        try CountSummary(historyList(filter), by: period)
    }
}
