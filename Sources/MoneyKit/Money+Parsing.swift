// Reading an amount typed by a person or found in a file.

extension Money {
    /// Reads an amount strictly, whatever the locale: `12`, `12.5`, `12.50`, `-3.10`,
    /// `0.07`, `.5`, `+4`. A leading currency code or symbol of this currency is allowed
    /// (`USD 12.50`, `$12.50`, `-$3`, `kr 20`); surrounding whitespace is ignored.
    ///
    /// Rejected with a message naming the input: more decimals than the currency has
    /// (`12.345` USD; trailing zeros such as `12.500` are fine), a comma (`1,5`),
    /// letters (`12abc`), exponents (`1e3`), `NaN`, empty text, two signs (`--5`),
    /// a lone `.`, and values beyond 64-bit minor units.
    public static func parse(_ input: String, currency: Currency) throws(MoneyError) -> Money {
        let trimmed = input.trimmingWhitespace()
        let number = stripCurrencyMarker(trimmed, currency: currency)
        // "EUR 5" for a USD amount: say so, rather than "not a number".
        let letters = number.prefix { $0.isLetter }
        if letters.count == 3, let other = Currency(code: String(letters)), other != currency {
            throw MoneyError.invalidAmount(input: trimmed, reason: "it is in \(other.code), but the amount is in \(currency.code)")
        }
        let decimal: DecimalText
        do {
            decimal = try DecimalText(parsing: number)
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

    /// Removes one leading code or symbol of `currency` (after an optional sign),
    /// keeping the sign: `-$3.10` → `-3.10`, `USD 5` → `5`.
    private static func stripCurrencyMarker(_ text: String, currency: Currency) -> String {
        var sign = ""
        var rest = Substring(text)
        if let first = rest.first, first == "-" || first == "+" {
            sign = String(first)
            rest = rest.dropFirst()
        }
        for marker in [currency.code] + CurrencySymbols.symbols(for: currency.code) {
            if rest.count > marker.count, rest.uppercased().hasPrefix(marker.uppercased()) {
                let afterMarker = rest.dropFirst(marker.count).drop { $0 == " " || $0 == "\u{00A0}" }
                if let next = afterMarker.first, next.isASCII, next.isNumber || next == "." || next == "-" {
                    return sign + afterMarker
                }
            }
        }
        return text
    }
}

extension MoneyError {
    /// The same error, quoting what the user typed rather than the part that was read.
    func renamingInput(to original: String) -> MoneyError {
        switch self {
        case let .invalidAmount(_, reason): return .invalidAmount(input: original, reason: reason)
        case .overflow: return .overflow(operation: "reading '\(original)'")
        default: return self
        }
    }
}

/// Symbols people put in front of an amount, for the parser. Display symbols come from
/// the locale data in MoneyKitFormatting; these are only what is accepted on input.
enum CurrencySymbols {
    static func symbols(for code: String) -> [String] {
        switch code {
        case "USD": return ["US$", "$"]
        case "CAD": return ["CA$", "C$", "$"]
        case "AUD": return ["AU$", "A$", "$"]
        case "NZD": return ["NZ$", "$"]
        case "HKD", "SGD", "MXN": return ["$"]
        case "GBP": return ["£"]
        case "EUR": return ["€"]
        case "JPY", "CNY": return ["¥", "￥"]
        case "NOK", "SEK", "DKK", "ISK": return ["kr.", "kr"]
        case "KES": return ["KSh", "Ksh"]
        case "CHF": return ["Fr.", "SFr."]
        case "INR": return ["₹"]
        case "KRW": return ["₩"]
        default: return []
        }
    }
}
