// tillcount's counting screen, its float field as a reducer, in process (issue 26, item 2):
// `f` then `120,50` is 120.50, as `tillcount float 120,50` reads it, not 12,050.00; every
// notation of the one table (NotationTestSupport) reads as the option reads it.

import MoneyKit
import MoneyKitCLI
import NotationTestSupport
import Testing
@testable import tillcount

@Suite struct TillcountScreenFieldTests {
    /// Types `text` then Enter.
    static func enter(_ text: String, currency: Currency) -> (FloatEntry, FloatEntry.Outcome) {
        var entry = FloatEntry()
        for character in text { #expect(entry.handle(.character(character), currency: currency) == .editing) }
        #expect(entry.field.text == text, "a character was dropped")
        let outcome = entry.handle(.enter, currency: currency)
        return (entry, outcome)
    }

    @Test func aFloatWithADecimalCommaIsReadAsTheOptionReadsIt() throws {
        let eur = try #require(Currency(code: "EUR"))
        #expect(Self.enter("120,50", currency: eur).1 == .set(Money(minorUnits: 12_050, currency: eur)))
        let (entry, outcome) = Self.enter("1.500", currency: eur)
        #expect(outcome == .editing)
        #expect(entry.refusal == "the float: invalid amount '1.500': the '.' could separate thousands or decimals · "
            + "write 1500 or 1 500 if you mean thousands, 1.5 if you mean decimals")
    }

    @Test("each notation typed into the float field reads as `tillcount float` reads it", arguments: NotationTable.amounts.filter { !$0.input.isEmpty })
    func floatField(_ example: NotationExample) throws {
        let currency = try #require(Currency(code: example.code))
        let (entry, outcome) = Self.enter(example.input, currency: currency)
        do {
            let money = try Money.parse(example.input, currency: currency)
            #expect(outcome == .set(money))
            if case .reads(let minorUnits) = example.outcome { #expect(money.minorUnits == minorUnits) }
        } catch {
            #expect(outcome == .editing)
            #expect(entry.refusal?.hasPrefix("the float: \(error)") == true, "\(entry.refusal ?? "nil")")
        }
    }

    @Test func escapeLeavesTheFloatAndBackspaceTakesBackOneCharacter() throws {
        let eur = try #require(Currency(code: "EUR"))
        var entry = FloatEntry()
        _ = entry.handle(.character("5"), currency: eur)
        _ = entry.handle(.character("x"), currency: eur)
        #expect(entry.field.text == "5x")
        _ = entry.handle(.backspace, currency: eur)
        #expect(entry.handle(.enter, currency: eur) == .set(Money(minorUnits: 500, currency: eur)))
        #expect(entry.handle(.escape, currency: eur) == .cancelled)
    }
}
