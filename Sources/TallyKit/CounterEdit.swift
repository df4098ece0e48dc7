// Changing the settings of one counter (goal, bounds, tags): one change of the repository,
// one undo step, the counter dated. The one place these settings commands meet the
// repository, so that a new store shape is followed here alone.

import MoneyKitPlatform

extension Tally {
    /// Applies `edit` to the counter `name` and stores the result as one undo step
    /// "ACTION STORED-NAME"; an edit that changes nothing stores nothing (no undo step).
    /// Returns the counter as stored.
    /// - Throws: what `edit` throws; `TallyError.notFound` or `.ambiguousName` when `name`
    ///   names no single counter; the repository's errors. Nothing is stored when it throws.
    func editCounter(_ name: String, action: String, _ edit: (Counter) throws(TallyError) -> Counter) throws -> Counter {
        let stamp = Instant.iso8601UTC(now())
        return try repository.change { document -> Counter in
            let index = try document.requireIndex(of: name)
            let old = document.counters[index]
            var changed = try edit(old)
            guard changed != old else { return old }
            changed.updated = stamp
            document.recordUndo("\(action) \(old.name)", before: [old.name], after: [old.name])
            document.counters[index] = changed
            return changed
        }
    }

    /// Applies `change` to every counter `selected` picks, as one undo step named by
    /// `action` (given the names changed); counters `change` leaves as they were are not
    /// recorded. Returns the counters changed, as stored, in list order.
    /// - Throws: what `change` throws; the repository's errors. Nothing is stored when it throws.
    func editCounters(
        where selected: (Counter) -> Bool, action: ([String]) -> String, _ change: (Counter) throws(TallyError) -> Counter
    ) throws -> [Counter] {
        let stamp = Instant.iso8601UTC(now())
        return try repository.change { document -> [Counter] in
            var changed: [(Int, Counter)] = []
            for (index, counter) in document.counters.enumerated() where selected(counter) {
                var edited = try change(counter)
                guard edited != counter else { continue }
                edited.updated = stamp
                changed.append((index, edited))
            }
            guard !changed.isEmpty else { return [] }
            let names = changed.map { document.counters[$0.0].name }
            document.recordUndo(action(names), before: names, after: names)
            for (index, edited) in changed { document.counters[index] = edited }
            return changed.map(\.1).sorted(by: Counter.listOrder)
        }
    }
}
