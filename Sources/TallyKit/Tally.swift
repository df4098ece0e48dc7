// What can be done with counters, each operation one change of the repository (under
// its lock, recorded for undo) or one read of it. The executable, a test or an app calls
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
        CounterList(rows: try repository.load().counters.sorted(by: Counter.listOrder))
    }

    /// The counter called `name` (exactly, else in another letter case).
    /// - Throws: `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func counter(named name: String) throws -> Counter {
        try repository.load().counter(named: name)
    }

    /// The stored names that `typed` name, each once, in the order given (a check before
    /// asking whether to delete them).
    /// - Throws: `TallyError.notFound` or `.ambiguousName` for the first name that names no
    ///   single counter; the repository's errors (`StoreError` from the file store).
    public func storedNames(_ typed: [String]) throws -> [String] {
        try repository.load().storedNames(typed)
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
        let created = Instant.iso8601UTC(now())
        return try repository.change { document -> String in
            let newName = given ?? CounterNaming.nextDefaultName(existing: document.counters.map(\.name))
            try document.requireUnused(newName)
            document.recordUndo("new \(newName)", before: [newName], after: [newName])
            document.counters.append(try settings.applied(to: Counter(
                name: newName, count: start, start: start, step: step, pinned: pinned,
                created: created, serial: try document.takeSerial())))
            return newName
        }
    }

    /// Renames the counter `name` to `newName` (checked by ItemName's rule); renaming to
    /// the same name changes nothing.
    /// - Throws: `TallyError.invalidName`, `.nameTaken`, or `.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func rename(_ name: String, to newName: String) throws {
        let newName = try Counter.validate(name: newName)
        let stamp = Instant.iso8601UTC(now())
        try repository.change { document in
            let index = try document.requireIndex(of: name)
            let oldName = document.counters[index].name
            if newName == oldName { return }
            try document.requireUnused(newName, renaming: index)
            document.recordUndo("rename \(oldName) to \(newName)", before: [oldName], after: [newName])
            document.counters[index].name = newName
            document.counters[index].updated = stamp
        }
    }

    // MARK: counting

    /// Adds the step `times` times (at least once); returns the change (the counter as stored).
    /// - Throws: `TallyError.timesBelowOne`; `.stepsOverflow` or `.countOverflow` when the
    ///   result leaves the 64-bit range, `.beyondBound` when it leaves the counter's bounds (nothing is stored); `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func increment(_ name: String, times: Int64 = 1) throws -> CountChange {
        guard times >= 1 else { throw TallyError.timesBelowOne(times) }
        return try changeCount(name, action: "inc") { counter throws(TallyError) in
            try counter.adding(try counter.steps(times))
        }
    }

    /// Subtracts the step `times` times (at least once); returns the counter as stored.
    /// - Throws: as `increment`.
    @discardableResult
    public func decrement(_ name: String, times: Int64 = 1) throws -> CountChange {
        guard times >= 1 else { throw TallyError.timesBelowOne(times) }
        // times ≥ 1, so -times cannot overflow.
        return try changeCount(name, action: "dec") { counter throws(TallyError) in
            try counter.adding(try counter.steps(-times))
        }
    }

    /// Adds `amount` (negative subtracts), ignoring the step.
    /// - Throws: `TallyError.countOverflow`, `.beyondBound` (nothing is stored); `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func add(_ amount: Int64, to name: String) throws -> CountChange {
        try changeCount(name, action: "add \(amount) to") { counter throws(TallyError) in try counter.adding(amount) }
    }

    /// Sets the count.
    /// - Throws: `TallyError.beyondBound`; `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func set(_ name: String, to value: Int64) throws -> CountChange {
        try changeCount(name, action: "set") { _ throws(TallyError) in value }
    }

    /// Puts the count back to the start value.
    /// - Throws: `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func reset(_ name: String) throws -> CountChange {
        try changeCount(name, action: "reset") { counter throws(TallyError) in counter.start }
    }

    /// Applies `transform` to the counter `name` under the lock and records undo as
    /// "ACTION STORED-NAME"; a count beyond the counter's bounds is refused.
    private func changeCount(
        _ name: String, action: String, _ transform: (Counter) throws(TallyError) -> Int64
    ) throws -> CountChange {
        let stamp = Instant.iso8601UTC(now())
        return try repository.change { document -> CountChange in
            let index = try document.requireIndex(of: name)
            let newCount = try transform(document.counters[index])
            try document.counters[index].requireWithinBounds(newCount)
            let before = document.counters[index].count
            let stored = document.counters[index].name
            document.recordUndo("\(action) \(stored)", before: [stored], after: [stored])
            document.counters[index].count = newCount
            document.counters[index].updated = stamp
            return CountChange(before: before, counter: document.counters[index])
        }
    }

    /// Adds `lines` steps to the counter `name` for the feed `session` (see
    /// `UndoStep.feedAction`); the session's first save records the undo step, later ones join
    /// it. Returns the new count.
    /// - Throws: `TallyError.stepsOverflow` or `.countOverflow` (nothing is stored); `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func feed(_ name: String, lines: Int64, session: String) throws -> Int64 {
        let stamp = Instant.iso8601UTC(now())
        return try repository.change { document -> Int64 in
            let index = try document.requireIndex(of: name)
            let counter = document.counters[index]
            let newCount = try counter.adding(try counter.steps(lines))
            try counter.requireWithinBounds(newCount)
            if document.undo.last?.action != session {
                document.recordUndo(session, before: [name], after: [name])
            }
            document.counters[index].count = newCount
            document.counters[index].updated = stamp
            return newCount
        }
    }

    // MARK: settings

    /// Changes the step (not 0).
    /// - Throws: `TallyError.zeroStep`; `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func setStep(_ name: String, to step: Int64) throws {
        guard step != 0 else { throw TallyError.zeroStep }
        let stamp = Instant.iso8601UTC(now())
        try repository.change { document in
            let index = try document.requireIndex(of: name)
            let stored = document.counters[index].name
            document.recordUndo("step \(stored)", before: [stored], after: [stored])
            document.counters[index].step = step
            document.counters[index].updated = stamp
        }
    }

    /// Pins or unpins; a counter already so is left alone (no undo step).
    /// - Throws: `TallyError.notFound` or `.ambiguousName` when `name` names no single counter; the repository's errors (`StoreError` from the file store).
    public func setPinned(_ name: String, _ pinned: Bool) throws {
        let stamp = Instant.iso8601UTC(now())
        try repository.change { document in
            let index = try document.requireIndex(of: name)
            guard document.counters[index].pinned != pinned else { return }
            let stored = document.counters[index].name
            document.recordUndo("\(pinned ? "pin" : "unpin") \(stored)", before: [stored], after: [stored])
            document.counters[index].pinned = pinned
            document.counters[index].updated = stamp
        }
    }

    // MARK: removing and undoing

    /// Deletes the counters `typed` names, as one undo step; returns their stored names.
    /// - Throws: `TallyError.notFound` or `.ambiguousName` (nothing is deleted); the repository's errors (`StoreError` from the file store).
    @discardableResult
    public func remove(_ typed: [String]) throws -> [String] {
        try repository.change { document -> [String] in
            let removed = try document.storedNames(typed)
            document.recordUndo("rm \(removed.joined(separator: ", "))", before: removed, after: [])
            document.counters.removeAll { removed.contains($0.name) }
            return removed
        }
    }

    /// Reverts the newest change; returns what it was ("inc coffee").
    /// - Throws: `TallyError.nothingToUndo`; the repository's errors (`StoreError` from the file store).
    public func undo() throws -> String {
        try repository.change { document -> String in
            guard let step = document.undo.popLast() else { throw TallyError.nothingToUndo }
            document.revert(step)
            return step.action
        }
    }

    /// Reverts the newest change only when it concerns the counter `name`, so a screen
    /// showing one counter never undoes a change made elsewhere to another.
    /// - Throws: `TallyError.nothingToUndo`; `.lastChangeConcernsAnotherCounter`; the repository's errors (`StoreError` from the file store).
    public func undo(concerning name: String) throws -> String {
        try repository.change { document -> String in
            guard let step = document.undo.last else { throw TallyError.nothingToUndo }
            guard step.concerns(name) else { throw TallyError.lastChangeConcernsAnotherCounter(action: step.action) }
            document.undo.removeLast()
            document.revert(step)
            return step.action
        }
    }
}
