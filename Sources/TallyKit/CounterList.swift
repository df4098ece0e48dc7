// The reports tally shows, as values: the list of counters in the order people see them,
// and the export (every counter in creation order). The executable renders them (text,
// JSON, CSV, TSV); the columns an export holds are the ones import reads back.

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

/// Every field of every counter, in creation order, so that import restores it exactly.
public struct CounterExport: Equatable, Sendable {
    /// The JSON export's `format` and `version`, checked by import.
    public static let formatName = "tally-export"
    /// The version this build writes and reads up to.
    public static let formatVersion = 1
    /// The fields of each counter, in order: JSON keys and CSV columns alike.
    public static let fieldNames = ["name", "count", "start", "step", "pinned", "created", "goal", "min", "max", "tags", "updated"]

    /// In creation order (serial).
    public var counters: [Counter]

    /// The export of these counters, in this order.
    public init(counters: [Counter]) {
        self.counters = counters
    }
}

extension Tally {
    /// The export: every counter, oldest first.
    /// - Throws: the repository's errors.
    public func export() throws -> CounterExport {
        CounterExport(counters: try repository.reading { try $0.allCounters() })
    }
}
