// The one rule for the names people give things in every tool (a tally counter, a
// portfolio account): what a new name may hold, the form it is stored in, and when two
// names are the same name.
//
// - A name has at least one visible character, no space at either end, no control or
//   invisible formatting character (C0 including tab and newline, DEL, C1, the
//   bidirectional controls, the line and paragraph separators): a name is shown on
//   terminals and written to CSV, TSV and one-per-line lists, where such a character
//   would break a row or hide what the name says.
// - At most 100 characters (user-perceived characters) and 400 bytes of UTF-8.
// - It is stored in Unicode NFC, so "é" typed as one or as two code points is one name.
// - Letter case does not tell names apart ("Cash ISA" and "cash isa" are one name), but
//   is kept as first typed. An exact match wins over a match in another case.
//
// Names already stored before this rule stay readable: the rule applies where a name
// enters (new, add, rename, import), never where a store is read.

import MoneyKitPlatform

/// The one rule for names people give things (a tally counter, a portfolio account): what a
/// new name may hold (`fault(in:)`), the form it is stored in (NFC, `checked(_:)`) and when
/// two names are the same name (`matchKey(_:)`, `lookup(_:in:)`).
public enum ItemName {
    /// The most user-perceived characters a new name may have.
    public static let maximumCharacters = 100
    /// The most bytes of UTF-8 a new name may have.
    public static let maximumBytes = 400

    /// Why a text cannot be a new name.
    public enum Fault: Error, Equatable, Sendable {
        /// No visible character: empty, or only spaces and invisible ones.
        case empty
        /// A space (or other whitespace) at the start or the end.
        case edgeSpace
        /// A control or invisible formatting character (see `isHiddenControl`), the first found.
        case control(Unicode.Scalar)
        /// More than `maximumCharacters` characters or `maximumBytes` bytes.
        case tooLong

        /// What is wrong, for `what` (e.g. "a counter name").
        public func message(for what: String) -> String {
            switch self {
            case .empty:
                return "\(what) cannot be empty or only spaces"
            case .edgeSpace:
                return "\(what) cannot start or end with a space"
            case .control(let scalar):
                return "\(what) cannot contain control characters (tab, newline, ESC, …) or invisible formatting characters (found \(ItemName.codePoint(scalar)))"
            case .tooLong:
                return "\(what) can have at most \(ItemName.maximumCharacters) characters (\(ItemName.maximumBytes) bytes of UTF-8)"
            }
        }

        /// A typing slip (empty, edge spaces) rather than data no tool can show whole.
        public var isUsageSlip: Bool { self == .empty || self == .edgeSpace }
    }

    /// `name` in the form it is stored in (NFC), or why it cannot be a new name.
    public static func checked(_ name: String) -> Result<String, Fault> {
        let normalized = isASCII(name) ? name : nfc(name)
        if let fault = fault(in: normalized) { return .failure(fault) }
        return .success(normalized)
    }

    /// Why `name` cannot be a new name, or nil.
    public static func fault(in name: String) -> Fault? {
        let scalars = name.unicodeScalars
        if !scalars.contains(where: isVisible) { return .empty }
        if let control = scalars.first(where: isHiddenControl) { return .control(control) }
        if let first = name.first, let last = name.last, first.isWhitespace || last.isWhitespace { return .edgeSpace }
        if name.utf8.count > maximumBytes || name.count > maximumCharacters { return .tooLong }
        return nil
    }

    /// The key two names share when they are the same name: NFC, then lower case.
    public static func matchKey(_ name: String) -> String {
        // ASCII is its own NFC: skip the normaliser (an import of 100,000 names asks 100,000 times).
        if isASCII(name) { return name.lowercased() }
        return nfc(name).lowercased()
    }

    /// Where `name` is among `names`: the exact name first, else the one name equal to it
    /// but for letter case or Unicode form; `.ambiguous` when several are (a store written
    /// before this rule may hold "a" and "A").
    /// `names` may be a lazy view (`counters.lazy.map(\.name)`): a lookup on every
    /// `tally inc` then copies no list of names.
    @inlinable  // specialised in the caller: unspecialised, a lookup cost tally inc 0.5 M instructions
    public static func lookup<Names: Collection<String>>(_ name: String, in names: Names) -> Lookup where Names.Index == Int {
        if let exact = names.firstIndex(of: name) { return .found(exact) }
        let key = matchKey(name)
        let matches = names.indices.filter { matchKey(names[$0]) == key }
        switch matches.count {
        case 0: return .missing
        case 1: return .found(matches[0])
        default: return .ambiguous(matches.map { names[$0] })
        }
    }

    /// The outcome of `lookup(_:in:)`.
    public enum Lookup: Equatable, Sendable {
        /// The index of the one name that matches.
        case found(Int)
        /// Several names match but for case or Unicode form, and none exactly: these, to list.
        case ambiguous([String])
        /// No name matches.
        case missing
    }

    /// Whether `scalar` acts on a terminal or hides what text shows: C0 controls, DEL,
    /// C1 controls, the bidirectional marks, embeddings, overrides and isolates, the line
    /// and paragraph separators, and bytes that were not UTF-8 (see LosslessText). The
    /// one list both the name rule and the terminal sanitiser use.
    public static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x10_FF80...0x10_FFFF: return true
        default: return false
        }
    }

    /// A scalar that shows something: not a space and not an invisible format character
    /// (a zero-width space alone is no name).
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isWhitespace && scalar.properties.generalCategory != .format
            && scalar.properties.generalCategory != .control
    }

    /// `text` in Unicode NFC, by the standard library's own normaliser: Foundation's would
    /// link ICU's 34 MB of data into tally, which formats no money.
    /// Whether `text` is all ASCII, which is its own NFC.
    static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    static func nfc(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
