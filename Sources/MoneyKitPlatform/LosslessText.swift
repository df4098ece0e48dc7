// Text from the operating system (argv, the environment, file names) is bytes, usually
// but not always UTF-8. Swift's String repairs invalid UTF-8 into U+FFFD, which would make
// two different file names one, or open another file than the one named. Here each byte
// that is not part of valid UTF-8 is kept as a private-use scalar (U+10FF80–U+10FFFF,
// one per byte 0x80–0xFF), so the original bytes come back exactly when the text is
// handed back to the system. Valid UTF-8 that spells one of those scalars is escaped the
// same way, byte by byte, so the mapping loses nothing in either direction.

/// Bytes that are not all UTF-8 (file names, arguments, variables) kept in a String
/// losslessly: each stray byte becomes a private-use scalar that `encode` turns back.
public enum LosslessText {
    /// The first of the 128 scalars that stand for the bytes 0x80–0xFF.
    package static let firstEscape: UInt32 = 0x10_FF80

    // Inlinable, so that the common case is specialized for each caller's collection
    // (see UTF8Text.validated); the rare one is read out of line.
    /// `bytes` as a String: valid UTF-8 decoded, every other byte escaped.
    @inlinable
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // Almost always plain UTF-8 without the escapes' lead byte: read at once.
        if !bytes.contains(0xF4), let text = UTF8Text.validated(bytes) { return text }
        return decodeEscaping(Array(bytes))
    }

    /// `bytes` with every byte that is not part of valid UTF-8 (and every scalar that
    /// spells an escape) escaped: `decode`'s rare case.
    @usableFromInline
    static func decodeEscaping(_ bytes: [UInt8]) -> String {
        var result = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let length = sequenceLength(bytes, from: index)
            guard length > 0 else {
                result.append(escape(bytes[index]))
                index = bytes.index(after: index)
                continue
            }
            let end = bytes.index(index, offsetBy: length)
            let sequence = bytes[index..<end]
            // Well-formed by `sequenceLength`: the lead byte's payload, then 6 bits a byte.
            var value = UInt32(sequence.first ?? 0) & (length == 1 ? 0x7F : 0xFF >> (length + 1))
            for byte in sequence.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
            if value >= firstEscape || Unicode.Scalar(value) == nil {
                for byte in sequence { result.append(escape(byte)) }
            } else if let scalar = Unicode.Scalar(value) {
                result.append(scalar)
            }
            index = end
        }
        return String(result)
    }

    /// A C string from the system (an argument, a variable) as a String, losslessly.
    /// Almost every one is plain UTF-8, read at once; only the others are decoded byte by
    /// byte (this runs for every variable of the environment on every start).
    public static func decode(cString pointer: UnsafePointer<CChar>) -> String {
        let length = strlenOf(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let bytes = UnsafeBufferPointer(start: start, count: length)
            // Not String(validatingCString:), new in macOS 15 and iOS 18.
            if let text = UTF8Text.validated(bytes), !text.utf8.contains(0xF4) { return text }
            return decode(bytes)
        }
    }

    /// strlen without libc (MoneyKit imports none here).
    private static func strlenOf(_ pointer: UnsafePointer<CChar>) -> Int {
        var length = 0
        while pointer[length] != 0 { length += 1 }
        return length
    }

    /// The bytes `text` stands for: escapes turned back into their bytes, the rest UTF-8.
    public static func encode(_ text: String) -> [UInt8] {
        guard holdsEscapes(text) else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let byte = escapedByte(scalar) {
                bytes.append(byte)
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether `text` holds bytes that were not valid UTF-8 (as escapes).
    public static func holdsEscapes(_ text: String) -> Bool {
        // The escapes all encode as F4 8F BE/BF xx: one cheap pass over the bytes.
        text.utf8.contains(0xF4) && text.unicodeScalars.contains { escapedByte($0) != nil }
    }

    /// The byte an escape scalar stands for, or nil for any other scalar.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        guard scalar.value >= firstEscape, scalar.value <= 0x10_FFFF else { return nil }
        return UInt8(truncatingIfNeeded: scalar.value - firstEscape + 0x80)
    }

    package static func escape(_ byte: UInt8) -> Unicode.Scalar {
        // Bytes below 0x80 are always valid UTF-8 on their own and never escaped.
        Unicode.Scalar(firstEscape + UInt32(byte & 0x7F)) ?? "\u{FFFD}"
    }

    /// The length of the well-formed UTF-8 sequence starting at `index`, or 0 when the
    /// bytes there are not one (a stray continuation byte, a truncated or overlong
    /// sequence, a surrogate, a value above U+10FFFF).
    package static func sequenceLength<Bytes: Collection>(_ bytes: Bytes, from index: Bytes.Index) -> Int
    where Bytes.Element == UInt8 {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        var position = bytes.index(after: index)
        for offset in 1..<length {
            guard position != bytes.endIndex else { return 0 }
            let byte = bytes[position]
            let range: ClosedRange<UInt8> = offset == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else { return 0 }
            position = bytes.index(after: position)
        }
        return length
    }
}

extension String {
    /// The NUL-terminated bytes this text stands for (see `LosslessText`), to pass to
    /// the system calls that take a path: `open(path.systemPath, …)`.
    public var systemPath: [CChar] {
        var bytes = LosslessText.encode(self).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return bytes
    }
}
