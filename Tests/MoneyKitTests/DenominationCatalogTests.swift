// Every built-in set holds together (issue 15, item 14): values unique, ordered and valid
// for the currency, rolls and masses for coins of the set, and a word on rolls, weights
// and sources for people. The 30 most used currencies are there.

import Foundation
import MoneyKit
import Testing

private let codes = DenominationSet.builtInCurrencyCodes

private struct NoSet: Error { let code: String }

/// The built-in set of `code`.
private func builtIn(_ code: String) throws -> DenominationSet {
    guard let currency = Currency(code: code), let set = DenominationSet.builtIn(for: currency) else { throw NoSet(code: code) }
    return set
}

@Suite struct DenominationCatalogTests {
    @Test func theThirtyMostUsedCurrenciesHaveSets() {
        // The BIS triennial survey's most traded currencies, and the ones issue 15 names.
        let required = [
            "USD", "EUR", "JPY", "GBP", "CNY", "AUD", "CAD", "CHF", "HKD", "SGD", "SEK", "KRW", "NOK", "NZD", "INR",
            "MXN", "TWD", "ZAR", "BRL", "DKK", "PLN", "THB", "ILS", "IDR", "CZK", "AED", "TRY", "HUF", "CLP", "SAR",
            "PHP", "MYR",
        ]
        #expect(Set(required).isSubset(of: Set(codes)), "missing: \(Set(required).subtracting(codes).sorted())")
        #expect(codes == codes.sorted() && Set(codes).count == codes.count)
        #expect(codes.count >= 30)
    }

    @Test(arguments: codes)
    func notesAndCoinsAreUniqueOrderedAndValid(code: String) throws {
        let currency = try #require(Currency(code: code))
        let set = try #require(DenominationSet.builtIn(for: currency))
        #expect(set.currencyCode == code)
        #expect(!set.denominations.isEmpty)
        #expect(set.denominations.contains { $0.kind == .note } && set.denominations.contains { $0.kind == .coin })
        for (higher, lower) in zip(set.denominations, set.denominations.dropFirst()) {
            // Highest first; one value twice only as a note before a coin.
            #expect(higher.minorUnits > lower.minorUnits || (higher.minorUnits == lower.minorUnits && higher.kind == .note && lower.kind == .coin),
                    "\(code): \(higher.label) before \(lower.label)")
        }
        for denomination in set.denominations {
            #expect(denomination.minorUnits > 0)
            // Cash is paid in the currency's cash step: no piece below or between it.
            let step = currency.cashRoundingMinorUnits ?? 1
            #expect(denomination.minorUnits % step == 0, "\(code) \(denomination.label): not a multiple of the cash step \(step)")
            #expect(!denomination.label.isEmpty)
        }
        // Notes are worth more than the smallest coin and a coin's value is one people pay with.
        let smallestNote = try #require(set.denominations.filter { $0.kind == .note }.map(\.minorUnits).min())
        let smallestCoin = try #require(set.denominations.filter { $0.kind == .coin }.map(\.minorUnits).min())
        #expect(smallestNote > smallestCoin)
    }

    @Test(arguments: codes)
    func rollsAndMassesAreForCoinsOfTheSet(code: String) throws {
        let currency = try #require(Currency(code: code))
        let set = try #require(DenominationSet.builtIn(for: currency))
        let coins = Set(set.denominations.filter { $0.kind == .coin }.map(\.minorUnits))
        #expect(set.hasStandardRolls == !set.rolls.isEmpty, "\(code): standard rolls and the roll list disagree")
        #expect(Set(set.rolls.map(\.coinMinorUnits)).count == set.rolls.count)
        for roll in set.rolls {
            #expect(coins.contains(roll.coinMinorUnits), "\(code): a roll of no coin \(roll.coinMinorUnits)")
            #expect(roll.count > 0 && roll.count <= 100_000)
            #expect(roll.minorUnits != nil)
        }
        #expect(Set(set.coinMasses.map(\.coinMinorUnits)).count == set.coinMasses.count)
        for mass in set.coinMasses {
            #expect(coins.contains(mass.coinMinorUnits), "\(code): a mass for no coin \(mass.coinMinorUnits)")
            // The lightest circulating coin (¥1) weighs 1 g, the heaviest (AUD 50c) 15.55 g.
            #expect((1_000...16_000).contains(mass.milligrams), "\(code) \(mass.coinMinorUnits): \(mass.milligrams) mg")
        }
        // A table gives every coin of the set its mass, or none at all.
        #expect(set.coinMasses.isEmpty || Set(set.coinMasses.map(\.coinMinorUnits)) == coins, "\(code): masses for some coins only")
    }

    @Test(arguments: codes)
    func everySetSaysWhereItsRollsWeightsAndNotesComeFrom(code: String) throws {
        let currency = try #require(Currency(code: code))
        let set = try #require(DenominationSet.builtIn(for: currency))
        let rollNote = try #require(set.rollNote)
        #expect(!rollNote.isEmpty)
        if !set.hasStandardRolls {
            // Said in the data, not left to guess.
            #expect(rollNote.lowercased().contains("no ") || rollNote.lowercased().contains("not "), "\(code): \(rollNote)")
        }
        let massNote = try #require(set.massNote)
        #expect(massNote.hasPrefix("Coin weights:"), "\(code): \(massNote)")
        #expect(set.coinMasses.isEmpty == massNote.contains("none built in"), "\(code): \(massNote)")
        #expect(!(set.source ?? "").isEmpty, "\(code) names no source")
    }

    @Test func officialMassesAreTheMintsToTheMilligram() throws {
        func masses(_ code: String) throws -> [Int64: Int64] {
            let set = try builtIn(code)
            return Dictionary(uniqueKeysWithValues: set.coinMasses.map { ($0.coinMinorUnits, $0.milligrams) })
        }
        // The ECB's eight euro coins, the Royal Mint's eight, the US Mint's dime to the milligram.
        #expect(try masses("EUR") == [1: 2_300, 2: 3_060, 5: 3_920, 10: 4_100, 20: 5_740, 50: 7_800, 100: 7_500, 200: 8_500])
        #expect(try masses("GBP") == [1: 3_560, 2: 7_120, 5: 3_250, 10: 6_500, 20: 5_000, 50: 8_000, 100: 8_750, 200: 12_000])
        #expect(try masses("USD")[10] == 2_268)
        #expect(try masses("USD")[25] == 5_670)
        #expect(try masses("JPY")[1] == 1_000)
        for code in ["GBP", "EUR", "USD", "CAD", "AUD", "CHF", "JPY", "SEK", "NOK"] {
            #expect(try !masses(code).isEmpty, "\(code) has no coin masses")
        }
    }

    @Test func aCoinHasAMassOnlyAsACoin() throws {
        let usd = try builtIn("USD")
        #expect(usd.massMilligrams(ofCoin: 100) == 8_100)
        #expect(usd.massMilligrams(ofCoin: 2000) == nil)  // the $20 note
        #expect(usd.massMilligrams(ofCoin: 3) == nil)
    }

    @Test func aUserMassReplacesOrAddsOneAndARemovedCoinTakesItsMass() throws {
        let gbp = try builtIn("GBP")
        let merged = gbp.merging(DenominationOverride(remove: [.init(kind: .coin, minorUnits: 1)], masses: [CoinMass(coinMinorUnits: 20, milligrams: 5_010)]))
        #expect(merged.massMilligrams(ofCoin: 20) == 5_010)
        #expect(merged.massMilligrams(ofCoin: 50) == 8_000)
        #expect(!merged.coinMasses.contains { $0.coinMinorUnits == 1 })
        #expect(merged.massNote == "Coin weights: from the denominations file where it gives them, else the Royal Mint.")
        let kes = try builtIn("KES")
        #expect(kes.massMilligrams(ofCoin: 100) == nil)
        let kesMerged = kes.merging(DenominationOverride(masses: [CoinMass(coinMinorUnits: 100, milligrams: 3_750)]))
        #expect(kesMerged.massMilligrams(ofCoin: 100) == 3_750)
        #expect(kesMerged.massNote == "Coin weights: from the denominations file.")
    }

    @Test func theNewCurrenciesTellTheirNoteFromTheirCoin() throws {
        for (code, value) in [("INR", Int64(1000)), ("INR", 2000), ("HKD", 1000), ("CNY", 100), ("MXN", 2000), ("PHP", 2000), ("TRY", 500), ("IDR", 100_000)] {
            let set = try builtIn(code)
            #expect(set.hasNoteAndCoin(of: value), "\(code) \(value)")
        }
    }
}

@Suite struct DenominationCodingTests {
    @Test func encodingsFromBeforeCoinMassesDecodeWithNone() throws {
        let override = try JSONDecoder().decode(
            DenominationOverride.self, from: Data(#"{"denominations": [], "rolls": [], "remove": []}"#.utf8))
        #expect(override == DenominationOverride())
        let set = try JSONDecoder().decode(
            DenominationSet.self,
            from: Data(#"{"currencyCode": "XTS", "denominations": [{"kind": "coin", "minorUnits": 5, "label": "5"}], "rolls": [], "hasStandardRolls": false}"#.utf8))
        #expect(set.coinMasses.isEmpty && set.massNote == nil && set.source == nil)
    }

    @Test func aSetWithMassesSurvivesJSON() throws {
        let gbp = try builtIn("GBP")
        let decoded = try JSONDecoder().decode(DenominationSet.self, from: try JSONEncoder().encode(gbp))
        #expect(decoded == gbp)
        let override = DenominationOverride(masses: [CoinMass(coinMinorUnits: 5, milligrams: 3_250)])
        #expect(try JSONDecoder().decode(DenominationOverride.self, from: try JSONEncoder().encode(override)) == override)
    }
}
