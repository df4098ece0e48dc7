// Everything that can go wrong with an amount, worded for the person who typed it.

/// An error about an amount or a currency. `description` is a sentence fit to show a
/// user: it names the input and says what is wrong with it.
public enum MoneyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not an amount; `reason` says why.
    case invalidAmount(input: String, reason: String)
    /// A comma or point before exactly three digits with nothing else to tell whether it
    /// groups thousands or marks decimals (`1,500`, `1.500` in EUR): `whole` and `fraction`
    /// are its two sides, `mark` the separator, `allowed` the decimals the value may have
    /// (the currency's; 3 for grams).
    case ambiguousSeparator(input: String, whole: String, fraction: String, mark: Character = ",", allowed: Int = 3)
    /// The text has more decimals than the currency's minor unit allows.
    case tooManyDecimals(input: String, currency: String, allowed: Int)
    /// The amount, or the result of a calculation, does not fit in 64-bit minor units.
    case overflow(operation: String)
    /// Two amounts in different currencies were combined.
    case currencyMismatch(String, String)
    /// No ISO 4217 currency has this code; `suggestion` names a close one, if any.
    case unknownCurrency(String, suggestion: String? = nil)
    /// The code is ISO 4217's, but withdrawn: amounts already stored in it still read,
    /// new ones are refused. `date` and `replacement` are list three's.
    case withdrawnCurrency(String, date: String, replacement: String?)
    /// A split or percentage got an argument it cannot work with.
    case invalidArgument(String)

    /// The sentence to show the user, naming the input: `invalid amount '12,3,4': …`.
    public var description: String {
        switch self {
        case let .invalidAmount(input, reason):
            return "invalid amount '\(input)': \(reason)"
        case let .ambiguousSeparator(input, _, _, mark, _):
            return "invalid amount '\(input)': the '\(mark)' could separate thousands or decimals"
        case let .tooManyDecimals(input, currency, allowed):
            let places = allowed == 0 ? "no decimals" : allowed == 1 ? "at most 1 decimal" : "at most \(allowed) decimals"
            return "invalid amount '\(input)': \(currency) amounts have \(places)"
        case let .overflow(operation):
            return "amount too large: \(operation) overflows"
        case let .currencyMismatch(a, b):
            return "cannot combine amounts in \(a) and \(b)"
        case let .unknownCurrency(code, suggestion):
            if let kind = CurrencyTable.codesWithoutMinorUnit[code.uppercased()] {
                return "currency '\(code)' is an ISO 4217 code without a minor unit (\(kind)): "
                    + "amounts in it cannot be counted in minor units"
            }
            let hint = suggestion.map { " (did you mean \($0)?)" } ?? ""
            return "unknown currency '\(code)': not an ISO 4217 code\(hint)"
        case let .withdrawnCurrency(code, date, replacement):
            // "on 2026-01-01", but "in 2021-06" where ISO gives only the month.
            let when = date.count == 10 ? "on \(date)" : "in \(date)"
            let replaced = replacement.map { "; it was replaced by \($0)" } ?? ""
            return "currency '\(code)' was withdrawn \(when)\(replaced)"
        case let .invalidArgument(message):
            return message
        }
    }
}

extension MoneyError {
    /// What to do about it, where a line of advice helps: both readings of an ambiguous
    /// separator and how to write each; what a withdrawn currency still allows.
    public var hint: String? {
        switch self {
        case let .ambiguousSeparator(_, whole, fraction, _, allowed):
            var decimals = fraction
            while decimals.count > 1 && decimals.hasSuffix("0") { decimals.removeLast() }
            let thousands = "write \(whole)\(fraction) or \(whole) \(fraction) if you mean thousands"
            // 1.500 EUR is 1.5 as decimals; 12.345 USD has no decimal reading to offer.
            guard decimals.count <= allowed else {
                return thousands + "; \(whole).\(decimals) would have more decimals than the \(allowed) allowed"
            }
            return thousands + ", \(whole).\(decimals) if you mean decimals"
        case let .withdrawnCurrency(code, _, replacement):
            let instead = replacement.map { " such as \($0)" } ?? ""
            return "amounts already stored in \(code) still show; new ones need a current currency\(instead)"
        default:
            return nil
        }
    }
}
