// The screen's fields, in process: what may be typed into the bill (the currency's
// decimals, one point, a length) and into the custom tip, and the bill a field holds.

import Testing
import MoneyKit
@testable import BillKit

struct BillEntryTests {
    static func currency(_ code: String) throws -> Currency { try #require(Currency(code: code)) }

    /// Types `keys` one by one; the field and the refusals met on the way.
    static func typeAmount(_ keys: String, currency: Currency) -> (field: String, refusals: [BillEntry.Refusal]) {
        var field = ""
        var refusals: [BillEntry.Refusal] = []
        for key in keys {
            switch BillEntry.amount(field, typing: key, currency: currency) {
            case .success(let text): field = text
            case .failure(let refusal): refusals.append(refusal)
            }
        }
        return (field, refusals)
    }

    @Test func theBillKeepsToTheCurrencysDecimals() throws {
        let usd = try Self.currency("USD"), jpy = try Self.currency("JPY"), kwd = try Self.currency("KWD")
        #expect(Self.typeAmount("84.50", currency: usd) == ("84.50", []))
        #expect(Self.typeAmount("84,505", currency: usd) == ("84,50", [.tooManyDecimals(usd)]))
        #expect(Self.typeAmount("1.5", currency: jpy) == ("15", [.noDecimals(jpy)]))
        #expect(Self.typeAmount("12,5009", currency: kwd) == ("12,500", [.tooManyDecimals(kwd)]))
        #expect(Self.typeAmount("1.2.3", currency: usd) == ("1.23", [.secondDecimalPoint]))
        #expect(Self.typeAmount("1.2,3", currency: usd) == ("1.23", [.secondDecimalPoint]))
    }

    @Test func theBillHasALength() throws {
        let jpy = try Self.currency("JPY")
        let typed = Self.typeAmount(String(repeating: "9", count: BillEntry.longestAmount + 2), currency: jpy)
        #expect(typed.field.count == BillEntry.longestAmount)
        #expect(typed.refusals == [.tooLong, .tooLong])
    }

    @Test func theFieldReadsAsABillWithACommaForThePoint() throws {
        let usd = try Self.currency("USD"), kwd = try Self.currency("KWD")
        #expect(BillEntry.bill("84,50", currency: usd)?.minorUnits == 8450)
        #expect(BillEntry.bill("84.5", currency: usd)?.minorUnits == 8450)
        // Never thousands: 12,500 KWD is twelve and a half.
        #expect(BillEntry.bill("12,500", currency: kwd)?.minorUnits == 12_500)
        #expect(BillEntry.bill("", currency: usd) == nil)
        #expect(BillEntry.bill("12.", currency: usd) == nil)
    }

    @Test func theCustomTipStaysATip() {
        func type(_ keys: String) -> (String, Int) {
            var field = "", refused = 0
            for key in keys {
                switch BillEntry.customTip(field, typing: key) {
                case .success(let text): field = text
                case .failure: refused += 1
                }
            }
            return (field, refused)
        }
        #expect(type("12.5") == ("12.5", 0))
        #expect(type("12.25") == ("12.25", 0))
        #expect(type("12.255") == ("12.25", 1))
        #expect(type("51") == ("5", 1))
        #expect(type("50.5") == ("50.", 1))
        #expect(type("1.2.") == ("1.2", 1))
        // The custom tip takes no decimal comma on the screen (the point only).
        #expect(type("12,5") == ("12", 2))
    }
}
