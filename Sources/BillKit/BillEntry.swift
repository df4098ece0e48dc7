// What the app's single screen reads from its two fields: the bill and the custom tip. The
// fields hold the text as typed, and it is read by the parsers the options use
// (Money.parse for --amount, BillRules.tip for --tip): a screen never reads a notation
// otherwise than the command line (issue 26, item 2). Rules only: the screen (in the tool,
// or an app) keeps the field and words the refusals.

import MoneyKit

/// The readings of the screen's two fields, as pure functions.
public enum BillEntry {
    /// What a field holds, read.
    public enum Reading<Value: Equatable & Sendable, Refusal: Error & Equatable & Sendable>: Equatable, Sendable {
        /// Nothing typed.
        case empty
        /// Typing is under way: the text ends in a separator (`12,`, `1 `), so it is
        /// neither a value nor refused yet.
        case incomplete
        /// The value the options would read.
        case value(Value)
        /// Why the options would refuse it.
        case refused(Refusal)
    }

    /// Whether `text` stops at a separator after a digit, on its way to a value: `12,`,
    /// `12.`, `1 `, `1’` (not `1.500 kr.`, which is whole).
    static func endsInSeparator(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 2, let last = characters.last,
              [".", ",", " ", "'", "\u{2019}", "\u{00A0}", "\u{202F}"].contains(last) else { return false }
        let before = characters[characters.count - 2]
        return before.isASCII && before.isNumber
    }

    /// The bill field read as `--amount` reads (Money.parse): `1.500,00` is 1500,
    /// `1.500` in EUR is refused as ambiguous, `12,5` is 12.50.
    public static func bill(_ field: String, currency: Currency) -> Reading<Money, MoneyError> {
        if field.allSatisfy(\.isWhitespace) { return .empty }
        if endsInSeparator(field) { return .incomplete }
        do {
            return .value(try Money.parse(field, currency: currency))
        } catch {
            return .refused(error)
        }
    }

    /// The custom tip field read as `--tip` reads (BillRules.tip): `12,5` is 12.5 %.
    public static func customTip(_ field: String) -> Reading<Percentage, BillError> {
        if field.allSatisfy(\.isWhitespace) { return .empty }
        if endsInSeparator(field) { return .incomplete }
        do {
            return .value(try BillRules.tip(field))
        } catch {
            return .refused(error)
        }
    }
}

extension BillEntry.Reading {
    /// The value, when the field holds one.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}
