// The live count: what tillcount keeps in its JSON state file and saves on every change.
//
// File format (version 2), inside {"format": "tillcount-state", "version": 2,
// "content": …}:
//   currency:  "GBP"
//   float:     "100.00" (the starting float, plain decimal, 0 or more)
//   lines:     [{"kind": "note"|"coin"|"roll", "value": "0.25", "quantity": 40}]
//              value is the face value of one note or coin (of one coin for a roll);
//              a roll line also has "rollSize": 40 and "packaging": "roll"|"bag", the
//              definition it was counted with (version 2: a roll keeps its size while it
//              is counted, whatever the denominations file says later)
//   notes:     ["text", …]
//   updated:   ISO 8601 time of the last change
//   undo:      [the state before each change, without its own undo], newest last
//
// Version 1 files have no rollSize: their rolls take the current definitions and keep
// them from the next change on. Every invariant the code relies on is checked on
// reading (one line per kind and value, quantities 0 or more, values that fit): a file
// that breaks one is refused, never used.

import MoneyKit
import MoneyKitCLI

struct TillState: StoredDocument, Equatable {
    static let formatName = "tillcount-state"
    static let formatVersion = 2
    static let undoLimit = UndoHistory.stepsKept
    /// The largest roll or bag, as the denominations file allows it.
    static let rollSizes: ClosedRange<Int64> = 1...100_000

    var currencyCode: String?
    var floatMinorUnits: Int64 = 0
    var quantities: [TillItem: Int64] = [:]
    /// The roll definitions the counted rolls were counted with, by coin (minor units).
    /// Kept only while the roll's quantity is above 0.
    var rollDefinitions: [Int64: CoinRoll] = [:]
    var notes: [String] = []
    var updated: String?
    var undo: [TillState] = []

    init() {}

    var isEmpty: Bool { quantities.values.allSatisfy { $0 == 0 } }

    /// The currency of the count: its own, else `fallback`.
    func currency(fallback: Currency) -> Currency {
        currencyCode.flatMap(Currency.init(code:)) ?? fallback
    }

    /// `set` with the rolls this count keeps its own definitions of: what its lines are
    /// read with, so a roll counted as 25 coins stays 25 coins.
    func countingSet(_ set: DenominationSet) -> DenominationSet {
        guard !rollDefinitions.isEmpty else { return set }
        let rolls = set.rolls.filter { rollDefinitions[$0.coinMinorUnits] == nil } + rollDefinitions.values
        return DenominationSet(
            currencyCode: set.currencyCode, denominations: set.denominations, rolls: rolls,
            hasStandardRolls: set.hasStandardRolls, rollNote: set.rollNote)
    }

    /// Keeps with the count the definition of every roll it holds (from `set`, the
    /// counting set), and forgets those of rolls no longer held.
    mutating func keepRollDefinitions(from set: DenominationSet) {
        for (item, quantity) in quantities where item.kind == .roll {
            if quantity > 0, rollDefinitions[item.minorUnits] == nil,
                let roll = set.rolls.first(where: { $0.coinMinorUnits == item.minorUnits }) {
                rollDefinitions[item.minorUnits] = roll
            }
        }
        rollDefinitions = rollDefinitions.filter { (quantities[TillItem(kind: .roll, minorUnits: $0.key)] ?? 0) > 0 }
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
        if withUndo, let entries = fields.optional("undo") {
            guard let list = entries.arrayValue else { throw StoredContentError("'undo' in \(place) is not a list") }
            for (index, entry) in list.enumerated() {
                undo.append(try TillState(json: entry, place: "\(place).undo[\(index)]", withUndo: false))
            }
        }
    }

    var storedContent: JSONValue { json(withUndo: true) }

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
        ]
        if withUndo { members.append(("undo", .array(undo.map { $0.json(withUndo: false) }))) }
        return .object(members)
    }
}
