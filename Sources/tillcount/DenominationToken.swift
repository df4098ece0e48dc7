// The denomination token grammar: how people name a note, a coin or a roll on the
// command line.
//
//   50, 20, 1, 0.50, 0.05     a face value in major units (the note when a note and a
//                             coin share the value, as the US $1 does)
//   note:1, coin:1            the kind made explicit
//   roll:0.25, bag:1          a roll or bag of that coin
//   50p, 25c, 25¢, 5rp        minor units with the usual suffix
//   £20, $1, €2, kr20, ¥500   a leading symbol or code of the till's currency

import MoneyKit
import MoneyKitCLI
import MoneyKitFormatting

/// What a till holds a quantity of: a note, a coin, or a roll/bag of a coin.
struct TillItem: Hashable, Comparable {
    enum Kind: String, CaseIterable {
        case note, coin, roll
    }

    let kind: Kind
    /// The face value in minor units (for a roll: of one coin).
    let minorUnits: Int64

    /// Loose before rolls; highest value first; a note before a coin of the same value.
    static func < (a: TillItem, b: TillItem) -> Bool {
        if (a.kind == .roll) != (b.kind == .roll) { return b.kind == .roll }
        if a.minorUnits != b.minorUnits { return a.minorUnits > b.minorUnits }
        return a.kind == .note && b.kind == .coin
    }

    /// The canonical token: `20`, `0.50`, `coin:1` (only where a note has that value too),
    /// `roll:0.25`.
    func token(in set: DenominationSet, currency: Currency) -> String {
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

enum DenominationToken {
    /// The item `text` names in `set`, or an error naming the token and what is known.
    static func parse(_ text: String, set: DenominationSet, currency: Currency) throws(CLIError) -> TillItem {
        let original = text
        var rest = text.trimmingSpaces.lowercased()
        var kind: TillItem.Kind?
        for (prefix, named) in [("roll:", TillItem.Kind.roll), ("bag:", .roll), ("note:", .note), ("coin:", .coin)] where rest.hasPrefix(prefix) {
            kind = named
            rest = String(rest.dropFirst(prefix.count))
            break
        }
        guard let minorUnits = faceValue(rest, currency: currency) else {
            throw CLIError.data(
                "invalid denomination '\(original)': expected a face value such as 20 or 0.50, or roll:0.25",
                hint: "see 'tillcount denominations' for the tokens of \(currency.code)")
        }
        let known = knownTokens(set: set, currency: currency)
        func unknown(_ what: String) -> CLIError {
            let hint = Suggestions.closest(to: original, among: known).map { "did you mean '\($0)'?" }
                ?? "see 'tillcount denominations --currency \(currency.code)' for the tokens"
            return CLIError("\(what) '\(original)' in \(currency.code)", hint: hint, exitCode: .noInput)
        }
        switch kind {
        case .roll?:
            guard set.rolls.contains(where: { $0.coinMinorUnits == minorUnits }) else {
                if let coin = set.denominations.first(where: { $0.kind == .coin && $0.minorUnits == minorUnits }) {
                    // The label says "coin" itself where a note shares the value ("$1 coin").
                    let label = set.displayLabel(for: coin, currency: currency)
                    throw CLIError(
                        "no roll size is known for the \(label.hasSuffix(" coin") ? label : label + " coin") in \(currency.code)",
                        hint: (set.rollNote.map { $0 + " " } ?? "") + "Define one in the denominations file (see FILES in tillcount(1)).",
                        exitCode: .noInput)
                }
                throw unknown("no coin roll")
            }
            return TillItem(kind: .roll, minorUnits: minorUnits)
        case let explicit?:
            guard set.denominations.contains(where: { $0.kind.rawValue == explicit.rawValue && $0.minorUnits == minorUnits }) else {
                throw unknown("no \(explicit.rawValue)")
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
            throw unknown("no note or coin")
        }
    }

    /// The face value of `text` in minor units: `0.50`, `50p`, `25c`, `£20`, `kr20`.
    static func faceValue(_ text: String, currency: Currency) -> Int64? {
        var body = text
        let symbols = ["£", "$", "€", "¥", "￥", "kr", "ksh", "fr.", "fr", "chf", currency.code.lowercased()]
        for symbol in symbols where body.hasPrefix(symbol) && body.count > symbol.count {
            body = String(body.dropFirst(symbol.count)).trimmingSpaces
            // One symbol only: "££5" is not a denomination.
            guard let first = body.first, first.isASCII, first.isNumber || first == "." else { return nil }
            break
        }
        // Minor-unit suffixes: 50p, 25c, 25¢, 10rp, 50 øre.
        for suffix in ["p", "c", "¢", "rp", "øre", "ct"] where body.hasSuffix(suffix) && body.count > suffix.count {
            let digits = String(body.dropLast(suffix.count)).trimmingSpaces
            guard currency.minorUnitExponent > 0, !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int64(digits), value > 0 else { return nil }
            return value
        }
        guard let money = try? Money.parse(body, currency: currency), money.minorUnits > 0 else { return nil }
        return money.minorUnits
    }

    /// Every canonical token of the set, for suggestions and completion.
    static func knownTokens(set: DenominationSet, currency: Currency) -> [String] {
        let loose = set.denominations.map {
            TillItem(kind: $0.kind == .note ? .note : .coin, minorUnits: $0.minorUnits).token(in: set, currency: currency)
        }
        let rolls = set.rolls.map { TillItem(kind: .roll, minorUnits: $0.coinMinorUnits).token(in: set, currency: currency) }
        return loose + rolls
    }
}
