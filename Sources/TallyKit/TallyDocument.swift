// The JSON document older tallies kept (one file holding every counter, the next serial
// and up to 100 whole-counter undo snapshots): read only to take it over into the SQLite
// store (SQLiteTallyRepository) and to seed an in-memory store. Its invariants are checked
// before anything is taken over (the JSON mapping is in TallyDocument+JSON.swift).

import MoneyKitStorage

/// The counters, the next serial and the undo history of an older tally's JSON file.
public struct TallyDocument: Equatable, Sendable {
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
}
