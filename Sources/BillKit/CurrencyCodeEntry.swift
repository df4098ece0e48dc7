// The screen's currency code field: after the key that opens it, people type an ISO 4217
// code letter by letter; Enter takes any current code MoneyKit knows. Rules only: the
// screen keeps the field and shows the refusals.

import MoneyKit

/// The rules of the screen's currency code field, as pure functions.
public enum CurrencyCodeEntry {
    /// The length of an ISO 4217 code.
    public static let codeLength = 3

    /// Why a typed character was not taken.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not a letter A to Z.
        case notALetter(Character)
        /// The field already holds three letters.
        case full
    }

    /// The field after typing `character`, upper case, or why not.
    public static func code(_ field: String, typing character: Character) -> Result<String, Refusal> {
        guard character.isASCII, character.isLetter else { return .failure(.notALetter(character)) }
        guard field.count < codeLength else { return .failure(.full) }
        return .success(field + character.uppercased())
    }

    /// The current currency the field names.
    /// - Throws: `MoneyError.unknownCurrency` (with a close code when there is one) or
    ///   `.withdrawnCurrency`, as for `--currency`.
    public static func currency(_ field: String) throws(MoneyError) -> Currency {
        try Currency.named(field)
    }
}
