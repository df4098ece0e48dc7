// The screen's fields, in process (issue 26, item 2): the bill and the custom tip hold the
// text as typed and read it with the parsers of --amount and --tip, over the one notation
// table the parsers are tested with (NotationTestSupport).

import Testing
import MoneyKit
import NotationTestSupport
@testable import BillKit

struct BillEntryTests {

    /// The bill field's reading, in the table's terms.
    static func outcome(_ reading: BillEntry.Reading<Money, MoneyError>) -> NotationOutcome? {
        switch reading {
        case .value(let money): return .reads(money.minorUnits)
        case .refused(.ambiguousSeparator): return .ambiguous
        case .refused(.tooManyDecimals): return .tooManyDecimals
        case .refused(.invalidAmount(_, let reason)) where reason.contains("but the amount is in"): return .otherCurrency
        case .refused: return .refused
        case .empty, .incomplete: return nil
        }
    }

    @Test("the bill field reads each notation of the table as --amount does", arguments: NotationTable.amounts)
    func billField(_ example: NotationExample) throws {
        let currency = try #require(Currency(code: example.code))
        let reading = BillEntry.bill(example.input, currency: currency)
        if example.input.isEmpty {
            #expect(reading == .empty)
        } else {
            #expect(Self.outcome(reading) == example.outcome)
        }
    }

    @Test("the custom tip field reads each percentage of the table as --tip does", arguments: NotationTable.percentages)
    func tipField(_ example: NotationExample) {
        let reading = BillEntry.customTip(example.input)
        switch example.outcome {
        case .reads(let hundredths):
            let tip = reading.value
            #expect(tip.flatMap { try? $0.value.scaled(to: 2, input: "") } == hundredths, "\(reading)")
        default:
            #expect(reading.value == nil, "\(reading)")
        }
    }

    @Test func aFieldOnItsWayToAValueIsNeitherReadNorRefused() throws {
        let eur = try #require(Currency(code: "EUR"))
        #expect(BillEntry.bill("12,", currency: eur) == .incomplete)
        #expect(BillEntry.bill("1 ", currency: eur) == .incomplete)
        #expect(BillEntry.bill("", currency: eur) == .empty)
        #expect(BillEntry.customTip("12,") == .incomplete)
        // Then the next digit decides: 12,5 is 12.5 % (the screen gave 12 % before).
        #expect(BillEntry.customTip("12,5").value == Percentage(DecimalText(significand: 125, scale: 1)))
        // The screen gave 12,500 KWD as twelve and a half; --amount refuses it, and so does the screen.
        let kwd = try #require(Currency(code: "KWD"))
        guard case .refused(.ambiguousSeparator) = BillEntry.bill("12,500", currency: kwd) else {
            Issue.record("12,500 KWD read as \(BillEntry.bill("12,500", currency: kwd))")
            return
        }
    }

    @Test func aTipOutOfItsRangeIsRefusedWithItsReason() {
        #expect(BillEntry.customTip("51") == .refused(.invalidTip("51", .outOfRange)))
        #expect(BillEntry.customTip("12.255") == .refused(.invalidTip("12.255", .tooManyDecimals)))
    }
}
