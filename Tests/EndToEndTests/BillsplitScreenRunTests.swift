// billsplit's screen run whole in-process (issue 27, item 5): the tool on a scripted 100×30
// terminal (ScriptedScreen, the size of BillsplitScreenTests' tmux pane), every key checked
// on the frame it left; after it, what was printed and the preferences kept. Only raw mode
// and a real tty are left to BillsplitScreenTests' one tmux smoke test (and its two
// pseudo-terminal tests: a terminal that goes away, one without a size).

import Foundation
import MoneyKitCLI
import Testing

@Suite struct BillsplitScreenRunTests {
    static let helpLine = "←/→ tip c custom tip +/- people Tab currency $ code Enter done q quit"

    /// A step of a script: keys, or a check that each text is within one line of the
    /// screen (spaces squeezed, as BillsplitTmuxPane.screen gives them).
    enum Step {
        case keys([Key])
        case shows([String], SourceLocation)

        static func type(_ text: String) -> Step { .keys(text.map { .character($0) }) }
        static func press(_ keys: Key...) -> Step { .keys(keys) }
        static func shows(_ texts: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Step { .shows(texts, sourceLocation) }

        var scripted: [ScriptedScreen.Step] {
            switch self {
            case .keys(let keys): return keys.map { .key($0) }
            case .shows(let texts, let sourceLocation):
                return [.check { rows in
                    let lines = BillsplitE2E.squeezedLines(rows.joined(separator: "\n"))
                    for text in texts where !lines.contains(where: { $0.contains(text) }) {
                        Issue.record("'\(text)' is not on the screen:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
                    }
                }]
            }
        }
    }

    /// Runs `billsplit ARGUMENTS…` in-process on the scripted screen: the result (stdout's
    /// colours taken out, as a terminal shows them) and the screen.
    static func run(_ sandbox: Sandbox, _ arguments: [String], _ steps: [Step]) throws -> (ToolResult, ScriptedScreen) {
        let (result, screen) = try ScreenRun.run("billsplit", arguments, environment: sandbox.environment, columns: 100, rows: 30, steps.flatMap(\.scripted))
        let plain = ToolResult(
            status: result.status, killedBySignal: result.killedBySignal, stdout: ScriptedScreen.plain(result.stdout), stderr: result.stderr)
        return (plain, screen)
    }

    @Test func enterPrintsTheCardAndRemembersTheChoices() throws {
        let sandbox = try Sandbox()
        let (result, screen) = try Self.run(sandbox, ["--currency", "USD"], [
            .shows("billsplit USD · US Dollar", "type the bill", "[15%]", "People 1", Self.helpLine),
            .type("100"),
            .shows("Bill $ 100", "Tip (15%) $15.00", "Total $115.00", "1 person pays: $115.00"),
            // ←/→ move through the presets 0, 5, 10, 15, 20, 25.
            .press(.right),
            .shows("[20%]", "Tip (20%) $20.00", "Total $120.00"),
            .press(.left, .left),
            .shows("[10%]", "Total $110.00"),
            // +/- people.
            .type("++"),
            .shows("People 3", "Each of 3 pays: 2 × $36.67 and 1 × $36.66"),
            .type("-"),
            .shows("People 2", "Each of 2 pays: $55.00"),
            .type("+"),
            .shows("People 3", "Each of 3 pays: 2 × $36.67 and 1 × $36.66"),
            // c starts a new custom tip (typing replaces the saved 18); Enter ends the editing.
            .type("c"),
            .shows("[custom …%▏]", "Custom tip: 0 to 50 %"),
            .type("12.5"), .press(.enter),
            .shows("[custom 12.5%]", "Tip (12.5%) $12.50", "Total $112.50", "Each of 3 pays: $37.50"),
            // Tab cycles NOK → USD → KES → NOK.
            .press(.tab),
            .shows("billsplit KES · Kenyan Shilling", "Total Ksh 112.50", "Each of 3 pays: Ksh 37.50"),
            .press(.enter),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(screen.restored, "the terminal is put back")
        #expect(!screen.inputEnded, "Enter left the screen")
        // The screen is gone; the card is printed after it.
        let lines = BillsplitE2E.squeezedLines(result.stdout)
        #expect(lines.contains("Bill Ksh 100.00"))
        #expect(lines.contains("Tip (12.5%) Ksh 12.50"))
        #expect(lines.contains("Total Ksh 112.50"))
        #expect(lines.contains("Each of 3 pays: Ksh 37.50"))
        #expect(!lines.contains { $0.contains("Tab currency") || $0.contains("People 3") })
        #expect(result.stderr.isEmpty)

        let saved = try BillsplitE2E.preferences(BillsplitE2E.preferencesPath(sandbox))
        #expect(saved["currency"] as? String == "KES")
        #expect(saved["tipPercent"] as? String == "12.5")
        #expect(saved["customTipPercent"] as? String == "12.5")
        #expect(saved["people"] as? Int == 3)
    }

    @Test func qLeavesQuietlyAndTheSavedChoicesStartTheScreen() throws {
        let sandbox = try Sandbox()
        let file = BillsplitE2E.preferencesPath(sandbox)
        try BillsplitE2E.writePreferences(file, content: #"{"currency": "NOK", "tipPercent": "20", "people": 2}"#)
        let (result, screen) = try Self.run(sandbox, [], [
            .shows("billsplit NOK · Norwegian Krone", "[20%]", "People 2"),
            .type("50"),
            .shows("Total 60,00 kr", "Each of 2 pays: 30,00 kr"),
            // ← stops at 0 %, → at the custom tip.
            .press(.left, .left, .left, .left, .left, .left),
            .shows("[0%]", "Total 50,00 kr"),
            .press(.right, .right, .right),
            .shows("[15%]", "Total 57,50 kr"),
            .type("+"),
            .shows("People 3", "Each of 3 pays: 2 × 19,17 kr and 1 × 19,16 kr"),
            .press(.tab),
            .shows("billsplit USD · US Dollar", "Total $57.50"),
            .type("q"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(screen.restored)
        #expect(!screen.inputEnded, "q left the screen")
        #expect(result.stdout.isEmpty, "q prints no card: \(result.stdout)")

        let saved = try BillsplitE2E.preferences(file)
        #expect(saved["currency"] as? String == "USD")
        #expect(saved["tipPercent"] as? String == "15")
        #expect(saved["people"] as? Int == 3)
    }

    @Test func noSaveRemembersNothingAndTheAmountKeepsToTheCurrency() throws {
        let sandbox = try Sandbox()
        let (result, screen) = try Self.run(sandbox, ["--currency", "JPY", "--tip", "10", "--people", "20", "--no-save"], [
            .shows("billsplit JPY · Yen", "[10%]", "People 20"),
            // The field keeps what is typed, refused as --amount refuses it (issue 26, item 2).
            .type("1.5"),
            .shows("Bill ¥ 1.5", "invalid amount '1.5': JPY amounts have no decimals"),
            .press(.backspace, .backspace),
            .type("5"),
            .shows("Bill ¥ 15", "Total ¥17", "Each of 20 pays: 17 × ¥1 and 3 × ¥0"),
            // People stop at 20.
            .type("+"),
            .shows("People 20"),
            // JPY is not one of the app's three currencies: Tab goes on to NOK.
            .press(.tab),
            .shows("billsplit NOK · Norwegian Krone", "Total 16,50 kr"),
            .type("q"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(screen.restored)
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }

    /// The terminal gone (input ended) ends the screen: nothing printed, the choices kept.
    @Test func theScreenEndsWhenItsInputEnds() throws {
        let sandbox = try Sandbox()
        let (result, screen) = try Self.run(sandbox, ["--currency", "USD"], [
            .type("100+"),
            .shows("Total $115.00", "People 2"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(screen.inputEnded)
        #expect(screen.restored)
        #expect(result.stdout.isEmpty)
        let saved = try BillsplitE2E.preferences(BillsplitE2E.preferencesPath(sandbox))
        #expect(saved["people"] as? Int == 2)
    }

    /// Off a terminal the screen is refused, in RawTerminal's words (exit 64), and nothing is kept.
    @Test func aDumbTerminalGetsNoScreen() throws {
        let sandbox = try Sandbox()
        let (result, screen) = try ScreenRun.run(
            "billsplit", ["--currency", "USD"], environment: sandbox.environment.merging(["TERM": "dumb"]) { $1 }, [.key(.character("q"))])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("billsplit: error: "), "\(result.stderr)")
        #expect(screen.frames.isEmpty)
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }
}
