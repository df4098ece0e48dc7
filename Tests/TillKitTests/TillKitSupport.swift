// What the TillKit tests share: a till on the in-memory adapters, and amounts by text.

import Foundation
import MoneyKit
import TillKit

enum Fixture {
    static let gbp = Currency(code: "GBP")!
    static let usd = Currency(code: "USD")!

    /// A till whose live count, history and denominations are kept in memory.
    static func till(
        _ state: TillState = TillState(), history: InMemoryTillHistory = InMemoryTillHistory(),
        overrides: [String: DenominationOverride] = [:]
    ) -> (Till, InMemoryTillRepository, InMemoryTillHistory) {
        let live = InMemoryTillRepository(state)
        return (Till(live: live, history: history, denominations: InMemoryDenominations(overrides: overrides)), live, history)
    }

    /// Working in `currency` (as --currency would ask); nil: the count's own, else GBP.
    static func choice(_ currency: Currency? = nil) -> CurrencyChoice {
        CurrencyChoice(asked: currency, fallback: gbp)
    }

    static func money(_ text: String, _ currency: Currency = gbp) -> Money {
        (try? Money.parse(text, currency: currency)) ?? Money.zero(currency)
    }

    static func set(_ currency: Currency) -> DenominationSet {
        DenominationSet.tillDefault(for: currency)
    }

    /// Requests for "TOKEN=QTY" words, as the command line gives them.
    static func requests(_ words: [String]) -> (DenominationSet, Currency) throws -> [Till.QuantityRequest] {
        { set, currency in
            try words.map { word in
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                let quantity = parts.count == 2 ? Int64(parts[1]) ?? 0 : 1
                return Till.QuantityRequest(token: parts[0], item: try DenominationToken.parse(parts[0], set: set, currency: currency), quantity: quantity)
            }
        }
    }

    /// Adds `words` to the till's live count.
    @discardableResult
    static func add(_ till: Till, _ words: String..., action: String = "add") throws -> TillSummary {
        try till.adjust(.add, action: action, currency: choice(), requests: requests(words))
    }

    /// The live count's quantities by canonical token.
    static func quantities(_ till: Till) throws -> [String: Int64] {
        let (_, summary) = try till.summary(choice())
        return Dictionary(uniqueKeysWithValues: summary.counted.map { ($0.token, $0.quantity) })
    }

    /// A new empty folder for files a test makes.
    static func temporaryFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tillkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
