// The user's locale from the environment, and the currency of its region: the default
// currency of every tool that has one.

import MoneyKit

package enum LocaleCurrency {
    /// The locale identifier of LC_ALL, LC_MONETARY or LANG (`en_GB` from `en_GB.UTF-8`),
    /// or nil for C/POSIX or none.
    package static func localeIdentifier(_ environment: [String: String]) -> String? {
        for variable in ["LC_ALL", "LC_MONETARY", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let identifier = String(value.prefix { $0 != "." && $0 != "@" })
            return identifier == "C" || identifier == "POSIX" ? nil : identifier
        }
        return nil
    }

    /// The currency of the locale's region (en_GB → GBP), or nil.
    package static func currency(_ environment: [String: String]) -> Currency? {
        guard let identifier = localeIdentifier(environment), let underscore = identifier.firstIndex(of: "_") else { return nil }
        let region = identifier[identifier.index(after: underscore)...].prefix { $0.isLetter }
        return Currency.forRegion(String(region))
    }
}

extension LocaleCurrency {
    /// The currency every tool uses when none is given or saved and the locale names no
    /// region (C, POSIX, C.UTF-8, or none): one fallback for the four tools.
    package static let fallback = Currency.usd

    /// The locale region's currency, else the fallback (USD).
    package static func defaultCurrency(_ environment: [String: String]) -> Currency {
        currency(environment) ?? fallback
    }
}
