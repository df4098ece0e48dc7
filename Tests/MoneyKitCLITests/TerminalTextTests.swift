// The one sanitiser for text shown to people: nothing stored or typed drives the terminal.

import Testing
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
@testable import MoneyKitCLI

@Suite("Terminal text") struct TerminalTextTests {
    @Test("plain text, accents, CJK and emoji pass unchanged", arguments: [
        "", "Savings", "Café crème", "日本の口座", "🎉 party", "back\\slash", "tab-free",
    ])
    func plainTextIsUnchanged(text: String) {
        #expect(text.terminalSafe == text)
    }

    @Test("controls are shown escaped", arguments: [
        ("a\nb", "a\\nb"),
        ("a\rb", "a\\rb"),
        ("a\tb", "a\\tb"),
        ("\u{1B}]0;title\u{07}", "\\x1B]0;title\\x07"),
        ("\u{1B}]52;c;aGk=\u{07}", "\\x1B]52;c;aGk=\\x07"),
        ("x\u{1B}[2Jy", "x\\x1B[2Jy"),
        ("\u{00}", "\\x00"),
        ("del\u{7F}", "del\\x7F"),
        ("c1\u{9B}31m", "c1\\u{009B}31m"),
        ("\u{85}next", "\\u{0085}next"),
        ("\u{202E}txt.exe", "\\u{202E}txt.exe"),
        ("\u{2066}iso\u{2069}", "\\u{2066}iso\\u{2069}"),
        ("line\u{2028}sep", "line\\u{2028}sep"),
    ])
    func controlsAreEscaped(text: String, expected: String) {
        #expect(text.terminalSafe == expected)
    }

    @Test func noEscapedTextHoldsAControlCharacter() {
        // Every scalar below U+00A0, every default-ignorable and every format character of
        // the BMP and the tag and selector planes, each inside some text.
        let scalars = ((0..<0xA0).compactMap(Unicode.Scalar.init) + (UInt32(0xA0)...0xFFFF).compactMap(Unicode.Scalar.init)
            + (UInt32(0xE0000)...0xE0FFF).compactMap(Unicode.Scalar.init))
            .filter { $0.value < 0xA0 || HiddenCharacters.isInvisible($0) || HiddenCharacters.isControl($0) }
        #expect(scalars.count > 4_000)
        for scalar in scalars {
            let shown = Array("a\(Character(scalar))b".terminalSafe.unicodeScalars)
            #expect(!shown.indices.contains { TerminalText.needsEscape(at: $0, in: shown) }, "U+\(String(scalar.value, radix: 16))")
            #expect(!shown.contains(scalar) || !HiddenCharacters.mayBeHidden(scalar), "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("invisible characters from outside are escaped (issue 26, item 27)", arguments: [
        ("a\u{200B}b", "a\\u{200B}b"),  // zero-width space
        ("a\u{2060}b", "a\\u{2060}b"),  // word joiner
        ("a\u{FEFF}b", "a\\u{FEFF}b"),  // BOM
        ("a\u{00AD}b", "a\\u{00AD}b"),  // soft hyphen
        ("a\u{061C}b", "a\\u{061C}b"),  // Arabic letter mark
        ("a\u{200D}b", "a\\u{200D}b"),  // a joiner between letters joins nothing
        ("a\u{E0041}b", "a\\u{E0041}b"),  // a tag outside an emoji tag sequence
        ("a\u{3164}b", "a\\u{3164}b"),  // Hangul filler
        ("\u{200F}1,234.56\u{200F}", "\\u{200F}1,234.56\\u{200F}"),
    ])
    func invisibleCharactersAreEscaped(text: String, expected: String) {
        #expect(text.terminalSafe == expected)
    }

    @Test("joiners and selectors inside what a character shows pass", arguments: [
        "👩\u{200D}👩\u{200D}👧", "☕\u{FE0F}", "1\u{FE0F}\u{20E3}", "👍🏽", "👩🏽\u{200D}💻",
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // the flag of Scotland
        "क्\u{200D}ष", "می\u{200C}روم", "葛\u{E0100}",
    ])
    func joinersInsideACharacterPass(text: String) {
        #expect(text.terminalSafe == text)
    }

    /// Issue 26, item 29: the formatter's own direction marks (an Arabic currency format)
    /// are shown as they are, a name beside them is escaped.
    @Test func formattedTextKeepsItsDirectionMarks() {
        let money = "\u{200F}1,234.56 د.إ.\u{200F}"
        #expect(TerminalText.formatted(money) == money)
        #expect(TerminalText.formatted("a\u{1B}[2Jb") == "a\\x1B[2Jb")  // controls never pass
        let name = "evil\u{202E}txt"
        let message: ShownText = "Added '\(name)': \(formatted: money) on \(3) days"
        #expect(message.text == "Added 'evil\\u{202E}txt': \(money) on 3 days")
        #expect(ShownText(escaping: money).text == "\\u{200F}1,234.56 د.إ.\\u{200F}")
    }

    @Test func tablesKeepTheMarksOfAmountsAndFormattedCellsOnly() {
        let money = "\u{200F}1,234.56 د.إ.\u{200F}"
        var table = TextTable(columns: [.text("name"), .amount("amount"), .init("note")], showsHeader: false)
        table.append([TextTable.Cell("x\u{200F}y"), TextTable.Cell(money), TextTable.Cell(formatted: "of \(money)")])
        table.append(["plain", "1", money])
        let lines = table.render()
        #expect(lines[0].contains("x\\u{200F}y"))
        #expect(lines[0].contains(money + "  of " + money))
        #expect(lines[1].hasSuffix("\\u{200F}1,234.56 د.إ.\\u{200F}"))  // a plain cell is from outside
    }

    @Test func bytesThatWereNotUTF8AreShownAsBytes() {
        let text = LosslessText.decode([0x6E, 0xFF, 0x2E, 0xC3])
        #expect(text.terminalSafe == "n\\xFF.\\xC3")
    }
}
