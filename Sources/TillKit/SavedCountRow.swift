// A saved count's header as every history adapter reads it from a row (SQLite and
// PostgreSQL map their values to TillRowValue): one reader, every invariant checked.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// A column's value as a history adapter reads it from a row.
package enum TillRowValue: Equatable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

/// Reading a saved count's header from its row.
package enum SavedCountRow {
    /// The columns a saved count's header is read from, in `savedCount(from:path:)`'s order.
    package static let headerColumns = versionFourColumns + ", movements, tolerance"
    /// The header columns of schema version 4 (before movements and tolerance).
    package static let versionFourColumns = "id, saved_at, label, currency, total, float, expected, notes, till, kind, z_number"

    /// A saved count's header from its row (`headerColumns`' order), every invariant
    /// checked; `path` names the store in errors (the PostgreSQL adapter reads the same way).
    package static func savedCount(from row: [TillRowValue], path: String) throws -> SavedCount {
        func corrupt(_ what: String) -> StoreError {
            StoreError.corrupt(path: path, reason: "a saved count \(what)")
        }
        guard row.count == 13, case .integer(let id) = row[0] else { throw corrupt("has no id") }
        guard case .text(let savedAt) = row[1], case .text(let code) = row[3], case .integer(let total) = row[4],
            case .integer(let float) = row[5], case .text(let notes) = row[7]
        else { throw StoreError.corrupt(path: path, reason: "saved count \(id) has unexpected values") }
        guard let currency = Currency(code: code) else {
            throw StoreError.corrupt(path: path, reason: "saved count \(id) has an unknown currency '\(code)'")
        }
        var expected: Money?
        switch row[6] {
        case .integer(let value): expected = Money(minorUnits: value, currency: currency)
        case .null: break
        default: throw StoreError.corrupt(path: path, reason: "saved count \(id) has an expected amount that is not a whole number")
        }
        var label: String?
        switch row[2] {
        case .text(let text): label = text
        case .null: break
        default: throw StoreError.corrupt(path: path, reason: "saved count \(id) has a label that is not text")
        }
        guard case .text(let till) = row[8], !till.isEmpty, case .text(let kindText) = row[9], let kind = SavedCount.Kind(rawValue: kindText) else {
            throw StoreError.corrupt(path: path, reason: "saved count \(id) has no till or kind (x or z)")
        }
        var zNumber: Int64?
        switch (kind, row[10]) {
        case (.z, .integer(let number)) where number > 0: zNumber = number
        case (.x, .null): break
        default: throw StoreError.corrupt(path: path, reason: "saved count \(id) has a Z number that does not fit its kind")
        }
        var movementsText: String?
        switch row[11] {
        case .text(let text): movementsText = text
        case .null: break
        default: throw StoreError.corrupt(path: path, reason: "saved count \(id) has movements that are not text")
        }
        let movements: [TillMovement]
        do {
            movements = try SavedMovementsText.movements(movementsText, currency: currency, place: "saved count \(id)")
        } catch {
            throw StoreError.corrupt(path: path, reason: error.message)
        }
        var tolerance: Money?
        switch row[12] {
        case .integer(let value): tolerance = Money(minorUnits: value, currency: currency)
        case .null: break
        default: throw StoreError.corrupt(path: path, reason: "saved count \(id) has a tolerance that is not a whole number")
        }
        let count = SavedCount(
            id: id, savedAt: savedAt, label: label, currency: currency, total: Money(minorUnits: total, currency: currency),
            float: Money(minorUnits: float, currency: currency), expected: expected,
            notes: notes.isEmpty ? [] : notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
            lines: [], till: till, kind: kind, zNumber: zNumber, movements: movements, tolerance: tolerance)
        // The rules every store keeps, checked as Till.save checks them before filing.
        if let fault = count.invariantFault { throw StoreError.corrupt(path: path, reason: "saved count \(id) \(fault)") }
        return count
    }

    /// `counts` as edited since they were saved: the newest label row of each (a nil
    /// label clears it) and its added notes, oldest first.
    package static func edited(_ counts: [SavedCount], labels: [Int64: String?], notes: [Int64: [SavedNote]]) -> [SavedCount] {
        counts.map { count in
            var edited = count
            if let label = labels[count.id] { edited.label = label }
            edited.addedNotes = notes[count.id] ?? []
            return edited
        }
    }
}
