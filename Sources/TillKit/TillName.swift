// The name of a till: which live count a command works on and which till a saved count
// was filed from. Names follow the shared name rule (MoneyKitStorage's ItemName): NFC,
// at most 100 characters, no control or invisible characters, and letter case does not
// tell two tills apart, compared by Unicode case folding ("Front" and "front", "ΟΔΟΣ" and
// "οδος", "Straße" and "STRASSE" are one till).
//
// A till's live count is kept in a file of its own (see JSONTillDirectory); the file's
// name is derived from the name's match key by `fileStem`, so every spelling of one
// till lands on the one file (and its one lock), and no name can reach another folder.

import MoneyKitPlatform
import MoneyKitStorage

/// The name of a till (see the top of this file).
public struct TillName: Equatable, Hashable, Sendable {
    /// The default till's name: the live count tillcount kept before it had tills.
    public static let main = TillName(stored: "main")

    /// The name as typed first (NFC).
    public let display: String

    /// The name a till was kept under, read back without checking the rule (a name stored
    /// before it stays readable).
    public init(stored: String) {
        display = stored
    }

    /// `text` as a new till name, or `TillError.invalidTillName` saying what the name
    /// rule refuses.
    /// - Throws: `TillError.invalidTillName`.
    public init(checking text: String) throws(TillError) {
        switch ItemName.checked(text) {
        case .success(let stored): display = stored
        case .failure(let fault): throw .invalidTillName(fault)
        }
    }

    /// What two spellings of one till share (`ItemName.matchKey`: NFC, case folded).
    public var key: String { ItemName.matchKey(display) }

    /// The key the first name rule gave this spelling (NFC, lower case): what stores
    /// written before names were compared by case folding keep for it (a till file's name,
    /// a saved count's till_key), so that a till filed then is still found.
    public var legacyKey: String { ItemName.legacyMatchKey(display) }

    /// Whether `stem`, the name of a till file, stands for this till: its own stem, or
    /// one made from a key of the first rule that folds to this till's key (a file named
    /// before names were compared by case folding).
    public func isFiled(underStem stem: String) -> Bool {
        stem == fileStem || TillName.decoding(fileStem: stem)?.key == key
    }

    /// Whether this is the default till.
    public var isMain: Bool { key == Self.main.key }

    /// Whether `other` names the same till.
    public func sameTill(as other: TillName) -> Bool { key == other.key }

    /// Equal when they name the same till, whatever the letter case.
    public static func == (lhs: TillName, rhs: TillName) -> Bool { lhs.key == rhs.key }

    /// Hashes the match key.
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    /// The longest file stem written whole; a longer one is cut and ends with a hash.
    static let longestStem = 120

    /// The till's file name without ".json": the match key's UTF-8 bytes, a–z, 0–9, '-'
    /// and '_' kept, every other byte written %XX (so no '/', no '.', never empty). A stem
    /// longer than 120 bytes keeps its first 100 and ends in '~' and 16 hex digits of
    /// the key's FNV-1a hash; the file also holds the till's name, checked when read.
    public var fileStem: String {
        var stem = ""
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                stem.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                stem += "%" + Self.hex(UInt64(byte), digits: 2)
            }
        }
        guard stem.utf8.count > Self.longestStem else { return stem }
        var cut = String(stem.prefix(100))
        // Never end inside a %XX escape.
        if let percent = cut.suffix(2).firstIndex(of: "%") { cut = String(cut[..<percent]) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash.multipliedFullWidth(by: 0x0000_0100_0000_01b3).low
        }
        return cut + "~" + Self.hex(hash, digits: 16)
    }

    /// The name a file stem stands for, when it is not cut (no '~'): the match key.
    public static func decoding(fileStem stem: String) -> TillName? {
        guard !stem.isEmpty, !stem.contains("~") else { return nil }
        var bytes: [UInt8] = []
        var utf8 = stem.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = utf8.next(), let low = utf8.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        guard let text = UTF8Text.validated(bytes) else { return nil }
        return TillName(stored: text)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
