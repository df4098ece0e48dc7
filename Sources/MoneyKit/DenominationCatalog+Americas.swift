// The built-in notes and coins of the Americas' currencies beyond USD and CAD (see
// DenominationCatalog.swift for what the lists hold and how labels are written).

extension DenominationCatalog {
    // MARK: - Mexican peso

    // The Banco de México: G-series notes ($20 to $1,000) and coins; $20 is both a note
    // and a coin (the bimetallic coin). The 5¢ coin is left out.
    static let mxn = withMasses(DenominationSet(
        currencyCode: "MXN",
        denominations: [
            Denomination(.note, 100_000, label: "$1,000"),
            Denomination(.note, 50000, label: "$500"),
            Denomination(.note, 20000, label: "$200"),
            Denomination(.note, 10000, label: "$100"),
            Denomination(.note, 5000, label: "$50"),
            Denomination(.note, 2000, label: "$20 note"),
            Denomination(.coin, 2000, label: "$20 coin"),
            Denomination(.coin, 1000, label: "$10"),
            Denomination(.coin, 500, label: "$5"),
            Denomination(.coin, 200, label: "$2"),
            Denomination(.coin, 100, label: "$1"),
            Denomination(.coin, 50, label: "50¢"),
            Denomination(.coin, 20, label: "20¢"),
            Denomination(.coin, 10, label: "10¢"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Mexican"),
        source: "The Banco de México."))

    // MARK: - Brazilian real

    // The Banco Central do Brasil: second-family notes (R$2 to R$200) and coins; the
    // 1 centavo coin (not struck since 2004) is left out.
    static let brl = withMasses(DenominationSet(
        currencyCode: "BRL",
        denominations: [
            Denomination(.note, 20000, label: "R$ 200"),
            Denomination(.note, 10000, label: "R$ 100"),
            Denomination(.note, 5000, label: "R$ 50"),
            Denomination(.note, 2000, label: "R$ 20"),
            Denomination(.note, 1000, label: "R$ 10"),
            Denomination(.note, 500, label: "R$ 5"),
            Denomination(.note, 200, label: "R$ 2"),
            Denomination(.coin, 100, label: "R$ 1"),
            Denomination(.coin, 50, label: "50 centavos"),
            Denomination(.coin, 25, label: "25 centavos"),
            Denomination(.coin, 10, label: "10 centavos"),
            Denomination(.coin, 5, label: "5 centavos"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Brazilian"),
        source: "The Banco Central do Brasil (second family of the real)."))

    // MARK: - Chilean peso

    // CLP has no minor unit. The Banco Central de Chile; the $1 and $5 coins left
    // circulation in 2017 (cash totals are rounded to $10).
    static let clp = withMasses(DenominationSet(
        currencyCode: "CLP",
        denominations: [
            Denomination(.note, 20000, label: "$20.000"),
            Denomination(.note, 10000, label: "$10.000"),
            Denomination(.note, 5000, label: "$5.000"),
            Denomination(.note, 2000, label: "$2.000"),
            Denomination(.note, 1000, label: "$1.000"),
            Denomination(.coin, 500, label: "$500"),
            Denomination(.coin, 100, label: "$100"),
            Denomination(.coin, 50, label: "$50"),
            Denomination(.coin, 10, label: "$10"),
        ],
        rolls: [], hasStandardRolls: false, rollNote: noRollStandard("Chilean"),
        source: "The Banco Central de Chile."))
}
