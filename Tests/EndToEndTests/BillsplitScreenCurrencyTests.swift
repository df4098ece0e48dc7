// The screen's currency code field ($, then an ISO 4217 code) and shares by name
// (--people Alice,Bob), through a real terminal (tmux, as BillsplitScreenTests).

import Foundation
import Testing

@Suite struct BillsplitScreenCurrencyTests {
    /// Polls until no line of the screen holds `text`.
    static func waitUntilGone(_ text: String, _ pane: BillsplitTmuxPane, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let deadline = Date().addingTimeInterval(5)
        while try pane.screen().contains(where: { $0.contains(text) }) {
            guard Date() < deadline else {
                Issue.record("'\(text)' stayed on the screen", sourceLocation: sourceLocation)
                return
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    @Test func dollarOpensACodeFieldThatTakesAnyCurrentCode() throws {
        let sandbox = try Sandbox()
        let pane = try BillsplitTmuxPane(sandbox: sandbox, arguments: ["--currency", "USD", "--tip", "10"])
        try pane.waitFor("billsplit USD · US Dollar", "type the bill")
        try pane.type("100")
        try pane.waitFor("Total $110.00")

        try pane.type("$")
        try pane.waitFor("Currency ▏", "type an ISO 4217 code")
        // Letters in any case, upper-cased; q is a letter here, not quit.
        try pane.type("chf")
        try pane.waitFor("Currency CHF▏")
        try pane.press("Enter")
        try pane.waitFor("billsplit CHF · Swiss Franc", "Tip (10%) CHF 10.00")
        let lines = try pane.screen()
        #expect(!lines.contains { $0.contains("type an ISO 4217 code") })

        try pane.type("$qar")
        try pane.press("Enter")
        try pane.waitFor("billsplit QAR · Qatari Rial")

        try pane.press("Enter")
        #expect(try pane.waitForExit() == 0)
        let saved = try BillsplitE2E.preferences(BillsplitE2E.preferencesPath(sandbox))
        #expect(saved["currency"] as? String == "QAR")
    }

    @Test func anUnknownCodeIsRefusedOnTheScreenAndEscKeepsTheCurrency() throws {
        let sandbox = try Sandbox()
        let pane = try BillsplitTmuxPane(sandbox: sandbox, arguments: ["--currency", "NOK", "--no-save"])
        try pane.waitFor("billsplit NOK · Norwegian Krone")
        try pane.type("$XYZ")
        try pane.press("Enter")
        try pane.waitFor("unknown currency 'XYZ': not an ISO 4217 code", "Currency XYZ▏")
        // A fourth letter and a digit are refused; the field stays as it was.
        try pane.type("A")
        try pane.waitFor("A currency code has 3 letters")
        try pane.press("BSpace")
        try pane.type("1")
        try pane.waitFor("A currency code is letters, such as EUR", "Currency XY▏")
        try pane.type("Z")
        try pane.waitFor("Currency XYZ▏")
        try pane.press("Escape")
        // Esc closes the field and keeps NOK (a key right after Esc would read as Alt-key).
        try Self.waitUntilGone("Currency XYZ", pane)
        try pane.type("+")
        let lines = try pane.waitFor("People 2")
        #expect(lines.contains { $0.contains("billsplit NOK · Norwegian Krone") })
        #expect(!lines.contains { $0.contains("Currency XYZ") })
        // A swapped code gets a suggestion; a withdrawn one is refused too.
        try pane.type("$UDS")
        try pane.press("Enter")
        try pane.waitFor("unknown currency 'UDS': not an ISO 4217 code (did you mean USD?)")
        try pane.press("BSpace", "BSpace", "BSpace")
        try pane.type("BGN")
        try pane.press("Enter")
        try pane.waitFor("currency 'BGN' was withdrawn")
        try pane.press("Escape")
        try Self.waitUntilGone("Currency BGN", pane)
        try pane.type("q")
        #expect(try pane.waitForExit() == 0)
    }

    @Test func aBillWithMoreDecimalsThanTheNewCurrencyIsPointedOut() throws {
        let pane = try BillsplitTmuxPane(sandbox: try Sandbox(), arguments: ["--currency", "USD", "--no-save"])
        try pane.waitFor("type the bill")
        try pane.type("12.5")
        try pane.waitFor("Total $14.38")
        try pane.type("$jpy")
        try pane.press("Enter")
        // The field keeps 12.5, refused as --amount refuses it in JPY.
        try pane.waitFor("billsplit JPY · Yen", "invalid amount '12.5': JPY amounts have no decimals")
        try pane.press("BSpace", "BSpace")
        try pane.waitFor("Total ¥14")
        try pane.type("q")
        #expect(try pane.waitForExit() == 0)
    }

    @Test func namedPeopleShowByNameAndExtraPeopleByNumber() throws {
        let sandbox = try Sandbox()
        let pane = try BillsplitTmuxPane(sandbox: sandbox, arguments: ["--currency", "USD", "--tip", "0", "--people", "Alice,Bob", "--no-save"])
        try pane.waitFor("People 2")
        try pane.type("100")
        try pane.waitFor("Alice $50.00", "Bob $50.00")
        try pane.type("+")
        try pane.waitFor("People 3", "Alice $33.34", "Bob $33.33", "Person 3 $33.33")
        // One key at a time: tmux reads a lone "--" as the end of its options.
        try pane.type("-")
        try pane.waitFor("People 2")
        try pane.type("-")
        try pane.waitFor("People 1", "Alice $100.00")
        try pane.type("+")
        try pane.waitFor("People 2", "Bob $50.00")
        try pane.press("Enter")
        #expect(try pane.waitForExit() == 0)
        let lines = try pane.screen()
        #expect(lines.contains("Alice $50.00"))
        #expect(lines.contains("Bob $50.00"))
    }
}
