// What can be done with counters, each operation one change of the repository (one
// transaction and one change group, which undo reverts as a whole, with one event per
// counter changed in the log) or one read of it. The executable, a test or an app calls
// these; none of them knows where the counters are kept.

import MoneyKitPlatform

/// The counters of one repository and everything that can be done with them.
public struct Tally {
    /// Held as an existential, not a generic parameter: a generic type bound to a protocol
    /// costs a runtime conformance lookup on every start of the tool.
    public let repository: any TallyRepository
    /// The clock that dates new counters, seconds since 1970 (a test sets its own).
    public var now: () -> Double

    /// Counters kept in `repository`, new ones dated by `now`.
    public init(repository: any TallyRepository, now: @escaping () -> Double = Instant.preciseNow) {
        self.repository = repository
        self.now = now
    }

    // MARK: reading

    /// Every counter, pinned first, then newest first.
    /// - Throws: the repository's errors (`StoreError` from the file store).
    public func list() throws -> CounterList {
        CounterList(rows: try repository.read { store in try store.valued(all: store.allCounters()) }.sorted(by: Counter.listOrder))
    }

    /// The counter called `name` (exactly, else in another letter case).
    /// - Throws: `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func counter(named name: String) throws -> Counter {
        try repository.read { store in try store.valued(store.requireCounter(named: name)) }
    }

    /// The stored names that `typed` name, each once, in the order given (a check before
    /// asking whether to delete them).
    /// - Throws: `TallyError.notFound` or `.ambiguousName` for the first name that names no
    ///   single counter; the repository's errors (`StoreError` from the file store).
    public func storedNames(_ typed: [String]) throws -> [String] {
        try repository.read { try $0.requireCounters(named: typed).map(\.name) }
    }

    // MARK: creating and naming

    /// Creates a counter and returns its name: `name` (checked by ItemName's rule), or
    /// "New Counter N" when nil; `settings` give its goal, bounds and tags.
    /// - Throws: `TallyError.zeroStep`; `.invalidName` when ItemName's rule refuses `name`;
    ///   `.nameTaken` when a counter has it in any letter case; `.noSerialLeft`;
    ///   `.invalidTag`, `.badBounds` (see `NewCounterSettings.applied`); the repository's errors (`StoreError` from the file store).
    public func create(
        name: String?, start: Int64 = 0, step: Int64 = 1, pinned: Bool = false, settings: NewCounterSettings = NewCounterSettings()
    ) throws -> String {
        guard step != 0 else { throw TallyError.zeroStep }
        let given = try name.map { name throws(TallyError) in try Counter.validate(name: name) }
        let at = now()
        let created = Instant.iso8601UTC(at)
        return try repository.write { store -> String in
            let newName = try given ?? CounterNaming.nextDefaultName(existing: store.allCounters().map(\.name))
            try store.requireUnused(newName)
            try store.begin("new \(newName)", at: at)
            let counter = try settings.applied(to: Counter(
                name: newName, count: start, start: start, step: step, pinned: pinned, created: created, serial: try store.takeSerial()))
            try store.insert(counter)
            try store.record(CounterEvent(serial: counter.serial, at: at, kind: .new, countBefore: start, countAfter: start))
            return newName
        }
    }

    /// Renames the counter `name` to `newName` (checked by ItemName's rule); renaming to
    /// the same name changes nothing.
    /// - Throws: `TallyError.invalidName`, `.nameTaken`, or `.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func rename(_ name: String, to newName: String) throws {
        let newName = try Counter.validate(name: newName)
        let at = now()
        try repository.write { store in
            var counter = try store.requireCounter(named: name)
            let oldName = counter.name
            if newName == oldName { return }
            try store.requireUnused(newName, except: counter.serial)
            try store.begin("rename \(oldName) to \(newName)", at: at)
            counter.name = newName
            counter.updated = Instant.iso8601UTC(at)
            try store.update(counter)
            try store.record(CounterEvent(
                serial: counter.serial, at: at, kind: .rename, countBefore: counter.count, countAfter: counter.count,
                oldValue: oldName, newValue: newName))
        }
    }

    // MARK: counting

    /// Adds the step `times` times (at least once); returns the change (the counter as stored).
    /// - Throws: `TallyError.timesBelowOne`; `.stepsOverflow` or `.countOverflow` when the
    ///   result leaves the 64-bit range, `.beyondBound` when it leaves the counter's bounds (nothing is stored); `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func increment(_ name: String, times: Int64 = 1) throws -> CountChange {
        guard times >= 1 else { throw TallyError.timesBelowOne(times) }
        return try changeCount(name, kind: .inc, action: "inc") { counter throws(TallyError) in
            try counter.adding(try counter.steps(times))
        }
    }

    /// Subtracts the step `times` times (at least once); returns the counter as stored.
    /// - Throws: as `increment`.
    @discardableResult
    public func decrement(_ name: String, times: Int64 = 1) throws -> CountChange {
        guard times >= 1 else { throw TallyError.timesBelowOne(times) }
        // times ≥ 1, so -times cannot overflow.
        return try changeCount(name, kind: .dec, action: "dec") { counter throws(TallyError) in
            try counter.adding(try counter.steps(-times))
        }
    }

    /// Adds `amount` (negative subtracts), ignoring the step.
    /// - Throws: `TallyError.countOverflow`, `.beyondBound` (nothing is stored); `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func add(_ amount: Int64, to name: String) throws -> CountChange {
        try changeCount(name, kind: .add, action: "add \(amount) to") { counter throws(TallyError) in try counter.adding(amount) }
    }

    /// Sets the count.
    /// - Throws: `TallyError.beyondBound`; `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func set(_ name: String, to value: Int64) throws -> CountChange {
        try changeCount(name, kind: .set, action: "set") { _ throws(TallyError) in value }
    }

    /// Puts the count back to the start value.
    /// - Throws: `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func reset(_ name: String) throws -> CountChange {
        try changeCount(name, kind: .reset, action: "reset") { counter throws(TallyError) in counter.start }
    }

    /// Applies `transform` to the counter `name` as one change group "ACTION STORED-NAME",
    /// with its event; a count beyond the counter's bounds is refused, and so is a derived
    /// counter (its sources change it). The change says which derived counters it moved.
    private func changeCount(
        _ name: String, kind: CounterEventKind, action: String, _ transform: (Counter) throws(TallyError) -> Int64
    ) throws -> CountChange {
        let at = now()
        return try repository.write { store -> CountChange in
            var counter = try store.requireCounter(named: name)
            try store.requireStored(counter)
            let newCount = try transform(counter)
            try counter.requireWithinBounds(newCount)
            try store.begin("\(action) \(counter.name)", at: at)
            let before = counter.count
            counter.count = newCount
            counter.updated = Instant.iso8601UTC(at)
            try store.update(counter)
            try store.record(CounterEvent(serial: counter.serial, at: at, kind: kind, countBefore: before, countAfter: newCount))
            return CountChange(before: before, counter: counter, derived: try store.derivedChanges())
        }
    }

    /// Adds `lines` steps to the counter `name` for the feed `session` (see
    /// `UndoStep.feedAction`); the session's first save starts the change group, later
    /// ones join it, so one undo reverts the whole feed. Returns the new count.
    /// - Throws: `TallyError.stepsOverflow` or `.countOverflow` (nothing is stored); `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func feed(_ name: String, lines: Int64, session: String) throws -> Int64 {
        try feedMovingDerived(name, lines: lines, session: session).count
    }

    /// `feed`, with the derived counters the save moved.
    /// - Throws: as `feed`.
    public func feedMovingDerived(_ name: String, lines: Int64, session: String) throws -> (count: Int64, derived: [DerivedChange]) {
        let at = now()
        return try repository.write { store -> (count: Int64, derived: [DerivedChange]) in
            var counter = try store.requireCounter(named: name)
            try store.requireStored(counter)
            let newCount = try counter.adding(try counter.steps(lines))
            try counter.requireWithinBounds(newCount)
            if try store.latestChange()?.action == session {
                try store.continueLatest(at: at)
            } else {
                try store.begin(session, at: at)
            }
            let before = counter.count
            counter.count = newCount
            counter.updated = Instant.iso8601UTC(at)
            try store.update(counter)
            try store.record(CounterEvent(serial: counter.serial, at: at, kind: .feed, countBefore: before, countAfter: newCount))
            return (newCount, try store.derivedChanges())
        }
    }

    // MARK: settings

    /// Changes the step (not 0).
    /// - Throws: `TallyError.zeroStep`; `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func setStep(_ name: String, to step: Int64) throws {
        guard step != 0 else { throw TallyError.zeroStep }
        let at = now()
        try repository.write { store in
            var counter = try store.requireCounter(named: name)
            try store.requireStored(counter)
            try store.begin("step \(counter.name)", at: at)
            let old = counter.step
            counter.step = step
            counter.updated = Instant.iso8601UTC(at)
            try store.update(counter)
            try store.record(CounterEvent(
                serial: counter.serial, at: at, kind: .step, countBefore: counter.count, countAfter: counter.count,
                oldValue: String(old), newValue: String(step)))
        }
    }

    /// Pins or unpins; a counter already so is left alone (no undo step, no event).
    /// - Throws: `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func setPinned(_ name: String, _ pinned: Bool) throws {
        let at = now()
        try repository.write { store in
            var counter = try store.requireCounter(named: name)
            guard counter.pinned != pinned else { return }
            try store.begin("\(pinned ? "pin" : "unpin") \(counter.name)", at: at)
            counter.pinned = pinned
            counter.updated = Instant.iso8601UTC(at)
            try store.update(counter)
            try store.record(CounterEvent(
                serial: counter.serial, at: at, kind: pinned ? .pin : .unpin, countBefore: counter.count, countAfter: counter.count))
        }
    }

    // MARK: removing and undoing

    /// Deletes the counters `typed` names, as one undo step; returns their stored names.
    /// Their logs go with them (and come back with undo). A source of a derived counter
    /// goes only with that counter.
    /// - Throws: `TallyError.notFound` or `.ambiguousName`, `.sourceOfDerived` (nothing is deleted); the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func remove(_ typed: [String]) throws -> [String] {
        let at = now()
        return try repository.write { store -> [String] in
            let removed = try store.requireCounters(named: typed)
            try Self.requireNoDerivedLeftWithoutSource(removing: removed, in: store)
            try store.begin("rm \(removed.map(\.name).joined(separator: ", "))", at: at)
            for counter in removed {
                try store.record(CounterEvent(serial: counter.serial, at: at, kind: .rm, countBefore: counter.count, countAfter: counter.count))
                try store.delete(counter)
            }
            return removed.map(\.name)
        }
    }

    /// Reverts the newest change and removes its events from the log; returns what it
    /// was ("inc coffee").
    /// - Throws: `TallyError.nothingToUndo`; `.derivedSourceGone` when it would leave a
    ///   derived counter without a source; the repository's errors (`StoreError` from the file store).
    public func undo() throws -> String {
        try undoMovingDerived().action
    }

    /// `undo()`, with the derived counters it moved.
    /// - Throws: as `undo()`.
    public func undoMovingDerived() throws -> (action: String, derived: [DerivedChange]) {
        try repository.write { store in
            guard let group = try store.revertLatest() else { throw TallyError.nothingToUndo }
            return (group.action, try store.derivedChanges())
        }
    }

    /// Refuses to delete `removed` when a derived counter left behind names one of them.
    static func requireNoDerivedLeftWithoutSource(removing removed: [Counter], in store: any TallyStoreChange) throws {
        let gone = Set(removed.map(\.serial))
        let orphaned = try store.derivedCounters().filter { derived in
            !gone.contains(derived.serial) && derived.formula?.terms.contains { gone.contains($0.serial) } == true
        }
        guard !orphaned.isEmpty else { return }
        let sources = removed.filter { source in orphaned.contains { $0.formula?.terms.contains { $0.serial == source.serial } == true } }
        throw TallyError.sourceOfDerived(counters: sources.map(\.name), derived: orphaned.map(\.name))
    }

    /// Reverts the newest change only when it concerns the counter `name`, so a screen
    /// showing one counter never undoes a change made elsewhere to another.
    /// - Throws: `TallyError.nothingToUndo`; `.lastChangeConcernsAnotherCounter`; the repository's errors (`StoreError` from the file store).
    public func undo(concerning name: String) throws -> String {
        try repository.write { store -> String in
            guard let latest = try store.latestChange() else { throw TallyError.nothingToUndo }
            guard latest.names.contains(name) else { throw TallyError.lastChangeConcernsAnotherCounter(action: latest.action) }
            _ = try store.revertLatest()
            return latest.action
        }
    }
}
