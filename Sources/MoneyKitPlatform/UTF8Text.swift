// Bytes read as UTF-8 text only when they are valid UTF-8, on every platform the package
// declares: the standard library's `String(validating:as:)` is new in macOS 15 and iOS 18.

/// Validating UTF-8 on every declared platform.
public enum UTF8Text {
    // Inlinable, so that each caller's collection type gets its own specialized copy:
    // called across modules unspecialized, every byte went through generic witnesses
    // (reading the environment at start-up cost 0.8 M instructions).
    /// The text of `bytes`, or nil when they are not valid UTF-8.
    @inlinable
    public static func validated<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            return String(validating: bytes, as: UTF8.self)  // app-facing: allowed (behind #available)
        }
        return decodedUnrepaired(bytes)
    }

    /// The reading where `String(validating:as:)` is missing (macOS 13 and 14, iOS 16
    /// and 17); its own function so that tests run it on every platform.
    @inlinable
    static func decodedUnrepaired<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        // Decoding repairs each invalid sequence with U+FFFD, which changes the bytes:
        // the text is the input exactly when nothing was repaired.
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// Whether `text` holds `part`, compared byte for byte (both are UTF-8, so a match
    /// of whole text is a match of bytes). For the start of a command: the standard
    /// library's `String.contains(_:)` builds a table of characters on its first use,
    /// about 0.3 M instructions (tillcount's and portfolio's start-up paid it).
    public static func contains(_ part: String, in text: String) -> Bool {
        let bytes = Array(text.utf8)
        let wanted = Array(part.utf8)
        guard !wanted.isEmpty else { return true }
        guard bytes.count >= wanted.count else { return false }
        return (0...(bytes.count - wanted.count)).contains { start in
            wanted.indices.allSatisfy { bytes[start + $0] == wanted[$0] }
        }
    }
}
