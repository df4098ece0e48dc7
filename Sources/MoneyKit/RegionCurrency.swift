// The currency a country uses, for tools that pick a default currency from the user's
// locale without loading ICU.

extension Currency {
    /// The currency of an ISO 3166 region code (GB → GBP, DE → EUR), when MoneyKit knows it.
    public static func forRegion(_ region: String) -> Currency? {
        regionCurrencies[region.uppercased()].flatMap(Currency.init(code:)).flatMap { $0.isCurrent ? $0 : nil }
    }

    private static let regionCurrencies: [String: String] = [
        "US": "USD", "GB": "GBP", "IE": "EUR", "DE": "EUR", "FR": "EUR", "ES": "EUR", "IT": "EUR", "NL": "EUR",
        "BE": "EUR", "AT": "EUR", "FI": "EUR", "PT": "EUR", "GR": "EUR", "LU": "EUR", "SK": "EUR", "SI": "EUR",
        "EE": "EUR", "LV": "EUR", "LT": "EUR", "MT": "EUR", "CY": "EUR", "HR": "EUR", "BG": "EUR", "CA": "CAD",
        "AU": "AUD", "NZ": "NZD", "CH": "CHF", "LI": "CHF", "JP": "JPY", "SE": "SEK", "NO": "NOK", "DK": "DKK",
        "KE": "KES", "IN": "INR", "ZA": "ZAR", "SG": "SGD", "HK": "HKD", "MX": "MXN", "BR": "BRL", "PL": "PLN",
        "CZ": "CZK", "HU": "HUF", "IS": "ISK", "CN": "CNY", "KR": "KRW", "TW": "TWD", "IL": "ILS", "TR": "TRY",
        "AE": "AED", "SA": "SAR", "NG": "NGN", "GH": "GHS", "TZ": "TZS", "UG": "UGX", "EG": "EGP", "MA": "MAD",
        "AR": "ARS", "CL": "CLP", "CO": "COP", "PE": "PEN", "TH": "THB", "MY": "MYR", "ID": "IDR", "PH": "PHP",
        "VN": "VND", "PK": "PKR", "BD": "BDT", "RO": "RON", "UA": "UAH", "RS": "RSD", "KW": "KWD",
        // Current codes only (ISO 4217 on 2026-01-01): Bulgaria above uses EUR, Curaçao and
        // Sint Maarten XCG (not ANG), Cuba CUP (not CUC).
        "CW": "XCG", "SX": "XCG", "CU": "CUP",
    ]
}
