// The built-in notes, coins and coin rolls (or bank bags) of the currencies MoneyKit knows.
//
// Every value here is in minor units of its currency: pence, cents, Rappen, öre/øre, Kenyan
// cents; yen have no minor unit, so ¥500 is 500. A roll's count is the number of coins in it.
//
// The lists hold the notes and coins that are legal tender and handled in ordinary cash work
// today, not every legal-tender piece ever issued (commemoratives, withdrawn series and
// bullion coins are left out). The facts come from what the issuing authorities publish:
// the Bank of England and the Royal Mint; the European Central Bank; the Federal Reserve,
// the US Mint and the Bureau of Engraving and Printing; the Bank of Canada and the Royal
// Canadian Mint; the Reserve Bank of Australia and the Royal Australian Mint; the Swiss
// National Bank and Swissmint; the Bank of Japan and the Japan Mint; Sveriges Riksbank;
// Norges Bank; the Central Bank of Kenya; Danmarks Nationalbank; and the Reserve Bank of
// New Zealand. The other currencies' sets (one file per region) name theirs, and every
// set carries its source for people (`source`). Roll and bag sizes are the conventions of
// each country's banks and cash centres where one exists; where no standard is published the set says so and has none.
// Items that rest on weaker evidence are marked in comments below.
//
// Labels use the symbol that amounts of the currency are formatted with (ICU's, in the
// currency's display locale: "Ksh", "CHF", "kr."), and say "note" or "coin" where both
// exist at one value; a test holds every label to the formatted amount.

enum DenominationCatalog {
    /// The currencies with a built-in set, sorted (a test holds every one to its set).
    static let codes = [
        "AED", "AUD", "BRL", "CAD", "CHF", "CLP", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD", "HUF", "IDR", "ILS", "INR", "JPY",
        "KES", "KRW", "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "SAR", "SEK", "SGD", "THB", "TRY", "TWD", "USD", "ZAR",
    ]

    /// The built-in set of the currency `code`, or nil. Each set is a static made on first
    /// use, so that a command builds only its own currency's set, not all of them (building
    /// every set took a tenth of `tillcount show`'s instructions; a dictionary of them, 3%).
    static func set(for code: String) -> DenominationSet? {
        switch code {
        case "AED": return aed
        case "AUD": return aud
        case "BRL": return brl
        case "CAD": return cad
        case "CHF": return chf
        case "CLP": return clp
        case "CNY": return cny
        case "CZK": return czk
        case "DKK": return dkk
        case "EUR": return eur
        case "GBP": return gbp
        case "HKD": return hkd
        case "HUF": return huf
        case "IDR": return idr
        case "ILS": return ils
        case "INR": return inr
        case "JPY": return jpy
        case "KES": return kes
        case "KRW": return krw
        case "MXN": return mxn
        case "MYR": return myr
        case "NOK": return nok
        case "NZD": return nzd
        case "PHP": return php
        case "PLN": return pln
        case "SAR": return sar
        case "SEK": return sek
        case "SGD": return sgd
        case "THB": return thb
        case "TRY": return `try`
        case "TWD": return twd
        case "USD": return usd
        case "ZAR": return zar
        default: return nil
        }
    }

    /// `set` with the masses of its coins, or a note that none are known.
    static func withMasses(_ set: DenominationSet) -> DenominationSet {
        let table = CoinWeightCatalog.table(for: set.currencyCode)
        return DenominationSet(
            currencyCode: set.currencyCode, denominations: set.denominations, rolls: set.rolls,
            hasStandardRolls: set.hasStandardRolls, rollNote: set.rollNote,
            coinMasses: table?.masses ?? [],
            massNote: table?.note ?? "Coin weights: none built in (no single published mass for these coins); give them in the denominations file to count by weight.",
            source: set.source)
    }

    // MARK: - Pound sterling

    // Bank of England notes only; Scottish and Northern Irish banknotes (including the
    // Scottish £1 and £100) are not listed. The £1 and £2 coins are the 2017 12-sided £1
    // and the bimetallic £2; the round £1 stopped being legal tender in 2017.
    private static let gbp = withMasses(DenominationSet(
        currencyCode: "GBP",
        denominations: [
            Denomination(.note, 5000, label: "£50"),
            Denomination(.note, 2000, label: "£20"),
            Denomination(.note, 1000, label: "£10"),
            Denomination(.note, 500, label: "£5"),
            Denomination(.coin, 200, label: "£2"),
            Denomination(.coin, 100, label: "£1"),
            Denomination(.coin, 50, label: "50p"),
            Denomination(.coin, 20, label: "20p"),
            Denomination(.coin, 10, label: "10p"),
            Denomination(.coin, 5, label: "5p"),
            Denomination(.coin, 2, label: "2p"),
            Denomination(.coin, 1, label: "1p"),
        ],
        rolls: [
            CoinRoll(coinMinorUnits: 200, count: 10, packaging: .bag),  // £20
            CoinRoll(coinMinorUnits: 100, count: 20, packaging: .bag),  // £20
            CoinRoll(coinMinorUnits: 50, count: 20, packaging: .bag),   // £10
            CoinRoll(coinMinorUnits: 20, count: 50, packaging: .bag),   // £10
            CoinRoll(coinMinorUnits: 10, count: 50, packaging: .bag),   // £5
            CoinRoll(coinMinorUnits: 5, count: 100, packaging: .bag),   // £5
            CoinRoll(coinMinorUnits: 2, count: 50, packaging: .bag),    // £1
            CoinRoll(coinMinorUnits: 1, count: 100, packaging: .bag),   // £1
        ],
        hasStandardRolls: true,
        rollNote: "UK bank coin bags (standard bag values used by UK banks); UK banks bag coins rather than roll them.",
        source: "The Bank of England (notes) and the Royal Mint (coins)."))

    // MARK: - Euro

    // The €500 note is no longer issued (since 2019) but remains legal tender and is listed.
    // 1c and 2c coins are legal tender everywhere in the euro area, though several countries
    // (e.g. Finland, the Netherlands, Belgium, Ireland, Italy) round cash totals to 5c.
    private static let eur = withMasses(DenominationSet(
        currencyCode: "EUR",
        denominations: [
            Denomination(.note, 50000, label: "€500"),
            Denomination(.note, 20000, label: "€200"),
            Denomination(.note, 10000, label: "€100"),
            Denomination(.note, 5000, label: "€50"),
            Denomination(.note, 2000, label: "€20"),
            Denomination(.note, 1000, label: "€10"),
            Denomination(.note, 500, label: "€5"),
            Denomination(.coin, 200, label: "€2"),
            Denomination(.coin, 100, label: "€1"),
            Denomination(.coin, 50, label: "50c"),
            Denomination(.coin, 20, label: "20c"),
            Denomination(.coin, 10, label: "10c"),
            Denomination(.coin, 5, label: "5c"),
            Denomination(.coin, 2, label: "2c"),
            Denomination(.coin, 1, label: "1c"),
        ],
        rolls: [
            CoinRoll(coinMinorUnits: 200, count: 25),  // €50
            CoinRoll(coinMinorUnits: 100, count: 25),  // €25
            CoinRoll(coinMinorUnits: 50, count: 40),   // €20
            CoinRoll(coinMinorUnits: 20, count: 40),   // €8
            CoinRoll(coinMinorUnits: 10, count: 40),   // €4
            CoinRoll(coinMinorUnits: 5, count: 50),    // €2.50
            CoinRoll(coinMinorUnits: 2, count: 50),    // €1
            CoinRoll(coinMinorUnits: 1, count: 50),    // €0.50
        ],
        hasStandardRolls: true,
        rollNote: "Standard euro coin rolls, as used by the euro-area central banks (e.g. Deutsche Bundesbank) and banks.",
        source: "The European Central Bank (notes; coins issued by the euro-area countries to its common specifications)."))

    // MARK: - US dollar

    // The $1 exists both as a note and as a coin, so it appears twice. The US Mint stopped
    // striking the 1¢ coin for circulation in 2025, but it remains legal tender and in use.
    // The 50¢ and $1 coins are legal tender but seldom seen in change.
    private static let usd = withMasses(DenominationSet(
        currencyCode: "USD",
        denominations: [
            Denomination(.note, 10000, label: "$100"),
            Denomination(.note, 5000, label: "$50"),
            Denomination(.note, 2000, label: "$20"),
            Denomination(.note, 1000, label: "$10"),
            Denomination(.note, 500, label: "$5"),
            Denomination(.note, 200, label: "$2"),
            Denomination(.note, 100, label: "$1 note"),
            Denomination(.coin, 100, label: "$1 coin"),
            Denomination(.coin, 50, label: "50¢"),
            Denomination(.coin, 25, label: "25¢"),
            Denomination(.coin, 10, label: "10¢"),
            Denomination(.coin, 5, label: "5¢"),
            Denomination(.coin, 1, label: "1¢"),
        ],
        rolls: [
            CoinRoll(coinMinorUnits: 100, count: 25),  // $25
            CoinRoll(coinMinorUnits: 50, count: 20),   // $10
            CoinRoll(coinMinorUnits: 25, count: 40),   // $10
            CoinRoll(coinMinorUnits: 10, count: 50),   // $5
            CoinRoll(coinMinorUnits: 5, count: 40),    // $2
            CoinRoll(coinMinorUnits: 1, count: 50),    // $0.50
        ],
        hasStandardRolls: true,
        rollNote: "US bank rolls (Federal Reserve standard wrapping).",
        source: "The Federal Reserve and the Bureau of Engraving and Printing (notes) and the US Mint (coins)."))

    // MARK: - Canadian dollar

    // The 1¢ coin was withdrawn from circulation in 2013 (cash totals are rounded to 5¢).
    // The 50¢ coin is legal tender but rarely circulates. The $1 and $2 notes and the $1000
    // note are no longer legal tender (since 2021) and are not listed.
    // Rolls: 50¢ rolls (reportedly 25 coins) are omitted as not reliably standard.
    private static let cad = withMasses(DenominationSet(
        currencyCode: "CAD",
        denominations: [
            Denomination(.note, 10000, label: "$100"),
            Denomination(.note, 5000, label: "$50"),
            Denomination(.note, 2000, label: "$20"),
            Denomination(.note, 1000, label: "$10"),
            Denomination(.note, 500, label: "$5"),
            Denomination(.coin, 200, label: "$2"),
            Denomination(.coin, 100, label: "$1"),
            Denomination(.coin, 50, label: "50¢"),
            Denomination(.coin, 25, label: "25¢"),
            Denomination(.coin, 10, label: "10¢"),
            Denomination(.coin, 5, label: "5¢"),
        ],
        rolls: [
            CoinRoll(coinMinorUnits: 200, count: 25),  // $50
            CoinRoll(coinMinorUnits: 100, count: 25),  // $25
            CoinRoll(coinMinorUnits: 25, count: 40),   // $10
            CoinRoll(coinMinorUnits: 10, count: 50),   // $5
            CoinRoll(coinMinorUnits: 5, count: 40),    // $2
        ],
        hasStandardRolls: true,
        rollNote: "Canadian bank rolls (Royal Canadian Mint and bank standard wrapping).",
        source: "The Bank of Canada (notes) and the Royal Canadian Mint (coins)."))

    // MARK: - Australian dollar

    // 1c and 2c coins were withdrawn in 1992 (cash totals are rounded to 5c).
    private static let aud = withMasses(DenominationSet(
        currencyCode: "AUD",
        denominations: [
            Denomination(.note, 10000, label: "$100"),
            Denomination(.note, 5000, label: "$50"),
            Denomination(.note, 2000, label: "$20"),
            Denomination(.note, 1000, label: "$10"),
            Denomination(.note, 500, label: "$5"),
            Denomination(.coin, 200, label: "$2"),
            Denomination(.coin, 100, label: "$1"),
            Denomination(.coin, 50, label: "50c"),
            Denomination(.coin, 20, label: "20c"),
            Denomination(.coin, 10, label: "10c"),
            Denomination(.coin, 5, label: "5c"),
        ],
        rolls: [
            CoinRoll(coinMinorUnits: 200, count: 25),  // $50
            CoinRoll(coinMinorUnits: 100, count: 20),  // $20
            CoinRoll(coinMinorUnits: 50, count: 20),   // $10
            CoinRoll(coinMinorUnits: 20, count: 20),   // $4
            CoinRoll(coinMinorUnits: 10, count: 40),   // $4
            CoinRoll(coinMinorUnits: 5, count: 40),    // $2
        ],
        hasStandardRolls: true,
        rollNote: "Australian standard coin rolls (Reserve Bank of Australia and bank practice).",
        source: "The Reserve Bank of Australia (notes) and the Royal Australian Mint (coins)."))

    // MARK: - New Zealand dollar

    // 1c and 2c coins withdrawn in 1990, the 5c coin in 2006 (cash totals rounded to 10c).
    // Uncertain: NZ banks and cash centres package coin in bags and rolls, but no published
    // national roll standard was confirmed, so none is given.
    private static let nzd = withMasses(DenominationSet(
        currencyCode: "NZD",
        denominations: [
            Denomination(.note, 10000, label: "$100"),
            Denomination(.note, 5000, label: "$50"),
            Denomination(.note, 2000, label: "$20"),
            Denomination(.note, 1000, label: "$10"),
            Denomination(.note, 500, label: "$5"),
            Denomination(.coin, 200, label: "$2"),
            Denomination(.coin, 100, label: "$1"),
            Denomination(.coin, 50, label: "50c"),
            Denomination(.coin, 20, label: "20c"),
            Denomination(.coin, 10, label: "10c"),
        ],
        rolls: [],
        hasStandardRolls: false,
        rollNote: "No national standard roll size is known for New Zealand coins; define your own.",
        source: "The Reserve Bank of New Zealand."))

    // MARK: - Swiss franc

    // 1 Rappen coin withdrawn in 2007 (2 Rp. in 1978); cash totals are rounded to 5 Rp.
    // The 50 Rp. coin is marked "½" on the coin. Ninth-series notes: 10 to 1000 Fr.
    // Uncertain: 50 coins per roll for every coin is the widely used Swiss convention, but
    // it was not confirmed from a Swiss National Bank publication.
    private static let chf = withMasses(DenominationSet(
        currencyCode: "CHF",
        denominations: [
            Denomination(.note, 100_000, label: "CHF 1000"),
            Denomination(.note, 20000, label: "CHF 200"),
            Denomination(.note, 10000, label: "CHF 100"),
            Denomination(.note, 5000, label: "CHF 50"),
            Denomination(.note, 2000, label: "CHF 20"),
            Denomination(.note, 1000, label: "CHF 10"),
            Denomination(.coin, 500, label: "CHF 5"),
            Denomination(.coin, 200, label: "CHF 2"),
            Denomination(.coin, 100, label: "CHF 1"),
            Denomination(.coin, 50, label: "50 Rp."),
            Denomination(.coin, 20, label: "20 Rp."),
            Denomination(.coin, 10, label: "10 Rp."),
            Denomination(.coin, 5, label: "5 Rp."),
        ],
        rolls: [
            CoinRoll(coinMinorUnits: 500, count: 50),  // 250 Fr.
            CoinRoll(coinMinorUnits: 200, count: 50),  // 100 Fr.
            CoinRoll(coinMinorUnits: 100, count: 50),  // 50 Fr.
            CoinRoll(coinMinorUnits: 50, count: 50),   // 25 Fr.
            CoinRoll(coinMinorUnits: 20, count: 50),   // 10 Fr.
            CoinRoll(coinMinorUnits: 10, count: 50),   // 5 Fr.
            CoinRoll(coinMinorUnits: 5, count: 50),    // 2.50 Fr.
        ],
        hasStandardRolls: true,
        rollNote: "Swiss bank coin rolls of 50 coins each (common Swiss banking practice).",
        source: "The Swiss National Bank (notes) and Swissmint (coins)."))

    // MARK: - Japanese yen

    // JPY has no minor unit: values are whole yen. The ¥2,000 note is still legal tender
    // but rarely seen and was not reissued in the 2024 series; it is listed.
    private static let jpy = withMasses(DenominationSet(
        currencyCode: "JPY",
        denominations: [
            Denomination(.note, 10000, label: "¥10,000"),
            Denomination(.note, 5000, label: "¥5,000"),
            Denomination(.note, 2000, label: "¥2,000"),
            Denomination(.note, 1000, label: "¥1,000"),
            Denomination(.coin, 500, label: "¥500"),
            Denomination(.coin, 100, label: "¥100"),
            Denomination(.coin, 50, label: "¥50"),
            Denomination(.coin, 10, label: "¥10"),
            Denomination(.coin, 5, label: "¥5"),
            Denomination(.coin, 1, label: "¥1"),
        ],
        rolls: [
            CoinRoll(coinMinorUnits: 500, count: 50),  // ¥25,000
            CoinRoll(coinMinorUnits: 100, count: 50),  // ¥5,000
            CoinRoll(coinMinorUnits: 50, count: 50),   // ¥2,500
            CoinRoll(coinMinorUnits: 10, count: 50),   // ¥500
            CoinRoll(coinMinorUnits: 5, count: 50),    // ¥250
            CoinRoll(coinMinorUnits: 1, count: 50),    // ¥50
        ],
        hasStandardRolls: true,
        rollNote: "Japanese bank coin rolls (bōkin) of 50 coins each.",
        source: "The Bank of Japan (notes) and the Japan Mint (coins)."))

    // MARK: - Swedish krona

    // Current series (2015–2016 notes, 2016 coins); the 50 öre coin ceased to be legal
    // tender in 2010. Uncertain: Swedish cash centres package coin, but no published
    // national roll standard was confirmed, so none is given.
    private static let sek = withMasses(DenominationSet(
        currencyCode: "SEK",
        denominations: [
            Denomination(.note, 100_000, label: "1000 kr"),
            Denomination(.note, 50000, label: "500 kr"),
            Denomination(.note, 20000, label: "200 kr"),
            Denomination(.note, 10000, label: "100 kr"),
            Denomination(.note, 5000, label: "50 kr"),
            Denomination(.note, 2000, label: "20 kr"),
            Denomination(.coin, 1000, label: "10 kr"),
            Denomination(.coin, 500, label: "5 kr"),
            Denomination(.coin, 200, label: "2 kr"),
            Denomination(.coin, 100, label: "1 kr"),
        ],
        rolls: [],
        hasStandardRolls: false,
        rollNote: "No national standard roll size is known for Swedish coins; define your own.",
        source: "Sveriges Riksbank."))

    // MARK: - Norwegian krone

    // The 50 øre coin ceased to be legal tender in 2012. Notes are Norges Bank's current
    // series (2017–2019).
    private static let nok = withMasses(DenominationSet(
        currencyCode: "NOK",
        denominations: [
            Denomination(.note, 100_000, label: "1000 kr"),
            Denomination(.note, 50000, label: "500 kr"),
            Denomination(.note, 20000, label: "200 kr"),
            Denomination(.note, 10000, label: "100 kr"),
            Denomination(.note, 5000, label: "50 kr"),
            Denomination(.coin, 2000, label: "20 kr"),
            Denomination(.coin, 1000, label: "10 kr"),
            Denomination(.coin, 500, label: "5 kr"),
            Denomination(.coin, 100, label: "1 kr"),
        ],
        rolls: [],
        hasStandardRolls: false,
        rollNote: "No standard roll sizes are published for Norwegian coins; define your own.",
        source: "Norges Bank."))

    // MARK: - Danish krone

    // The 25 øre coin was withdrawn in 2008; 50 øre is the smallest coin. Notes are the
    // 2009–2011 series. Uncertain: no published Danish roll standard was confirmed.
    private static let dkk = withMasses(DenominationSet(
        currencyCode: "DKK",
        denominations: [
            Denomination(.note, 100_000, label: "1000 kr."),
            Denomination(.note, 50000, label: "500 kr."),
            Denomination(.note, 20000, label: "200 kr."),
            Denomination(.note, 10000, label: "100 kr."),
            Denomination(.note, 5000, label: "50 kr."),
            Denomination(.coin, 2000, label: "20 kr."),
            Denomination(.coin, 1000, label: "10 kr."),
            Denomination(.coin, 500, label: "5 kr."),
            Denomination(.coin, 200, label: "2 kr."),
            Denomination(.coin, 100, label: "1 kr."),
            Denomination(.coin, 50, label: "50 øre"),
        ],
        rolls: [],
        hasStandardRolls: false,
        rollNote: "No national standard roll size is known for Danish coins; define your own.",
        source: "Danmarks Nationalbank."))

    // MARK: - Kenyan shilling

    // KES has a minor unit of 100 cents, so KSh 50 is 5000. The 2018 new-generation coins
    // are KSh 1, 5, 10 and 20; the older 50-cent coin remains legal tender but is barely
    // used and is left out. Notes: KSh 50 to 1,000 (2019 new-generation series).
    private static let kes = withMasses(DenominationSet(
        currencyCode: "KES",
        denominations: [
            Denomination(.note, 100_000, label: "Ksh 1,000"),
            Denomination(.note, 50000, label: "Ksh 500"),
            Denomination(.note, 20000, label: "Ksh 200"),
            Denomination(.note, 10000, label: "Ksh 100"),
            Denomination(.note, 5000, label: "Ksh 50"),
            Denomination(.coin, 2000, label: "Ksh 20"),
            Denomination(.coin, 1000, label: "Ksh 10"),
            Denomination(.coin, 500, label: "Ksh 5"),
            Denomination(.coin, 100, label: "Ksh 1"),
        ],
        rolls: [],
        hasStandardRolls: false,
        rollNote: "No standard roll sizes are published for Kenyan coins; define your own.",
        source: "The Central Bank of Kenya."))
}
