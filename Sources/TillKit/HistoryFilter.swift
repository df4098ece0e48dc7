// Which saved counts a history list or export shows: by time, label, till and kind. All
// given conditions must hold; none given shows every count.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// Which saved counts to show (see the top of this file).
public struct HistoryFilter: Sendable {
    /// Saved at or after this instant (seconds since 1970), when given.
    public var since: Int64?
    /// Saved at or before this instant, when given.
    public var until: Int64?
    /// Whose label holds this text, letter case aside (as ItemName compares names).
    public var label: String?
    /// Saved in this till.
    public var till: TillName?
    /// Of this kind.
    public var kind: SavedCount.Kind?

    /// A filter with these conditions (none: every count).
    public init(since: Int64? = nil, until: Int64? = nil, label: String? = nil, till: TillName? = nil, kind: SavedCount.Kind? = nil) {
        self.since = since
        self.until = until
        self.label = label
        self.till = till
        self.kind = kind
    }

    /// Whether no condition is given (every count is shown).
    public var isEmpty: Bool { since == nil && until == nil && label == nil && till == nil && kind == nil }

    /// Whether `count` is shown. A count whose saved time cannot be read is kept by no
    /// time condition.
    public func includes(_ count: SavedCount) -> Bool {
        if since != nil || until != nil {
            guard let seconds = Instant.parseISO8601(count.savedAt) else { return false }
            let whole = Int64(seconds.rounded(.down))
            if let since, whole < since { return false }
            if let until, whole > until { return false }
        }
        if let label {
            guard let own = count.label, ItemName.matchKey(own).contains(ItemName.matchKey(label)) else { return false }
        }
        if let till, TillName(stored: count.till) != till { return false }
        if let kind, count.kind != kind { return false }
        return true
    }
}

extension Till {
    /// The saved counts `filter` shows, newest first.
    /// - Throws: what the history throws.
    public func historyList(_ filter: HistoryFilter) throws -> [SavedCount] {
        try history.savedCounts().filter(filter.includes)
    }

    /// The saved counts `filter` shows with their lines, oldest first (for an export).
    /// - Throws: `TillError` for a count whose lines cannot be read; what the history throws.
    public func historyExport(_ filter: HistoryFilter) throws -> [SavedCount] {
        try history.countsWithLines(definitions: definitions).filter(filter.includes)
    }
}
