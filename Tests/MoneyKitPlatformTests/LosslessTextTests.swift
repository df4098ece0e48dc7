// Bytes from the system (argv, the environment, file names) survive the trip through
// String exactly, UTF-8 or not.

import Testing
@testable import MoneyKitPlatform

@Suite("Lossless text") struct LosslessTextTests {
    @Test("valid UTF-8 decodes as usual", arguments: ["", "plain", "Café", "日本", "🎉", "\u{10FF7F}"])
    func validUTF8DecodesAsUsual(text: String) {
        let decoded = LosslessText.decode(Array(text.utf8))
        #expect(decoded == text)
        #expect(!LosslessText.holdsEscapes(decoded))
        #expect(LosslessText.encode(decoded) == Array(text.utf8))
    }

    @Test("bad bytes are kept", arguments: [
        [0xFF], [0x6E, 0xFE, 0x6F], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80],
        [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0x80, 0x80], [0xF0, 0x9F, 0x8E],
    ] as [[UInt8]])
    func badBytesAreKept(bytes: [UInt8]) {
        let decoded = LosslessText.decode(bytes)
        #expect(LosslessText.holdsEscapes(decoded))
        #expect(!decoded.unicodeScalars.contains("\u{FFFD}"))
        #expect(LosslessText.encode(decoded) == bytes)
    }

    @Test func textSpellingAnEscapeScalarRoundTripsToo() {
        // U+10FF80 in valid UTF-8 is F4 8F BE 80: kept as four escaped bytes.
        let bytes: [UInt8] = [0x61, 0xF4, 0x8F, 0xBE, 0x80, 0x62]
        #expect(LosslessText.encode(LosslessText.decode(bytes)) == bytes)
    }

    @Test func randomBytesRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...24, using: &generator)
            // Biased towards the bytes that make UTF-8 interesting.
            let pool: [UInt8] = [0x00, 0x2F, 0x61, 0x7F, 0x80, 0xBF, 0xC2, 0xC3, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x8F, 0xBE]
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator) ? pool.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            let decoded = LosslessText.decode(bytes)
            #expect(LosslessText.encode(decoded) == bytes, "\(bytes)")
            // Valid input decodes exactly as Swift decodes it.
            if let valid = String(validatingCString: (bytes.map { CChar(bitPattern: $0) } + [0])), !bytes.contains(0),
                !valid.unicodeScalars.contains(where: { $0.value >= 0x10FF80 }) {
                #expect(decoded == valid)
            }
        }
    }

    @Test func aSystemPathEndsInOneNul() {
        let path = LosslessText.decode([0x2F, 0x74, 0xFF])
        #expect(path.systemPath == [0x2F, 0x74, -1, 0])
    }
}

@Suite("Lossless C strings") struct LosslessCStringTests {
    @Test(arguments: [[0x61, 0x62], [0x6E, 0xFF], [0xC3, 0xA9], [0x61, 0xF4, 0x8F, 0xBE, 0x80], []] as [[UInt8]])
    func aCStringDecodesAsItsBytes(bytes: [UInt8]) {
        let cString = (bytes + [0]).map { CChar(bitPattern: $0) }
        let text = cString.withUnsafeBufferPointer { LosslessText.decode(cString: $0.baseAddress!) }
        #expect(text == LosslessText.decode(bytes))
        #expect(LosslessText.encode(text) == bytes)
    }
}
