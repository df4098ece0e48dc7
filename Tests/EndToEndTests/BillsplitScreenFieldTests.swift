// billsplit's screen as a reducer, in process (issue 26, item 2): every notation of the one
// table (NotationTestSupport) typed key by key into the bill field reads as --amount reads
// it, keeps every character, and a refusal is on the screen; `c` then `12,5` is 12.5 %.

import BillKit
import MoneyKit
import MoneyKitCLI
import NotationTestSupport
import Testing
@testable import billsplit

@Suite struct BillsplitScreenFieldTests {
    static func state(_ code: String) throws -> SplitScreenState {
        SplitScreenState(tipIndex: 3, customTip: ScreenField("18"), people: 2, currency: try #require(Currency(code: code)))
    }

    /// Types `text` key by key.
    static func type(_ text: String, into state: inout SplitScreenState) {
        for character in text { #expect(state.handle(.character(character)) == [.redraw]) }
    }

    @Test("each notation typed into the bill field reads as --amount reads it", arguments: NotationTable.amounts.filter {
        // The screen's command keys (q, c, +, -, $) cannot be typed into the field.
        !$0.input.isEmpty && !$0.input.contains { SplitScreenState.commandKeys.contains($0) }
    })
    func billField(_ example: NotationExample) throws {
        var state = try Self.state(example.code)
        Self.type(example.input, into: &state)
        #expect(state.bill.text == example.input, "a character was dropped")
        let currency = try #require(Currency(code: example.code))
        switch (example.outcome, state.billReading) {
        case (.reads(let minorUnits), .value(let money)):
            #expect(money.minorUnits == minorUnits)
            #expect(state.message.isEmpty)
        case (.reads, let reading):
            Issue.record("read as \(reading)")
        case (_, .refused(let error)):
            // The refusal --amount gives, on the screen.
            #expect(throws: error) { try Money.parse(example.input, currency: currency) }
            #expect(state.message.hasPrefix("\(error)"), "\(state.message)")
        case (_, let reading):
            Issue.record("expected a refusal, read as \(reading)")
        }
    }

    @Test func anAmbiguousBillIsRefusedOnTheScreenNamingBothReadings() throws {
        var state = try Self.state("EUR")
        Self.type("1.500", into: &state)
        #expect(state.billReading.value == nil)
        #expect(state.message == "invalid amount '1.500': the '.' could separate thousands or decimals · "
            + "write 1500 or 1 500 if you mean thousands, 1.5 if you mean decimals")
        // ⌫ back to 1.50 reads again, and the refusal is gone.
        #expect(state.handle(.backspace) == [.redraw])
        #expect(state.billReading.value?.minorUnits == 150)
        #expect(state.message.isEmpty)
    }

    @Test func aCustomTipWithADecimalCommaIsTwelveAndAHalf() throws {
        var state = try Self.state("EUR")
        #expect(state.handle(.character("c")) == [.redraw])
        Self.type("12,5", into: &state)
        #expect(state.customTip.text == "12,5")
        #expect(state.tip == Percentage(DecimalText(significand: 125, scale: 1)))
        #expect(state.handle(.enter) == [.redraw])
        #expect(!state.editingCustomTip)
    }

    @Test("each percentage typed into the custom tip reads as --tip reads it", arguments: NotationTable.percentages)
    func tipField(_ example: NotationExample) throws {
        var state = try Self.state("EUR")
        _ = state.handle(.character("c"))
        Self.type(example.input, into: &state)
        #expect(state.customTip.text == example.input, "a character was dropped")
        #expect(state.tip == BillRules.tipIfValid(example.input))
        if case .reads = example.outcome {
            #expect(state.tip != nil && state.message.isEmpty, "\(state.message)")
        } else {
            #expect(state.tip == nil)
            #expect(state.message.hasPrefix("custom tip: '\(example.input)'"), "\(state.message)")
            // Enter keeps a refused tip open.
            #expect(state.handle(.enter) == [.redraw])
            #expect(state.editingCustomTip)
        }
    }

    @Test func aBillTypedForOneCurrencyIsJudgedAgainInTheNext() throws {
        var state = try Self.state("USD")
        Self.type("12.5", into: &state)
        #expect(state.billReading.value?.minorUnits == 1250)
        _ = state.handle(.character("$"))
        Self.type("JPY", into: &state)
        _ = state.handle(.enter)
        #expect(state.currency.code == "JPY")
        #expect(state.message.contains("JPY amounts have no decimals"), "\(state.message)")
    }

    @Test func qLeavesAndEnterPrintsTheCard() throws {
        var state = try Self.state("EUR")
        #expect(state.handle(.character("q")) == [.quit])
        #expect(!state.printsCard)
        #expect(state.handle(.enter) == [.quit])
        #expect(state.printsCard)
    }
}
