// What a till holds a quantity of: a note, a coin, or a roll/bag of a coin.

import MoneyKit

/// A note, a coin, or a roll (or bag) of a coin, by face value.
public struct TillItem: Hashable, Comparable, Sendable {
    /// What kind of item.
    public enum Kind: String, CaseIterable, Sendable {
        /// A note, a loose coin, a roll or bag of coins.
        case note, coin, roll
    }

    /// Note, coin or roll.
    public let kind: Kind
    /// The face value in minor units (for a roll: of one coin).
    public let minorUnits: Int64

    /// The item of `kind` with face value `minorUnits`.
    public init(kind: Kind, minorUnits: Int64) {
        self.kind = kind
        self.minorUnits = minorUnits
    }

    /// Loose before rolls; highest value first; a note before a coin of the same value.
    public static func < (a: TillItem, b: TillItem) -> Bool {
        if (a.kind == .roll) != (b.kind == .roll) { return b.kind == .roll }
        if a.minorUnits != b.minorUnits { return a.minorUnits > b.minorUnits }
        return a.kind == .note && b.kind == .coin
    }

    /// The canonical token: `20`, `0.50`, `coin:1` (only where a note has that value too),
    /// `roll:0.25`.
    public func token(in set: DenominationSet, currency: Currency) -> String {
        // Whole values without decimals (20, roll:1), others with all of them (0.50).
        let whole = minorUnits % currency.minorUnitsPerMajor == 0
        let value = whole ? String(minorUnits / currency.minorUnitsPerMajor)
            : Money.plainString(minorUnits: minorUnits, exponent: currency.minorUnitExponent)
        switch kind {
        case .roll: return "roll:" + value
        case .note: return value
        case .coin:
            let noteToo = set.denominations.contains { $0.kind == .note && $0.minorUnits == minorUnits }
            return noteToo ? "coin:" + value : value
        }
    }
}
