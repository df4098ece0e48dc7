// The currencies added in issue 15 (item 14) name their notes and coins with their own
// symbols too: ₹10, HK$10, R$5, ₩500, Rp1000, as their labels show them.

import MoneyKit
import Testing
import TillKit

@Suite struct CurrencySymbolTokenTests {
    @Test(arguments: [
        ("INR", "₹500", Int64(50000)), ("HKD", "HK$20", 2000), ("SGD", "S$2", 200), ("BRL", "R$5", 500), ("BRL", "r$ 2", 200),
        ("KRW", "₩500", 500), ("TRY", "₺200", 20000), ("ILS", "₪50", 5000), ("THB", "฿20", 2000), ("PHP", "₱50", 5000),
        ("MYR", "RM5", 500), ("IDR", "Rp2000", 200_000), ("ZAR", "zar 10", 1000), ("PLN", "pln10", 1000),
    ])
    func aSymbolNamesTheFaceValue(code: String, token: String, minorUnits: Int64) throws {
        let currency = try #require(Currency(code: code))
        #expect(DenominationToken.faceValue(token.lowercased(), currency: currency) == minorUnits, "\(code) \(token)")
        let item = try DenominationToken.parse(token, set: Fixture.set(currency), currency: currency)
        #expect(item.minorUnits == minorUnits)
    }

    @Test func aNoteAndACoinOfOneValueAreToldApartInTheNewCurrencies() throws {
        let inr = try #require(Currency(code: "INR"))
        let set = Fixture.set(inr)
        #expect(try DenominationToken.parse("10", set: set, currency: inr) == TillItem(kind: .note, minorUnits: 1000))
        #expect(try DenominationToken.parse("coin:10", set: set, currency: inr) == TillItem(kind: .coin, minorUnits: 1000))
        #expect(TillItem(kind: .coin, minorUnits: 2000).token(in: set, currency: inr) == "coin:20")
    }

    @Test func aSymbolIsReadOnlyInItsOwnCurrency() throws {
        // "rp" is the rupiah's: in francs it is no amount (the Swiss Rappen is a suffix, 5rp).
        let chf = try #require(Currency(code: "CHF"))
        #expect(DenominationToken.faceValue("rp50", currency: chf) == nil)
        #expect(DenominationToken.faceValue("5rp", currency: chf) == 5)
        #expect(DenominationToken.faceValue("₹10", currency: Fixture.gbp) == nil)
    }

    @Test func twoSymbolsAreNoDenomination() throws {
        let inr = try #require(Currency(code: "INR"))
        #expect(DenominationToken.faceValue("₹₹10", currency: inr) == nil)
        #expect(DenominationToken.faceValue("hk$$10", currency: try #require(Currency(code: "HKD"))) == nil)
    }
}
