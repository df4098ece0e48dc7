// A till reads amounts and weights by the one notation rule (issue 26, items 1, 3 and 34):
// `--grams 5,000` for a 20p coin could be 5000 g or 5 g and is refused, not one coin; a
// denomination written with another currency's symbol (£20 on a EUR till) is refused, not a
// 20 € note; the weights of the shared notation table read as MassText reads them.

import MoneyKit
import NotationTestSupport
import Testing
import TillKit

@Suite struct NotationInTillTests {
    let eur = Currency(code: "EUR")!

    func weigh(_ grams: String) throws(TillError) -> CountByWeight.Weighing {
        let set = Fixture.set(Fixture.gbp)
        return try CountByWeight.count(
            of: try DenominationToken.parse("0.20", set: set, currency: Fixture.gbp), token: "0.20", grams: grams, set: set, currency: Fixture.gbp)
    }

    @Test func aCommaBeforeThreeDigitsIsNoWeight() throws {
        #expect(throws: TillError.invalidWeight(option: "--grams", text: "5,000")) { try weigh("5,000") }
        #expect(try weigh("5.000").count == 1)
        #expect(try weigh("1 500").count == 300)
        #expect(try weigh("310,5").count == 62)
    }

    @Test("each weight of the notation table counts as MassText reads it", arguments: NotationTable.grams)
    func tableWeights(_ example: NotationExample) {
        if case .reads(let milligrams) = example.outcome {
            // Read as the table says; whether it is a whole count of 20p is the count's rule.
            do {
                #expect(try weigh(example.input).netMilligrams == milligrams)
            } catch {
                #expect(error != .invalidWeight(option: "--grams", text: example.input), "\(error)")
            }
        } else {
            #expect(throws: TillError.invalidWeight(option: "--grams", text: example.input)) { try weigh(example.input) }
        }
    }

    @Test(arguments: ["£20", "$5", "kr20", "chf2", "ksh 5", "roll:£2", "¥500"])
    func anotherCurrencysSymbolIsNoDenomination(_ token: String) {
        let set = Fixture.set(eur)
        #expect(throws: TillError.invalidDenomination(token: token, currency: eur)) {
            try DenominationToken.parse(token, set: set, currency: eur)
        }
        let value = String(token.split(separator: ":").last ?? "")
        #expect(DenominationToken.faceValue(value, currency: eur) == nil)
        #expect(Money.otherCurrencyError(value, currency: eur) != nil, "\(value)")
    }

    @Test func theTillsOwnSymbolStillNamesItsDenominations() throws {
        #expect(DenominationToken.faceValue("€20", currency: eur) == 2000)
        #expect(DenominationToken.faceValue("£20", currency: Fixture.gbp) == 2000)
        #expect(DenominationToken.faceValue("$1", currency: Currency(code: "CAD")!) == 100)
        #expect(DenominationToken.faceValue("kr20", currency: Currency(code: "NOK")!) == 2000)
        #expect(DenominationToken.faceValue("eur 2", currency: eur) == 200)
        #expect(DenominationToken.faceValue("5rp", currency: Currency(code: "CHF")!) == 5)
    }
}
