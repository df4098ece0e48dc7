// The official mass of each circulating coin, as the issuing mint or central bank
// publishes it, in whole milligrams (one table per currency). Counting coins by weight
// rests on these: `tillcount set 0.20 --grams 310`.
//
// The mass is that of the coin issued today. Where an older issue of another mass still
// circulates beside it, the note says so: a mixed batch weighs between the two, and the
// count-by-weight tolerance (TillKit's CountByWeight) refuses it rather than miscount
// when the difference adds up to a large part of a coin. A user can give other masses in
// the denominations file. Currencies without a table here have no published mass this
// catalog could rest on, or coins of several masses in wide circulation at once.

enum CoinWeightCatalog {
    /// A currency's coin masses (value in minor units → milligrams) and what to know about them.
    struct Table {
        let masses: [CoinMass]
        let note: String
        init(_ masses: KeyValuePairs<Int64, Int64>, note: String) {
            self.masses = masses.map { CoinMass(coinMinorUnits: $0.key, milligrams: $0.value) }
            self.note = note
        }
    }

    /// The table of the currency `code`, or nil. Made when asked for (once per currency, by
    /// the set that keeps it): a dictionary of every table cost more than the set itself.
    static func table(for code: String) -> Table? {
        switch code {
        // The Royal Mint's specifications. The bronze 1p and 2p (before 1992) and the
        // cupro-nickel 5p and 10p (before 2012) weigh what their plated-steel successors do.
        case "GBP": return Table([200: 12_000, 100: 8_750, 50: 8_000, 20: 5_000, 10: 6_500, 5: 3_250, 2: 7_120, 1: 3_560],
                                 note: "Coin weights: the Royal Mint.")
        // The European Central Bank's common specifications (the same in every euro country).
        case "EUR": return Table([200: 8_500, 100: 7_500, 50: 7_800, 20: 5_740, 10: 4_100, 5: 3_920, 2: 3_060, 1: 2_300],
                                 note: "Coin weights: the European Central Bank.")
        // The US Mint's coin specifications. The 1¢ is the copper-plated zinc cent (since
        // 1982; the copper cents before weigh 3.11 g); the $1 is the golden dollar.
        case "USD": return Table([100: 8_100, 50: 11_340, 25: 5_670, 10: 2_268, 5: 5_000, 1: 2_500],
                                 note: "Coin weights: the US Mint (1¢: the zinc cent of 1982 on; older copper cents weigh 3.11 g).")
        // The Royal Canadian Mint's multi-ply plated steel coins (the Royal Canadian Mint
        // Act's schedule gives the $1 as 6.27 g and the $2 as 6.92 g). Older alloy coins
        // (25¢ before 2000 5.05 g, $1 before 2012 7 g, $2 before 2012 7.3 g) still circulate.
        case "CAD": return Table([200: 6_920, 100: 6_270, 50: 6_900, 25: 4_400, 10: 1_750, 5: 3_950],
                                 note: "Coin weights: the Royal Canadian Mint's plated-steel coins; older alloy coins (25¢ before 2000, $1 and $2 before 2012) weigh more: weigh them apart.")
        // The Royal Australian Mint.
        case "AUD": return Table([200: 6_600, 100: 9_000, 50: 15_550, 20: 11_300, 10: 5_650, 5: 2_830],
                                 note: "Coin weights: the Royal Australian Mint.")
        // The Reserve Bank of New Zealand (the 2006 series).
        case "NZD": return Table([200: 10_000, 100: 8_000, 50: 5_000, 20: 4_000, 10: 3_300],
                                 note: "Coin weights: the Reserve Bank of New Zealand.")
        // Swissmint.
        case "CHF": return Table([500: 13_200, 200: 8_800, 100: 4_400, 50: 2_200, 20: 4_000, 10: 3_000, 5: 1_800],
                                 note: "Coin weights: Swissmint.")
        // The Japan Mint. The bicolour ¥500 of 2021 weighs 7.1 g; the nickel-brass ¥500 of
        // 2000 to 2021, still common, 7.0 g.
        case "JPY": return Table([500: 7_100, 100: 4_800, 50: 4_000, 10: 4_500, 5: 3_750, 1: 1_000],
                                 note: "Coin weights: the Japan Mint (¥500: the 2021 coin; the 2000 coin weighs 7.0 g: weigh them apart).")
        // Sveriges Riksbank (the 2016 coins).
        case "SEK": return Table([1000: 6_600, 500: 6_100, 200: 4_800, 100: 3_600],
                                 note: "Coin weights: Sveriges Riksbank.")
        // Norges Bank.
        case "NOK": return Table([2000: 9_900, 1000: 6_800, 500: 7_850, 100: 4_350],
                                 note: "Coin weights: Norges Bank.")
        // Danmarks Nationalbank.
        case "DKK": return Table([2000: 9_300, 1000: 7_000, 500: 9_200, 200: 5_900, 100: 3_600, 50: 4_300],
                                 note: "Coin weights: Danmarks Nationalbank.")
        // The Hong Kong Monetary Authority.
        case "HKD": return Table([1000: 11_000, 500: 13_500, 200: 8_410, 100: 7_100, 50: 4_920, 20: 2_590, 10: 1_850],
                                 note: "Coin weights: the Hong Kong Monetary Authority.")
        // The Monetary Authority of Singapore, third series (2013). The second series
        // (1987) coins, still legal tender, weigh differently.
        case "SGD": return Table([100: 7_620, 50: 6_560, 20: 3_850, 10: 2_360, 5: 1_700],
                                 note: "Coin weights: the Monetary Authority of Singapore, third series (2013); second-series coins weigh differently: weigh them apart.")
        // The Czech National Bank.
        case "CZK": return Table([5000: 9_700, 2000: 8_430, 1000: 7_620, 500: 4_800, 200: 3_700, 100: 3_600],
                                 note: "Coin weights: the Czech National Bank.")
        // The Magyar Nemzeti Bank (the 200 Ft coin of 2009, the 100 Ft of 2012).
        case "HUF": return Table([20000: 9_000, 10000: 8_000, 5000: 7_700, 2000: 6_900, 1000: 6_100, 500: 4_200],
                                 note: "Coin weights: the Magyar Nemzeti Bank.")
        // The Bank of Israel.
        case "ILS": return Table([1000: 7_000, 500: 8_200, 200: 5_700, 100: 3_500, 50: 6_500, 10: 4_000],
                                 note: "Coin weights: the Bank of Israel.")
        // The Government of India's 2019 series (issued by the Reserve Bank of India);
        // the 2011 series coins, still common, weigh differently.
        case "INR": return Table([2000: 8_540, 1000: 7_740, 500: 6_740, 200: 4_070, 100: 3_090],
                                 note: "Coin weights: the 2019 series (Government of India, issued by the Reserve Bank of India); older series weigh differently: weigh them apart.")
        // The Bank of Korea (the 2006 ₩10).
        case "KRW": return Table([500: 7_700, 100: 5_420, 50: 4_160, 10: 1_220],
                                 note: "Coin weights: the Bank of Korea (₩10: the 2006 coin; the older large ₩10 weighs 4.06 g: weigh them apart).")
        // The Royal Thai Mint (the 2009 series, announced by the Treasury Department in
        // February 2009, which made the ฿1 and ฿5 lighter).
        case "THB": return Table([1000: 8_500, 500: 6_000, 200: 4_000, 100: 3_000, 50: 2_400, 25: 1_900],
                                 note: "Coin weights: the Royal Thai Mint (2009 series; the older ฿1 weighs 3.4 g and ฿5 7.5 g: weigh them apart).")
        // The Banco Central do Brasil, second family of the real.
        case "BRL": return Table([100: 7_000, 50: 7_810, 25: 7_550, 10: 4_800, 5: 4_100],
                                 note: "Coin weights: the Banco Central do Brasil (second family; the 1998–2001 50 centavos weighs 9.25 g).")
        // The South African Reserve Bank, fourth decimal series (2023). The third series,
        // still legal tender, weighs differently.
        case "ZAR": return Table([500: 9_500, 200: 6_500, 100: 5_000, 50: 4_500, 20: 3_000, 10: 2_000],
                                 note: "Coin weights: the South African Reserve Bank, fourth decimal series (2023); third-series coins weigh differently: weigh them apart.")
        default: return nil
        }
    }
}
