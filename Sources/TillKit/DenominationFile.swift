// The user's own denominations and roll sizes, per currency, read from
// $XDG_CONFIG_HOME/tillcount/denominations.json (see FILES in tillcount(1)):
//   {"format": "tillcount-denominations", "version": 1, "content": {
//     "NOK": {"rolls": [{"coin": "20", "count": 25, "packaging": "roll"}],
//             "add": [{"kind": "coin", "value": "0.50", "label": "50 øre"}],
//             "remove": [{"kind": "note", "value": "1000"}],
//             "weights": [{"coin": "20", "grams": "9.9"}]}}}
// "weights" (the mass of one coin in grams, for counting by weight) came later; files
// without it read as before, and it is still version 1: an entry an older build does not
// know is not read by it.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// The user's denominations file: overrides of the built-in sets, by currency code.
public struct DenominationFile: StoredDocument {
    /// The format name written into the file.
    public static let formatName = "tillcount-denominations"
    /// The format version this build reads and writes.
    public static let formatVersion = 1

    /// The raw entries by currency code; checked when a currency is used.
    public var currencies: [String: JSONValue] = [:]

    /// A file that says nothing about any currency.
    public init() {}

    /// Reads the file's content: an object of currency codes; each entry is checked when used.
    /// - Throws: `StoredContentError` when the content is not an object.
    public init(storedContent: JSONValue, version: Int) throws(StoredContentError) {
        guard let members = storedContent.objectValue else { throw StoredContentError("the content is not an object of currencies") }
        for (code, value) in members { currencies[code.uppercased()] = value }
    }

    /// The content as written back: the entries by code, sorted.
    public var storedContent: JSONValue { .object(currencies.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) }

    /// The override for `currency`, or nil when the file says nothing about it.
    /// - Throws: `StoreError.corrupt` naming `path` and the currency when its entry is malformed.
    public func override(for currency: Currency, path: String) throws -> DenominationOverride? {
        guard let entry = currencies[currency.code] else { return nil }
        do {
            return try Self.parse(entry, currency: currency)
        } catch {
            throw StoreError.corrupt(path: path, reason: "\(currency.code): \(error.message)")
        }
    }

    private static func parse(_ entry: JSONValue, currency: Currency) throws(StoredContentError) -> DenominationOverride {
        let fields = try JSONFields(entry, place: currency.code)
        func amount(_ text: String, _ place: String) throws(StoredContentError) -> Int64 {
            guard let money = try? Money.parse(text, currency: currency), money.minorUnits > 0 else {
                throw StoredContentError("\(place): '\(text)' is not a positive \(currency.code) amount")
            }
            return money.minorUnits
        }
        func kind(_ text: String, _ place: String) throws(StoredContentError) -> Denomination.Kind {
            guard let kind = Denomination.Kind(rawValue: text) else { throw StoredContentError("\(place): kind must be note or coin") }
            return kind
        }
        func list(_ key: String) throws(StoredContentError) -> [JSONValue] {
            guard let value = fields.optional(key) else { return [] }
            guard let items = value.arrayValue else { throw StoredContentError("'\(key)' is not a list") }
            return items
        }
        var override = DenominationOverride()
        for (index, value) in try list("rolls").enumerated() {
            let place = "rolls[\(index)]"
            let roll = try JSONFields(value, place: place)
            let count = try roll.int64("count")
            guard (1...100_000).contains(count) else { throw StoredContentError("\(place): count must be 1 to 100000") }
            let packagingText = roll.optional("packaging").map { $0.stringValue ?? "" } ?? "roll"
            guard let packaging = CoinRoll.Packaging(rawValue: packagingText) else {
                throw StoredContentError("\(place): packaging must be roll or bag")
            }
            let coin = try amount(try roll.string("coin"), place)
            guard !override.rolls.contains(where: { $0.coinMinorUnits == coin }) else {
                throw StoredContentError("\(place): a second roll of the same coin")
            }
            override.rolls.append(CoinRoll(coinMinorUnits: coin, count: count, packaging: packaging))
        }
        for (index, value) in try list("add").enumerated() {
            let place = "add[\(index)]"
            let added = try JSONFields(value, place: place)
            let minor = try amount(try added.string("value"), place)
            let addedKind = try kind(try added.string("kind"), place)
            var label = Money.plainString(minorUnits: minor, exponent: currency.minorUnitExponent)
            if let given = added.optional("label") {
                guard let text = given.stringValue, !text.isEmpty else { throw StoredContentError("\(place): label must be text") }
                label = text
            }
            guard !override.denominations.contains(where: { $0.kind == addedKind && $0.minorUnits == minor }) else {
                throw StoredContentError("\(place): the same \(addedKind.rawValue) twice")
            }
            override.denominations.append(Denomination(addedKind, minor, label: label))
        }
        for (index, value) in try list("remove").enumerated() {
            let place = "remove[\(index)]"
            let removed = try JSONFields(value, place: place)
            override.remove.append(.init(kind: try kind(try removed.string("kind"), place), minorUnits: try amount(try removed.string("value"), place)))
        }
        override.masses = try CoinWeightEntries.parse(try list("weights"), amount: amount)
        return override
    }
}

/// The denominations the tool counts with: the built-in set of each currency with the
/// user's denominations file applied (the file is read on each call).
public struct FileDenominationSource: DenominationSource {
    /// The denominations file, read on each call.
    public let file: JSONFileStore<DenominationFile>

    /// A source reading `file`.
    public init(file: JSONFileStore<DenominationFile>) {
        self.file = file
    }

    /// The built-in set of `currency` with the file's override applied.
    /// - Throws: `StoreError` when the file cannot be read or its entry is malformed.
    public func denominations(for currency: Currency) throws -> DenominationSet {
        let base = DenominationSet.tillDefault(for: currency)
        guard let override = try file.load().override(for: currency, path: file.path) else { return base }
        let merged = base.merging(override)
        try CoinWeightEntries.check(override, in: merged, path: file.path)
        return merged
    }
}
