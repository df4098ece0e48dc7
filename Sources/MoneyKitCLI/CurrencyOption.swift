// The currency a user names on the command line (--currency, tillcount currency CODE):
// one reading for all four tools, so that every tool refuses the same codes alike.

import MoneyKit

package enum CurrencyOption {
    /// The current ISO 4217 currency `code` names, for new amounts. An unknown code, one
    /// without a minor unit or a withdrawn one (BGN since 2026-01-01) is a usage error
    /// (64); amounts already stored in a withdrawn currency are read with
    /// `Currency(code:)` and stay readable.
    package static func parse(_ code: String, commandPath: [String]) throws(CLIError) -> Currency {
        do {
            return try Currency.named(code)
        } catch {
            throw CLIError.usage("\(error)", hint: error.hint, commandPath: commandPath)
        }
    }
}
