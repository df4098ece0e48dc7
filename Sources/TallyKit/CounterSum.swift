// The total of the counts of all stored counters, or of those holding every one of some
// tags, added with checked arithmetic: a total beyond the 64-bit range is an error, never a
// trap. Derived counters are left out: their counts are their sources' again.

/// The total of some counters' counts.
public struct CounterSum: Equatable, Sendable {
    /// The sum of their counts.
    public var total: Int64
    /// How many counters were added.
    public var counters: Int
    /// The tags they all hold (the filter, in stored form); empty for every counter.
    public var tags: [String]

    /// A sum with these figures.
    public init(total: Int64, counters: Int, tags: [String]) {
        self.total = total
        self.counters = counters
        self.tags = tags
    }

    /// The sum of the counts of `counters`, exact whatever their order (`CheckedTotal`).
    /// - Throws: `TallyError.sumOverflow` when the total leaves the 64-bit range.
    public static func of(_ counters: [Counter], tags: [String]) throws(TallyError) -> CounterSum {
        var running = CheckedTotal()
        for counter in counters { running.add(counter.count) }
        guard let total = running.value else { throw .sumOverflow(counters: counters.count) }
        return CounterSum(total: total, counters: counters.count, tags: tags)
    }
}

extension Tally {
    /// The total of the counts of the stored counters holding every one of `tags` (all
    /// when none); derived counters are left out.
    /// - Throws: `TallyError.sumOverflow`; `.invalidTag`; the repository's errors.
    public func sum(tags: [String] = []) throws -> CounterSum {
        let required = try CounterTags.validate(tags)
        return try CounterSum.of(list(tags: required).rows.filter { !$0.isDerived }, tags: required)
    }
}
