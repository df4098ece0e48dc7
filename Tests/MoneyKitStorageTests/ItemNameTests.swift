// The one name rule (MoneyKit's ItemName): what a new name may hold, its stored form, and
// when two names are one.

import MoneyKit
import MoneyKitPlatform
@testable import MoneyKitStorage
import Testing

@Suite struct ItemNameTests {
    @Test(arguments: [
        ("", ItemName.Fault.empty),
        ("   ", .empty),
        ("\u{200B}", .empty),  // a zero-width space alone shows nothing
        ("\u{FEFF}\u{200B} ", .empty),
        (" cash", .edgeSpace),
        ("cash\u{00A0}", .edgeSpace),
        ("a\tb", .control("\t")),
        ("a\nb", .control("\n")),
        ("a\rb", .control("\r")),
        ("a\u{1B}[31mb", .control("\u{1B}")),
        ("a\u{7F}", .control("\u{7F}")),
        ("a\u{9B}b", .control("\u{9B}")),
        ("abc\u{202E}fed", .control("\u{202E}")),
        ("a\u{2028}b", .control("\u{2028}")),
        ("a\u{2066}b", .control("\u{2066}")),
        (String(repeating: "x", count: 101), .tooLong),
        (String(repeating: "€", count: 134), .tooLong),  // 100 characters would be fine, but 402 bytes
    ])
    func refusedNames(name: String, fault: ItemName.Fault) {
        #expect(ItemName.fault(in: name) == fault)
        guard case .failure(let given) = ItemName.checked(name) else {
            Issue.record("'\(name.debugDescription)' was accepted")
            return
        }
        #expect(given == fault)
    }

    @Test(arguments: [
        "Cash ISA", "x", String(repeating: "x", count: 100), String(repeating: "€", count: 100),
        "Café ☕", "日本円の口座", "a, \"quoted\"; name", "🇳🇴 saving", "=SUM(A1)",
    ])
    func acceptedNames(name: String) {
        #expect(ItemName.fault(in: name) == nil)
        #expect((try? ItemName.checked(name).get()) == name)
    }

    @Test func storedInNFC() throws {
        let decomposed = "Cafe\u{301}"
        let stored = try ItemName.checked(decomposed).get()
        #expect(Array(stored.unicodeScalars) == Array("Caf\u{E9}".unicodeScalars))
    }

    @Test func limitsCountCharactersNotScalars() {
        // 100 flags are 200 scalars but 100 characters: allowed by characters, and 800
        // bytes: refused by bytes. 100 "e + combining acute" become 100 "é" in NFC.
        #expect(ItemName.fault(in: String(repeating: "🇳🇴", count: 100)) == .tooLong)
        #expect((try? ItemName.checked(String(repeating: "e\u{301}", count: 100)).get())?.unicodeScalars.count == 100)
    }

    @Test func lookupPrefersTheExactName() {
        let names = ["Cars", "cars", "Vans"]
        #expect(ItemName.lookup("cars", in: names) == .found(1))
        #expect(ItemName.lookup("Cars", in: names) == .found(0))
        #expect(ItemName.lookup("vans", in: names) == .found(2))
        #expect(ItemName.lookup("CARS", in: names) == .ambiguous(["Cars", "cars"]))
        #expect(ItemName.lookup("Bikes", in: names) == .missing)
        #expect(ItemName.lookup("CAFE\u{301}", in: ["Caf\u{E9}"]) == .found(0))
    }

    @Test func matchKeyIgnoresCaseAndForm() {
        #expect(ItemName.matchKey("Ärger") == ItemName.matchKey("A\u{308}RGER"))
        #expect(ItemName.matchKey("Cash") != ItemName.matchKey("Cash 2"))
    }

    @Test func theSanitiserAndTheRuleShareOneList() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let scalars: [Unicode.Scalar] = ["a", scalar, "b"]
            let refused = ItemName.fault(in: "a\(Character(scalar))b") == .control(scalar)
            #expect(refused == HiddenCharacters.isHidden(at: 1, in: scalars), "U+\(String(value, radix: 16))")
        }
    }

    /// Issue 26, item 27: every default-ignorable and format character is refused in a
    /// new name ("a\u{200B}b" and five more all read "ab").
    @Test(arguments: [
        "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{061C}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{034F}",
        "\u{115F}", "\u{3164}", "\u{180E}", "\u{2064}", "\u{FE0F}", "\u{E0001}", "\u{E0041}", "\u{E01EF}", "\u{0600}",
        "\u{FFF9}", "\u{1D173}",
    ] as [Unicode.Scalar])
    func invisibleCharactersAreRefused(scalar: Unicode.Scalar) {
        #expect(ItemName.fault(in: "a\(Character(scalar))b") == .control(scalar), "U+\(String(scalar.value, radix: 16))")
    }

    @Test func everyInvisibleCharacterIsRefusedBetweenLetters() {
        var checked = 0
        for value in UInt32(0x80)...0xE0FFF {
            guard let scalar = Unicode.Scalar(value), HiddenCharacters.isInvisible(scalar) else { continue }
            checked += 1
            #expect(ItemName.fault(in: "a\(Character(scalar))b") == .control(scalar), "U+\(String(value, radix: 16))")
        }
        #expect(checked > 4_000)
    }

    @Test("joiners and selectors that are part of a character are kept", arguments: [
        "👩\u{200D}👩\u{200D}👧 family", "☕\u{FE0F} break", "1\u{FE0F}\u{20E3} first", "👩🏽\u{200D}💻 desk",
        "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F} trip", "क्\u{200D}ष", "می\u{200C}روم",
    ])
    func joinersInsideACharacterAreKept(name: String) {
        #expect(ItemName.fault(in: name) == nil)
    }

    /// Issue 26, item 28: names are compared by Unicode full case folding.
    @Test(arguments: [
        ("ΟΔΟΣ", "οδος"), ("ΟΔΟΣ", "οδοσ"), ("Straße", "STRASSE"), ("straße", "strasse"), ("ẞ", "ss"),
        ("ﬁx", "FIX"), ("µ", "μ"), ("ſ", "S"), ("ϐ", "β"), ("ᾳ", "ᾼ"), ("ǅ", "ǆ"), ("Ꭰ", "ꭰ"), ("İ", "i\u{307}"),
        ("Café", "CAFE\u{301}"),
    ])
    func caseFoldingMakesOneName(first: String, second: String) {
        #expect(ItemName.matchKey(first) == ItemName.matchKey(second))
        #expect(ItemName.lookup(second, in: [first]) == .found(0))
    }

    /// The Turkish letters fold as in every other language: the dotless ı is a letter of
    /// its own, and İ is i with a dot above; no locale changes it.
    @Test(arguments: [("ı", "i"), ("ı", "I"), ("İstanbul", "istanbul"), ("İ", "I"), ("Straße", "Strasse 2")])
    func caseFoldingKeepsTheseApart(first: String, second: String) {
        #expect(ItemName.matchKey(first) != ItemName.matchKey(second))
    }

    @Test func theFoldedKeyIsInNFCAndStable() {
        for name in ["ΟΔΟΣ", "ΐ", "Ǌ", "ﬃ", "Ⅻ", "Ω", "K", "ᾈ"] {
            let key = ItemName.matchKey(name)
            #expect(ItemName.matchKey(key) == key, "\(name)")
            #expect(Array(key.unicodeScalars) == Array(ItemName.nfc(key).unicodeScalars), "\(name)")
        }
    }
}
