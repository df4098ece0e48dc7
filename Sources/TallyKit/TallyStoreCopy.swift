// `tally db copy`: a whole store copied into another, through the repository protocol
// alone, so any two backends work (SQLite to PostgreSQL, PostgreSQL to SQLite, either to
// itself). What is copied: every counter with every field (serial, tags, goal, bounds,
// creation and last-change times), the log of every counter (times, kinds, counts, old
// and new values, actors, in the order recorded), the next serial and when the days
// begin (`tally day-starts`). What is left
// behind: the undo history (and with it the log of counters deleted but still
// restorable, which only that history could bring back). The target must hold nothing:
// a copy never merges into or overwrites a store.

/// How much a copy moved.
public struct TallyCopySummary: Equatable, Sendable {
    /// Counters copied.
    public var counters: Int
    /// Events of their logs copied.
    public var events: Int

    /// A summary of `counters` counters and `events` events.
    public init(counters: Int, events: Int) {
        self.counters = counters
        self.events = events
    }
}

extension Tally {
    /// Copies this store whole into `target` in one change of the target (after one
    /// reading of this store), and returns how much it moved.
    /// - Throws: `TallyError.copyTargetNotEmpty` when `target` holds anything (nothing is
    ///   written); the repositories' errors.
    public func copy(to target: any TallyRepository) throws -> TallyCopySummary {
        let (counters, events, nextSerial, dayStart) = try repository.read { store in
            (try store.allCounters(), try store.allEvents(), try store.nextFreeSerial(), try store.dayStart())
        }
        let serials = Set(counters.map(\.serial))
        let kept = events.filter { serials.contains($0.serial) }
        return try target.write { store -> TallyCopySummary in
            guard try store.isEmpty() else { throw TallyError.copyTargetNotEmpty(counters: try store.allCounters().count) }
            for counter in counters { try store.storeCopied(counter) }
            for event in kept { try store.storeCopied(event) }
            try store.reserveSerials(below: nextSerial)
            if dayStart != 0 { try store.storeCopied(dayStart: dayStart) }
            return TallyCopySummary(counters: counters.count, events: kept.count)
        }
    }
}
