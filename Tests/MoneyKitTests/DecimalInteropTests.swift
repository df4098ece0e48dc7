// Foundation's Decimal at the edges (MoneyKitDecimal): Money.decimalValue and Money(decimal:currency:).

import Foundation
import Testing
import MoneyKit
import MoneyKitDecimal

private func decimal(_ text: String) throws -> Decimal {
    try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), "Decimal cannot read \(text)")
}

@Suite("Decimal interop")
struct DecimalInteropTests {
    @Test("decimalValue is the amount in major units", arguments: [
        (1234, "USD", "12.34"),
        (-5, "USD", "-0.05"),
        (0, "USD", "0"),
        (500, "JPY", "500"),
        (1234, "KWD", "1.234"),
        (12345, "CLF", "1.2345"),
        (Int64.max, "USD", "92233720368547758.07"),
        (Int64.min, "USD", "-92233720368547758.08"),
    ] as [(Int64, String, String)])
    func decimalValue(minorUnits: Int64, code: String, text: String) throws {
        let money = Money(minorUnits: minorUnits, currency: currency(code))
        #expect(money.decimalValue == (try decimal(text)))
    }

    @Test("an exact Decimal becomes an amount", arguments: [
        ("12.34", "USD", 1234),
        ("12.5", "USD", 1250),
        ("12.340", "USD", 1234),
        ("-0.05", "USD", -5),
        ("0", "USD", 0),
        ("500", "JPY", 500),
        ("1000000", "JPY", 1_000_000),
        ("1.234", "KWD", 1234),
        ("92233720368547758.07", "USD", Int64.max),
    ] as [(String, String, Int64)])
    func fromDecimal(text: String, code: String, minorUnits: Int64) throws {
        #expect(try Money(decimal: decimal(text), currency: currency(code)) == Money(minorUnits: minorUnits, currency: currency(code)))
    }

    @Test("a Decimal with more decimals than the currency has is refused", arguments: [
        ("12.345", "USD", 2), ("1.5", "JPY", 0), ("0.0001", "KWD", 3),
    ])
    func tooManyDecimals(text: String, code: String, allowed: Int) throws {
        let value = try decimal(text)
        let error = #expect(throws: MoneyError.self) { try Money(decimal: value, currency: currency(code)) }
        guard case let .tooManyDecimals(input, errorCode, errorAllowed)? = error else {
            Issue.record("expected tooManyDecimals, got \(String(describing: error))")
            return
        }
        #expect(input == text)
        #expect(errorCode == code)
        #expect(errorAllowed == allowed)
    }

    @Test func notANumberIsRefused() {
        let error = #expect(throws: MoneyError.self) { try Money(decimal: .nan, currency: .usd) }
        #expect(error?.errorCase == .invalidAmount)
    }

    @Test func tooLargeIsRefused() throws {
        let huge = try decimal("1000000000000000000000")
        let error = #expect(throws: MoneyError.self) { try Money(decimal: huge, currency: .usd) }
        #expect(error?.errorCase == .overflow)
    }

    @Test("random amounts survive a round trip through Decimal")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 0xDEC1_3A1)
        for caseNumber in 0..<5000 {
            let currency = Currency.all.randomElement(using: &generator)!
            var minorUnits = generator.amount()
            if minorUnits == .min { minorUnits += 1 }  // see minimumRoundTrip
            let money = Money(minorUnits: minorUnits, currency: currency)
            let back = try Money(decimal: money.decimalValue, currency: currency)
            try #require(back == money, "case \(caseNumber): \(money) came back as \(back)")
        }
    }

    @Test("the smallest amount survives a round trip through Decimal")
    func minimumRoundTrip() throws {
        let money = Money(minorUnits: .min, currency: .usd)
        let back = try Money(decimal: money.decimalValue, currency: .usd)
        #expect(back == money)
    }
}
