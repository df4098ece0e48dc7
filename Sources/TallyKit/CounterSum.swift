// The total of the counts of all counters, or of those holding every one of some tags,
// added with checked arithmetic: a total beyond the 64-bit range is an error, never a trap.

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

    /// The sum of the counts of `counters`, exact whatever their order: a running total
    /// may pass the 64-bit range and come back (max, 1, -1), so the passes are counted
    /// (up +1, down -1) and only a total that ends beyond the range is refused.
    /// - Throws: `TallyError.sumOverflow` when the total leaves the 64-bit range.
    public static func of(_ counters: [Counter], tags: [String]) throws(TallyError) -> CounterSum {
        var total: Int64 = 0
        var passes = 0  // times the running total went past Int64.max (+1) or Int64.min (-1)
        for counter in counters {
            let (next, overflow) = total.addingReportingOverflow(counter.count)
            if overflow { passes += counter.count > 0 ? 1 : -1 }
            total = next
        }
        // The true total is total + passes × 2^64: within the range only when passes is 0.
        guard passes == 0 else { throw .sumOverflow(counters: counters.count) }
        return CounterSum(total: total, counters: counters.count, tags: tags)
    }
}

extension Tally {
    /// The total of the counts of the counters holding every one of `tags` (all when none).
    /// - Throws: `TallyError.sumOverflow`; `.invalidTag`; the repository's errors.
    public func sum(tags: [String] = []) throws -> CounterSum {
        let required = try CounterTags.validate(tags)
        return try CounterSum.of(list(tags: required).rows, tags: required)
    }
}
