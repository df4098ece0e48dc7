// The expected-cash fields of the live count file (format version 3 and later; optional keys,
// written only when set, so a count without them is written byte for byte as before):
//   movements:  [{"kind", "amount", "reason", "at"}]  (TillMovement.swift), at most 1,000
//   blind:      true          (absent: false)
//   tolerance:  "1.00"        (absent: none; 0 or more)
// Read in the live count and in every undo snapshot. Every rule a command keeps is
// checked on reading (kinds, amounts, reasons, the limit, an expected cash that adds up):
// a file that breaks one is refused, never used.

import MoneyKit
import MoneyKitStorage

extension TillState {
    /// Reads the expected-cash fields of `fields` (at `place`; amounts with `exponent` decimals).
    /// - Throws: `StoredContentError` naming what breaks a rule.
    mutating func readCashFields(_ fields: JSONFields, place: String, exponent: Int) throws(StoredContentError) {
        if let list = fields.value("movements") {
            guard let entries = list.arrayValue else { throw StoredContentError("'movements' in \(place) is not a list") }
            guard entries.count <= TillMovement.limit else {
                throw StoredContentError("'movements' in \(place) holds more than \(TillMovement.limit) entries")
            }
            for (index, entry) in entries.enumerated() {
                movements.append(try TillMovement(json: entry, place: "\(place).movements[\(index)]", exponent: exponent))
            }
            // float + sales + paid in − paid out − refunds − drops must fit, as every command needs it.
            let currency = currencyCode.flatMap(Currency.init(code:)) ?? Currency(code: "USD")
            if let currency, (try? ExpectedCash(state: self, currency: currency)) == nil {
                throw StoredContentError("the movements in \(place) are too large: the expected cash does not fit in 64 bits")
            }
        }
        if let blind = fields.value("blind") {
            guard case .bool(let value) = blind else { throw StoredContentError("'blind' in \(place) is not true or false") }
            isBlind = value
        }
        if let tolerance = fields.value("tolerance") {
            guard let text = tolerance.stringValue, let value = try? DecimalText(parsing: text),
                let minor = try? value.scaled(to: exponent, input: text), minor >= 0 else {
                throw StoredContentError("'tolerance' in \(place) is not an amount of 0 or more")
            }
            toleranceMinorUnits = minor
        }
    }

    /// The expected-cash fields as written: only those that are set.
    func cashFieldsJSON(exponent: Int) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if !movements.isEmpty { members.append(("movements", .array(movements.map { $0.json(exponent: exponent) }))) }
        if isBlind { members.append(("blind", .bool(true))) }
        if let toleranceMinorUnits {
            members.append(("tolerance", .string(Money.plainString(minorUnits: toleranceMinorUnits, exponent: exponent))))
        }
        return members
    }
}
