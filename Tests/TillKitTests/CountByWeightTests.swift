// Counting coins by weight (issue 15, item 11): the count nearest to weight ÷ mass, within
// 2% of that count's weight or half the weight's last digit, never beyond a quarter coin;
// everything else refused with the whole counts around it, and nothing changed.

import MoneyKit
import Testing
import TillKit

@Suite struct CountByWeightTests {
    let gbp = Fixture.gbp
    var gbpSet: DenominationSet { Fixture.set(gbp) }

    func weigh(_ token: String, _ grams: String, tare: String? = nil, set: DenominationSet? = nil, currency: Currency? = nil) throws(TillError) -> CountByWeight.Weighing {
        let currency = currency ?? gbp
        let set = set ?? Fixture.set(currency)
        return try CountByWeight.count(
            of: try DenominationToken.parse(token, set: set, currency: currency), token: token, grams: grams, tare: tare, set: set, currency: currency)
    }

    @Test func anExactWeightIsItsCount() throws {
        let weighing = try weigh("0.20", "310")
        #expect(weighing.count == 62)
        #expect(weighing.perCoinMilligrams == 5_000)
        #expect(weighing.netMilligrams == 310_000)
        #expect(weighing.coinLabel == "20p")
        #expect(try weigh("0.01", "356").count == 100)
        #expect(try weigh("0.10", "0").count == 0)
    }

    @Test func aWeightWithinTheToleranceIsTheNearestCount() throws {
        // 62 × 5 g = 310 g; a quarter coin (1.25 g) is the most allowed at this count.
        #expect(try weigh("0.20", "311.2").count == 62)
        #expect(try weigh("0.20", "308.8").count == 62)
        // Three 1p coins weigh 10.68 g; a scale of whole grams shows 11.
        #expect(try weigh("0.01", "11").count == 3)
    }

    @Test func aWeightBeyondTheToleranceIsRefusedWithTheCountsAround() {
        #expect(throws: TillError.weightNotWhole(grams: "312.3", coinLabel: "20p", perCoinMilligrams: 5_000, toleranceMilligrams: 1_250, below: 62, above: 63)) {
            try weigh("0.20", "312.3")
        }
        // Written to a tenth of a gram, three 1p coins (10.68 g) may be 10.47 to 10.89 g (2%).
        #expect(throws: TillError.self) { try weigh("0.01", "10.2") }
        // Half way between two counts is neither.
        #expect(throws: TillError.self) { try weigh("0.20", "312.5") }
        // A weight below half a coin is no coin, and not a whole count either.
        #expect(throws: TillError.weightNotWhole(grams: "2", coinLabel: "20p", perCoinMilligrams: 5_000, toleranceMilligrams: 500, below: 0, above: 1)) {
            try weigh("0.20", "2")
        }
    }

    @Test func theToleranceGrowsWithTheCountUpToAQuarterCoin() {
        // 2% of 5 coins of 20p (25 g) is 0.5 g; of 62 coins 6.2 g, capped at 1.25 g.
        #expect(CountByWeight.tolerance(count: 5, perCoin: 5_000, resolution: 1) == 500)
        #expect(CountByWeight.tolerance(count: 62, perCoin: 5_000, resolution: 1) == 1_250)
        // A scale of whole grams: half a gram, still never beyond a quarter coin.
        #expect(CountByWeight.tolerance(count: 1, perCoin: 5_000, resolution: 1_000) == 500)
        #expect(CountByWeight.tolerance(count: 1, perCoin: 1_000, resolution: 1_000) == 250)
        #expect(CountByWeight.tolerance(count: Int64.max, perCoin: 5_000, resolution: 1) == 1_250)
    }

    @Test func theTareIsTakenOffFirst() throws {
        let weighing = try weigh("0.20", "362", tare: "52")
        #expect(weighing.count == 62)
        #expect(weighing.netMilligrams == 310_000)
        #expect(throws: TillError.tareExceedsWeight(grams: "50", tare: "52")) { try weigh("0.20", "50", tare: "52") }
        #expect(throws: TillError.invalidWeight(option: "--tare", text: "x")) { try weigh("0.20", "50", tare: "x") }
    }

    @Test func notesRollsAndBadWeightsAreRefused() {
        #expect(throws: TillError.weightNeedsLooseCoin(token: "20", label: "£20", kind: .note)) { try weigh("20", "310") }
        #expect(throws: TillError.weightNeedsLooseCoin(token: "roll:1", label: "£1 bag of 20", kind: .roll)) { try weigh("roll:1", "175") }
        for text in ["", "31O", "-5", "1.2345", "1e3", "5 g"] {
            #expect(throws: TillError.invalidWeight(option: "--grams", text: text)) { try weigh("0.20", text) }
        }
    }

    @Test func aCoinWithoutAMassSaysSoAndAUserMassCountsIt() throws {
        let kes = try #require(Currency(code: "KES"))
        #expect(throws: TillError.noCoinWeight(coinLabel: "Ksh 5", token: "5", currency: kes)) {
            try weigh("5", "50", currency: kes)
        }
        let withMass = Fixture.set(kes).merging(DenominationOverride(masses: [CoinMass(coinMinorUnits: 500, milligrams: 3_750)]))
        #expect(try weigh("5", "37.5", set: withMass, currency: kes).count == 10)
    }

    @Test func milligramMassesCountExactly() throws {
        // The dime is 2.268 g: 1000 dimes weigh 2268 g exactly, with no binary rounding.
        let usd = Fixture.usd
        #expect(try weigh("0.10", "2268", currency: usd).count == 1000)
        #expect(try weigh("0.10", "22.68", currency: usd).count == 10)
    }

    @Test func theDenominationsReportGivesEachUnitsWeight() throws {
        let report = try DenominationsReport(currency: gbp, set: gbpSet)
        func grams(_ token: String) -> Int64?? { report.rows.first { $0.token == token }.map(\.milligrams) }
        #expect(grams("20") == .some(nil))        // a note has none
        #expect(grams("0.20") == .some(5_000))
        #expect(grams("roll:1") == .some(175_000)) // 20 × 8.75 g
        let kes = try #require(Currency(code: "KES"))
        #expect(try DenominationsReport(currency: kes, set: Fixture.set(kes)).rows.allSatisfy { $0.milligrams == nil })
    }

    @Test func aWeighedCountGoesIntoTheLiveCountAsOneStepAndARefusalChangesNothing() throws {
        let (till, live, _) = Fixture.till()
        try Fixture.add(till, "0.20=3")
        let before = try live.load()
        #expect(throws: TillError.self) {
            try till.adjust(.set, action: "set 0.20 --grams 312.3", currency: Fixture.choice()) { set, currency in
                let item = try DenominationToken.parse("0.20", set: set, currency: currency)
                let weighing = try CountByWeight.count(of: item, token: "0.20", grams: "312.3", set: set, currency: currency)
                return [Till.QuantityRequest(token: "0.20", item: item, quantity: weighing.count)]
            }
        }
        #expect(try live.load() == before)
        try till.adjust(.set, action: "set 0.20 --grams 310", currency: Fixture.choice()) { set, currency in
            let item = try DenominationToken.parse("0.20", set: set, currency: currency)
            let weighing = try CountByWeight.count(of: item, token: "0.20", grams: "310", set: set, currency: currency)
            return [Till.QuantityRequest(token: "0.20", item: item, quantity: weighing.count)]
        }
        #expect(try Fixture.quantities(till)["0.20"] == 62)
        _ = try till.undo(skipped: { _, _ in })
        #expect(try Fixture.quantities(till)["0.20"] == 3)
    }
}
