// The screens' fitting in-process (issue 26, item 31): text wrapped and figures laid out
// to a width without cutting a word or an amount, and a frame fitted to a height, the
// least needed lines giving way first.

import MoneyKitCLI
import Testing

@Suite struct ScreenTextTests {
    @Test func wrappingNeverCutsAWordAndKeepsTheIndent() {
        let line = "  Each of 3 pays: 2 × $3,833,333.33 and 1 × $3,833,333.32"
        for width in [20, 30, 40] {
            let lines = ScreenText.wrap(line, width: width)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(lines)")
            #expect(lines.allSatisfy { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }, "\(lines)")
            #expect(lines.map { $0.dropFirst(2) }.joined(separator: " ") == line.dropFirst(2), "nothing lost or cut: \(lines)")
            #expect(!lines.joined().contains("…"))
        }
        #expect(ScreenText.wrap(line, width: 80) == [line])
        // A word wider than a whole line is continued on the next, nothing left out: a
        // longer row would be overwritten by the next one.
        #expect(ScreenText.wrap("Total £92,233,720,368,547,758.07", width: 10) == ["Total", "£92,233,72", "0,368,547,", "758.07"])
        // Runs of spaces inside a line that fits are kept.
        #expect(ScreenText.wrap("Total     £5.00   x", width: 16) == ["Total     £5.00", "x"])
    }

    @Test func figuresGoOnMoreLinesAndALabelAboveItsAmountRatherThanBeingCut() {
        let figures = [("Total", "£51,099.99"), ("Float", "£150.00"), ("Deposit", "£50,949.99"), ("Expected", "£92,233,720,368,547,758.07")]
        #expect(ScreenText.figures(figures, width: 200) == ["Total £51,099.99   Float £150.00   Deposit £50,949.99   Expected £92,233,720,368,547,758.07"])
        #expect(ScreenText.figures(figures, width: 40) == ["Total £51,099.99   Float £150.00", "Deposit £50,949.99", "Expected £92,233,720,368,547,758.07"])
        #expect(ScreenText.figures(figures, width: 30) == ["Total £51,099.99", "Float £150.00", "Deposit £50,949.99", "Expected", "£92,233,720,368,547,758.07"])
        // A figure without a label is the amount alone.
        #expect(ScreenText.figures([("", "short by £3.00")], width: 10) == ["short by", "£3.00"])
    }

    @Test func packKeepsItemsWhole() {
        let items = [" 0% ", " 5% ", " 10% ", "[15%]", " 20% ", " 25% ", " custom 12.5% "]
        let lines = ScreenText.pack(items, width: 21, separator: " ")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 21 }, "\(lines)")
        let shown: [Substring] = lines.joined(separator: " ").split(separator: " ")
        let given: [Substring] = items.joined(separator: " ").split(separator: " ")
        #expect(shown == given)
        #expect(ScreenText.pack([], width: 10) == [""])
        // Colour codes take no columns and are never split.
        let bold = "\u{1B}[1m£1,234.56\u{1B}[0m"
        #expect(ScreenText.pack(["Total", bold], width: 15, separator: " ") == ["Total " + bold])
        #expect(ScreenText.pack([bold], width: 4) == ["\u{1B}[1m£1,2", "34.5", "6\u{1B}[0m"])
    }

    @Test func aFieldTooLongForItsLineGoesBelowItsLabelWhole() {
        #expect(ScreenText.field(label: "Bill $ ", text: "12.50▏", width: 30) == ["Bill $ 12.50▏"])
        let text = String(repeating: "9", count: 32) + "▏"
        let lines = ScreenText.field(label: "Bill $ ", text: text, width: 30)
        #expect(lines.first == "Bill $ ")
        #expect(lines.dropFirst().joined() == text)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 30 }, "\(lines)")
    }

    @Test func aFrameGivesWaySpacingFirstThenChromeThenTheLastContentLinesNamed() {
        var frame = ScreenFrame()
        frame.add("title", as: .chrome)
        frame.add("", as: .spacing)
        frame.add(["c1", "c2", "c3", "c4"], as: .content)
        frame.add("", as: .spacing)
        frame.add("bar", as: .essential)
        frame.add("help", as: .chrome)
        #expect(frame.lines(height: 20, width: 40) == ["title", "", "c1", "c2", "c3", "c4", "", "bar", "help"])
        #expect(frame.lines(height: 7, width: 40) == ["title", "c1", "c2", "c3", "c4", "bar", "help"])
        #expect(frame.lines(height: 6, width: 40) == ["title", "c1", "c2", "c3", "c4", "bar"])
        #expect(frame.lines(height: 5, width: 40) == ["c1", "c2", "c3", "c4", "bar"])
        #expect(frame.lines(height: 4, width: 60) == ["c1", "c2", "(2 more lines below)", "bar"])
        // What is essential stays, even when it alone is more than the rows.
        #expect(frame.lines(height: 0, width: 40) == ["bar"])
    }
}
