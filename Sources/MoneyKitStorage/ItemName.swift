// The one rule for the names people give things in every tool (a tally counter, a
// portfolio account, a tillcount till, a billsplit person): what a new name may hold, the
// form it is stored in, and when two names are the same name.
//
// - A name has at least one visible character, no space at either end, no control and no
//   invisible character (HiddenCharacters: C0 including tab and newline, DEL, C1, the line
//   and paragraph separators, every default-ignorable and format (Cf) character such as
//   U+200B, U+2060, U+FEFF, U+00AD, U+061C and the bidirectional marks, except a joiner
//   or selector inside an emoji or a script that needs it): a name is shown on terminals
//   and written to CSV, TSV and one-per-line lists, where such a character would break a
//   row, or make two names that read alike ("ab" and "a\u{200B}b").
// - At most 100 characters (user-perceived characters) and 400 bytes of UTF-8.
// - It is stored in Unicode NFC, so "é" typed as one or as two code points is one name.
// - Letter case does not tell names apart, but is kept as first typed; an exact match
//   wins over a match in another case. Case is compared by Unicode full case folding
//   (CaseFolding.txt, status C and F), not by lower-casing: "ΟΔΟΣ", "οδος" and "οδοσ" are
//   one name (final sigma), "STRASSE", "Straße" and "strasse" are one name (ß folds to
//   "ss"), "ﬁx" is "fix", "µ" (micro sign) is "μ". The folding is the same in every
//   language: "I" is "i"; "İ" (capital I with dot) folds to "i" plus a combining dot, so
//   "İstanbul" and "istanbul" are two names; the dotless "ı" is its own letter. No locale
//   (Turkish or other) changes what names are the same, so a store means the same in
//   every locale.
//
// Names already stored before this rule stay readable: the rule applies where a name
// enters (new, add, rename, import), never where a store is read.

import MoneyKitPlatform

/// The one rule for names people give things (a tally counter, a portfolio account, a till,
/// a person sharing a bill): what a
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
        /// A control or invisible character (see `HiddenCharacters`), the first found.
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
                return "\(what) cannot contain control characters (tab, newline, ESC, …) or invisible characters (zero-width spaces and joiners, soft hyphens, direction marks, …) (found \(ItemName.codePoint(scalar)))"
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
        if let hidden = HiddenCharacters.firstHidden(in: name) { return .control(hidden) }
        if let first = name.first, let last = name.last, first.isWhitespace || last.isWhitespace { return .edgeSpace }
        if name.utf8.count > maximumBytes || name.count > maximumCharacters { return .tooLong }
        return nil
    }

    /// The key two names share when they are the same name: NFC, then Unicode full case
    /// folding, then NFC again (see the top of this file). Every store that keeps a key
    /// beside a name keeps this one (`matchKeyRule` names it).
    public static func matchKey(_ name: String) -> String {
        // ASCII is its own NFC and folds as it lower-cases: skip the rest (an import of
        // 100,000 names asks 100,000 times).
        if isASCII(name) { return name.lowercased() }
        return nfc(caseFolded(nfc(name)))
    }

    /// The version of `matchKey` a store's keys were made with: 1 lower-cased, 2 folds
    /// case. A store keeping keys made by an earlier rule recomputes them.
    public static let matchKeyRule = 2

    /// The key the first rule gave (NFC, then lower case): what stores written before
    /// `matchKeyRule` 2 hold.
    public static func legacyMatchKey(_ name: String) -> String {
        if isASCII(name) { return name.lowercased() }
        return nfc(name).lowercased()
    }

    /// `text` under Unicode full case folding, without Foundation: each scalar that
    /// changes when case folded is lower-cased, upper-cased and lower-cased again (full
    /// mappings: "ß" → "SS" → "ss", "ς" → "Σ" → "σ", "ẞ" → "ß" → "SS" → "ss"), which gives the
    /// folded form for every scalar but the Cherokee letters, whose lower-case forms fold
    /// to the upper-case ones; here both sides end in the lower-case form, which keeps the
    /// same pairs equal. Other scalars that do not change when folded (the dotless "ı")
    /// are kept.
    static func caseFolded(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                result.unicodeScalars.append(Unicode.Scalar(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte))
            } else if scalar.properties.changesWhenCaseFolded || isCherokeeCapital(scalar) {
                result += String(scalar).lowercased().uppercased().lowercased()
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Cherokee capitals fold to themselves, their small letters to them: both are
    /// mapped to the small letter here, so they stay equal.
    private static func isCherokeeCapital(_ scalar: Unicode.Scalar) -> Bool {
        (0x13A0...0x13F5).contains(scalar.value)
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

    /// A scalar that shows something: not a space, a control or an invisible character
    /// (a zero-width space or a Hangul filler alone is no name).
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.properties.isWhitespace && !HiddenCharacters.isControl(scalar) && !HiddenCharacters.isInvisible(scalar)
    }

    /// Whether `text` is all ASCII, which is its own NFC.
    static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    /// `text` in Unicode NFC, by the standard library's own normaliser: Foundation's would
    /// link ICU's 34 MB of data into tally, which formats no money.
    static func nfc(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
