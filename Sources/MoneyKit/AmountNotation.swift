// The ways people write the digits of an amount, as the tools' own output shows them:
// `1847.50`, `1 847,50`, `1.847,50`, `1,847.50`, `1’847.50`, `18,47,500.00`. Reduced here to
// the plain `digits[.digits]` that DecimalText reads, or refused when it is unclear which
// separator marks the decimals.

enum AmountNotation {
    /// One separator between digits, by what it can mean.
    private enum Separator: Equatable {
        case dot, comma
        /// U+0020, U+00A0 (no-break) and U+202F/U+2009 (narrow/thin): only ever grouping.
        case space
        /// `'` and `’` (Swiss grouping): only ever grouping.
        case apostrophe

        init?(_ character: Character) {
            switch character {
            case ".": self = .dot
            case ",": self = .comma
            case " ", "\u{00A0}", "\u{202F}", "\u{2009}": self = .space
            case "'", "\u{2019}": self = .apostrophe
            default: return nil
            }
        }

        var shown: String {
            switch self {
            case .dot: return "'.'"
            case .comma: return "','"
            case .space: return "a space"
            case .apostrophe: return "an apostrophe"
            }
        }
    }

    /// Whether `text` is only ASCII digits and separators, so that `plain` decides it;
    /// anything else (letters, signs, exponents) is left to DecimalText's own messages.
    static func isDigitsAndSeparators(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { ($0.isASCII && $0.isNumber) || Separator($0) != nil }
    }

    /// `text` (ASCII digits and separators, no sign) as `digits[.digits]`.
    ///
    /// The decimal separator is `.` or `,`; the other one, spaces and apostrophes group
    /// thousands (three digits a group, or Indian 2-2-3). When both `.` and `,` appear,
    /// the last one marks the decimals and appears once. A lone `.` or `,` marks decimals
    /// unless it is followed by exactly three digits after a short whole part (`1,500`,
    /// `1.500`): that could be either, and is refused naming both readings, except
    /// - in a currency without decimals, where it can only group (`¥1,500`, `1.500 kr.` ISK);
    /// - a `.` where three decimals fit (`minorUnitExponent` 3 or more: KWD, grams), where
    ///   `1.500` is the plain notation the tools write, and reads as decimals.
    ///
    /// The count of decimals is not checked here: Money.parse and MassText refuse more
    /// than they allow, zeros included.
    /// - Throws: `MoneyError.ambiguousSeparator` for a separator that could be either;
    ///   `MoneyError.invalidAmount` for misplaced or mixed separators.
    static func plain(_ text: Substring, minorUnitExponent: Int, input: String) throws(MoneyError) -> String {
        func refuse(_ reason: String) -> MoneyError { MoneyError.invalidAmount(input: input, reason: reason) }

        // Digit runs and the separators between them.
        var runs: [String] = [""]
        var separators: [Separator] = []
        for character in text {
            if let separator = Separator(character) {
                if runs[runs.count - 1].isEmpty && !(separators.isEmpty && (separator == .dot || separator == .comma)) {
                    throw refuse(separators.isEmpty ? "it starts with \(separator.shown)" : "two separators in a row")
                }
                separators.append(separator)
                runs.append("")
            } else {
                runs[runs.count - 1].append(character)
            }
        }
        if runs[runs.count - 1].isEmpty, let last = separators.last {
            throw refuse(last == .dot || last == .comma ? "no digits after the decimal point" : "it ends with \(last.shown)")
        }
        guard !separators.isEmpty else { return String(text) }

        let decimal = try decimalSeparator(
            runs: runs, separators: separators, minorUnitExponent: minorUnitExponent, input: input, refuse: refuse)
        var wholeRuns = runs
        var fraction: String?
        if decimal != nil {
            // The decimal separator is the last one (checked): the last run is the fraction.
            fraction = wholeRuns.removeLast()
        }
        let grouping = decimal == nil ? separators : Array(separators.dropLast())
        if let first = grouping.first {
            guard grouping.allSatisfy({ $0 == first }) else {
                throw refuse("it mixes separators: group thousands with one kind only")
            }
            guard first != decimal else { throw refuse("\(first.shown) cannot both group thousands and mark decimals") }
            guard isGrouped(wholeRuns) else {
                throw refuse("\(first.shown) must be followed by groups of three digits, as in 1 234 567")
            }
        }
        let whole = wholeRuns.joined()
        guard let fraction else { return whole }
        return whole + "." + fraction
    }

    /// Which separator marks the decimals, or nil when all of them group; checks that
    /// the decimal separator appears once, as the last separator.
    private static func decimalSeparator(
        runs: [String], separators: [Separator], minorUnitExponent: Int, input: String, refuse: (String) -> MoneyError
    ) throws(MoneyError) -> Separator? {
        let dots = separators.filter { $0 == .dot }.count
        let commas = separators.filter { $0 == .comma }.count
        guard dots + commas > 0, let last = separators.last else { return nil }
        if dots > 0 && commas > 0 {
            // 1.847,50 and 1,847.50: the last is the decimal separator, once.
            guard last == .dot || last == .comma, (last == .dot ? dots : commas) == 1 else {
                throw refuse("it mixes '.' and ',': use one to group thousands and the other, once and last, for decimals")
            }
            return last
        }
        let candidate: Separator = dots > 0 ? .dot : .comma
        // 1.234.567 or 1,234,567: repeated, so grouping.
        if dots + commas > 1 { return nil }
        guard last == candidate else { throw refuse("digits are grouped after the decimal separator") }
        // 1 847,50 or 1’847.50: the spaces group, so the one '.' or ',' marks decimals.
        if separators.count > 1 { return candidate }
        let whole = runs[0]
        let fraction = runs[runs.count - 1]
        let couldGroup = fraction.count == 3 && (1...3).contains(whole.count) && whole.first != "0"
        guard couldGroup else { return candidate }
        if minorUnitExponent == 0 { return nil }
        // Where three decimals fit (KWD, grams), `1.500` is the plain notation every tool
        // writes and reads back (CSV, JSON): the '.' marks decimals. A ',' there still
        // could be either.
        if candidate == .dot && minorUnitExponent >= 3 { return .dot }
        // The error's hint names both readings and how to write each.
        throw MoneyError.ambiguousSeparator(
            input: input, whole: whole, fraction: fraction, mark: candidate == .dot ? "." : ",", allowed: minorUnitExponent)
    }

    /// Whether the whole-part runs are grouped as people group digits: three at a time
    /// (1 234 567), or the Indian way (12,34,567), the first group shorter.
    private static func isGrouped(_ runs: [String]) -> Bool {
        guard runs.count > 1, let first = runs.first, let last = runs.last else { return true }
        guard !first.isEmpty, last.count == 3 else { return false }
        let middle = runs.dropFirst().dropLast()
        if first.count <= 3 && middle.allSatisfy({ $0.count == 3 }) { return true }
        return first.count <= 2 && middle.allSatisfy { $0.count == 2 }
    }
}
