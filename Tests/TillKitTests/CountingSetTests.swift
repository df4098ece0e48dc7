// The set a live count counts with (issue 26, item 5): the current denominations with the
// roll sizes the count keeps for the rolls it holds, and nothing else changed. It once
// dropped the coin masses as soon as a roll was counted, so `set 0.20 --grams 310` failed
// after `add roll:1=2` (the README's own example) and every EUR coin after `roll:2=1`.

import MoneyKit
import Testing
import TillKit

@Suite struct CountingSetTests {
    /// For every built-in currency and every roll it defines: a count holding that roll
    /// (kept at a size of its own) counts with the set unchanged but for the roll.
    @Test func holdingARollChangesOnlyTheRolls() throws {
        for code in DenominationSet.builtInCurrencyCodes {
            let currency = try #require(Currency(code: code))
            let set = Fixture.set(currency)
            for roll in set.rolls {
                var state = TillState()
                state.currencyCode = code
                state.quantities[TillItem(kind: .roll, minorUnits: roll.coinMinorUnits)] = 1
                let own = CoinRoll(coinMinorUnits: roll.coinMinorUnits, count: roll.count + 1, packaging: roll.packaging)
                state.rollDefinitions[roll.coinMinorUnits] = own
                let counting = state.countingSet(set)
                let expected = DenominationSet(
                    currencyCode: set.currencyCode, denominations: set.denominations,
                    rolls: set.rolls.filter { $0.coinMinorUnits != roll.coinMinorUnits } + [own],
                    hasStandardRolls: set.hasStandardRolls, rollNote: set.rollNote,
                    coinMasses: set.coinMasses, massNote: set.massNote, source: set.source)
                #expect(counting == expected, "\(code) holding roll:\(roll.coinMinorUnits)")
                for mass in set.coinMasses {
                    #expect(counting.massMilligrams(ofCoin: mass.coinMinorUnits) == set.massMilligrams(ofCoin: mass.coinMinorUnits))
                }
            }
        }
    }

    /// The README's example through the rules: two £1 bags counted, then 20p by weight.
    @Test func coinsAreWeighedWithARollCounted() throws {
        let (till, _, _) = Fixture.till()
        try Fixture.add(till, "20=4", "10=3", "5=6")
        try Fixture.add(till, "roll:1=2", "50p=14")
        let summary = try till.adjust(.set, action: "set", currency: Fixture.choice()) { set, currency in
            let item = try DenominationToken.parse("0.20", set: set, currency: currency)
            let weighing = try CountByWeight.count(of: item, token: "0.20", grams: "310", set: set, currency: currency)
            return [Till.QuantityRequest(token: "0.20", item: item, quantity: weighing.count)]
        }
        #expect(try Fixture.quantities(till)["0.20"] == 62)
        #expect(summary.total == Fixture.money("199.40"))
    }

    /// In EUR, once a roll of 2 € coins is counted, every coin can still be weighed.
    @Test func everyEuroCoinIsWeighedWithARollCounted() throws {
        let eur = try #require(Currency(code: "EUR"))
        let (till, _, _) = Fixture.till()
        try till.adjust(.add, action: "add", currency: Fixture.choice(eur), requests: Fixture.requests(["roll:2=1"]))
        let (count, _) = try till.summary(Fixture.choice(eur))
        let coins = count.set.denominations.filter { $0.kind == .coin }
        #expect(!coins.isEmpty)
        for coin in coins {
            let mass = try #require(count.set.massMilligrams(ofCoin: coin.minorUnits), "no mass for \(coin.minorUnits)")
            let item = TillItem(kind: .coin, minorUnits: coin.minorUnits)
            let grams = MassText.grams(mass * 3)
            let weighing = try CountByWeight.count(of: item, token: "\(coin.minorUnits)", grams: grams, set: count.set, currency: eur)
            #expect(weighing.count == 3)
        }
    }
}
