// How the JSON file adapter stores a TallyDocument.
//
// File format (version 1), inside the MoneyKit store envelope
// {"format": "tally", "version": 1, "content": …}:
//   counters:   [{name, count, start, step, pinned, created, serial,
//                 goal?, min?, max?, tags?, updated?}]
//               the last five optional (absent in stores written before them): goal,
//               min, max whole numbers or absent/null; tags a list of strings, absent when
//               none; updated ISO 8601 like created, absent meaning created. The undo
//               journal keeps a counter in this form, with "formula" ("+3 -4") for a
//               derived counter (CounterFormula); no document holds one.
//   nextSerial: the serial the next new counter gets
//   undo:       [{action, before: [Counter], after: [names]}], newest last, at most 100
//
// Written by hand rather than through Codable: tally reads this file on every start, and
// the hand-written mapping is several times faster on Linux.

import MoneyKitStorage

extension TallyDocument: StoredDocument {
    /// The file's `format`.
    public static let formatName = "tally"
    /// The file's `version` this build writes.
    public static let formatVersion = 1

    /// The document from the file's `content`.
    /// - Throws: `StoredContentError` naming the member of the wrong shape.
    public init(storedContent: JSONValue, version: Int) throws(StoredContentError) {
        self.init()
        let fields = try JSONFields(storedContent, place: "the content")
        for (index, value) in try fields.array("counters").enumerated() {
            counters.append(try Counter(storedJSON: value, place: "counters[\(index)]"))
        }
        nextSerial = try fields.int64("nextSerial")
        for (index, value) in (fields.optional("undo")?.arrayValue ?? []).enumerated() {
            undo.append(try UndoStep(storedJSON: value, place: "undo[\(index)]"))
        }
    }

    /// The document as the file's `content`.
    public var storedContent: JSONValue {
        .object([
            ("counters", .array(counters.map(\.storedJSON))),
            ("nextSerial", .integer(nextSerial)),
            ("undo", .array(undo.map(\.storedJSON))),
        ])
    }
}

extension Counter {
    init(storedJSON: JSONValue, place: String) throws(StoredContentError) {
        let fields = try JSONFields(storedJSON, place: place)
        self.init(
            name: try fields.string("name"), count: try fields.int64("count"), start: try fields.int64("start"),
            step: try fields.int64("step"), pinned: try fields.bool("pinned"), created: try fields.string("created"),
            serial: try fields.int64("serial"))
        if step == 0 { throw StoredContentError("\(place) has a step of 0") }
        try readOptionalFields(fields)
    }

    /// The fields added after version 1 was first written: each optional.
    private mutating func readOptionalFields(_ fields: JSONFields) throws(StoredContentError) {
        if fields.optional("goal") != nil { goal = try fields.int64("goal") }
        if fields.optional("min") != nil { minimum = try fields.int64("min") }
        if fields.optional("max") != nil { maximum = try fields.int64("max") }
        if fields.optional("tags") != nil {
            for value in try fields.array("tags") {
                guard let tag = value.stringValue else { throw StoredContentError("'tags' in \(fields.place) holds a non-string") }
                tags.append(tag)
            }
        }
        if fields.optional("updated") != nil { updated = try fields.string("updated") }
        if fields.optional("formula") != nil {
            let text = try fields.string("formula")
            guard let read = CounterFormula(storedText: text) else {
                throw StoredContentError("'formula' in \(fields.place) is not a formula: '\(text)'")
            }
            formula = read
        }
    }

    var storedJSON: JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)),
            ("count", .integer(count)),
            ("start", .integer(start)),
            ("step", .integer(step)),
            ("pinned", .bool(pinned)),
            ("created", .string(created)),
            ("serial", .integer(serial)),
        ]
        if let goal { members.append(("goal", .integer(goal))) }
        if let minimum { members.append(("min", .integer(minimum))) }
        if let maximum { members.append(("max", .integer(maximum))) }
        if !tags.isEmpty { members.append(("tags", .array(tags.map(JSONValue.string)))) }
        if updated != created { members.append(("updated", .string(updated))) }
        if let formula { members.append(("formula", .string(formula.storedText))) }
        return .object(members)
    }
}

extension UndoStep {
    init(storedJSON: JSONValue, place: String) throws(StoredContentError) {
        let fields = try JSONFields(storedJSON, place: place)
        let action = try fields.string("action")
        var before: [Counter] = []
        for (index, value) in try fields.array("before").enumerated() {
            before.append(try Counter(storedJSON: value, place: "\(place).before[\(index)]"))
        }
        var after: [String] = []
        for value in try fields.array("after") {
            guard let name = value.stringValue else { throw StoredContentError("\(place).after holds a non-string") }
            after.append(name)
        }
        self.init(action: action, before: before, after: after)
    }

    var storedJSON: JSONValue {
        .object([
            ("action", .string(action)),
            ("before", .array(before.map(\.storedJSON))),
            ("after", .array(after.map(JSONValue.string))),
        ])
    }
}
