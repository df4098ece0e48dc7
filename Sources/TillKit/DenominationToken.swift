// The denomination token grammar: how people name a note, a coin or a roll.
//
//   50, 20, 1, 0.50, 0.05     a face value in major units (the note when a note and a
//                             coin share the value, as the US $1 does)
//   note:1, coin:1            the kind made explicit
//   roll:0.25, bag:1          a roll or bag of that coin
//   50p, 25c, 25¢, 5rp        minor units with the usual suffix
//   £20, $1, €2, kr20, ¥500   a leading symbol or code of the till's currency (another
//                             currency's, as £20 on a EUR till, is refused)
//   ₹10, HK$10, R$5, Rp1000   the own symbol of the currencies added in issue 15

import MoneyKit
import MoneyKitPlatform
import MoneyKitFormatting

/// The grammar people name a note, coin or roll with (see the top of this file).
public enum DenominationToken {
    /// The item `text` names in `set`.
    /// - Throws: `TillError.invalidDenomination` (not a face value), `.unknownDenomination`
    ///   (no such note, coin or roll), `.noRollSize` (a coin without a roll size).
    public static func parse(_ text: String, set: DenominationSet, currency: Currency) throws(TillError) -> TillItem {
        let original = text
        var rest = text.trimmingSpaces.lowercased()
        var kind: TillItem.Kind?
        for (prefix, named) in [("roll:", TillItem.Kind.roll), ("bag:", .roll), ("note:", .note), ("coin:", .coin)] where rest.hasPrefix(prefix) {
            kind = named
            rest = String(rest.dropFirst(prefix.count))
            break
        }
        guard let minorUnits = faceValue(rest, currency: currency) else {
            throw .invalidDenomination(token: original, currency: currency)
        }
        func unknown(_ kind: TillItem.Kind?) -> TillError {
            .unknownDenomination(token: original, kind: kind, currency: currency, known: knownTokens(set: set, currency: currency))
        }
        switch kind {
        case .roll?:
            guard set.rolls.contains(where: { $0.coinMinorUnits == minorUnits }) else {
                if let coin = set.denominations.first(where: { $0.kind == .coin && $0.minorUnits == minorUnits }) {
                    throw .noRollSize(coinLabel: set.displayLabel(for: coin, currency: currency), currency: currency, rollNote: set.rollNote)
                }
                throw unknown(.roll)
            }
            return TillItem(kind: .roll, minorUnits: minorUnits)
        case let explicit?:
            guard set.denominations.contains(where: { $0.kind.rawValue == explicit.rawValue && $0.minorUnits == minorUnits }) else {
                throw unknown(explicit)
            }
            return TillItem(kind: explicit, minorUnits: minorUnits)
        case nil:
            // The bare value means the note when there is one, else the coin.
            if set.denominations.contains(where: { $0.kind == .note && $0.minorUnits == minorUnits }) {
                return TillItem(kind: .note, minorUnits: minorUnits)
            }
            if set.denominations.contains(where: { $0.kind == .coin && $0.minorUnits == minorUnits }) {
                return TillItem(kind: .coin, minorUnits: minorUnits)
            }
            throw unknown(nil)
        }
    }

    /// The face value of `text` in minor units: `0.50`, `50p`, `25c`, `£20`, `kr20`.
    public static func faceValue(_ text: String, currency: Currency) -> Int64? {
        var body = text
        // The currency's own symbol first (HK$ before $), then the common ones.
        let symbols = (ownSymbols[currency.code] ?? [])
            + ["£", "$", "€", "¥", "￥", "kr", "ksh", "fr.", "fr", "chf", currency.code.lowercased()]
        // Another currency's symbol stays, for Money.parse to refuse: £20 is no EUR note.
        for symbol in symbols where body.hasPrefix(symbol) && body.count > symbol.count && !currency.isOtherCurrencyMark(symbol) {
            body = body.dropFirst(symbol.count).trimmingSpaces
            // One symbol only: "££5" is not a denomination.
            guard let first = body.first, first.isASCII, first.isNumber || first == "." else { return nil }
            break
        }
        // Minor-unit suffixes: 50p, 25c, 25¢, 10rp, 50 øre.
        // Longer suffixes first: "5rp" ends in "p" too, and was refused as "5r" pence.
        for suffix in ["rp", "øre", "ct", "p", "c", "¢"] where body.hasSuffix(suffix) && body.count > suffix.count {
            let digits = body.dropLast(suffix.count).trimmingSpaces
            guard currency.minorUnitExponent > 0, !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int64(digits), value > 0 else { return nil }
            return value
        }
        guard let money = try? Money.parse(body, currency: currency), money.minorUnits > 0 else { return nil }
        return money.minorUnits
    }

    /// Symbols a currency's amounts are written with, read only in that currency (issue 15):
    /// "rp" is the rupiah's, never a Swiss "Rp." amount.
    static let ownSymbols: [String: [String]] = [
        "INR": ["₹"], "KRW": ["₩"], "TRY": ["₺"], "ILS": ["₪"], "THB": ["฿"], "PHP": ["₱"],
        "HKD": ["hk$"], "SGD": ["s$"], "BRL": ["r$"], "MYR": ["rm"], "IDR": ["rp"],
    ]

    /// Every canonical token of the set, for suggestions and completion.
    public static func knownTokens(set: DenominationSet, currency: Currency) -> [String] {
        let loose = set.denominations.map {
            TillItem(kind: $0.kind == .note ? .note : .coin, minorUnits: $0.minorUnits).token(in: set, currency: currency)
        }
        let rolls = set.rolls.map { TillItem(kind: .roll, minorUnits: $0.coinMinorUnits).token(in: set, currency: currency) }
        return loose + rolls
    }
}
