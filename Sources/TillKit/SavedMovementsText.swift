// The movements of a saved count as its history row keeps them (schema version 5; the
// column `movements` of counts, in SQLite and PostgreSQL alike): the live count file's
// own form of each entry, as a JSON array ([{"kind", "amount", "reason", "at"}], amounts
// with the currency's decimals), NULL when none were recorded. Read back with the same
// checks as the live count file (TillMovement(json:)), so a row the tool could not have
// written is refused.

import MoneyKit
import MoneyKitStorage

/// Saved movements as text and back (see the top of this file).
package enum SavedMovementsText {
    /// The column's text for `movements` in `currency`; nil (NULL) for none.
    package static func text(_ movements: [TillMovement], currency: Currency) -> String? {
        guard !movements.isEmpty else { return nil }
        return JSONValue.array(movements.map { $0.json(exponent: currency.minorUnitExponent) }).serialized()
    }

    /// The movements the column's `text` holds (nil: none).
    /// - Throws: `StoredContentError` naming what is wrong (not JSON, not a list, an entry
    ///   that breaks a rule).
    package static func movements(_ text: String?, currency: Currency, place: String) throws(StoredContentError) -> [TillMovement] {
        guard let text else { return [] }
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw StoredContentError("the movements of \(place) are not JSON")
        }
        guard let entries = value.arrayValue else { throw StoredContentError("the movements of \(place) are not a list") }
        guard entries.count <= TillMovement.limit else {
            throw StoredContentError("\(place) holds more than \(TillMovement.limit) movements")
        }
        var movements: [TillMovement] = []
        for (index, entry) in entries.enumerated() {
            movements.append(try TillMovement(json: entry, place: "movement \(index + 1) of \(place)", exponent: currency.minorUnitExponent))
        }
        return movements
    }
}
