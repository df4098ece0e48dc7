// The built-in notes and coins of European (outside the euro and the Nordics), Middle
// Eastern and African currencies beyond KES (see DenominationCatalog.swift for what the
// lists hold and how labels are written).

extension DenominationCatalog {
    // MARK: - Polish złoty

    // The Narodowy Bank Polski: notes 10 to 500 zł, coins 1 gr to 5 zł.
    static let pln = withMasses(DenominationSet(
        currencyCode: "PLN",
        denominations: [
            Denomination(.note, 50000, label: "500 zł"),
            Denomination(.note, 20000, label: "200 zł"),
            Denomination(.note, 10000, label: "100 zł"),
            Denomination(.note, 5000, label: "50 zł"),
            Denomination(.note, 2000, label: "20 zł"),
            Denomination(.note, 1000, label: "10 zł"),
            Denomination(.coin, 500, label: "5 zł"),
            Denomination(.coin, 200, label: "2 zł"),
            Denomination(.coin, 100, label: "1 zł"),
            Denomination(.coin, 50, label: "50 gr"),
            Denomination(.coin, 20, label: "20 gr"),
            Denomination(.coin, 10, label: "10 gr"),
            Denomination(.coin, 5, label: "5 gr"),
            Denomination(.coin, 2, label: "2 gr"),
            Denomination(.coin, 1, label: "1 gr"),
        ],
        rolls: [], hasStandardRolls: false,
        rollNote: "Roll sizes: not given (the Narodowy Bank Polski's Zarządzenie nr 19/2016 sets how banks package coin in rolls and bags, but its counts could not be confirmed); define your own in the denominations file.",
        source: "The Narodowy Bank Polski."))

    // MARK: - Czech koruna

    // The Czech National Bank; the 50 Kč note left circulation in 2011, the haléř coins
    // in 2008 (cash totals are rounded to 1 Kč).
    static let czk = withMasses(DenominationSet(
        currencyCode: "CZK",
        denominations: [
            Denomination(.note, 500_000, label: "5 000 Kč"),
            Denomination(.note, 200_000, label: "2 000 Kč"),
            Denomination(.note, 100_000, label: "1 000 Kč"),
            Denomination(.note, 50000, label: "500 Kč"),
            Denomination(.note, 20000, label: "200 Kč"),
            Denomination(.note, 10000, label: "100 Kč"),
            Denomination(.coin, 5000, label: "50 Kč"),
            Denomination(.coin, 2000, label: "20 Kč"),
            Denomination(.coin, 1000, label: "10 Kč"),
            Denomination(.coin, 500, label: "5 Kč"),
            Denomination(.coin, 200, label: "2 Kč"),
            Denomination(.coin, 100, label: "1 Kč"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Czech"),
        source: "The Czech National Bank."))

    // MARK: - Hungarian forint

    // ISO gives HUF two decimals (fillér), so 5 Ft is 500 minor units. The Magyar Nemzeti
    // Bank; the 1 and 2 Ft coins left circulation in 2008 (cash totals are rounded to 5 Ft).
    static let huf = withMasses(DenominationSet(
        currencyCode: "HUF",
        denominations: [
            Denomination(.note, 2_000_000, label: "20 000 Ft"),
            Denomination(.note, 1_000_000, label: "10 000 Ft"),
            Denomination(.note, 500_000, label: "5000 Ft"),
            Denomination(.note, 200_000, label: "2000 Ft"),
            Denomination(.note, 100_000, label: "1000 Ft"),
            Denomination(.note, 50000, label: "500 Ft"),
            Denomination(.coin, 20000, label: "200 Ft"),
            Denomination(.coin, 10000, label: "100 Ft"),
            Denomination(.coin, 5000, label: "50 Ft"),
            Denomination(.coin, 2000, label: "20 Ft"),
            Denomination(.coin, 1000, label: "10 Ft"),
            Denomination(.coin, 500, label: "5 Ft"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Hungarian"),
        source: "The Magyar Nemzeti Bank."))

    // MARK: - Turkish lira

    // The Central Bank of the Republic of Türkiye (E9 notes) and the Turkish State Mint's
    // coins; the ₺5 coin joined the ₺5 note in 2024. The 1 kuruş coin is left out.
    static let `try` = withMasses(DenominationSet(
        currencyCode: "TRY",
        denominations: [
            Denomination(.note, 20000, label: "₺200"),
            Denomination(.note, 10000, label: "₺100"),
            Denomination(.note, 5000, label: "₺50"),
            Denomination(.note, 2000, label: "₺20"),
            Denomination(.note, 1000, label: "₺10"),
            Denomination(.note, 500, label: "₺5 note"),
            Denomination(.coin, 500, label: "₺5 coin"),
            Denomination(.coin, 100, label: "₺1"),
            Denomination(.coin, 50, label: "50 kuruş"),
            Denomination(.coin, 25, label: "25 kuruş"),
            Denomination(.coin, 10, label: "10 kuruş"),
            Denomination(.coin, 5, label: "5 kuruş"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Turkish"),
        source: "The Central Bank of the Republic of Türkiye (notes) and the Turkish State Mint (coins)."))

    // MARK: - South African rand

    // The South African Reserve Bank; the 1c, 2c and 5c coins are no longer issued and
    // are left out. Third and fourth decimal series coins circulate together.
    static let zar = withMasses(DenominationSet(
        currencyCode: "ZAR",
        denominations: [
            Denomination(.note, 20000, label: "R200"),
            Denomination(.note, 10000, label: "R100"),
            Denomination(.note, 5000, label: "R50"),
            Denomination(.note, 2000, label: "R20"),
            Denomination(.note, 1000, label: "R10"),
            Denomination(.coin, 500, label: "R5"),
            Denomination(.coin, 200, label: "R2"),
            Denomination(.coin, 100, label: "R1"),
            Denomination(.coin, 50, label: "50c"),
            Denomination(.coin, 20, label: "20c"),
            Denomination(.coin, 10, label: "10c"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("South African"),
        source: "The South African Reserve Bank."))

    // MARK: - UAE dirham

    // The Central Bank of the UAE (notes AED 5 to 1,000, polymer and paper); the 1, 5 and
    // 10 fils coins are seldom seen and left out.
    static let aed = withMasses(DenominationSet(
        currencyCode: "AED",
        denominations: [
            Denomination(.note, 100_000, label: "1,000 د.إ."),
            Denomination(.note, 50000, label: "500 د.إ."),
            Denomination(.note, 20000, label: "200 د.إ."),
            Denomination(.note, 10000, label: "100 د.إ."),
            Denomination(.note, 5000, label: "50 د.إ."),
            Denomination(.note, 2000, label: "20 د.إ."),
            Denomination(.note, 1000, label: "10 د.إ."),
            Denomination(.note, 500, label: "5 د.إ."),
            Denomination(.coin, 100, label: "1 د.إ."),
            Denomination(.coin, 50, label: "50 fils"),
            Denomination(.coin, 25, label: "25 fils"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("UAE"),
        source: "The Central Bank of the UAE."))

    // MARK: - Saudi riyal

    // The Saudi Central Bank: sixth-issue notes (2016) with the SAR 200 of 2021, and
    // coins; the 1 halala coin is left out.
    static let sar = withMasses(DenominationSet(
        currencyCode: "SAR",
        denominations: [
            Denomination(.note, 50000, label: "500 ر.س."),
            Denomination(.note, 20000, label: "200 ر.س."),
            Denomination(.note, 10000, label: "100 ر.س."),
            Denomination(.note, 5000, label: "50 ر.س."),
            Denomination(.note, 1000, label: "10 ر.س."),
            Denomination(.note, 500, label: "5 ر.س."),
            Denomination(.coin, 200, label: "2 ر.س."),
            Denomination(.coin, 100, label: "1 ر.س."),
            Denomination(.coin, 50, label: "50 halala"),
            Denomination(.coin, 25, label: "25 halala"),
            Denomination(.coin, 10, label: "10 halala"),
            Denomination(.coin, 5, label: "5 halala"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Saudi"),
        source: "The Saudi Central Bank (sixth issue, 2016, and the SAR 200 note of 2021)."))

    // MARK: - Israeli new shekel

    // The Bank of Israel; the 5 agorot coin left circulation in 2008 (cash totals are
    // rounded to 10 agorot). The ½ shekel coin is 50 agorot.
    static let ils = withMasses(DenominationSet(
        currencyCode: "ILS",
        denominations: [
            Denomination(.note, 20000, label: "200 ₪"),
            Denomination(.note, 10000, label: "100 ₪"),
            Denomination(.note, 5000, label: "50 ₪"),
            Denomination(.note, 2000, label: "20 ₪"),
            Denomination(.coin, 1000, label: "10 ₪"),
            Denomination(.coin, 500, label: "5 ₪"),
            Denomination(.coin, 200, label: "2 ₪"),
            Denomination(.coin, 100, label: "1 ₪"),
            Denomination(.coin, 50, label: "½ ₪"),
            Denomination(.coin, 10, label: "10 agorot"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Israeli"),
        source: "The Bank of Israel."))
}
