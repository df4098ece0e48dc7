// Counting by value instead of by piece (weighed coins): how many of a denomination make
// an amount exactly, "0.20 --value 12.40" being 62 coins of 20p.

import MoneyKit

/// How many pieces make an amount.
public enum QuantityByValue {
    /// How many of `item` (one roll counting as its coins) make `value` exactly; `text` is
    /// the amount as given, for the error.
    /// - Throws: `TillError.valueDenominationTooLarge`, `.negativeValue`, `.valueNotWhole`
    ///   (naming the nearest amounts that are whole).
    public static func quantity(of item: TillItem, worth value: Money, text: String, set: DenominationSet, currency: Currency) throws(TillError) -> Int64 {
        let perUnit = item.kind == .roll ? (set.rolls.first { $0.coinMinorUnits == item.minorUnits }?.count ?? 1) : 1
        let (unit, overflow) = item.minorUnits.multipliedReportingOverflow(by: perUnit)
        guard !overflow, unit > 0 else { throw .valueDenominationTooLarge }
        guard value.minorUnits >= 0 else { throw .negativeValue(text: text) }
        guard value.minorUnits % unit == 0 else {
            let below = value.minorUnits / unit * unit
            let (above, over) = below.addingReportingOverflow(unit)
            throw .valueNotWhole(
                text: text, label: TillSummary.label(item, set: set, currency: currency),
                below: Money(minorUnits: below, currency: currency), above: over ? nil : Money(minorUnits: above, currency: currency))
        }
        return value.minorUnits / unit
    }
}
