// What tally keeps in its JSON store: the counters, the next creation serial, and the
// undo history.
//
// File format (version 1), inside the MoneyKit store envelope
// {"format": "tally", "version": 1, "content": …}:
//   counters:   [{name, count, start, step, pinned, created, serial}]
//   nextSerial: the serial the next new counter gets
//   undo:       [{action, before: [Counter], after: [names]}], newest last, at most 100

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI

struct TallyDocument: StoredDocument {
    static let formatName = "tally"
    static let formatVersion = 1
    /// How many changes `tally undo` can go back.
    static let undoLimit = UndoHistory.stepsKept

    var counters: [Counter] = []
    var nextSerial: Int64 = 1
    var undo: [UndoStep] = []

    init() {}

    // Written by hand rather than through Codable: tally reads this file on every
    // start, and the hand-written mapping is several times faster on Linux.
    init(storedContent: JSONValue, version: Int) throws(StoredContentError) {
        let fields = try JSONFields(storedContent, place: "the content")
        for (index, value) in try fields.array("counters").enumerated() {
            counters.append(try Counter(storedJSON: value, place: "counters[\(index)]"))
        }
        nextSerial = try fields.int64("nextSerial")
        for (index, value) in (fields.optional("undo")?.arrayValue ?? []).enumerated() {
            undo.append(try UndoStep(storedJSON: value, place: "undo[\(index)]"))
        }
    }

    /// What every command relies on: names unique and valid, serials unique and below
    /// `nextSerial`, which must leave room for another counter; no step of 0.
    func checkInvariants() throws(StoredContentError) {
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

    var storedContent: JSONValue {
        .object([
            ("counters", .array(counters.map(\.storedJSON))),
            ("nextSerial", .integer(nextSerial)),
            ("undo", .array(undo.map(\.storedJSON))),
        ])
    }

    /// The serial for a new counter, advancing `nextSerial`; an error (not a wrap) when
    /// the store has used them all.
    mutating func takeSerial() throws(CLIError) -> Int64 {
        let serial = nextSerial
        // The loader accepts nextSerial up to Int64.max - 1: what is saved must load.
        guard serial < Int64.max - 1 else {
            throw CLIError.data("the store has no serial left for a new counter (nextSerial is \(serial))")
        }
        nextSerial = serial + 1
        return serial
    }

    /// Where the counter called `name` is: exactly, else in another letter case or
    /// Unicode form (ItemName's rule).
    func lookup(_ name: String) -> ItemName.Lookup { ItemName.lookup(name, in: counters.lazy.map(\.name)) }

    /// Records what `names` were before a change, so `undo` can restore them. A name not
    /// present is recorded as absent (undo removes what the change created).
    /// `after` lists the names the change leaves behind (a rename changes the name).
    mutating func recordUndo(_ action: String, before names: [String], after: [String]) {
        let snapshot = names.compactMap { name in counters.first { $0.name == name } }
        undo.append(UndoStep(action: action, before: snapshot, after: after))
        if undo.count > Self.undoLimit { undo.removeFirst(undo.count - Self.undoLimit) }
    }
}

/// One reversible change: the counters as they were, and the names it left.
struct UndoStep: Equatable, Sendable {
    /// For people: `inc coffee`, `rm coffee`, `import 3 counters`.
    var action: String
    var before: [Counter]
    var after: [String]

    init(action: String, before: [Counter], after: [String]) {
        self.action = action
        self.before = before
        self.after = after
    }

    init(storedJSON: JSONValue, place: String) throws(StoredContentError) {
        let fields = try JSONFields(storedJSON, place: place)
        action = try fields.string("action")
        before = []
        for (index, value) in try fields.array("before").enumerated() {
            before.append(try Counter(storedJSON: value, place: "\(place).before[\(index)]"))
        }
        after = []
        for value in try fields.array("after") {
            guard let name = value.stringValue else { throw StoredContentError("\(place).after holds a non-string") }
            after.append(name)
        }
    }

    var storedJSON: JSONValue {
        .object([
            ("action", .string(action)),
            ("before", .array(before.map(\.storedJSON))),
            ("after", .array(after.map(JSONValue.string))),
        ])
    }
}
