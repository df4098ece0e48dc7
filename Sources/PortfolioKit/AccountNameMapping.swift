// How portfolio's account names become account names of the plain-text accounting tools.
// A portfolio name may hold spaces, colons (hledger's hierarchy separator), semicolons
// (comments), and any Unicode; the journal's name must be one account at one level.
// The mapping is deterministic (the same names give the same journal, so an export is
// reproducible) and the original name travels in the journal's metadata, so an import
// gives the name back exactly.

import MoneyKit

/// The plain-text accounting formats portfolio writes.
public enum JournalFormat: String, Sendable, CaseIterable {
    /// hledger's journal: balance assignments.
    case hledger
    /// Ledger's journal: balance assignments, Ledger's commodity directives.
    case ledger
    /// Beancount: open, pad and balance directives.
    case beancount
}

/// Journal account names for portfolio's accounts, one each, never two alike.
public struct AccountNameMapping: Sendable {
    /// The journal name of each account, by account id.
    public let names: [Int64: String]

    /// The parent of every portfolio account in `format` ("assets" or "Assets").
    public static func root(_ format: JournalFormat) -> String { format == .beancount ? "Assets" : "assets" }

    /// The account the valuations are balanced against.
    public static func valuationAccount(_ format: JournalFormat) -> String { format == .beancount ? "Equity:Valuation" : "equity:valuation" }

    /// Names for `accounts` (in the repository's order: by name, then id). When two names
    /// map alike, the later account gets "-2", "-3"… (the first free suffix).
    public init(accounts: [Account], format: JournalFormat) {
        var taken = Set<String>()
        var names: [Int64: String] = [:]
        for account in accounts {
            let base = Self.root(format) + ":" + Self.component(account.name, format: format)
            var candidate = base
            var suffix = 2
            while taken.contains(candidate) {
                candidate = "\(base)-\(suffix)"
                suffix += 1
            }
            taken.insert(candidate)
            names[account.id] = candidate
        }
        self.names = names
    }

    /// The one account component `name` becomes.
    ///
    /// hledger and Ledger: letters, marks and digits of any script are kept, as are the
    /// space and `- _ . ' & + /`; a run of spaces becomes one space (two would end the
    /// account), edge spaces go, and every other character (`:` `;` `=` `@` `(` …,
    /// control characters) becomes `-`. Beancount: the name is cut into words of letters
    /// and digits, each word's first letter capitalised, joined by `-`; a component that
    /// does not then begin with an upper-case letter or a digit (`貯金`) gets `X-` in front.
    /// A name with nothing left is `Account`.
    public static func component(_ name: String, format: JournalFormat) -> String {
        switch format {
        case .hledger, .ledger: return ledgerComponent(name)
        case .beancount: return beancountComponent(name)
        }
    }

    private static func ledgerComponent(_ name: String) -> String {
        var result = ""
        var pendingSpace = false
        for scalar in name.unicodeScalars {
            let kept: Character
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            } else if isLetterOrNumber(scalar, marks: true) || "-_.'&+/".unicodeScalars.contains(scalar) {
                kept = Character(scalar)
            } else {
                kept = "-"
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(kept)
        }
        return result.isEmpty ? "Account" : result
    }

    private static func beancountComponent(_ name: String) -> String {
        var words: [String] = []
        var word = ""
        for scalar in name.unicodeScalars {
            if isLetterOrNumber(scalar, marks: false) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard !words.isEmpty else { return "Account" }
        var joined = words.map { word in
            guard let first = word.first else { return word }
            // One character up-cased (ß becomes SS); the rest as written.
            let upper = String(first).uppercased()
            return upper.unicodeScalars.allSatisfy(isLetterOrNumberForBeancount) ? upper + word.dropFirst() : word
        }.joined(separator: "-")
        if let first = joined.unicodeScalars.first, !(first.properties.generalCategory == .uppercaseLetter || first.properties.generalCategory == .decimalNumber) {
            joined = "X-" + joined
        }
        return joined
    }

    private static func isLetterOrNumberForBeancount(_ scalar: Unicode.Scalar) -> Bool { isLetterOrNumber(scalar, marks: false) }

    /// Letters of any script and decimal digits (beancount's \p{L} and \p{Nd}); with
    /// `marks`, also combining marks and other numbers (hledger and Ledger take them).
    private static func isLetterOrNumber(_ scalar: Unicode.Scalar, marks: Bool) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
            return true
        case .nonspacingMark, .spacingMark, .enclosingMark, .letterNumber, .otherNumber:
            return marks
        default:
            return false
        }
    }
}
