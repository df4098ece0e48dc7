// How a TextTable gives way when it is wider than the terminal: which columns shrink,
// in what order, how far, which are left out, and that every row stays one line.

import Testing
@testable import MoneyKitCLI

/// The cells of a rendered line, split on runs of two or more spaces.
private func cells(_ line: String) -> [String] {
    line.split(separator: "  ", omittingEmptySubsequences: true).map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
}

private extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

@Test func theLeastImportantFreeTextShrinksFirst() {
    var table = TextTable(columns: [.text("NAME", minimum: 6, importance: 10), .text("NOTE", minimum: 6, importance: 0), .amount("VALUE")])
    table.append(["Workplace Pension", "a long note about the account", "£45,002.60"])
    // Natural: 17 + 2 + 29 + 2 + 10 = 60. At 50 the note (less important) gives the 10.
    let lines = table.render(maxWidth: 50)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 })
    #expect(lines[1].hasPrefix("Workplace Pension  a long note about …"))
    #expect(lines[1].hasSuffix("£45,002.60"))
    // At 35 the note is at its minimum and the name gives the rest.
    let narrow = table.render(maxWidth: 35)
    #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 35 })
    #expect(cells(narrow[1]) == ["Workplace Pens…", "a lon…", "£45,002.60"])
}

@Test func equallyImportantTextShrinksTheWidestFirst() {
    var table = TextTable(columns: [.text("A", minimum: 3), .text("B", minimum: 3), .amount("N")])
    table.append(["abcdefghij", "abcdefghijklmnopqrst", "1"])
    // Natural 10 + 2 + 20 + 2 + 1 = 35; at 30 only the wider B shrinks (to 15).
    let lines = table.render(maxWidth: 30)
    #expect(cells(lines[1]) == ["abcdefghij", "abcdefghijklmn…", "1"])
    // At 20 both end level: 8 and 7 (or 7 and 8) columns, nothing below the other by more than one.
    let narrow = table.render(maxWidth: 20)
    #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 20 })
    let parts = cells(narrow[1])
    #expect(parts.count == 3)
    #expect(abs(DisplayWidth.of(parts[0]) - DisplayWidth.of(parts[1])) <= 1)
}

@Test func amountsAndDatesAreNeverCutEvenWhenTheTableCannotFit() {
    var table = TextTable(columns: [.text("NAME", minimum: 8), .init("DATE", importance: 100), .amount("VALUE")])
    table.append(["Stocks & Shares ISA", "2026-11-22 14:03", "£1,234,567,890.12"])
    let lines = table.render(maxWidth: 20)
    // The name is down to a few characters; the date and the amount are whole.
    #expect(lines[1].contains("2026-11-22 14:03"))
    #expect(lines[1].contains("£1,234,567,890.12"))
    #expect(cells(lines[1])[0] == "St…")
}

@Test func droppableColumnsGoBeforeNamesShrinkBelowTheirMinimum() {
    var table = TextTable(columns: [
        .text("ACCOUNT", minimum: 12, importance: 10), .amount("VALUE"), .init("UPDATED", importance: 100),
        .init("TREND", fit: .droppable, importance: 20),
    ])
    table.append(["Easy Access Savings", "£5,530.25", "2026-11-22 14:03", "▁▂▃▄▅▆▇█▁▂▃▄▅▆▇█"])
    table.append(["Cash ISA", "£12,201.34", "2026-11-22 14:03", "▁▁▂▂▃▃▄▄▅▅▆▆▇▇██"])
    // Full: 19 + 2 + 10 + 2 + 16 + 2 + 16 = 67.
    #expect(table.render(maxWidth: 80)[1].contains("Easy Access Savings"))
    // At 60 the name shrinks to 12 (its useful minimum) and the trend stays.
    let sixty = table.render(maxWidth: 60)
    #expect(sixty[0].contains("TREND"))
    #expect(sixty[1].hasPrefix("Easy Access…"))
    #expect(sixty.allSatisfy { DisplayWidth.of($0) <= 60 })
    // At 45 the trend would need the name below 12: the trend goes, and the name gets
    // back the room it frees.
    let narrow = table.render(maxWidth: 45)
    #expect(!narrow[0].contains("TREND"))
    // What was left out is named under the table, within the width, never silently gone.
    #expect(narrow.count == 5)
    #expect(narrow[3...].joined(separator: " ") == "(not shown to fit: TREND; a wider terminal or COLUMNS shows it, --format csv every column)")
    #expect(!sixty.joined().contains("not shown"))
    #expect(!narrow[1].contains("▁"))
    #expect(narrow[1].hasPrefix("Easy Access Sa…"))
    #expect(narrow[2].hasPrefix("Cash ISA "))
    #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 45 })
    // At 40, with the trend gone, the name is what shrinks below its minimum; values stay.
    let forty = table.render(maxWidth: 40)
    #expect(forty.allSatisfy { DisplayWidth.of($0) <= 40 })
    #expect(forty[1].contains("£5,530.25") && forty[1].contains("2026-11-22 14:03"))
    #expect(forty[2].contains("£12,201.34"))
    #expect(cells(forty[1])[0].hasSuffix("…"))
}

@Test func aWholeColumnsTitleGivesWayToItsValues() {
    var table = TextTable(columns: [.amount("ID"), .amount("DEPOSIT/SHORT"), .amount("TOTAL")])
    table.append(["1", "$3.00", "$68.00"])
    let lines = table.render(maxWidth: 20)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
    #expect(lines[1].contains("$3.00") && lines[1].contains("$68.00"))
    #expect(lines[0].contains("…"))
}

@Test func storedNewlinesAndControlsStayOnOneLineAndAreMeasuredEscaped() {
    var table = TextTable(columns: [.text("LABEL"), .amount("TOTAL")])
    table.append(["Morning\nshift", "$1.00"])
    table.append(["\u{1B}[31mred\u{1B}]0;title\u{07}", "$2.00"])
    table.append(["plain", "$3.00"])
    let lines = table.render()
    #expect(lines.count == 4)
    #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\u{1B}") && !$0.contains("\u{07}") })
    #expect(lines[1].hasPrefix("Morning\\nshift"))
    #expect(lines[2].hasPrefix("\\x1B[31mred\\x1B]0;title\\x07"))
    // Widths are of what is printed: every TOTAL ends at the same column.
    #expect(Set(lines.map(DisplayWidth.of)).count == 1)
    // Cut to fit, the escaped text is what is cut.
    let cut = table.render(maxWidth: 16)
    #expect(cut[1] == "Morning\\…  $1.00")
}

@Test func wideCharactersAreCutAndPaddedByTerminalColumns() {
    var table = TextTable(columns: [.text("名前", minimum: 4), .amount("金額")])
    table.append(["日本語のとても長い名前です", "¥1,000"])
    table.append(["e\u{301}clair", "¥20"])
    let lines = table.render(maxWidth: 18)
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 18 })
    #expect(lines[1] == "日本語の…   ¥1,000")  // a wide character that does not fit is left out whole
    #expect(lines[2] == "e\u{301}clair         ¥20")
}

@Test func stylesApplyToTheFittedText() {
    var table = TextTable(columns: [.text("NAME", minimum: 4), .amount("VALUE")])
    table.append([TextTable.Cell("a rather long name", style: { "<\($0)>" }), TextTable.Cell("$5.00", style: { "[\($0)]" })])
    let lines = table.render(maxWidth: 15)
    #expect(lines[1] == "<a rathe…>  [$5.00]")
}

/// A headerless card (billsplit's) leaves its notes out without a footer; a table with
/// titles names every titled column it left out, and not an untitled mark column.
@Test func theNoteNamesEveryTitledColumnLeftOut() {
    var table = TextTable(columns: [
        .text("NAME", minimum: 4, importance: 50), .amount("VALUE"),
        .init("", fit: .droppable, importance: 5), .init("TILL", fit: .droppable, importance: 10), .init("KIND", fit: .droppable, importance: 10),
    ])
    table.append(["Front", "£1.00", "*", "front till", "x"])
    let lines = table.render(maxWidth: 16)
    #expect(lines.joined(separator: " ").contains("(not shown to fit: TILL, KIND;"))
    table.showsHeader = false
    #expect(!table.render(maxWidth: 16).contains { $0.contains("not shown") })
}

/// Columns titled alike ("+/-" beside each value of portfolio's `table --change`) are named
/// by what they are when left out, the least important first to go, the values kept.
@Test func columnsTitledAlikeAreNamedByWhatTheyAreWhenLeftOut() {
    var table = TextTable(columns: [
        .init("PERIOD", importance: 100), .amount("A"), .init("+/-", .right, fit: .droppable, importance: 49, omittedName: "+/- of A"),
        .amount("B"), .init("+/-", .right, fit: .droppable, importance: 48, omittedName: "+/- of B"),
    ])
    table.append(["2025-01", "£10.00", "+£1.00", "£20.00", "-£2.00"])
    let wide = table.render(maxWidth: 80)
    #expect(wide.count == 2 && wide[0].hasSuffix("B     +/-"), "\(wide)")
    // B's change goes first: A's stays beside A.
    let narrower = table.render(maxWidth: 34)
    #expect(narrower[1] == "2025-01  £10.00  +£1.00  £20.00", "\(narrower)")
    #expect(narrower.dropFirst(2).joined(separator: " ").hasPrefix("(not shown to fit: +/- of B;"), "\(narrower)")
    let narrow = table.render(maxWidth: 20)
    #expect(narrow[1] == "2025-01  £10.00  £20.00", "the values stay whole, wider than asked: \(narrow)")
    #expect(narrow.dropFirst(2).joined(separator: " ").hasPrefix("(not shown to fit: +/- of A, +/- of B;"), "\(narrow)")
}

/// A column of free text with nothing in it is left out (named) before the table is wider
/// than the terminal: `tillcount movements` at 40 columns was 43 wide for an empty REASON.
@Test func anEmptyTextColumnGoesBeforeTheTableIsTooWide() {
    var table = TextTable(columns: [
        .amount("#"), .init("KIND", importance: 50), .amount("AMOUNT"), .text("REASON", minimum: 8), .init("TIME", importance: 100),
    ])
    table.append(["1", "sale", "£123,456.78", "", "2026-11-27 17:54"])
    let lines = table.render(maxWidth: 40)
    #expect(lines[1] == "1  sale  £123,456.78  2026-11-27 17:54", "\(lines)")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(lines)")
    #expect(lines.dropFirst(2).joined(separator: " ").hasPrefix("(not shown to fit: REASON;"), "\(lines)")
    // With a reason, the column stays, cut to a few characters: the text is there to see.
    table.rows[0][3] = "float top-up"
    #expect(table.render(maxWidth: 40)[1].contains("fl…"), "\(table.render(maxWidth: 40))")
}
