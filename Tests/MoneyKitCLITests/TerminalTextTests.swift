// The one sanitiser for text shown to people: nothing stored or typed drives the terminal.

import Testing
import MoneyKit
import MoneyKitPlatform
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
        // Every scalar below U+00A0 and every format control, each inside some text.
        let scalars = (0..<0xA0).compactMap(Unicode.Scalar.init) + ["\u{200E}", "\u{200F}", "\u{202A}", "\u{2069}"]
        for scalar in scalars {
            let shown = "a\(Character(scalar))b".terminalSafe
            #expect(!shown.unicodeScalars.contains { TerminalText.needsEscape($0) }, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func bytesThatWereNotUTF8AreShownAsBytes() {
        let text = LosslessText.decode([0x6E, 0xFF, 0x2E, 0xC3])
        #expect(text.terminalSafe == "n\\xFF.\\xC3")
    }
}
