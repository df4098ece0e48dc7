// Where an account id is in a list of accounts, looked up once per row of a report that
// reads a million rows: a plain table when the ids lie close together, as SQLite gives
// them (1, 2, 3, …), else a dictionary.

/// The position of each account id in a list of accounts.
public struct AccountIDIndex: Sendable {
    private let lowest: Int64
    /// By id − lowest: the position, or -1 for none (when the ids lie close together).
    private let table: [Int32]
    private let dictionary: [Int64: Int]

    /// The index of `ids`, each at its position in the list.
    public init(_ ids: [Int64]) {
        let lowest = ids.min() ?? 0
        let highest = ids.max() ?? 0
        let (span, overflow) = highest.subtractingReportingOverflow(lowest)
        // A table of at most 4 slots per account (and a few spare) costs less than hashing.
        if !overflow, span < Int64(ids.count) * 4 + 64, ids.count < Int(Int32.max) {
            var table = [Int32](repeating: -1, count: Int(span) + 1)
            for (position, id) in ids.enumerated() where table[Int(id - lowest)] < 0 { table[Int(id - lowest)] = Int32(position) }
            self.lowest = lowest
            self.table = table
            dictionary = [:]
        } else {
            self.lowest = 0
            table = []
            dictionary = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The position of `id` in the list, nil for an id not in it.
    public func index(of id: Int64) -> Int? {
        guard !table.isEmpty else { return dictionary[id] }
        let (offset, overflow) = id.subtractingReportingOverflow(lowest)
        guard !overflow, offset >= 0, offset < Int64(table.count) else { return nil }
        let position = table[Int(offset)]
        return position >= 0 ? Int(position) : nil
    }
}
