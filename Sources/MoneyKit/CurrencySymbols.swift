// The symbols people put before or after an amount, for the amount reader. Display
// symbols come from the locale data in MoneyKitFormatting; these are what is accepted
// on input: every symbol ICU (CLDR) writes for the currency in its own display locale,
// in the display locales of the other currencies and in common European, American and
// Asian locales (AmountRoundTripTests checks that each formatted amount reads back),
// plus a few everyday spellings (KSh, SFr., ￥). A currency's ISO code is always
// accepted and is not listed.

enum CurrencySymbols {
    /// The symbols for `code`, longest first, so that `kr.` is tried before `kr`.
    static func symbols(for code: String) -> [String] {
        table[code] ?? []
    }

    /// A decimal mark other than `.` and `,` that the currency's own locale writes:
    /// the Cape Verde escudo's cifrão (`1 847$50`, CLDR pt_CV).
    static func decimalMark(for code: String) -> Character? {
        code == "CVE" ? "$" : nil
    }

    /// Every code and symbol with the codes of the currencies written with it, longest
    /// first (`US$` before `$`), for telling another currency's amount from ours. The
    /// currencies most often meant come first (`$`: USD, then the others by code).
    static let marksLongestFirst: [(mark: String, owners: [String])] = {
        var owners: [String: Set<String>] = [:]
        for (code, symbols) in raw {
            for symbol in symbols { owners[symbol, default: []].insert(code) }
        }
        for currency in Currency.all + Currency.withdrawn { owners[currency.code, default: []].insert(currency.code) }
        let prominent = ["USD", "EUR", "GBP", "JPY", "CNY"]
        func rank(_ code: String) -> (Int, String) { (prominent.firstIndex(of: code) ?? prominent.count, code) }
        return owners.map { (mark: $0.key, owners: $0.value.sorted { rank($0) < rank($1) }) }
            .sorted { $0.mark.count != $1.mark.count ? $0.mark.count > $1.mark.count : $0.mark < $1.mark }
    }()

    private static let table: [String: [String]] = raw.mapValues { symbols in
        symbols.sorted { $0.count > $1.count }
    }

    private static let raw: [String: [String]] = [
        "AED": ["\u{62F}.\u{625}."],
        "AFN": ["\u{60B}"],
        "ALL": ["Lek\u{EB}"],
        "AMD": ["\u{58F}"],
        "ANG": ["NAf.", "NAf"],
        "AOA": ["Kz"],
        "ARS": ["$", "$AR"],
        "AUD": ["$", "A$", "AU$", "$AU", "$\u{A0}AU", "AUD$"],
        "AWG": ["Afl.", "Afl"],
        "AZN": ["\u{20BC}"],
        "BAM": ["KM", "\u{41A}\u{41C}"],
        "BBD": ["$", "Bds$", "DBB"],
        "BDT": ["\u{9F3}"],
        "BGN": ["\u{43B}\u{432}."],
        "BHD": ["\u{62F}.\u{628}."],
        "BIF": ["FBu"],
        "BMD": ["$", "$BM", "BM$"],
        "BND": ["$", "$BN"],
        "BOB": ["Bs"],
        "BRL": ["R$", "BR$"],
        "BSD": ["$", "BS$"],
        "BTN": ["Nu."],
        "BWP": ["P"],
        "BYN": ["Br"],
        "BZD": ["$", "$BZ", "BZ$"],
        "CAD": ["$", "CA$", "$CA", "C$"],
        "CDF": ["FC"],
        "CHF": ["Fr.", "SFr."],
        "CLP": ["$", "$CL"],
        "CNY": ["\u{A5}", "CN\u{A5}", "\u{5143}", "\u{A5}CN", "\u{FFE5}"],
        "COP": ["$", "$CO"],
        "CRC": ["\u{20A1}"],
        "CUP": ["$"],
        "CZK": ["K\u{10D}"],
        "DJF": ["Fdj"],
        "DKK": ["kr.", "Dkr", "kr"],
        "DOP": ["RD$"],
        "DZD": ["\u{62F}.\u{62C}."],
        "EGP": ["\u{62C}.\u{645}.", "EG\u{A3}"],
        "ERN": ["Nfk"],
        "ETB": ["\u{1265}\u{122D}", "Br"],
        "EUR": ["\u{20AC}"],
        "FJD": ["$", "$FJ", "FJ$"],
        "FKP": ["\u{A3}", "\u{A3}FK"],
        "GBP": ["\u{A3}", "\u{A3}GB", "UK\u{A3}", "GB\u{A3}"],
        "GEL": ["\u{20BE}"],
        "GHS": ["GH\u{20B5}"],
        "GIP": ["\u{A3}", "\u{A3}GI"],
        "GMD": ["D"],
        "GNF": ["FG"],
        "GTQ": ["Q"],
        "GYD": ["$"],
        "HKD": ["HK$", "$\u{A0}HK", "$HK", "$"],
        "HNL": ["L"],
        "HTG": ["G"],
        "HUF": ["Ft"],
        "IDR": ["Rp"],
        "ILS": ["\u{20AA}"],
        "INR": ["\u{20B9}", "Rs"],
        "IQD": ["\u{62F}.\u{639}."],
        "IRR": ["\u{631}\u{6CC}\u{627}\u{644}", "\u{631}.\u{625}."],
        "ISK": ["kr.", "Ikr", "kr"],
        "JMD": ["$", "JM$"],
        "JOD": ["\u{62F}.\u{623}."],
        "JPY": ["\u{A5}", "JP\u{A5}", "\u{FFE5}"],
        "KES": ["Ksh", "KSh"],
        "KGS": ["\u{441}\u{43E}\u{43C}"],
        "KHR": ["\u{17DB}"],
        "KMF": ["CF"],
        "KRW": ["\u{20A9}", "KR\u{20A9}", "\u{FFE6}"],
        "KWD": ["\u{62F}.\u{643}."],
        "KYD": ["$"],
        "KZT": ["\u{20B8}"],
        "LAK": ["\u{20AD}"],
        "LBP": ["\u{644}.\u{644}.", "\u{A3}LB"],
        "LKR": ["\u{DBB}\u{DD4}."],
        "LRD": ["$"],
        "LSL": ["\u{17A1}\u{17BC}\u{1791}\u{17B8}", "\u{41B}\u{421}\u{41B}"],
        "LYD": ["\u{62F}.\u{644}."],
        "MAD": ["\u{62F}.\u{645}."],
        "MDL": ["L"],
        "MGA": ["Ar"],
        "MKD": ["\u{434}\u{435}\u{43D}."],
        "MMK": ["K"],
        "MNT": ["\u{20AE}"],
        "MOP": ["MOP$"],
        "MRU": ["\u{623}.\u{645}.", "UM"],
        "MUR": ["Rs"],
        "MVR": ["\u{783}."],
        "MWK": ["MK"],
        "MXN": ["$", "MX$", "$MX"],
        "MYR": ["RM"],
        "MZN": ["MTn"],
        "NAD": ["$", "$NA"],
        "NGN": ["\u{20A6}"],
        "NIO": ["C$"],
        "NOK": ["kr", "Nkr", "kr."],
        "NPR": ["\u{928}\u{947}\u{930}\u{942}"],
        "NZD": ["$", "NZ$", "$NZ", "$\u{A0}NZ", "NZD$"],
        "OMR": ["\u{631}.\u{639}."],
        "PAB": ["B/."],
        "PEN": ["S/"],
        "PGK": ["K"],
        "PHP": ["\u{20B1}"],
        "PKR": ["Rs"],
        "PLN": ["z\u{142}"],
        "PYG": ["Gs."],
        "QAR": ["\u{631}.\u{642}."],
        "RSD": ["din."],
        "RUB": ["\u{20BD}"],
        "RWF": ["RF"],
        "SAR": ["\u{631}.\u{633}."],
        "SBD": ["$", "$SB", "SI$"],
        "SCR": ["SR", "Rs"],
        "SDG": ["\u{62C}.\u{633}."],
        "SEK": ["kr", "kr."],
        "SGD": ["$", "$SG", "$\u{A0}SG"],
        "SHP": ["\u{A3}"],
        "SLE": ["Le"],
        "SOS": ["S"],
        "SRD": ["$", "$SR"],
        "SSP": ["\u{A3}"],
        "STN": ["Db"],
        "SYP": ["\u{644}.\u{633}."],
        "SZL": ["E"],
        "THB": ["\u{E3F}", "TH\u{E3F}"],
        "TJS": ["\u{441}\u{43E}\u{43C}."],
        "TMT": ["\u{422}\u{41C}\u{422}"],
        "TND": ["\u{62F}.\u{62A}."],
        "TOP": ["T$"],
        "TRY": ["\u{20BA}"],
        "TTD": ["$", "$TT", "TT$"],
        "TWD": ["$", "NT$"],
        "TZS": ["TSh"],
        "UAH": ["\u{20B4}"],
        "UGX": ["USh"],
        "USD": ["$", "US$", "$US", "$\u{A0}US", "\u{449}.\u{434}."],
        "UYU": ["$", "$UY"],
        "UYW": ["UP"],
        "UZS": ["so\u{2BB}m"],
        "VED": ["Bs.D"],
        "VES": ["Bs.S"],
        "VND": ["\u{20AB}"],
        "VUV": ["VT"],
        "WST": ["$WS"],
        "XAF": ["FCFA"],
        "XCD": ["$", "EC$", "$EC"],
        "XCG": ["Cg."],
        "XOF": ["F\u{202F}CFA", "\u{641}\u{631}\u{627}\u{646}\u{6A9}\u{202F}CFA", "\u{DC3}\u{DD2}\u{DC6}\u{DCA}\u{D91}"],
        "XPF": ["FCFP", "CFPF", "CFP"],
        "YER": ["\u{631}.\u{64A}."],
        "ZAR": ["R"],
        "ZMW": ["K"],
    ]
}
