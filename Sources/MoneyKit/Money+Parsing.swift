// Reading an amount typed by a person or found in a file.

extension Money {
    /// Reads an amount strictly, as people write it and as the tools print it:
    /// `12`, `12.5`, `-3.10`, `.5`, `+4`; a decimal comma (`1847,50`, `12,5`, `0,05`);
    /// digits grouped by spaces (also U+00A0 and U+202F), apostrophes, or the separator
    /// that is not the decimal one (`1 847,50`, `1.847,50`, `1,847.50`, `1’847.50`,
    /// `18,47,500.00`); the minus sign U+2212. A code or symbol of this currency may come
    /// before or after the number (`USD 12.50`, `$12.50`, `-$3`, `1 847,50 kr`,
    /// `CHF-5`); surrounding whitespace and direction marks are ignored.
    ///
    /// Rejected with a message naming the input: more decimals than the currency has,
    /// zeros included (`12.345` and `12.340` USD, `5.0` JPY); a `.` or `,` that could be
    /// either separator (`1,500`, and `1.500` where the currency has one or two decimals:
    /// a separator before exactly three digits with nothing else to tell; in a currency
    /// without decimals it groups, and where three decimals fit a `.` marks them); mixed or
    /// misplaced separators (`1.2,3.4`, `1,2,3`, `5,`); a code or symbol of another currency
    /// (`€5` or `EUR 5` for GBP: both currencies are named; a symbol shared with ours, such
    /// as `$` for CAD, is ours); letters (`12abc`), exponents (`1e3`), `NaN`, empty text, two
    /// signs (`--5`), a lone `.`, and values beyond 64-bit minor units.
    /// - Throws: `MoneyError.invalidAmount` (its reason says what is wrong) for text that is
    ///   not an amount, or that names another currency; `MoneyError.ambiguousSeparator` for
    ///   a separator that could be either (its hint names both readings);
    ///   `MoneyError.tooManyDecimals` for more decimals than the currency has;
    ///   `MoneyError.overflow` for a value beyond Int64 minor units.
    public static func parse(_ input: String, currency: Currency) throws(MoneyError) -> Money {
        let trimmed = input.trimmingWhitespace()
        // Most amounts (every import row, most arguments) are plain: read them directly.
        // The full reading below costs about five times as much for the same result.
        if isPlainDecimal(trimmed, currency: currency) {
            return try money(fromDecimal: trimmed, trimmed: trimmed, currency: currency)
        }
        do {
            return try read(trimmed, currency: currency)
        } catch let error {
            // "€11700" or "11.700,00 €" for a GBP amount: say so, rather than "not a number"
            // or blaming the separators.
            if let other = otherCurrencyError(trimmed, currency: currency) { throw other }
            throw error
        }
    }

    /// The full reading of `trimmed`: the currency's code or symbol, the sign, separators.
    private static func read(_ trimmed: String, currency: Currency) throws(MoneyError) -> Money {
        let written = WrittenAmount(withoutInvisibleMarks(trimmed).trimmingWhitespace(), currency: currency)
        var number = written.number
        if let mark = CurrencySymbols.decimalMark(for: currency.code), let at = number.firstIndex(of: mark),
           at != number.startIndex, number[number.index(before: at)].isNumber {
            number.replaceSubrange(at...at, with: ".")
        }
        if AmountNotation.isDigitsAndSeparators(number) {
            number = try AmountNotation.plain(
                number, minorUnitExponent: currency.minorUnitExponent, input: trimmed)[...]
        }
        return try money(fromDecimal: written.sign + number, trimmed: trimmed, currency: currency)
    }

    /// `-1234.56`, `1234` or `0.5`: ASCII digits, an optional leading minus and one point
    /// between digits followed by no more decimals than the currency has (so the point
    /// never groups: `1.500` EUR and `1.500` ISK take the full reading). Such text means
    /// the same to the full reading.
    private static func isPlainDecimal(_ text: String, currency: Currency) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard let first = bytes.first, let last = bytes.last, isDigit(first), isDigit(last) else { return false }
        var points = 0
        var decimals = 0
        for byte in bytes {
            if isDigit(byte) {
                if points > 0 { decimals += 1 }
                continue
            }
            guard byte == UInt8(ascii: ".") else { return false }
            points += 1
        }
        return points == 0 || (points == 1 && decimals <= currency.minorUnitExponent)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The amount `text` (a plain decimal with its sign) gives in `currency`, or the error
    /// naming `trimmed`, the input as the user wrote it.
    private static func money(fromDecimal text: String, trimmed: String, currency: Currency) throws(MoneyError) -> Money {
        // Never more decimals than the currency has, zeros included: `12.500` USD could be
        // a mistyped 12500, and `5.0` JPY is no yen amount. (DecimalText drops the zeros.)
        if let point = text.utf8.firstIndex(of: UInt8(ascii: ".")) {
            let decimals = text.utf8[text.utf8.index(after: point)...]
            if decimals.count > currency.minorUnitExponent, decimals.allSatisfy(isDigit) {
                throw MoneyError.tooManyDecimals(input: trimmed, currency: currency.code, allowed: currency.minorUnitExponent)
            }
        }
        let decimal: DecimalText
        do {
            decimal = try DecimalText(parsing: text)
        } catch .invalidAmount(_, let reason) where reason.hasPrefix("more than") && reason.hasSuffix("decimals") {
            throw MoneyError.tooManyDecimals(input: trimmed, currency: currency.code, allowed: currency.minorUnitExponent)
        } catch let error {
            throw error.renamingInput(to: trimmed)
        }
        guard let minor = try decimal.scaled(to: currency.minorUnitExponent, input: trimmed) else {
            throw MoneyError.tooManyDecimals(
                input: trimmed, currency: currency.code, allowed: currency.minorUnitExponent)
        }
        return Money(minorUnits: minor, currency: currency)
    }

    /// Invisible marks ICU puts around amounts: direction marks in right-to-left locales
    /// (LRM, RLM, ALM) and the zero-width space pt_CV writes as the escudo's symbol.
    private static let directionMarks: Set<Character> = ["\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}"]

    /// `text` without those marks, except one between two digits: "1\u{200F}2" is not 12.
    static func withoutInvisibleMarks(_ text: String) -> String {
        let characters = Array(text)
        var kept = ""
        for (index, character) in characters.enumerated() {
            if directionMarks.contains(character) {
                let before = index > 0 && characters[index - 1].isNumber
                let after = index + 1 < characters.count && characters[index + 1].isNumber
                if !(before && after) { continue }
            }
            kept.append(character)
        }
        return kept
    }
}

/// An amount as written, split into its sign, its number and at most one code or symbol
/// of the currency before or after the number (`-$3.10`, `$-3.10`, `−1 847,50 kr`).
/// When the text does not have that shape, `number` is the whole text, for the number
/// reader to report on.
struct WrittenAmount {
    var sign = ""
    var number: Substring

    init(_ written: String, currency: Currency) {
        // One space for all: ICU writes U+00A0 or U+202F where people type a space.
        let text = Self.plainSpaces(written)
        number = Substring(text)
        var rest = Substring(text)
        var sign = Self.takeSign(&rest)
        let markers = [currency.code] + CurrencySymbols.symbols(for: currency.code).map(Self.plainSpaces)
        var marked = false
        for marker in markers where rest.count > marker.count && rest.uppercased().hasPrefix(marker.uppercased()) {
            var after = rest.dropFirst(marker.count).drop { Self.spaces.contains($0) }
            // CHF-5, $-3: the sign may follow the symbol.
            let signAfter = sign.isEmpty ? Self.takeSign(&after) : ""
            if let next = after.first, next.isASCII, next.isNumber || next == "." || next == "," || next == "-" {
                sign += signAfter
                rest = after
                marked = true
                break
            }
        }
        if !marked {
            for marker in markers where rest.count > marker.count && rest.uppercased().hasSuffix(marker.uppercased()) {
                var before = rest.dropLast(marker.count)
                while let last = before.last, Self.spaces.contains(last) { before.removeLast() }
                if let last = before.last, last.isASCII, last.isNumber {
                    rest = before
                    break
                }
            }
        }
        // Only a number that begins with a digit or separator was split off; anything
        // else ("--5", "- 5") goes to the number reader whole, with its sign.
        guard let first = rest.first, first.isASCII, first.isNumber || first == "." || first == "," else { return }
        self.sign = sign
        self.number = rest
    }

    private static let spaces: Set<Character> = [" "]

    static func plainSpaces(_ text: String) -> String {
        String(text.map { $0 == "\u{00A0}" || $0 == "\u{202F}" || $0 == "\u{2009}" ? " " : $0 })
    }

    /// Removes a leading `-`, `+` or `−` (U+2212, as ICU writes minus) and returns it as ASCII.
    private static func takeSign(_ text: inout Substring) -> String {
        guard let first = text.first else { return "" }
        switch first {
        case "-", "\u{2212}": text.removeFirst(); return "-"
        case "+": text.removeFirst(); return "+"
        default: return ""
        }
    }
}

extension MoneyError {
    /// The same error, quoting what the user typed rather than the part that was read.
    func renamingInput(to original: String) -> MoneyError {
        switch self {
        case let .invalidAmount(_, reason): return .invalidAmount(input: original, reason: reason)
        case let .ambiguousSeparator(_, whole, fraction, mark, allowed):
            return .ambiguousSeparator(input: original, whole: whole, fraction: fraction, mark: mark, allowed: allowed)
        case .overflow: return .overflow(operation: "reading '\(original)'")
        default: return self
        }
    }
}
