// Issue 13, item 5: escape sequences are decoded whole; the unknown ones are `.unknown`,
// never `.escape` (which the screens take for "quit").

import Testing
@testable import MoneyKitCLI

@Suite("Key decoding") struct KeyDecodingTests {
    @Test("CSI sequences", arguments: [
        ("", "A", Key.up), ("", "B", .down), ("", "C", .right), ("", "D", .left),
        ("", "H", .home), ("", "F", .end), ("", "Z", .backTab),
        ("1", "~", .home), ("7", "~", .home), ("4", "~", .end), ("8", "~", .end),
        ("2", "~", .insert), ("3", "~", .delete), ("5", "~", .pageUp), ("6", "~", .pageDown),
        ("11", "~", .function(1)), ("15", "~", .function(5)), ("17", "~", .function(6)),
        ("21", "~", .function(10)), ("23", "~", .function(11)), ("24", "~", .function(12)),
        ("1;5", "A", .up), ("3;2", "~", .delete), ("1;2", "P", .function(1)),
        ("99", "~", .unknown), ("", "u", .unknown), ("<0;10;5", "M", .unknown), ("?1", "c", .unknown),
    ] as [(String, String, Key)])
    func csi(parameters: String, final: String, expected: Key) {
        #expect(RawTerminal.csiKey(parameters: Array(parameters.utf8), final: Array(final.utf8)[0]) == expected)
    }

    @Test("SS3 sequences", arguments: [
        ("A", Key.up), ("D", .left), ("H", .home), ("F", .end), ("M", .enter),
        ("P", .function(1)), ("S", .function(4)), ("x", .unknown),
    ] as [(String, Key)])
    func ss3(final: String, expected: Key) {
        #expect(RawTerminal.ss3Key(Array(final.utf8)[0]) == expected)
    }
}
