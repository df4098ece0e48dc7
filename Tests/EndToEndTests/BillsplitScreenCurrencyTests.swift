// The screen's currency code field ($, then an ISO 4217 code) and shares by name
// (--people Alice,Bob), in-process: the screen's reducer fed the keys a terminal sends,
// the frame drawn at the 100×30 of BillsplitScreenTests' tmux pane (the one run through a
// real terminal; the screen run whole in-process: BillsplitScreenRunTests).

import BillKit
import MoneyKit
import MoneyKitCLI
import Testing
@testable import billsplit

/// billsplit's screen without a terminal: the state SplitScreen.run starts from (options
/// given, nothing saved), keys in, the frame's lines (spaces squeezed) out.
struct BillsplitScreenDriver {
    private(set) var state: SplitScreenState
    let names: [String]
    /// What the last key asked besides the new state.
    private(set) var effects: [ScreenEffect<Never>] = []

    init(currency: String, tip: Int64 = 15, people: Int? = nil, names: [String] = []) throws {
        let tipIndex = try #require(BillRules.tipPresets.firstIndex(of: tip))
        state = SplitScreenState(
            tipIndex: tipIndex, customTip: ScreenField(BillRules.defaultCustomTip.description),
            people: people ?? max(1, names.count), currency: try #require(Currency(code: currency)))
        self.names = names
    }

    /// Types `text`, a key a character.
    mutating func type(_ text: String) {
        for character in text { effects = state.handle(.character(character)) }
    }

    mutating func press(_ keys: Key...) {
        for key in keys { effects = state.handle(key) }
    }

    /// nil while the last key kept the screen; once it left, whether the card is printed.
    var left: Bool? { effects == [.quit] ? state.printsCard : nil }

    /// The screen's lines, spaces squeezed (as BillsplitTmuxPane.screen gives them).
    var screen: [String] {
        BillsplitE2E.squeezedLines(SplitScreen.frame(
            state, names: names, localeIdentifier: nil, styler: Styler(enabled: false), width: 100, height: 30
        ).joined(separator: "\n"))
    }

    /// Expects each of `texts` within one line of the screen.
    func expectShows(_ texts: String..., sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = screen
        for text in texts where !lines.contains(where: { $0.contains(text) }) {
            Issue.record("'\(text)' is not on the screen:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
    }

    /// Expects no line of the screen to hold `text`.
    func expectGone(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = screen
        if lines.contains(where: { $0.contains(text) }) {
            Issue.record("'\(text)' is on the screen:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
    }
}

@Suite struct BillsplitScreenCurrencyTests {
    @Test func dollarOpensACodeFieldThatTakesAnyCurrentCode() throws {
        var screen = try BillsplitScreenDriver(currency: "USD", tip: 10)
        screen.expectShows("billsplit USD · US Dollar", "type the bill")
        screen.type("100")
        screen.expectShows("Total $110.00")

        screen.type("$")
        screen.expectShows("Currency ▏", "type an ISO 4217 code")
        // Letters in any case, upper-cased; q is a letter here, not quit.
        screen.type("chf")
        screen.expectShows("Currency CHF▏")
        #expect(screen.left == nil)
        screen.press(.enter)
        screen.expectShows("billsplit CHF · Swiss Franc", "Tip (10%) CHF 10.00")
        screen.expectGone("type an ISO 4217 code")

        screen.type("$qar")
        screen.press(.enter)
        screen.expectShows("billsplit QAR · Qatari Rial")
        #expect(screen.state.currency.code == "QAR")
        screen.press(.enter)
        #expect(screen.left == true)
    }

    @Test func anUnknownCodeIsRefusedOnTheScreenAndEscKeepsTheCurrency() throws {
        var screen = try BillsplitScreenDriver(currency: "NOK")
        screen.expectShows("billsplit NOK · Norwegian Krone")
        screen.type("$XYZ")
        screen.press(.enter)
        screen.expectShows("unknown currency 'XYZ': not an ISO 4217 code", "Currency XYZ▏")
        // A fourth letter and a digit are refused; the field stays as it was.
        screen.type("A")
        screen.expectShows("A currency code has 3 letters")
        screen.press(.backspace)
        screen.type("1")
        screen.expectShows("A currency code is letters, such as EUR", "Currency XY▏")
        screen.type("Z")
        screen.expectShows("Currency XYZ▏")
        // Esc closes the field and keeps NOK.
        screen.press(.escape)
        screen.expectGone("Currency XYZ")
        screen.type("+")
        screen.expectShows("People 2", "billsplit NOK · Norwegian Krone")
        // A swapped code gets a suggestion; a withdrawn one is refused too.
        screen.type("$UDS")
        screen.press(.enter)
        screen.expectShows("unknown currency 'UDS': not an ISO 4217 code (did you mean USD?)")
        screen.press(.backspace, .backspace, .backspace)
        screen.type("BGN")
        screen.press(.enter)
        screen.expectShows("currency 'BGN' was withdrawn")
        screen.press(.escape)
        screen.expectGone("Currency BGN")
        #expect(screen.state.currency.code == "NOK")
        screen.type("q")
        #expect(screen.left == false)
    }

    @Test func aBillWithMoreDecimalsThanTheNewCurrencyIsPointedOut() throws {
        var screen = try BillsplitScreenDriver(currency: "USD")
        screen.expectShows("type the bill")
        screen.type("12.5")
        screen.expectShows("Total $14.38")
        screen.type("$jpy")
        screen.press(.enter)
        // The field keeps 12.5, refused as --amount refuses it in JPY.
        screen.expectShows("billsplit JPY · Yen", "invalid amount '12.5': JPY amounts have no decimals")
        screen.press(.backspace, .backspace)
        screen.expectShows("Total ¥14")
    }

    @Test func namedPeopleShowByNameAndExtraPeopleByNumber() throws {
        var screen = try BillsplitScreenDriver(currency: "USD", tip: 0, names: ["Alice", "Bob"])
        screen.expectShows("People 2")
        screen.type("100")
        screen.expectShows("Alice $50.00", "Bob $50.00")
        screen.type("+")
        screen.expectShows("People 3", "Alice $33.34", "Bob $33.33", "Person 3 $33.33")
        screen.type("-")
        screen.expectShows("People 2")
        screen.type("-")
        screen.expectShows("People 1", "Alice $100.00")
        screen.type("+")
        screen.expectShows("People 2", "Bob $50.00")
        screen.press(.enter)
        #expect(screen.left == true)
    }
}
