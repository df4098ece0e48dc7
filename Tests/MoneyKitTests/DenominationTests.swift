// The built-in notes, coins and rolls, and a user's overrides of them.

import Foundation
import Testing
import MoneyKit

private func builtIn(_ code: String) throws -> DenominationSet {
    try #require(DenominationSet.builtIn(for: currency(code)), "no built-in set for \(code)")
}

@Suite("Denominations")
struct DenominationTests {
    static let requiredCodes = ["GBP", "EUR", "USD", "CAD", "AUD", "CHF", "JPY", "SEK", "NOK", "KES"]

    @Test("the ten required currencies have sets", arguments: requiredCodes)
    func requiredSetExists(code: String) throws {
        let set = try builtIn(code)
        #expect(set.currencyCode == code)
        #expect(DenominationSet.builtInCurrencyCodes.contains(code))
        #expect(set.denominations.contains { $0.kind == .note })
        #expect(set.denominations.contains { $0.kind == .coin })
    }

    @Test func noSetForOtherCurrencies() {
        // BRL has had a set since issue 15 (item 14); the Icelandic króna has none.
        #expect(DenominationSet.builtIn(for: currency("ISK")) == nil)
        #expect(DenominationSet.builtInCurrencyCodes == DenominationSet.builtInCurrencyCodes.sorted())
    }

    @Test("every built-in set is well formed", arguments: DenominationSet.builtInCurrencyCodes)
    func wellFormed(code: String) throws {
        let set = try builtIn(code)
        #expect(set.currencyCode == code)

        for kind in Denomination.Kind.allCases {
            let values = set.denominations.filter { $0.kind == kind }.map(\.minorUnits)
            #expect(values.allSatisfy { $0 > 0 }, "\(code) \(kind): \(values)")
            #expect(Set(values).count == values.count, "\(code) \(kind) values repeat: \(values)")
        }
        #expect(set.denominations.allSatisfy { !$0.label.isEmpty })

        // Highest first; a note before a coin of the same value.
        for (a, b) in zip(set.denominations, set.denominations.dropFirst()) {
            #expect(a.minorUnits > b.minorUnits || (a.minorUnits == b.minorUnits && a.kind == .note && b.kind == .coin),
                    "\(code): \(a.label) is before \(b.label)")
        }

        let coins = Set(set.denominations.filter { $0.kind == .coin }.map(\.minorUnits))
        for roll in set.rolls {
            #expect(coins.contains(roll.coinMinorUnits), "\(code): roll of a \(roll.coinMinorUnits) coin that is not in the set")
            #expect(roll.count > 0)
            #expect(roll.minorUnits == roll.coinMinorUnits * roll.count)
        }
        let rollCoins = set.rolls.map(\.coinMinorUnits)
        #expect(rollCoins == rollCoins.sorted(by: >), "\(code): rolls highest coin first")
        #expect(Set(rollCoins).count == rollCoins.count, "\(code): one roll per coin")
        #expect(set.hasStandardRolls == !set.rolls.isEmpty)
    }

    @Test func aRollWhoseValueLeavesInt64HasNoValueInsteadOfTrapping() {
        #expect(CoinRoll(coinMinorUnits: 200, count: Int64.max / 100).minorUnits == nil)
        #expect(CoinRoll(coinMinorUnits: 1, count: Int64.max).minorUnits == Int64.max)
    }

    @Test func usdQuarterRollHoldsTenDollars() throws {
        let roll = try #require(try builtIn("USD").rolls.first { $0.coinMinorUnits == 25 })
        #expect(roll.count == 40)
        #expect(roll.minorUnits == 1000)
        #expect(roll.packaging == .roll)
    }

    @Test func gbpPoundCoinBagHoldsTwentyPounds() throws {
        let bag = try #require(try builtIn("GBP").rolls.first { $0.coinMinorUnits == 100 })
        #expect(bag.count == 20)
        #expect(bag.minorUnits == 2000)
        #expect(bag.packaging == .bag)
    }

    @Test("no standard rolls", arguments: ["NOK", "KES"])
    func noStandardRolls(code: String) throws {
        let set = try builtIn(code)
        #expect(!set.hasStandardRolls)
        #expect(set.rolls.isEmpty)
        #expect(set.rollNote != nil)
    }

    @Test func initSortsHighestFirst() {
        let set = DenominationSet(
            currencyCode: "USD",
            denominations: [Denomination(.coin, 1, label: "1¢"), Denomination(.coin, 100, label: "$1 coin"),
                            Denomination(.note, 100, label: "$1"), Denomination(.note, 500, label: "$5")],
            rolls: [CoinRoll(coinMinorUnits: 1, count: 50), CoinRoll(coinMinorUnits: 100, count: 25)],
            hasStandardRolls: true)
        #expect(set.denominations.map(\.label) == ["$5", "$1", "$1 coin", "1¢"])
        #expect(set.rolls.map(\.coinMinorUnits) == [100, 1])
    }

    // MARK: Overrides

    @Test func emptyOverrideChangesNothing() throws {
        let usd = try builtIn("USD")
        #expect(usd.merging(DenominationOverride()) == usd)
    }

    @Test func overrideReplacesAddsAndRemoves() throws {
        let usd = try builtIn("USD")
        let override = DenominationOverride(
            denominations: [
                Denomination(.coin, 100, label: "$1 coin (Sacagawea)"),  // replaces
                Denomination(.coin, 200, label: "$2 coin"),  // adds, beside the $2 note
            ],
            rolls: [
                CoinRoll(coinMinorUnits: 25, count: 20),  // replaces the 40-coin roll
                CoinRoll(coinMinorUnits: 200, count: 10),  // adds
            ],
            remove: [DenominationOverride.Removal(kind: .coin, minorUnits: 50)])
        let merged = usd.merging(override)

        let oneDollarCoins = merged.denominations.filter { $0.kind == .coin && $0.minorUnits == 100 }
        #expect(oneDollarCoins.map(\.label) == ["$1 coin (Sacagawea)"])
        #expect(merged.denominations.contains { $0.kind == .note && $0.minorUnits == 100 }, "the $1 note stays")
        let twos = merged.denominations.filter { $0.minorUnits == 200 }
        #expect(twos.map(\.kind) == [.note, .coin])
        #expect(!merged.denominations.contains { $0.kind == .coin && $0.minorUnits == 50 })
        #expect(merged.denominations.count == usd.denominations.count)  // +1 added, −1 removed

        let values = merged.denominations.map(\.minorUnits)
        #expect(values == values.sorted(by: >))

        #expect(merged.rolls.filter { $0.coinMinorUnits == 25 }.map(\.count) == [20])
        #expect(merged.rolls.contains(CoinRoll(coinMinorUnits: 200, count: 10)))
        // +1 roll added ($2), −1 with its removed coin (50¢).
        #expect(merged.rolls.count == usd.rolls.count)
        #expect(!merged.rolls.contains { $0.coinMinorUnits == 50 })
        #expect(merged.rolls.map(\.coinMinorUnits) == merged.rolls.map(\.coinMinorUnits).sorted(by: >))
        #expect(merged.hasStandardRolls)
        #expect(merged.currencyCode == "USD")
    }

    @Test func removingOnlyMatchesTheSameKind() throws {
        let usd = try builtIn("USD")
        let merged = usd.merging(DenominationOverride(remove: [.init(kind: .note, minorUnits: 100)]))
        #expect(!merged.denominations.contains { $0.kind == .note && $0.minorUnits == 100 })
        #expect(merged.denominations.contains { $0.kind == .coin && $0.minorUnits == 100 })
        #expect(merged.rolls == usd.rolls)
        #expect(merged.rollNote == usd.rollNote)
    }

    @Test func removingACoinRemovesItsRoll() throws {
        let usd = try builtIn("USD")
        let merged = usd.merging(DenominationOverride(remove: [.init(kind: .coin, minorUnits: 25)]))
        #expect(!merged.denominations.contains { $0.kind == .coin && $0.minorUnits == 25 })
        #expect(!merged.rolls.contains { $0.coinMinorUnits == 25 })
    }

    @Test func userRollsGiveRollsToASetWithoutStandardOnes() throws {
        let nok = try builtIn("NOK")
        let merged = nok.merging(DenominationOverride(rolls: [CoinRoll(coinMinorUnits: 2000, count: 25)]))
        #expect(merged.hasStandardRolls)
        #expect(merged.rolls == [CoinRoll(coinMinorUnits: 2000, count: 25)])
        #expect(merged.rollNote != nok.rollNote)
        #expect(merged.denominations == nok.denominations)
    }

    @Test func overrideSurvivesJSON() throws {
        let override = DenominationOverride(
            denominations: [Denomination(.coin, 200, label: "$2 coin")],
            rolls: [CoinRoll(coinMinorUnits: 200, count: 10, packaging: .bag)],
            remove: [.init(kind: .coin, minorUnits: 1)])
        let data = try JSONEncoder().encode(override)
        #expect(try JSONDecoder().decode(DenominationOverride.self, from: data) == override)
    }
}
