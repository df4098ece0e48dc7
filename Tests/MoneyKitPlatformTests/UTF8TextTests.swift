// UTF8Text.validated, the replacement for String(validating:as:) (macOS 15/iOS 18 only)
// that JSONParser, LineReader, InputReader, CSVReader and RawTerminal use: valid bytes
// give their text, anything else nil. Both readings are checked, the standard library's
// and the one older Apple systems run (decoding and comparing the bytes), on every code
// point boundary, every kind of malformed sequence, empty input and slices, then against
// the Unicode Standard's table of well-formed sequences over seeded random bytes.

import Testing
@testable import MoneyKitPlatform

struct UTF8TextTests {
    /// Both readings of `bytes`, checked to agree, as one.
    static func read(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let validated = UTF8Text.validated(bytes)
        let decoded = UTF8Text.decodedUnrepaired(bytes)
        #expect(validated == decoded, "\(bytes)", sourceLocation: sourceLocation)
        return validated
    }

    @Test func emptyInputIsTheEmptyText() {
        #expect(Self.read([]) == "")
        #expect(UTF8Text.validated([UInt8]()[...]) == "")
    }

    /// The first and last code point of each encoded length, and the edges around the
    /// surrogates and U+FFFD itself (whose bytes a repair would also produce).
    @Test(arguments: [
        ([0x00], "\u{0}"), ([0x41], "A"), ([0x7F], "\u{7F}"),
        ([0xC2, 0x80], "\u{80}"), ([0xDF, 0xBF], "\u{7FF}"),
        ([0xE0, 0xA0, 0x80], "\u{800}"), ([0xED, 0x9F, 0xBF], "\u{D7FF}"), ([0xEE, 0x80, 0x80], "\u{E000}"),
        ([0xEF, 0xBF, 0xBD], "\u{FFFD}"), ([0xEF, 0xBF, 0xBF], "\u{FFFF}"),
        ([0xF0, 0x90, 0x80, 0x80], "\u{10000}"), ([0xF4, 0x8F, 0xBF, 0xBF], "\u{10FFFF}"),
        (Array("kr 1 847,50 €".utf8), "kr 1 847,50 €"), (Array("e\u{301}👍🏽".utf8), "e\u{301}👍🏽"),
    ] as [([UInt8], String)])
    func validBytesAreTheirText(bytes: [UInt8], text: String) {
        #expect(Self.read(bytes) == text)
        // Inside other text too.
        #expect(Self.read(Array("a".utf8) + bytes + Array("z".utf8)) == "a" + text + "z")
    }

    @Test(arguments: [
        // A continuation byte with no lead.
        [0x80], [0xBF], [0x41, 0x80, 0x41],
        // Overlong forms: C0 and C1 never lead; E0 and F0 with too small a second byte.
        [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
        // Surrogates (U+D800 to U+DFFF) are not text.
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        // Beyond U+10FFFF, and bytes that never occur.
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8], [0xFE], [0xFF],
        // Cut short: at the end, and before another character.
        [0xC2], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xE2, 0x82, 0x41], [0xF0, 0x9F, 0x41, 0x41],
        // A lead byte followed by another lead byte.
        [0xC2, 0xC2, 0x80],
    ] as [[UInt8]])
    func malformedBytesAreRefused(bytes: [UInt8]) {
        #expect(Self.read(bytes) == nil)
        #expect(Self.read(Array("ok ".utf8) + bytes + Array(" ok".utf8)) == nil)
    }

    /// The parsers pass slices of a larger buffer: only the slice's bytes count.
    @Test func aSliceIsReadOnItsOwn() {
        let bytes: [UInt8] = [0xFF, 0x68, 0x69, 0xC3, 0xA5, 0xE2]
        #expect(UTF8Text.validated(bytes[1..<5]) == "hiå")
        #expect(UTF8Text.decodedUnrepaired(bytes[1..<5]) == "hiå")
        #expect(UTF8Text.validated(bytes[1..<4]) == nil)
        #expect(UTF8Text.decodedUnrepaired(bytes[1..<4]) == nil)
        #expect(UTF8Text.validated(bytes[0..<3]) == nil)
    }

    /// SplitMix64, seeded, so a failing case reproduces.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15  // wrapping: pseudo-random mixing
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9  // wrapping: pseudo-random mixing
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB  // wrapping: pseudo-random mixing
            return z ^ (z >> 31)
        }
    }

    /// Well-formed UTF-8 by the Unicode Standard's table 3-7, written out here as an
    /// oracle independent of both readings.
    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let trailing: Int
            let second: ClosedRange<UInt8>
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: (trailing, second) = (1, 0x80...0xBF)
            case 0xE0: (trailing, second) = (2, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (trailing, second) = (2, 0x80...0xBF)
            case 0xED: (trailing, second) = (2, 0x80...0x9F)
            case 0xF0: (trailing, second) = (3, 0x90...0xBF)
            case 0xF1...0xF3: (trailing, second) = (3, 0x80...0xBF)
            case 0xF4: (trailing, second) = (3, 0x80...0x8F)
            default: return false
            }
            guard index + trailing < bytes.count, second.contains(bytes[index + 1]) else { return false }
            for offset in stride(from: 2, through: trailing, by: 1) where !(0x80...0xBF).contains(bytes[index + offset]) {
                return false
            }
            index += trailing + 1
        }
        return true
    }

    /// Random bytes drawn where the rules bite (leads, continuations, the edge bytes of
    /// each range): both readings answer as the oracle (and, where it exists, as the
    /// standard library's own validation).
    @Test func randomBytesAgreeWithTheStandard() {
        var random = Random(state: 0x0075_7466_3800_0001)
        let interesting: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                    0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var disagreements: [[UInt8]] = []
        var validCount = 0
        for _ in 0..<5_000 {
            let count = Int(random.next() % 7)
            let bytes = (0..<count).map { _ in
                random.next() % 2 == 0 ? interesting[Int(random.next() % UInt64(interesting.count))] : UInt8(truncatingIfNeeded: random.next())
            }
            let expected = Self.isWellFormed(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
            if expected != nil { validCount += 1 }
            var agrees = UTF8Text.validated(bytes) == expected && UTF8Text.decodedUnrepaired(bytes) == expected
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
                agrees = agrees && String(validating: bytes, as: UTF8.self) == expected
            }
            if !agrees { disagreements.append(bytes) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        // Both outcomes were drawn often enough to mean something.
        #expect(validCount > 250)
        #expect(validCount < 4_750)
    }

    /// The oracle itself must refuse what the table refuses.
    @Test func theOracleFollowsTheTable() {
        #expect(Self.isWellFormed([0xF4, 0x8F, 0xBF, 0xBF]))
        #expect(!Self.isWellFormed([0xF4, 0x90, 0x80, 0x80]))
        #expect(!Self.isWellFormed([0xED, 0xA0, 0x80]))
        #expect(!Self.isWellFormed([0xE0, 0x9F, 0xBF]))
        #expect(!Self.isWellFormed([0xE2, 0x82]))
        #expect(Self.isWellFormed(Array("€😀".utf8)))
    }

    @Test(arguments: [
        ("password", "host=db password=x", true), ("CHANGE", "ACCOUNT  VALUE  CHANGE 1D", true),
        ("CHANGE", "ACCOUNT  VALUE", false), ("abc", "ab", false), ("", "anything", true), ("", "", true),
        ("end", "the end", true), ("the", "the end", true), ("€5", "cost: €5", true), ("é", "e\u{301}", false),
        ("passwordx", "password", false),
    ])
    func containsFindsTheBytesOfAPart(part: String, text: String, found: Bool) {
        #expect(UTF8Text.contains(part, in: text) == found)
        // The same answer as the standard library's search, where both read bytes alike.
        if part.unicodeScalars.allSatisfy(\.isASCII) || found { #expect(text.contains(part) == found || part.isEmpty) }
    }
}

