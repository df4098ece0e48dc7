// The "weights" list of the denominations file: the mass of one coin, to count it by
// weight, for a coin without a built-in mass or to replace one:
//   "weights": [{"coin": "0.20", "grams": "5.00"}]
// grams as a string or a JSON number, read exactly (MassText: at most 3 decimals).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// Reading and checking the denominations file's coin weights.
enum CoinWeightEntries {
    /// The masses `items` give; `amount` reads a face value of the file's currency.
    /// - Throws: `StoredContentError` naming the entry: a bad coin or weight, a coin twice.
    static func parse(
        _ items: [JSONValue], amount: (String, String) throws(StoredContentError) -> Int64
    ) throws(StoredContentError) -> [CoinMass] {
        var masses: [CoinMass] = []
        for (index, value) in items.enumerated() {
            let place = "weights[\(index)]"
            let entry = try JSONFields(value, place: place)
            let coin = try amount(try entry.string("coin"), place)
            let text: String
            switch entry.value("grams") {
            case .string(let given)?: text = given
            case .number(let given)?: text = given
            default: throw StoredContentError("\(place): missing 'grams', the weight of one coin (e.g. \"5.00\")")
            }
            guard let grams = MassText.milligrams(text), grams.milligrams > 0, grams.milligrams <= CoinMass.largestMilligrams else {
                throw StoredContentError("\(place): grams '\(text)' is not a weight above 0 and at most \(MassText.grams(CoinMass.largestMilligrams)) g with at most 3 decimals")
            }
            guard !masses.contains(where: { $0.coinMinorUnits == coin }) else {
                throw StoredContentError("\(place): a second weight for the same coin")
            }
            masses.append(CoinMass(coinMinorUnits: coin, milligrams: grams.milligrams))
        }
        return masses
    }

    /// Checks that every weight `override` gives is for a coin of `set`.
    /// - Throws: `StoreError.corrupt` naming `path`, the currency and the entry.
    static func check(_ override: DenominationOverride, in set: DenominationSet, path: String) throws {
        for (index, mass) in override.masses.enumerated()
        where !set.denominations.contains(where: { $0.kind == .coin && $0.minorUnits == mass.coinMinorUnits }) {
            let value = Money.plainString(minorUnits: mass.coinMinorUnits, exponent: Currency(code: set.currencyCode)?.minorUnitExponent ?? 2)
            throw StoreError.corrupt(
                path: path, reason: "\(set.currencyCode): weights[\(index)]: there is no \(value) coin in \(set.currencyCode) (add it under \"add\" first)")
        }
    }
}
