// The live count: what tillcount keeps in its JSON state file and saves on every change.
//
// File format (version 1), inside {"format": "tillcount-state", "version": 1,
// "content": …}:
//   currency:  "GBP"
//   float:     "100.00" (the starting float, plain decimal)
//   lines:     [{"kind": "note"|"coin"|"roll", "value": "0.25", "quantity": 40}]
//              value is the face value of one note or coin (of one coin for a roll)
//   notes:     ["text", …]
//   updated:   ISO 8601 time of the last change
//   undo:      [the state before each change, without its own undo], newest last

import MoneyKit
import MoneyKitCLI

struct TillState: StoredDocument, Equatable {
    static let formatName = "tillcount-state"
    static let formatVersion = 1
    static let undoLimit = 50

    var currencyCode: String?
    var floatMinorUnits: Int64 = 0
    var quantities: [TillItem: Int64] = [:]
    var notes: [String] = []
    var updated: String?
    var undo: [TillState] = []

    init() {}

    var isEmpty: Bool { quantities.values.allSatisfy { $0 == 0 } }

    /// The currency of the count: its own, else `fallback`.
    func currency(fallback: Currency) -> Currency {
        currencyCode.flatMap(Currency.init(code:)) ?? fallback
    }

    /// Keeps the state as it is now for `tillcount undo`, before a change.
    mutating func pushUndo() {
        var snapshot = self
        snapshot.undo = []
        undo.append(snapshot)
        if undo.count > Self.undoLimit { undo.removeFirst(undo.count - Self.undoLimit) }
        updated = Timestamp.iso8601UTC(Timestamp.now())
    }

    /// Goes back one change; false when there is nothing to undo.
    mutating func popUndo() -> Bool {
        guard var previous = undo.popLast() else { return false }
        previous.undo = undo
        previous.updated = Timestamp.iso8601UTC(Timestamp.now())
        self = previous
        return true
    }

    // MARK: JSON

    init(storedContent: JSONValue, version: Int) throws(StoredContentError) {
        try self.init(json: storedContent, place: "the content", withUndo: true)
    }

    private init(json: JSONValue, place: String, withUndo: Bool) throws(StoredContentError) {
        let fields = try JSONFields(json, place: place)
        currencyCode = fields.optional("currency")?.stringValue
        let currency = currencyCode.flatMap(Currency.init(code:))
        guard currencyCode == nil || currency != nil else {
            throw StoredContentError("\(place) has an unknown currency '\(currencyCode ?? "")'")
        }
        let exponent = currency?.minorUnitExponent ?? 2
        func amount(_ text: String, _ what: String) throws(StoredContentError) -> Int64 {
            guard let value = try? DecimalText(parsing: text), let minor = try? value.scaled(to: exponent, input: text) else {
                throw StoredContentError("\(what) in \(place) is not an amount: '\(text)'")
            }
            return minor
        }
        floatMinorUnits = try amount(try fields.string("float"), "float")
        for (index, line) in try fields.array("lines").enumerated() {
            let lineFields = try JSONFields(line, place: "\(place).lines[\(index)]")
            guard let kind = TillItem.Kind(rawValue: try lineFields.string("kind")) else {
                throw StoredContentError("\(place).lines[\(index)] has an unknown kind")
            }
            let value = try amount(try lineFields.string("value"), "lines[\(index)].value")
            let quantity = try lineFields.int64("quantity")
            guard quantity >= 0, value > 0 else { throw StoredContentError("\(place).lines[\(index)] is negative") }
            quantities[TillItem(kind: kind, minorUnits: value), default: 0] += quantity
        }
        for note in try fields.array("notes") {
            guard let text = note.stringValue else { throw StoredContentError("\(place).notes holds a non-string") }
            notes.append(text)
        }
        updated = fields.optional("updated")?.stringValue
        if withUndo {
            for (index, entry) in (fields.optional("undo")?.arrayValue ?? []).enumerated() {
                undo.append(try TillState(json: entry, place: "\(place).undo[\(index)]", withUndo: false))
            }
        }
    }

    var storedContent: JSONValue { json(withUndo: true) }

    private func json(withUndo: Bool) -> JSONValue {
        let exponent = currencyCode.flatMap(Currency.init(code:))?.minorUnitExponent ?? 2
        let lines = quantities.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { item, quantity in
            JSONValue.object([
                ("kind", .string(item.kind.rawValue)),
                ("value", .string(Money.plainString(minorUnits: item.minorUnits, exponent: exponent))),
                ("quantity", .integer(quantity)),
            ])
        }
        var members: [(String, JSONValue)] = [
            ("currency", currencyCode.map(JSONValue.string) ?? .null),
            ("float", .string(Money.plainString(minorUnits: floatMinorUnits, exponent: exponent))),
            ("lines", .array(lines)),
            ("notes", .array(notes.map(JSONValue.string))),
            ("updated", updated.map(JSONValue.string) ?? .null),
        ]
        if withUndo { members.append(("undo", .array(undo.map { $0.json(withUndo: false) }))) }
        return .object(members)
    }
}
