// The live count as tillcount keeps it in its JSON state file (the JSON adapter's format).
//
// File format (version 4), inside {"format": "tillcount-state", "version": 4,
// "content": …}:
//   till:      "Front desk" (the till's name as first given; only in the files of tills
//              other than the default one, see JSONTillDirectory)
//   currency:  "GBP"
//   float:     "100.00" (the starting float, plain decimal, 0 or more)
//   lines:     [{"kind": "note"|"coin"|"roll", "value": "0.25", "quantity": 40}]
//              value is the face value of one note or coin (of one coin for a roll);
//              a roll line also has "rollSize": 40 and "packaging": "roll"|"bag", the
//              definition it was counted with (version 2: a roll keeps its size while it
//              is counted, whatever the denominations file says later)
//   notes:     ["text", …]
//   updated:   ISO 8601 time of the last change
//   undo:      [steps, newest last, at most undoLimit]: the live count before a change,
//              or a save or rm in the history (see TillUndoStep.swift), as a tillcount
//              before the shared undo journal kept them; taken into the journal by the
//              store (TillUndo.swift), and written only while not taken (empty: left out)
//   purge:     [keys of rm steps pushed off that stack]: the saved counts they deleted,
//              purged when the store takes the stack (empty: left out)
//   movements, blind, tolerance: optional, written only when set (TillCashFields.swift)
//
// Version 1 files have no rollSize: their rolls take the current definitions and keep
// them from the next change on. Version 1 and 2 files keep bare snapshots in "undo" and
// have no "purge"; they are written as version 4 by their next change. Version 4 adds
// "till" and the undo steps "label" and "note" (see TillUndoStep.swift); a version 3
// file is read as it is. Every invariant the code relies on is checked on
// reading (one line per kind and value, quantities 0 or more, values that fit): a file
// that breaks one is refused, never used.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

extension TillState: StoredDocument {
    /// The format name written into the state file.
    public static let formatName = "tillcount-state"
    /// The format version this build writes (1 to 3 are read too).
    public static let formatVersion = 4

    // MARK: JSON

    /// Reads the file's content, written by format `version`, with its undo stack.
    /// - Throws: `StoredContentError` naming what breaks an invariant.
    public init(storedContent: JSONValue, version: Int) throws(StoredContentError) {
        try self.init(json: storedContent, place: "the content", undoVersion: version)
    }

    /// A live count kept in an undo step: no stack of its own.
    /// - Throws: `StoredContentError` naming what breaks an invariant.
    public init(snapshot: JSONValue, place: String) throws(StoredContentError) {
        try self.init(json: snapshot, place: place, undoVersion: nil)
    }

    /// Reads a live count; with `undoVersion` (the file's format version), its undo stack
    /// and purge list too.
    private init(json: JSONValue, place: String, undoVersion: Int?) throws(StoredContentError) {
        let fields = try JSONFields(json, place: place)
        if let code = fields.optional("currency") {
            guard let text = code.stringValue, Currency(code: text) != nil else {
                throw StoredContentError("\(place) has an unknown currency '\(code.stringValue ?? code.serialized())'")
            }
            currencyCode = text
        }
        let exponent = currencyCode.flatMap(Currency.init(code:))?.minorUnitExponent ?? 2
        func amount(_ text: String, _ what: String) throws(StoredContentError) -> Int64 {
            guard let value = try? DecimalText(parsing: text), let minor = try? value.scaled(to: exponent, input: text) else {
                throw StoredContentError("\(what) in \(place) is not an amount: '\(text)'")
            }
            return minor
        }
        floatMinorUnits = try amount(try fields.string("float"), "float")
        guard floatMinorUnits >= 0 else { throw StoredContentError("the float in \(place) is negative") }
        var lineValues: [Int64] = []
        for (index, line) in try fields.array("lines").enumerated() {
            let linePlace = "\(place).lines[\(index)]"
            let lineFields = try JSONFields(line, place: linePlace)
            guard let kind = TillItem.Kind(rawValue: try lineFields.string("kind")) else {
                throw StoredContentError("\(linePlace) has an unknown kind")
            }
            let value = try amount(try lineFields.string("value"), "lines[\(index)].value")
            let quantity = try lineFields.int64("quantity")
            guard quantity >= 0 else { throw StoredContentError("\(linePlace) has a negative quantity") }
            guard value > 0 else { throw StoredContentError("\(linePlace) has a value that is not above 0") }
            let item = TillItem(kind: kind, minorUnits: value)
            guard quantities[item] == nil else {
                throw StoredContentError("\(linePlace) repeats \(kind.rawValue) \(Money.plainString(minorUnits: value, exponent: exponent)): each denomination is one line")
            }
            var perUnit: Int64 = 1
            if kind == .roll, let size = lineFields.optional("rollSize") {
                guard let count = size.int64Value, Self.rollSizes.contains(count) else {
                    throw StoredContentError("\(linePlace).rollSize must be a whole number from 1 to 100000")
                }
                let packagingText = lineFields.optional("packaging")?.stringValue ?? "roll"
                guard let packaging = CoinRoll.Packaging(rawValue: packagingText) else {
                    throw StoredContentError("\(linePlace).packaging must be roll or bag")
                }
                perUnit = count
                if quantity > 0 { rollDefinitions[value] = CoinRoll(coinMinorUnits: value, count: count, packaging: packaging) }
            } else if kind != .roll, lineFields.optional("rollSize") != nil {
                throw StoredContentError("\(linePlace) has a rollSize but is not a roll")
            }
            // The line's value must fit (for a roll of unknown size: at least one coin each).
            guard let pieces = try? CheckedCount.product(quantity, perUnit, what: "pieces"),
                let lineValue = try? CheckedCount.product(pieces, value, what: "value") else {
                throw StoredContentError("\(linePlace) is too large: its value does not fit in 64 bits")
            }
            lineValues.append(lineValue)
            quantities[item] = quantity
        }
        guard (try? CheckedCount.sum(lineValues, what: "total")) != nil else {
            throw StoredContentError("the lines of \(place) are too large: their total does not fit in 64 bits")
        }
        for note in try fields.array("notes") {
            guard let text = note.stringValue else { throw StoredContentError("\(place).notes holds a non-string") }
            notes.append(text)
        }
        if let stamp = fields.optional("updated") {
            guard let text = stamp.stringValue else { throw StoredContentError("'updated' in \(place) is not a string") }
            updated = text
        }
        try readCashFields(fields, place: place, exponent: exponent)
        if let version = undoVersion {
            if let name = fields.optional("till") {
                guard let text = name.stringValue, !text.isEmpty else { throw StoredContentError("'till' in \(place) is not a till name") }
                tillName = text
            }
            if let entries = fields.optional("undo") {
                guard let list = entries.arrayValue else { throw StoredContentError("'undo' in \(place) is not a list") }
                for (index, entry) in list.enumerated() {
                    undo.append(try TillUndoStep(json: entry, place: "\(place).undo[\(index)]", version: version))
                }
            }
            if version >= 3, let keys = fields.optional("purge") {
                guard let list = keys.arrayValue else { throw StoredContentError("'purge' in \(place) is not a list") }
                for key in list {
                    guard let text = key.stringValue, HistoryStep.isValidKey(text) else {
                        throw StoredContentError("'purge' in \(place) holds something that is not a key (1 to 64 lowercase hex digits)")
                    }
                    purge.append(text)
                }
            }
            // Undo finds a history row by its step's key: one step per key, and never a
            // key both on the stack and to be purged (that would destroy a count undo can
            // still bring back).
            var keys = Set<String>()
            for key in undo.compactMap(\.historyKey) where !keys.insert(key).inserted {
                throw StoredContentError("'undo' in \(place) has two steps with the key \(key)")
            }
            if let key = purge.first(where: keys.contains) {
                throw StoredContentError("'purge' in \(place) names the key \(key) of a step still on the undo stack")
            }
        }
    }

    /// The content as written: the count, its undo stack and purge list.
    public var storedContent: JSONValue { json(withUndo: true) }

    /// The live count alone, as an undo step keeps it.
    public var snapshotJSON: JSONValue { json(withUndo: false) }

    private func json(withUndo: Bool) -> JSONValue {
        let exponent = currencyCode.flatMap(Currency.init(code:))?.minorUnitExponent ?? 2
        let lines = quantities.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { item, quantity in
            var members: [(String, JSONValue)] = [
                ("kind", .string(item.kind.rawValue)),
                ("value", .string(Money.plainString(minorUnits: item.minorUnits, exponent: exponent))),
                ("quantity", .integer(quantity)),
            ]
            if item.kind == .roll, let roll = rollDefinitions[item.minorUnits] {
                members.append(("rollSize", .integer(roll.count)))
                members.append(("packaging", .string(roll.packaging.rawValue)))
            }
            return JSONValue.object(members)
        }
        var members: [(String, JSONValue)] = [
            ("currency", currencyCode.map(JSONValue.string) ?? .null),
            ("float", .string(Money.plainString(minorUnits: floatMinorUnits, exponent: exponent))),
            ("lines", .array(lines)),
            ("notes", .array(notes.map(JSONValue.string))),
            ("updated", updated.map(JSONValue.string) ?? .null),
        ] + cashFieldsJSON(exponent: exponent)
        if withUndo {
            if let tillName { members.insert(("till", .string(tillName)), at: 0) }
            // An older stack, until the store takes it into the journal; none is written now.
            if !undo.isEmpty { members.append(("undo", .array(undo.map(\.json)))) }
            if !purge.isEmpty { members.append(("purge", .array(purge.map(JSONValue.string)))) }
        }
        return .object(members)
    }
}
