// Everything tally keeps: the counters, the next creation serial, and the undo history,
// with the rules every change follows (names unique in any letter case, serials never
// reused, undo snapshots). A repository stores it whole; how is the adapter's business
// (the JSON file mapping is in TallyDocument+JSON.swift).

import MoneyKitStorage

/// The counters, the next serial and the undo history: what a repository stores.
public struct TallyDocument: Equatable, Sendable {
    /// How many changes undo can go back.
    public static let undoLimit = UndoHistory.stepsKept

    /// In no particular order (`Counter.listOrder` sorts them for people).
    public var counters: [Counter] = []
    /// The serial the next new counter gets; serials are never reused.
    public var nextSerial: Int64 = 1
    /// Newest last, at most `undoLimit`.
    public var undo: [UndoStep] = []

    /// An empty store.
    public init() {}

    /// A store holding these (see `checkInvariants` for what they must keep).
    public init(counters: [Counter], nextSerial: Int64, undo: [UndoStep] = []) {
        self.counters = counters
        self.nextSerial = nextSerial
        self.undo = undo
    }

    /// What every command relies on: names unique and valid, serials unique and below
    /// `nextSerial`, which must leave room for another counter; no step of 0. Every
    /// repository checks it on loading, so a store that breaks it is refused, never
    /// used.
    /// - Throws: `StoredContentError` naming the first fault and where it is.
    public func checkInvariants() throws(StoredContentError) {
        try StoredInvariants.requireUnique(counters.map(\.name), what: "the counter name")
        try StoredInvariants.requireUnique(counters.map(\.serial), what: "the serial")
        try StoredInvariants.require(nextSerial, in: 1...(Int64.max - 1), what: "nextSerial")
        for (index, counter) in counters.enumerated() {
            try counter.checkInvariants(place: "counters[\(index)]", nextSerial: nextSerial)
        }
        for (index, step) in undo.enumerated() {
            try StoredInvariants.requireUnique(step.before.map(\.name), what: "in undo[\(index)], the counter name")
            for (position, counter) in step.before.enumerated() {
                try counter.checkInvariants(place: "undo[\(index)].before[\(position)]", nextSerial: nextSerial)
            }
        }
    }

    /// The serial for a new counter, advancing `nextSerial`; an error (not a wrap) when
    /// the store has used them all.
    /// - Throws: `TallyError.noSerialLeft`.
    public mutating func takeSerial() throws(TallyError) -> Int64 {
        let serial = nextSerial
        // The loader accepts nextSerial up to Int64.max - 1: what is saved must load.
        guard serial < Int64.max - 1 else { throw .noSerialLeft(nextSerial: serial) }
        nextSerial = serial + 1
        return serial
    }

    /// Where the counter called `name` is: exactly, else in another letter case or
    /// Unicode form (ItemName's rule).
    public func lookup(_ name: String) -> ItemName.Lookup { ItemName.lookup(name, in: counters.lazy.map(\.name)) }

    /// The counter called `name` (exactly, else in another letter case).
    /// - Throws: `TallyError.notFound` or `.ambiguousName`.
    public func counter(named name: String) throws(TallyError) -> Counter {
        counters[try requireIndex(of: name)]
    }

    /// The index of the counter `name` names (exactly, else in another letter case), or
    /// `notFound`, or `ambiguousName` when several stored names differ only in case from it.
    /// - Throws: `TallyError.notFound` or `.ambiguousName`.
    public func requireIndex(of name: String) throws(TallyError) -> Int {
        switch lookup(name) {
        case .found(let index): return index
        case .missing: throw .notFound(name, known: counters.map(\.name))
        case .ambiguous(let names): throw .ambiguousName(name, matches: names)
        }
    }

    /// Refuses `name` when another counter has it, in any letter case (the counter at
    /// `renaming` may take its own name in another case).
    /// - Throws: `TallyError.nameTaken`.
    public func requireUnused(_ name: String, renaming: Int? = nil) throws(TallyError) {
        let key = ItemName.matchKey(name)
        if let other = counters.indices.first(where: { $0 != renaming && ItemName.matchKey(counters[$0].name) == key }) {
            throw .nameTaken(name, existing: counters[other].name)
        }
    }

    /// The stored names that `typed` name, each once, in the order given.
    /// - Throws: `TallyError.notFound` or `.ambiguousName` for the first that names none.
    public func storedNames(_ typed: [String]) throws(TallyError) -> [String] {
        var result: [String] = []
        for name in typed {
            let stored = counters[try requireIndex(of: name)].name
            if !result.contains(stored) { result.append(stored) }
        }
        return result
    }

    /// Records what `names` were before a change, so `undo` can restore them. A name not
    /// present is recorded as absent (undo removes what the change created).
    /// `after` lists the names the change leaves behind (a rename changes the name).
    public mutating func recordUndo(_ action: String, before names: [String], after: [String]) {
        let snapshot = names.compactMap { name in counters.first { $0.name == name } }
        undo.append(UndoStep(action: action, before: snapshot, after: after))
        if undo.count > Self.undoLimit { undo.removeFirst(undo.count - Self.undoLimit) }
    }

    /// Reverts `step`: removes what it left, puts back what it replaced.
    mutating func revert(_ step: UndoStep) {
        counters.removeAll { step.after.contains($0.name) }
        for counter in step.before {
            counters.removeAll { $0.name == counter.name }
            counters.append(counter)
        }
    }
}

/// One reversible change: the counters as they were, and the names it left.
public struct UndoStep: Equatable, Sendable {
    /// For people: `inc coffee`, `rm coffee`, `import 3 counters`.
    public var action: String
    /// The counters the change replaced or removed, as they were.
    public var before: [Counter]
    /// The names the change left (a created or renamed counter's).
    public var after: [String]

    /// A step as it is recorded.
    public init(action: String, before: [Counter], after: [String]) {
        self.action = action
        self.before = before
        self.after = after
    }

    /// The action of a feed session's undo step: one per process, so that all the saves
    /// of one `tally feed` make one undo step (see `Tally.feed`).
    public static func feedAction(counter name: String, processID: Int32) -> String {
        "feed \(name) (pid \(processID))"
    }

    /// Whether the change touched the counter called `name`.
    func concerns(_ name: String) -> Bool {
        after.contains(name) || before.contains(where: { $0.name == name })
    }
}
