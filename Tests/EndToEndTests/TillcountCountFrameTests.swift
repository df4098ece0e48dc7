// tillcount count's frame in-process at 30, 40 and 80 columns by 10 and 24 rows (issue
// 26, item 31): every amount of the totals bar whole (at 40 columns it read "Depos…"),
// the selected row in sight with its quantity and value whole, a message wrapped, not
// cut, and no row wider than the screen.

@testable import tillcount
import MoneyKit
import MoneyKitCLI
import TillKit
import Testing

@Suite struct TillcountCountFrameTests {
    static let sizes = [(30, 10), (30, 24), (40, 10), (40, 24), (80, 10), (80, 24)]

    /// A GBP count with large figures, a float and a recorded sale, so that the bar holds
    /// total, float, deposit, expected and over/short.
    static func standing(blind: Bool = false) throws -> CashStanding {
        var state = TillState()
        state.currencyCode = "GBP"
        state.floatMinorUnits = 15_000
        state.quantities = [TillItem(kind: .note, minorUnits: 5_000): 1_000, TillItem(kind: .note, minorUnits: 2_000): 3,
                            TillItem(kind: .coin, minorUnits: 1): 99_999]
        state.movements = [TillMovement(kind: .sale, minorUnits: 12_345_678, reason: nil, at: "2026-11-27T10:00:00Z")]
        state.isBlind = blind
        let till = Till(live: InMemoryTillRepository(state), history: InMemoryTillHistory(), denominations: InMemoryDenominations())
        return try till.standing(CurrencyChoice(asked: .gbp, fallback: .gbp)) { _ in StandingRequest() }
    }

    static func frame(_ standing: CashStanding, _ view: CountScreenView, width: Int, height: Int) -> [String] {
        CountScreen.frame(standing, view: view, header: "tillcount  GBP", styler: Styler(enabled: false), width: width, height: height)
    }

    @Test func everyFigureOfTheBarIsWholeAtEverySize() throws {
        let standing = try Self.standing()
        let money = { (amount: Money) in amount.formatted() }
        let summary = standing.summary
        let rendering = TillRendering(styler: Styler(enabled: false), width: 80)
        let (label, amount) = rendering.standing(summary)
        let figures = try ["Total " + money(summary.total), "Float " + money(summary.float), label + " " + money(amount),
                           "Expected " + money(#require(summary.expected)), rendering.overShortText(#require(summary.overShort))]
        #expect(figures == ["Total £51,059.99", "Float £150.00", "Deposit £50,909.99", "Expected £123,606.78", "short by £72,546.79"])
        for (width, height) in Self.sizes {
            for selected in [0, 11, summary.lines.count - 1] {
                let rows = Self.frame(standing, CountScreenView(selected: selected), width: width, height: height)
                let context = "\(width)×\(height), line \(selected):\n" + rows.joined(separator: "\n")
                #expect(rows.count <= height, "\(context)")
                #expect(rows.allSatisfy { DisplayWidth.of($0) <= width }, "\(context)")
                for figure in figures {
                    // The label may be on the line above its amount; the amount is whole.
                    let amount = String(figure.split(separator: " ").last ?? "")
                    #expect(rows.contains { $0.contains(figure) } || rows.contains { $0.hasSuffix(amount) || $0.contains(amount + " ") }, "\(figure): \(context)")
                }
                #expect(!rows.joined().contains("Depos…"), "\(context)")
                // The selected line is in sight, its value whole.
                let line = summary.lines[selected]
                #expect(rows.contains { $0.hasPrefix("›") && $0.hasSuffix(money(line.value)) && $0.contains(" \(line.quantity) ") }, "\(context)")
            }
        }
    }

    @Test func aBlindCountSaysHiddenAndShowsNoExpectedFigure() throws {
        let standing = try Self.standing(blind: true)
        for (width, height) in Self.sizes {
            let rows = Self.frame(standing, CountScreenView(), width: width, height: height)
            let text = rows.joined(separator: "\n")
            #expect(text.contains("Expected hidden (blind)") || text.contains("Expected\nhidden (blind)"), "\(width)×\(height): \(text)")
            #expect(!text.contains("123,606.78") && !text.contains("short by"), "\(text)")
        }
    }

    @Test func aMessageAndATypedFloatAreWrappedNotCut() throws {
        let standing = try Self.standing()
        let message = "Saved as count 12 · Expected £123,606.78: short by £72,506.79, ! beyond tolerance (£1.00)"
        var entry = FloatEntry()
        for character in "1234567890,50" { _ = entry.handle(.character(character), currency: .gbp) }
        for (width, height) in Self.sizes {
            let rows = Self.frame(standing, CountScreenView(message: message), width: width, height: height)
            let context = "\(width)×\(height):\n" + rows.joined(separator: "\n")
            #expect(rows.count <= height && rows.allSatisfy { DisplayWidth.of($0) <= width }, "\(context)")
            // Every word of the message is there, none cut.
            let words = Set(rows.flatMap { $0.split(separator: " ").map(String.init) })
            #expect(message.split(separator: " ").allSatisfy { words.contains(String($0)) }, "\(context)")
            let typing = Self.frame(standing, CountScreenView(floatEntry: entry), width: width, height: height)
            #expect(typing.contains { $0.contains("New float: 1234567890,50▏") }, "\(width)×\(height): \(typing)")
        }
    }

    /// The neighbour: show's and report's totals at 40 columns put over/short under its row
    /// rather than beyond the width; wide, beside the expected cash as before.
    @Test func showsTotalsPutANoteUnderItsRowWhenNarrow() throws {
        let standing = try Self.standing()
        for width in [30, 40] {
            let lines = TillRendering(styler: Styler(enabled: false), width: width).table(standing.summary, showAll: false, standing: standing)
            // At 30 the denominations' whole columns alone are wider: the totals are not.
            let checked = width == 40 ? lines[...] : lines.drop { !$0.isEmpty }
            #expect(checked.allSatisfy { DisplayWidth.of($0) <= width }, "\(width):\n\(lines.joined(separator: "\n"))")
            let expected = try #require(lines.firstIndex { $0.hasPrefix("Expected") && $0.hasSuffix("£123,606.78") }, "\(lines)")
            #expect(lines[expected + 1] == "  short by £72,546.79", "\(lines)")
        }
        let wide = TillRendering(styler: Styler(enabled: false), width: 80).table(standing.summary, showAll: false, standing: standing)
        #expect(wide.contains("Expected    £123,606.78  short by £72,546.79"), "\(wide)")
    }
}
