// Reading a saved count's lines from a history's rows (each adapter maps its rows to
// TillRowValue): every invariant checked, and the roll sizes of counts saved before schema version 2 (which kept none) worked out.
//
// A line saved before version 2 has no roll size. A note or coin is 1. For rolls, the
// saved total decides when it can: with one roll line, its size is what makes the lines
// add up to the total (when that is a whole size from 1 to 100000); with several, the
// current definitions are used when they add up to the total, or when all but one do and
// that one's size follows from the total alone. Otherwise the definitions current when
// the lines are first filled in are taken (the count keeps its saved total). A roll with
// no definition and no size the total tells is an error naming it.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

package enum SavedLines {
    /// A line as stored; nil where the column is NULL (lines saved before version 2).
    private struct Stored {
        let rowID: Int64
        let item: TillItem
        let quantity: Int64
        let rollSize: Int64?
        let packaging: CoinRoll.Packaging?
        let value: Int64?
        let source: SavedLine.SizeSource?
        let token: String?
        let label: String?
    }

    /// `counts` each with its lines read from `lineRows` (by count id; a count without
    /// rows has none), every line checked as `read` checks it: what an export reads.
    /// - Throws: what `read` throws.
    package static func attach(
        to counts: [SavedCount], lineRows: [Int64: [[TillRowValue]]], definitions: (Currency) throws -> DenominationSet, path: String
    ) throws -> [SavedCount] {
        try counts.map { count in
            var read = count
            read.lines = try self.read(count, rows: lineRows[count.id] ?? [], definitions: definitions, path: path).map(\.line)
            return read
        }
    }

    /// The lines of `count` from `rows` (rowid, kind, value, quantity, roll_size,
    /// packaging, line_value, roll_size_from, token, label), checked, with their row ids.
    package static func read(
        _ count: SavedCount, rows: [[TillRowValue]], definitions: (Currency) throws -> DenominationSet, path: String
    ) throws -> [(rowID: Int64, line: SavedLine)] {
        func corrupt(_ what: String) -> StoreError {
            StoreError.corrupt(path: path, reason: "saved count \(count.id) \(what)")
        }
        var stored: [Stored] = []
        var seen = Set<TillItem>()
        for row in rows {
            guard row.count == 10, case .integer(let rowID) = row[0], case .text(let kindText) = row[1],
                case .integer(let face) = row[2], case .integer(let quantity) = row[3]
            else { throw corrupt("has a line with unexpected values") }
            guard let kind = TillItem.Kind(rawValue: kindText) else { throw corrupt("has a line of unknown kind '\(kindText)'") }
            let item = TillItem(kind: kind, minorUnits: face)
            let name = "\(kind.rawValue) \(Money.plainString(minorUnits: face, exponent: count.currency.minorUnitExponent))"
            guard face > 0 else { throw corrupt("has a line (\(name)) whose face value is not above 0") }
            guard quantity > 0 else { throw corrupt("has a line (\(name)) whose quantity is not above 0") }
            guard seen.insert(item).inserted else { throw corrupt("has \(name) twice: each denomination is one line") }
            func integer(_ value: TillRowValue, _ column: String) throws -> Int64? {
                switch value {
                case .integer(let number): return number
                case .null: return nil
                default: throw corrupt("has a line (\(name)) whose \(column) is not a whole number")
                }
            }
            func text(_ value: TillRowValue, _ column: String) throws -> String? {
                switch value {
                case .text(let string): return string
                case .null: return nil
                default: throw corrupt("has a line (\(name)) whose \(column) is not text")
                }
            }
            let rollSize = try integer(row[4], "roll size")
            let packagingText = try text(row[5], "packaging")
            let value = try integer(row[6], "value")
            let sourceText = try text(row[7], "roll size origin")
            let token = try text(row[8], "token")
            let label = try text(row[9], "label")
            var packaging: CoinRoll.Packaging?
            if let packagingText {
                guard kind == .roll, let known = CoinRoll.Packaging(rawValue: packagingText) else {
                    throw corrupt("has a line (\(name)) with packaging '\(packagingText)'")
                }
                packaging = known
            }
            var source: SavedLine.SizeSource?
            if let sourceText {
                guard let known = SavedLine.SizeSource(rawValue: sourceText) else {
                    throw corrupt("has a line (\(name)) whose roll size origin is '\(sourceText)'")
                }
                source = known
            }
            if let rollSize {
                let allowed = kind == .roll ? TillState.rollSizes : 1...1
                guard allowed.contains(rollSize) else { throw corrupt("has a line (\(name)) with roll size \(rollSize)") }
                guard let value else { throw corrupt("has a line (\(name)) with a roll size but no value") }
                guard let product = try? CheckedCount.product(try CheckedCount.product(face, quantity, what: "value"), rollSize, what: "value"),
                    product == value
                else { throw corrupt("has a line (\(name)) whose value \(value) is not face × quantity × roll size") }
            }
            stored.append(Stored(rowID: rowID, item: item, quantity: quantity, rollSize: rollSize, packaging: packaging, value: value, source: source,
                                 token: token, label: label))
        }
        let lines = try stored.contains(where: { $0.rollSize == nil })
            ? fillIn(stored, count: count, definitions: definitions)
            : stored.map { ($0.rowID, SavedLine(item: $0.item, quantity: $0.quantity, rollSize: $0.rollSize ?? 1, packaging: $0.packaging ?? .roll,
                                                valueMinorUnits: $0.value ?? 0, sizeSource: $0.source ?? .saved, token: $0.token, label: $0.label)) }
        // Lines whose sizes were saved (or follow from the total) must add up to the total.
        guard let sum = try? CheckedCount.sum(lines.map(\.line.valueMinorUnits), what: "total") else {
            throw corrupt("has lines whose total does not fit in 64 bits")
        }
        if !lines.contains(where: { $0.line.sizeSource == .definitions }), sum != count.total.minorUnits {
            throw corrupt("has lines that add up to \(Money(minorUnits: sum, currency: count.currency).plainString), not its saved total \(count.total.plainString)")
        }
        return lines
    }

    /// Sizes for lines saved before version 2 (see the top of this file).
    private static func fillIn(_ stored: [Stored], count: SavedCount, definitions: (Currency) throws -> DenominationSet) throws -> [(rowID: Int64, line: SavedLine)] {
        let currency = count.currency
        let set = try definitions(currency)
        func value(_ line: Stored, size: Int64) throws(TillError) -> Int64 {
            do {
                return try CheckedCount.product(try CheckedCount.product(line.item.minorUnits, line.quantity, what: "value"), size, what: "value")
            } catch {
                throw .savedCountTooLarge(countID: count.id, reason: "\(error)")
            }
        }
        var known: [Int64: SavedLine] = [:]  // by row id
        var unknownRolls: [Stored] = []
        for line in stored {
            if let size = line.rollSize, let lineValue = line.value {
                known[line.rowID] = SavedLine(item: line.item, quantity: line.quantity, rollSize: size, packaging: line.packaging ?? .roll,
                                              valueMinorUnits: lineValue, sizeSource: line.source ?? .saved, token: line.token, label: line.label)
            } else if line.item.kind != .roll {
                known[line.rowID] = SavedLine(item: line.item, quantity: line.quantity, rollSize: 1, packaging: .roll,
                                              valueMinorUnits: try value(line, size: 1), sizeSource: .saved,
                                              token: line.item.token(in: set, currency: currency), label: TillSummary.label(line.item, set: set, currency: currency))
            } else {
                unknownRolls.append(line)
            }
        }
        var sizes: [Int64: (size: Int64, source: SavedLine.SizeSource)] = [:]
        if !unknownRolls.isEmpty {
            let knownSum = try? CheckedCount.sum(known.values.map(\.valueMinorUnits), what: "total")
            let rest = knownSum.flatMap { count.total.minorUnits.subtractingReportingOverflow($0).overflow ? nil : count.total.minorUnits - $0 }
            func defined(_ line: Stored) -> Int64? { set.rolls.first { $0.coinMinorUnits == line.item.minorUnits }?.count }
            /// The size of `line` that makes `remainder` exactly, if there is one in range.
            func sizeFor(_ line: Stored, remainder: Int64) -> Int64? {
                guard remainder > 0, let unit = try? CheckedCount.product(line.item.minorUnits, line.quantity, what: "unit"), unit > 0,
                    remainder % unit == 0, TillState.rollSizes.contains(remainder / unit) else { return nil }
                return remainder / unit
            }
            func valueWith(_ line: Stored, _ size: Int64) -> Int64? { try? value(line, size: size) }
            if let rest, unknownRolls.count == 1, let size = sizeFor(unknownRolls[0], remainder: rest) {
                sizes[unknownRolls[0].rowID] = (size, .total)
            } else if let rest, unknownRolls.count > 1 {
                let definedValues = unknownRolls.map { line in defined(line).flatMap { valueWith(line, $0) } }
                if definedValues.allSatisfy({ $0 != nil }), (try? CheckedCount.sum(definedValues.compactMap { $0 }, what: "rolls")) == rest {
                    for line in unknownRolls { sizes[line.rowID] = (defined(line) ?? 1, .total) }
                } else {
                    // All but one as defined, that one from the total: used when exactly one way works.
                    var ways: [(Int, Int64)] = []
                    for (index, line) in unknownRolls.enumerated() {
                        let others = definedValues.enumerated().filter { $0.offset != index }.map(\.element)
                        guard others.allSatisfy({ $0 != nil }), let othersSum = try? CheckedCount.sum(others.compactMap { $0 }, what: "rolls"),
                            !rest.subtractingReportingOverflow(othersSum).overflow, let size = sizeFor(line, remainder: rest - othersSum)
                        else { continue }
                        ways.append((index, size))
                    }
                    if ways.count == 1 {
                        for (index, line) in unknownRolls.enumerated() {
                            sizes[line.rowID] = (index == ways[0].0 ? ways[0].1 : defined(line) ?? 1, .total)
                        }
                    }
                }
            }
            for line in unknownRolls where sizes[line.rowID] == nil {
                guard let size = defined(line) else {
                    throw TillError.rollSizeUnknown(countID: count.id, token: line.item.token(in: set, currency: currency))
                }
                sizes[line.rowID] = (size, .definitions)
            }
        }
        return try stored.map { line in
            if let done = known[line.rowID] { return (line.rowID, done) }
            let (size, source) = sizes[line.rowID] ?? (1, .definitions)
            let packaging = set.rolls.first { $0.coinMinorUnits == line.item.minorUnits }?.packaging ?? .roll
            let roll = CoinRoll(coinMinorUnits: line.item.minorUnits, count: size, packaging: packaging)
            return (line.rowID, SavedLine(item: line.item, quantity: line.quantity, rollSize: size, packaging: packaging,
                                          valueMinorUnits: try value(line, size: size), sizeSource: source,
                                          token: line.item.token(in: set, currency: currency), label: TillSummary.label(line.item, set: set, currency: currency, roll: roll)))
        }
    }
}
