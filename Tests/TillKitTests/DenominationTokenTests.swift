// The token grammar, in process: what every alias names, and what is refused and why
// (the cases TillcountCountTests ran through a process each).

import MoneyKit
import Testing
import TillKit

@Suite struct DenominationTokenTests {
    /// (currency, token given, canonical token, kind, value of one unit)
    static let tokens: [(String, String, String, String, String)] = [
        ("GBP", "20", "20", "note", "20.00"),
        ("GBP", "0.50", "0.50", "coin", "0.50"),
        ("GBP", "50p", "0.50", "coin", "0.50"),
        ("GBP", "£20", "20", "note", "20.00"),
        ("GBP", "1", "1", "coin", "1.00"),
        ("GBP", "roll:1", "roll:1", "roll", "20.00"),
        ("GBP", "bag:0.20", "roll:0.20", "roll", "10.00"),
        ("GBP", "ROLL:2", "roll:2", "roll", "20.00"),
        ("GBP", " 20 ", "20", "note", "20.00"),
        ("USD", "1", "1", "note", "1.00"),
        ("USD", "note:1", "1", "note", "1.00"),
        ("USD", "coin:1", "coin:1", "coin", "1.00"),
        ("USD", "$1", "1", "note", "1.00"),
        ("USD", "25c", "0.25", "coin", "0.25"),
        ("USD", "25¢", "0.25", "coin", "0.25"),
        ("USD", "0.25", "0.25", "coin", "0.25"),
        ("USD", "roll:0.25", "roll:0.25", "roll", "10.00"),
        ("USD", "roll:1", "roll:1", "roll", "25.00"),
        ("EUR", "€2", "2", "coin", "2.00"),
        ("EUR", "20c", "0.20", "coin", "0.20"),
        ("JPY", "¥500", "500", "coin", "500"),
        ("NOK", "kr20", "20", "coin", "20.00"),
    ]

    @Test(arguments: tokens)
    func tokensAndAliases(code: String, given: String, token: String, kind: String, value: String) throws {
        let currency = try #require(Currency(code: code))
        let set = Fixture.set(currency)
        let item = try DenominationToken.parse(given, set: set, currency: currency)
        #expect(item.token(in: set, currency: currency) == token)
        #expect(item.kind.rawValue == kind)
        var state = TillState()
        state.quantities[item] = 1
        let summary = try TillSummary(state: state, set: set, currency: currency)
        #expect(summary.counted.map(\.value.plainString) == [value])
        #expect(summary.counted.map(\.quantity) == [1])
    }

    @Test(arguments: ["abc", "", "££5", "0", "-1", "roll:", "1.234"])
    func notAFaceValueIsInvalid(given: String) {
        #expect(throws: TillError.invalidDenomination(token: given, currency: Fixture.gbp)) {
            try DenominationToken.parse(given, set: Fixture.set(Fixture.gbp), currency: Fixture.gbp)
        }
    }

    @Test func anUnknownValueNamesTheKindAskedForAndTheKnownTokens() throws {
        let set = Fixture.set(Fixture.gbp)
        let known = DenominationToken.knownTokens(set: set, currency: Fixture.gbp)
        #expect(known.contains("20") && known.contains("roll:1") && known.contains("0.50"))
        #expect(throws: TillError.unknownDenomination(token: "30", kind: nil, currency: Fixture.gbp, known: known)) {
            try DenominationToken.parse("30", set: set, currency: Fixture.gbp)
        }
        #expect(throws: TillError.unknownDenomination(token: "note:0.50", kind: .note, currency: Fixture.gbp, known: known)) {
            try DenominationToken.parse("note:0.50", set: set, currency: Fixture.gbp)
        }
        #expect(throws: TillError.unknownDenomination(token: "roll:30", kind: .roll, currency: Fixture.gbp, known: known)) {
            try DenominationToken.parse("roll:30", set: set, currency: Fixture.gbp)
        }
    }

    @Test func aRollOfACoinWithoutARollSizeSaysSo() throws {
        let set = DenominationSet.tillDefault(for: Fixture.gbp)
        let bare = DenominationSet(currencyCode: "GBP", denominations: set.denominations, rolls: [], hasStandardRolls: false, rollNote: "no rolls here")
        do {
            _ = try DenominationToken.parse("roll:0.01", set: bare, currency: Fixture.gbp)
            Issue.record("a roll without a size was accepted")
        } catch {
            guard case .noRollSize(let label, let currency, let note) = error else { Issue.record("\(error)"); return }
            #expect(label.contains("1p"))
            #expect(currency == Fixture.gbp)
            #expect(note == "no rolls here")
        }
    }

    @Test func suffixesNeedMinorUnits() throws {
        let yen = try #require(Currency(code: "JPY"))
        #expect(DenominationToken.faceValue("50p", currency: Fixture.gbp) == 50)
        #expect(DenominationToken.faceValue("50p", currency: yen) == nil)
        #expect(DenominationToken.faceValue("£20", currency: Fixture.gbp) == 2000)
        #expect(DenominationToken.faceValue("££20", currency: Fixture.gbp) == nil)
    }
}
