// Terminal column widths, padding and truncation, and aligned text tables.

import Testing
@testable import MoneyKitCLI

/// `text` without ANSI CSI sequences.
private func stripANSI(_ text: String) -> String {
    var result = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
        if inEscape {
            if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            continue
        }
        if scalar == "\u{1B}" { inEscape = true; continue }
        result.unicodeScalars.append(scalar)
    }
    return result
}

// MARK: - DisplayWidth

@Test(
    "Display width in terminal columns",
    arguments: [
        ("", 0),
        ("abc", 3),
        ("hello, world!", 13),
        ("日本", 4),  // CJK: two columns each
        ("日本語テキスト", 14),
        ("한국어", 6),  // Hangul syllables
        ("ｶﾅ", 2),  // halfwidth katakana: one column
        ("ＡＢ", 4),  // fullwidth Latin
        ("e\u{301}", 1),  // combining acute accent takes none
        ("a\u{0300}\u{0316}", 1),
        ("café", 4),
        ("\u{200B}", 0),  // zero width space
        ("x\u{FE0F}", 1),  // variation selector takes none
        ("🎉", 2),
        ("👍", 2),
        ("a🎉b", 4),
        ("\u{1B}[31mred\u{1B}[0m", 3),  // ANSI colour is ignored
        ("\u{1B}[1;32mbold green\u{1B}[0m!", 11),
        ("\u{1B}[31m日本\u{1B}[0m", 4),
        ("tab\there", 7),  // control characters take none
        ("\u{7F}\u{85}", 0),
    ])
func displayWidth(_ text: String, _ expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
}

@Test func columnsOfSingleScalars() {
    #expect(DisplayWidth.columns(of: "a") == 1)
    #expect(DisplayWidth.columns(of: "\u{4E00}") == 2)
    #expect(DisplayWidth.columns(of: "\u{0301}") == 0)
    #expect(DisplayWidth.columns(of: "\u{00}") == 0)
    #expect(DisplayWidth.columns(of: "\u{1F600}") == 2)
    #expect(DisplayWidth.columns(of: "\u{00E9}") == 1)
}

@Test(
    "pad fills to a width by display columns",
    arguments: [
        ("ab", 5, false, "ab   "),
        ("ab", 5, true, "   ab"),
        ("日本", 6, false, "日本  "),
        ("日本", 6, true, "  日本"),
        ("e\u{301}", 3, false, "e\u{301}  "),
        ("\u{1B}[31mx\u{1B}[0m", 3, true, "  \u{1B}[31mx\u{1B}[0m"),
        ("toolong", 3, false, "toolong"),  // never cut
        ("abc", 3, true, "abc"),
    ])
func padFills(_ text: String, _ width: Int, _ right: Bool, _ expected: String) {
    #expect(DisplayWidth.pad(text, to: width, alignRight: right) == expected)
}

@Test(
    "truncate cuts to a width and ends with an ellipsis",
    arguments: [
        ("hello world", 5, "hell…"),
        ("hello", 5, "hello"),
        ("hello", 10, "hello"),
        ("hello", 1, "…"),
        ("hello", 0, ""),
        ("日本語テキスト", 5, "日本…"),
        ("日本語テキスト", 6, "日本…"),  // a wide character that does not fit is dropped whole
        ("日本語テキスト", 7, "日本語…"),
        ("e\u{301}e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}…"),
        ("a🎉b🎉", 4, "a🎉…"),
    ])
func truncateCuts(_ text: String, _ width: Int, _ expected: String) {
    let cut = DisplayWidth.truncate(text, to: width)
    #expect(cut == expected)
    #expect(DisplayWidth.of(cut) <= width)
}

@Test func truncateKeepsTheVisibleTextOfColouredCells() {
    let cut = DisplayWidth.truncate("\u{1B}[31mhello world\u{1B}[0m", to: 5)
    #expect(DisplayWidth.of(cut) <= 5)
    #expect(stripANSI(cut) == "hell…")
}

// MARK: - TextTable

@Test func tableAlignsColumnsWithWideCharactersAndRightAlignedNumbers() {
    var table = TextTable(columns: [.init("Name"), .init("Count", .right), .init("Note")])
    table.append(["apple", "3", "fresh"])
    table.append(["日本", "12", "東京"])
    table.append(["e\u{301}clair", "-1000", "ok"])
    let lines = table.render()
    #expect(
        lines == [
            "Name    Count  Note",
            "apple       3  fresh",
            "日本       12  東京",
            "e\u{301}clair  -1000  ok",
        ])
    // The Note column starts at display column 15 on every line.
    for line in lines {
        let beforeNote = line.unicodeScalars.count - (line.split(separator: " ").last?.unicodeScalars.count ?? 0)
        let prefix = String(String.UnicodeScalarView(line.unicodeScalars.prefix(beforeNote)))
        #expect(DisplayWidth.of(prefix) == 15, "\(line)")
    }
}

@Test func tableColumnsLineUpByDisplayWidth() {
    var table = TextTable(columns: [.init("Name"), .init("Value", .right)])
    table.append(["日本語", "1"])
    table.append(["abc", "22"])
    table.append(["e\u{301}", "333"])
    let lines = table.render()
    // The right-aligned last column ends every line at the same display column.
    let widths = Set(lines.map(DisplayWidth.of))
    #expect(widths == [DisplayWidth.of("日本語  Value")])
    #expect(lines[1] == "日本語      1")
    #expect(lines[3] == "e\u{301}         333")
}

@Test func lastLeftAlignedColumnHasNoTrailingSpaces() {
    var table = TextTable(columns: [.init("A"), .init("B")])
    table.append(["x", "short"])
    table.append(["y", "much longer"])
    let lines = table.render()
    #expect(lines == ["A  B", "x  short", "y  much longer"])
    #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
}

@Test func emptyLastCellLeavesNoTrailingSpaces() {
    var table = TextTable(columns: [.init("A"), .init("B")])
    table.append(["x", ""])
    let lines = table.render()
    #expect(lines[1].hasPrefix("x"))
    #expect(lines[1] == "x")
}

@Test func tableWithoutHeaderAndWithCustomSeparator() {
    var table = TextTable(columns: [.init("Long title"), .init("N", .right)], showsHeader: false, separator: " | ")
    table.append(["a", "1"])
    table.append(["bb", "22"])
    #expect(table.render() == ["a  |  1", "bb | 22"])
}

@Test func missingCellsAreBlankAndExtraCellsIgnored() {
    var table = TextTable(columns: [.init("A"), .init("B", .right)])
    table.append(["only"])
    table.append(["x", "1", "ignored"])
    // A missing cell is blank; lines carry no trailing blanks.
    #expect(table.render() == ["A     B", "only", "x     1"])
}

@Test func headerIsStyledAndColouredCellsAlign() {
    var table = TextTable(columns: [.init("Name"), .init("Value", .right)])
    table.append([TextTable.Cell("ok", style: { "\u{1B}[32m\($0)\u{1B}[0m" }), "1"])
    let lines = table.render(styleHeader: { "<\($0)>" })
    #expect(lines[0] == "<Name  Value>")
    #expect(stripANSI(lines[1]) == "ok        1")
}

@Test func tableShrinksTheWidestLeftColumnToMaxWidth() {
    var table = TextTable(columns: [.text("Name"), .text("Note"), .amount("Amount")])
    table.append(["coffee", "a very long note that will not fit in the terminal", "12.50"])
    table.append(["tea", "short", "-3.10"])
    let full = table.render()
    #expect(full.map(DisplayWidth.of).max() == 6 + 2 + 50 + 2 + 6)
    let lines = table.render(maxWidth: 40)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    #expect(lines.allSatisfy { DisplayWidth.of($0) == 40 })  // right-aligned last column fills it
    #expect(lines[0] == "Name    Note                      Amount")
    #expect(lines[1] == "coffee  a very long note that w…   12.50")
    #expect(lines[2] == "tea     short                      -3.10")
    // Within maxWidth, nothing changes.
    #expect(table.render(maxWidth: 200) == full)
}

@Test func shrinkingAWideCharacterColumnKeepsAlignment() {
    var table = TextTable(columns: [.amount("Amount"), .text("Name")])
    table.append(["1", "日本語のとても長い名前です"])
    table.append(["22", "short"])
    let lines = table.render(maxWidth: 20)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 20 })
    #expect(lines[1].hasSuffix("…"))
    #expect(lines[1].hasPrefix("     1  日本"))
}
