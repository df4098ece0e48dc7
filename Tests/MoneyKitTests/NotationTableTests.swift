// The shared notation table (Tests/Support/NotationTestSupport) read by the parsers
// themselves: Money.parse for amounts, MassText.read for grams, Percentage(parsing:) for
// percentages (issue 26, items 1, 3 and 34). The screens' field tests read the same table.

import MoneyKit
import NotationTestSupport
import Testing

@Suite struct NotationTableTests {
    /// What a reading came to, in the table's terms.
    static func outcome<Value>(_ read: () throws(MoneyError) -> Value, value: (Value) -> Int64) -> NotationOutcome {
        do {
            return .reads(value(try read()))
        } catch .ambiguousSeparator {
            return .ambiguous
        } catch .tooManyDecimals {
            return .tooManyDecimals
        } catch .invalidAmount(_, let reason) where reason.contains("but the amount is in") {
            return .otherCurrency
        } catch {
            return .refused
        }
    }

    @Test("Money.parse reads each amount of the table as the table says", arguments: NotationTable.amounts)
    func amount(_ example: NotationExample) throws {
        let currency = try #require(Currency(code: example.code))
        let outcome = Self.outcome({ () throws(MoneyError) in try Money.parse(example.input, currency: currency) }, value: \.minorUnits)
        #expect(outcome == example.outcome)
    }

    @Test("MassText reads each weight of the table as the table says", arguments: NotationTable.grams)
    func grams(_ example: NotationExample) {
        let outcome = Self.outcome({ () throws(MoneyError) in try MassText.read(example.input) }, value: \.milligrams)
        #expect(outcome == example.outcome)
        // The optional reading CountByWeight uses agrees.
        if case .reads(let milligrams) = example.outcome {
            #expect(MassText.milligrams(example.input)?.milligrams == milligrams)
        } else {
            #expect(MassText.milligrams(example.input) == nil)
        }
    }

    @Test("Percentage reads each percentage of the table as the table says", arguments: NotationTable.percentages)
    func percentage(_ example: NotationExample) {
        let outcome = Self.outcome({ () throws(MoneyError) in try Percentage(parsing: example.input) }) { percentage in
            // In hundredths of a percent.
            let hundredths: Int64?? = try? percentage.value.scaled(to: 2, input: example.input)
            return hundredths.flatMap { $0 } ?? Int64.min
        }
        #expect(outcome == example.outcome)
    }

    @Test("an ambiguous amount names both readings, with the separator it is about")
    func ambiguityNamesBothReadings() throws {
        let eur = try #require(Currency(code: "EUR"))
        let error = try #require(throws: MoneyError.self) { try Money.parse("1.500 €", currency: eur) }
        #expect(error.description == "invalid amount '1.500 €': the '.' could separate thousands or decimals")
        #expect(error.hint == "write 1500 or 1 500 if you mean thousands, 1.5 if you mean decimals")
        // 12.345 has no decimal reading in USD: the hint does not offer one.
        let usd = try #require(Currency(code: "USD"))
        let twelve = try #require(throws: MoneyError.self) { try Money.parse("12.345", currency: usd) }
        #expect(twelve.hint == "write 12345 or 12 345 if you mean thousands; 12.345 would have more decimals than the 2 allowed")
        let grams = try #require(throws: MoneyError.self) { try MassText.read("5,000") }
        #expect(grams.hint == "write 5000 or 5 000 if you mean thousands, 5.0 if you mean decimals")
    }

    @Test("another currency's amount is refused naming both currencies")
    func otherCurrencyNamesBoth() throws {
        let gbp = try #require(Currency(code: "GBP")), eur = try #require(Currency(code: "EUR"))
        #expect(throws: MoneyError.invalidAmount(input: "€11700", reason: "€ is the symbol of EUR, but the amount is in GBP")) {
            try Money.parse("€11700", currency: gbp)
        }
        #expect(throws: MoneyError.invalidAmount(input: "11.700,00 €", reason: "€ is the symbol of EUR, but the amount is in GBP")) {
            try Money.parse("11.700,00 €", currency: gbp)
        }
        #expect(throws: MoneyError.invalidAmount(input: "EUR 5", reason: "it is in EUR, but the amount is in GBP")) {
            try Money.parse("EUR 5", currency: gbp)
        }
        let pound = try #require(throws: MoneyError.self) { try Money.parse("£20", currency: eur) }
        #expect(pound.description.contains("£ is the symbol of GBP, "), "\(pound)")
        #expect(pound.description.hasSuffix("but the amount is in EUR"), "\(pound)")
        let dollar = try #require(throws: MoneyError.self) { try Money.parse("$5", currency: eur) }
        #expect(dollar.description.contains("$ is the symbol of USD, "), "\(dollar)")
        let krone = try #require(throws: MoneyError.self) { try Money.parse("kr 5", currency: eur) }
        #expect(krone.description.contains("kr is the symbol of DKK, ISK, NOK or SEK, but the amount is in EUR"), "\(krone)")
        // A symbol shared with ours is ours; our own code always is.
        #expect(eur.isOtherCurrencyMark("£") && eur.isOtherCurrencyMark("kr") && eur.isOtherCurrencyMark("CHF"))
        let cad = try #require(Currency(code: "CAD"))
        #expect(!cad.isOtherCurrencyMark("$") && !eur.isOtherCurrencyMark("€") && !eur.isOtherCurrencyMark("fr"))
        // "50p" and "5rp" are no pesos or rupiah: letters after the number need a space.
        #expect(Money.otherCurrencyError("5rp", currency: eur) == nil)
        #expect(Money.otherCurrencyError("50p", currency: eur) == nil)
    }
}
