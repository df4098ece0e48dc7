// Resetting many counters at once: every counter, or those holding every one of some tags,
// back to its start, as one undo step. Counters already at their start are left alone, and
// so are derived counters (their sources' resets move them).

extension Tally {
    /// The counters `resetAll(tags:)` would put back to their start (in list order).
    /// - Throws: `TallyError.invalidTag`; the repository's errors.
    public func countersToReset(tags: [String]) throws -> [Counter] {
        try list(tags: tags).rows.filter { !$0.isDerived && $0.count != $0.start }
    }

    /// Puts the count of every counter holding every one of `tags` (all when none) back to
    /// its start, as one undo step; returns the counters changed, as stored (none: nothing
    /// was stored and there is nothing to undo).
    /// - Throws: `TallyError.invalidTag`; the repository's errors. Nothing is stored when it throws.
    @discardableResult
    public func resetAll(tags: [String] = []) throws -> [Counter] {
        try resetAllMovingDerived(tags: tags).reset
    }

    /// `resetAll(tags:)`, with the derived counters it moved.
    /// - Throws: as `resetAll(tags:)`.
    public func resetAllMovingDerived(tags: [String] = []) throws -> (reset: [Counter], derived: [DerivedChange]) {
        let required = try CounterTags.validate(tags)
        let filter = required.isEmpty ? "" : " tagged \(required.joined(separator: ", "))"
        let (reset, derived) = try editCounters(
            where: { !$0.isDerived && CounterTags.holdsAll(required, in: $0.tags) },
            action: { names in "reset \(names.count) counter\(names.count == 1 ? "" : "s")\(filter)" }
        ) { counter throws(TallyError) in
            try counter.requireWithinBounds(counter.start)
            var reset = counter
            reset.count = counter.start
            return reset
        }
        return (reset, derived)
    }
}
