// The list report tally shows, as a value: the counters in the order people see them.
// The executable renders it (text, JSON, CSV, TSV). The export is CounterExport.swift.

/// The list report: the counters in the order people see them.
public struct CounterList: Equatable, Sendable {
    /// Pinned first, then newest first (`Counter.listOrder`).
    public var rows: [Counter]
    /// How many counters the store holds, those a filter (`--tag`) left out included: an
    /// empty list of a store that has counters says no counter matched, not "no counters yet".
    public var storeCount: Int

    /// The report of these rows, in this order, from a store of `storeCount` counters
    /// (default: the rows, unfiltered).
    public init(rows: [Counter], storeCount: Int? = nil) {
        self.rows = rows
        self.storeCount = storeCount ?? rows.count
    }

    /// Whether a filter left out counters the store holds.
    public var isFiltered: Bool { storeCount > rows.count }
}

