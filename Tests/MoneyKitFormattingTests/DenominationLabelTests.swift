// Denomination labels and amounts name the currency the same way (issue 13, item 16):
// every built-in set is checked, so a label written with another symbol than the one
// amounts are formatted with ("KSh 1,000" beside "Ksh 4,000.00") cannot come back.

import MoneyKit
import MoneyKitFormatting
import Testing

/// What names the currency in a formatted amount or a label: the text without digits,
/// spaces, separators and the "note"/"coin" word ("Ksh 1,000" → "Ksh", "1.000 kr." → "kr").
private func symbol(_ text: String) -> String {
    var text = text
    for word in [" note", " coin"] where text.hasSuffix(word) { text.removeLast(word.count) }
    // Direction marks (RLM, LRM, ALM) steer right-to-left text, they name nothing.
    return String(text.filter { !$0.isNumber && !$0.isWhitespace && !".,'’\u{200E}\u{200F}\u{061C}".contains($0) })
}

private let codes = DenominationSet.builtInCurrencyCodes

@Suite struct DenominationLabelTests {
    @Test(arguments: codes)
    func labelsUseTheSymbolOfFormattedAmounts(code: String) throws {
        let currency = try #require(Currency(code: code))
        let set = try #require(DenominationSet.builtIn(for: currency))
        var majorUnit: Int64 = 1
        for _ in 0..<currency.minorUnitExponent { majorUnit *= 10 }
        let amountSymbol = symbol(Money(minorUnits: 400_000 * majorUnit / 100, currency: currency).formatted())
        #expect(!amountSymbol.isEmpty)
        for denomination in set.denominations where denomination.minorUnits >= majorUnit {
            let label = set.displayLabel(for: denomination, currency: currency)
            let value = Money(minorUnits: denomination.minorUnits, currency: currency).formatted()
            #expect(symbol(label) == symbol(value), "\(code) \(denomination.kind) \(denomination.minorUnits): label \(label), amount \(value)")
            #expect(symbol(label) == amountSymbol, "\(code): label \(label) against amounts in \(amountSymbol)")
            // The catalog's own label (what an app without ICU shows) uses the same symbol.
            #expect(symbol(denomination.label) == symbol(value), "\(code) catalog label \(denomination.label), amount \(value)")
        }
    }

    @Test(arguments: codes)
    func everyDenominationOfASetHasItsOwnLabel(code: String) throws {
        let currency = try #require(Currency(code: code))
        let set = try #require(DenominationSet.builtIn(for: currency))
        let labels = set.denominations.map { set.displayLabel(for: $0, currency: currency) }
        #expect(Set(labels).count == labels.count, "\(code): \(labels)")
        for denomination in set.denominations where set.hasNoteAndCoin(of: denomination.minorUnits) {
            let label = set.displayLabel(for: denomination, currency: currency)
            #expect(label.hasSuffix(denomination.kind == .note ? " note" : " coin"), "\(code): \(label)")
        }
    }

    @Test func theUSDollarNoteAndCoinAreToldApart() throws {
        let usd = try #require(Currency(code: "USD"))
        let set = try #require(DenominationSet.builtIn(for: usd))
        let ones = set.denominations.filter { $0.minorUnits == 100 }.map { set.displayLabel(for: $0, currency: usd) }
        #expect(ones == ["$1 note", "$1 coin"])
        let twenty = try #require(set.denominations.first { $0.minorUnits == 2000 })
        #expect(set.displayLabel(for: twenty, currency: usd) == "$20")
    }

    @Test func wholeValuesLeaveOutTheDecimalsAndSubunitCoinsKeepTheirNames() throws {
        let kes = try #require(Currency(code: "KES"))
        let kesSet = try #require(DenominationSet.builtIn(for: kes))
        let thousand = try #require(kesSet.denominations.first { $0.minorUnits == 100_000 })
        #expect(kesSet.displayLabel(for: thousand, currency: kes) == "Ksh 1,000")
        let gbp = try #require(Currency(code: "GBP"))
        let gbpSet = try #require(DenominationSet.builtIn(for: gbp))
        let fifty = try #require(gbpSet.denominations.first { $0.minorUnits == 50 })
        #expect(gbpSet.displayLabel(for: fifty, currency: gbp) == "50p")
    }

    @Test(arguments: ["AED", "SAR", "ILS"])
    func labelsCarryNoDirectionMarks(code: String) throws {
        // ICU writes right-to-left amounts with invisible direction marks, which a terminal
        // shows escaped ("\u{200F}1,000 د.إ."): a label is a name to read and type, without them.
        let currency = try #require(Currency(code: code))
        let set = try #require(DenominationSet.builtIn(for: currency))
        for denomination in set.denominations {
            let label = set.displayLabel(for: denomination, currency: currency)
            #expect(!label.unicodeScalars.contains { [0x200E, 0x200F, 0x061C].contains($0.value) }, "\(code): \(label.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func aLabelTheUserGaveIsKept() throws {
        let nok = try #require(Currency(code: "NOK"))
        let set = try #require(DenominationSet.builtIn(for: nok)).merging(
            DenominationOverride(denominations: [Denomination(.coin, 50, label: "half krone"), Denomination(.note, 2000, label: "20 kr note")]))
        let added = try #require(set.denominations.first { $0.minorUnits == 50 })
        #expect(set.displayLabel(for: added, currency: nok) == "half krone")
        // The built-in 20 kr coin now shares its value with a note: it says so.
        let coin = try #require(set.denominations.first { $0.minorUnits == 2000 && $0.kind == .coin })
        #expect(set.displayLabel(for: coin, currency: nok) == "20 kr coin")
    }
}
