// Changing the settings of one counter (goal, bounds, tags), or of many at once (reset
// --all): one change group, one undo step, an event per counter changed, the counter
// dated. The one place these settings commands meet the repository, so that a new store
// shape is followed here alone.

import MoneyKitPlatform

extension Tally {
    /// Applies `edit` to the counter `name` and stores the result as one undo step
    /// "ACTION STORED-NAME", with an event of the kind the action names (goal, bounds,
    /// tag, untag, retag); an edit that changes nothing stores nothing (no undo step).
    /// Returns the counter as stored.
    /// - Throws: what `edit` throws; `TallyError.notFound` or `.ambiguousName` when `name`
    ///   names no single counter; the repository's errors. Nothing is stored when it throws.
    func editCounter(_ name: String, action: String, _ edit: (Counter) throws(TallyError) -> Counter) throws -> Counter {
        let at = now()
        let kind = CounterEventKind(rawValue: action) ?? .bounds
        return try repository.write { store -> Counter in
            let old = try store.requireCounter(named: name)
            var changed = try edit(old)
            guard changed != old else { return old }
            changed.updated = Instant.iso8601UTC(at)
            try store.begin("\(action) \(old.name)", at: at)
            try store.update(changed)
            let (before, after) = Self.settingsText(kind, old, changed)
            try store.record(CounterEvent(
                serial: old.serial, at: at, kind: kind, countBefore: old.count, countAfter: changed.count,
                oldValue: before, newValue: after))
            return changed
        }
    }

    /// Applies `change` to every counter `selected` picks, as one undo step named by
    /// `action` (given the names changed), with an event of `kind` per counter changed;
    /// counters `change` leaves as they were are not recorded. Returns the counters
    /// changed, as stored, in list order, and the derived counters they moved.
    /// - Throws: what `change` throws; the repository's errors. Nothing is stored when it throws.
    func editCounters(
        where selected: (Counter) -> Bool, action: ([String]) -> String, kind: CounterEventKind = .reset,
        _ change: (Counter) throws(TallyError) -> Counter
    ) throws -> (changed: [Counter], derived: [DerivedChange]) {
        let at = now()
        return try repository.write { store -> (changed: [Counter], derived: [DerivedChange]) in
            var changed: [(old: Counter, new: Counter)] = []
            for counter in try store.allCounters() where selected(counter) {
                var edited = try change(counter)
                guard edited != counter else { continue }
                edited.updated = Instant.iso8601UTC(at)
                changed.append((counter, edited))
            }
            guard !changed.isEmpty else { return ([], []) }
            try store.begin(action(changed.map(\.old.name)), at: at)
            for (old, new) in changed {
                try store.update(new)
                try store.record(CounterEvent(serial: old.serial, at: at, kind: kind, countBefore: old.count, countAfter: new.count))
            }
            return (changed.map(\.new).sorted(by: Counter.listOrder), try store.derivedChanges())
        }
    }

    /// The old and new settings an edit of `kind` changed, for the log.
    static func settingsText(_ kind: CounterEventKind, _ old: Counter, _ new: Counter) -> (String?, String?) {
        func number(_ value: Int64?) -> String { value.map(String.init) ?? "none" }
        switch kind {
        case .goal: return (number(old.goal), number(new.goal))
        case .tag, .untag, .retag: return (old.tags.joined(separator: ", "), new.tags.joined(separator: ", "))
        default:
            func bounds(_ counter: Counter) -> String {
                "goal \(number(counter.goal)), min \(number(counter.minimum)), max \(number(counter.maximum))"
            }
            return (bounds(old), bounds(new))
        }
    }
}
