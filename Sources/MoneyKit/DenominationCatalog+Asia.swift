// The built-in notes and coins of Asian currencies (see DenominationCatalog.swift for what
// the lists hold and how labels are written). Each set names its issuing authority;
// coin weights are in CoinWeightCatalog.swift.

extension DenominationCatalog {
    /// No published national roll or bag size: what the sets of the currencies added in
    /// issue 15 say (none of their central banks or bankers' associations publishes one
    /// that could be confirmed).
    static func noRollStandard(_ place: String) -> String {
        "Roll sizes: not standardised (no national roll or bag size for \(place) coins was found published by the central bank or the banks); define your own in the denominations file."
    }

    // MARK: - Chinese yuan (renminbi)

    // The People's Bank of China, fifth series (2019/2020 editions). The ¥1 is both a note
    // and a coin. Fen coins and the fourth series' jiao notes are legal tender but no
    // longer handed out, and are left out.
    static let cny = withMasses(DenominationSet(
        currencyCode: "CNY",
        denominations: [
            Denomination(.note, 10000, label: "¥100"),
            Denomination(.note, 5000, label: "¥50"),
            Denomination(.note, 2000, label: "¥20"),
            Denomination(.note, 1000, label: "¥10"),
            Denomination(.note, 500, label: "¥5"),
            Denomination(.note, 100, label: "¥1 note"),
            Denomination(.coin, 100, label: "¥1 coin"),
            Denomination(.coin, 50, label: "5角"),
            Denomination(.coin, 10, label: "1角"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Chinese"),
        source: "The People's Bank of China (fifth series, 2019/2020 editions)."))

    // MARK: - Hong Kong dollar

    // Notes of the three note-issuing banks (HK$20 to HK$1,000) and the government's
    // HK$10 note; coins of the Hong Kong Monetary Authority. HK$10 is a note and a coin.
    static let hkd = withMasses(DenominationSet(
        currencyCode: "HKD",
        denominations: [
            Denomination(.note, 100_000, label: "HK$1,000"),
            Denomination(.note, 50000, label: "HK$500"),
            Denomination(.note, 10000, label: "HK$100"),
            Denomination(.note, 5000, label: "HK$50"),
            Denomination(.note, 2000, label: "HK$20"),
            Denomination(.note, 1000, label: "HK$10 note"),
            Denomination(.coin, 1000, label: "HK$10 coin"),
            Denomination(.coin, 500, label: "HK$5"),
            Denomination(.coin, 200, label: "HK$2"),
            Denomination(.coin, 100, label: "HK$1"),
            Denomination(.coin, 50, label: "50c"),
            Denomination(.coin, 20, label: "20c"),
            Denomination(.coin, 10, label: "10c"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Hong Kong"),
        source: "The Hong Kong Monetary Authority (coins, the HK$10 note) and the three note-issuing banks."))

    // MARK: - Singapore dollar

    // The Monetary Authority of Singapore: portrait-series notes, third-series coins.
    // The $1,000 note is no longer issued (since 2021) but remains legal tender and is
    // listed, as the €500 is; the $10,000 note and the 1c coin are left out.
    static let sgd = withMasses(DenominationSet(
        currencyCode: "SGD",
        denominations: [
            Denomination(.note, 100_000, label: "$1,000"),
            Denomination(.note, 10000, label: "$100"),
            Denomination(.note, 5000, label: "$50"),
            Denomination(.note, 1000, label: "$10"),
            Denomination(.note, 500, label: "$5"),
            Denomination(.note, 200, label: "$2"),
            Denomination(.coin, 100, label: "$1"),
            Denomination(.coin, 50, label: "50c"),
            Denomination(.coin, 20, label: "20c"),
            Denomination(.coin, 10, label: "10c"),
            Denomination(.coin, 5, label: "5c"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Singapore"),
        source: "The Monetary Authority of Singapore (portrait-series notes, third-series coins)."))

    // MARK: - South Korean won

    // KRW has no minor unit. The Bank of Korea's notes and coins; the ₩1 and ₩5 coins are
    // no longer issued for circulation and are left out.
    static let krw = withMasses(DenominationSet(
        currencyCode: "KRW",
        denominations: [
            Denomination(.note, 50000, label: "₩50,000"),
            Denomination(.note, 10000, label: "₩10,000"),
            Denomination(.note, 5000, label: "₩5,000"),
            Denomination(.note, 1000, label: "₩1,000"),
            Denomination(.coin, 500, label: "₩500"),
            Denomination(.coin, 100, label: "₩100"),
            Denomination(.coin, 50, label: "₩50"),
            Denomination(.coin, 10, label: "₩10"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Korean"),
        source: "The Bank of Korea."))

    // MARK: - Indian rupee

    // The Reserve Bank of India's Mahatma Gandhi (new) series notes and the Government of
    // India's coins (₹10 and ₹20 are both notes and coins). The ₹2,000 note was withdrawn
    // from circulation in 2023 (still legal tender) and is left out, as are the rarely
    // seen ₹1, ₹2 and ₹5 notes and the 50 paise coin.
    static let inr = withMasses(DenominationSet(
        currencyCode: "INR",
        denominations: [
            Denomination(.note, 50000, label: "₹500"),
            Denomination(.note, 20000, label: "₹200"),
            Denomination(.note, 10000, label: "₹100"),
            Denomination(.note, 5000, label: "₹50"),
            Denomination(.note, 2000, label: "₹20 note"),
            Denomination(.coin, 2000, label: "₹20 coin"),
            Denomination(.note, 1000, label: "₹10 note"),
            Denomination(.coin, 1000, label: "₹10 coin"),
            Denomination(.coin, 500, label: "₹5"),
            Denomination(.coin, 200, label: "₹2"),
            Denomination(.coin, 100, label: "₹1"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Indian"),
        source: "The Reserve Bank of India (notes) and the Government of India (coins)."))

    // MARK: - Thai baht

    // The Bank of Thailand's notes and the Royal Thai Mint's coins; the 1, 5 and 10
    // satang coins are not in everyday use and are left out.
    static let thb = withMasses(DenominationSet(
        currencyCode: "THB",
        denominations: [
            Denomination(.note, 100_000, label: "฿1,000"),
            Denomination(.note, 50000, label: "฿500"),
            Denomination(.note, 10000, label: "฿100"),
            Denomination(.note, 5000, label: "฿50"),
            Denomination(.note, 2000, label: "฿20"),
            Denomination(.coin, 1000, label: "฿10"),
            Denomination(.coin, 500, label: "฿5"),
            Denomination(.coin, 200, label: "฿2"),
            Denomination(.coin, 100, label: "฿1"),
            Denomination(.coin, 50, label: "50 satang"),
            Denomination(.coin, 25, label: "25 satang"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Thai"),
        source: "The Bank of Thailand (notes) and the Royal Thai Mint (coins)."))

    // MARK: - Indonesian rupiah

    // ISO gives IDR two decimals (sen), so Rp1,000 is 100000 minor units; no sen coin
    // circulates. Bank Indonesia's notes and coins; Rp1,000 is both. The Rp50 coin is
    // seldom seen and left out.
    static let idr = withMasses(DenominationSet(
        currencyCode: "IDR",
        denominations: [
            Denomination(.note, 10_000_000, label: "Rp100.000"),
            Denomination(.note, 5_000_000, label: "Rp50.000"),
            Denomination(.note, 2_000_000, label: "Rp20.000"),
            Denomination(.note, 1_000_000, label: "Rp10.000"),
            Denomination(.note, 500_000, label: "Rp5.000"),
            Denomination(.note, 200_000, label: "Rp2.000"),
            Denomination(.note, 100_000, label: "Rp1.000 note"),
            Denomination(.coin, 100_000, label: "Rp1.000 coin"),
            Denomination(.coin, 50000, label: "Rp500"),
            Denomination(.coin, 20000, label: "Rp200"),
            Denomination(.coin, 10000, label: "Rp100"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Indonesian"),
        source: "Bank Indonesia."))

    // MARK: - Philippine peso

    // The Bangko Sentral ng Pilipinas: New Generation Currency notes (polymer and paper)
    // and coins; ₱20 is both a note and a coin (the coin since 2019).
    static let php = withMasses(DenominationSet(
        currencyCode: "PHP",
        denominations: [
            Denomination(.note, 100_000, label: "₱1,000"),
            Denomination(.note, 50000, label: "₱500"),
            Denomination(.note, 20000, label: "₱200"),
            Denomination(.note, 10000, label: "₱100"),
            Denomination(.note, 5000, label: "₱50"),
            Denomination(.note, 2000, label: "₱20 note"),
            Denomination(.coin, 2000, label: "₱20 coin"),
            Denomination(.coin, 1000, label: "₱10"),
            Denomination(.coin, 500, label: "₱5"),
            Denomination(.coin, 100, label: "₱1"),
            Denomination(.coin, 25, label: "25 sentimo"),
            Denomination(.coin, 5, label: "5 sentimo"),
            Denomination(.coin, 1, label: "1 sentimo"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Philippine"),
        source: "The Bangko Sentral ng Pilipinas (New Generation Currency)."))

    // MARK: - Malaysian ringgit

    // Bank Negara Malaysia; the 1 sen coin stopped in 2008 (totals are rounded to 5 sen).
    static let myr = withMasses(DenominationSet(
        currencyCode: "MYR",
        denominations: [
            Denomination(.note, 10000, label: "RM100"),
            Denomination(.note, 5000, label: "RM50"),
            Denomination(.note, 2000, label: "RM20"),
            Denomination(.note, 1000, label: "RM10"),
            Denomination(.note, 500, label: "RM5"),
            Denomination(.note, 100, label: "RM1"),
            Denomination(.coin, 50, label: "50 sen"),
            Denomination(.coin, 20, label: "20 sen"),
            Denomination(.coin, 10, label: "10 sen"),
            Denomination(.coin, 5, label: "5 sen"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Malaysian"),
        source: "Bank Negara Malaysia."))

    // MARK: - New Taiwan dollar

    // ISO gives TWD two decimals, but cash is whole dollars. The Central Bank of the
    // Republic of China (Taiwan); the ½-dollar coin is left out.
    static let twd = withMasses(DenominationSet(
        currencyCode: "TWD",
        denominations: [
            Denomination(.note, 200_000, label: "$2,000"),
            Denomination(.note, 100_000, label: "$1,000"),
            Denomination(.note, 50000, label: "$500"),
            Denomination(.note, 20000, label: "$200"),
            Denomination(.note, 10000, label: "$100"),
            Denomination(.coin, 5000, label: "$50"),
            Denomination(.coin, 2000, label: "$20"),
            Denomination(.coin, 1000, label: "$10"),
            Denomination(.coin, 500, label: "$5"),
            Denomination(.coin, 100, label: "$1"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Taiwanese"),
        source: "The Central Bank of the Republic of China (Taiwan)."))
}
