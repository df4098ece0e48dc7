// The built-in table of currencies behind `Currency.all` and `Currency(code:)`.
//
// Source: ISO 4217 List One (current currency & funds codes, maintained by SIX for
// ISO) as it stands on 2026-01-01: the list published 2024-06-25 with amendments 176
// (XCG replaces ANG from 2025-03-31, keeping numeric 532), 177 (ZWG), 178 (CUC moved
// to list three, withdrawn 2021-06) and 180 (BGN moved to list three on 2026-01-01,
// Bulgaria uses EUR). Names, numeric codes and minor-unit exponents are ISO's. Entries
// whose minor unit ISO gives as "N.A." (SDR, precious metals, bond-market units,
// SUCRE, ADB unit, test and no-currency codes) are left out: they have no minor unit
// to count in. Codes withdrawn before MoneyKit knew them (HRK, SLL, ZWL, VEF, MRO,
// STD, USS …) are left out too; the ones it listed once are in `withdrawnEntries`, so
// that amounts stored in them stay readable.
//
// `displayLocaleIdentifier` is an ICU locale of a country that uses the currency.
// `cashRoundingMinorUnits` is set only where cash is, in practice, settled in a
// coarser step than the minor unit; each such line says the step.

enum CurrencyTable {
    /// The ISO 4217 codes whose minor unit the standard gives as "N.A.", with what they
    /// stand for: real codes, which a message must not call unknown.
    static let codesWithoutMinorUnit: [String: String] = [
        "XAU": "gold", "XAG": "silver", "XPT": "platinum", "XPD": "palladium",
        "XDR": "the IMF's special drawing right", "XSU": "the SUCRE", "XUA": "the ADB unit of account",
        "XBA": "a bond-market unit", "XBB": "a bond-market unit", "XBC": "a bond-market unit", "XBD": "a bond-market unit",
        "XTS": "reserved for testing", "XXX": "no currency",
    ]

    static let entries: [Currency] = [
        Currency(code: "AED", numericCode: 784, minorUnitExponent: 2, name: "UAE Dirham", displayLocaleIdentifier: "ar_AE"),
        Currency(code: "AFN", numericCode: 971, minorUnitExponent: 2, name: "Afghani", displayLocaleIdentifier: "fa_AF"),
        Currency(code: "ALL", numericCode: 8, minorUnitExponent: 2, name: "Lek", displayLocaleIdentifier: "sq_AL"),
        Currency(code: "AMD", numericCode: 51, minorUnitExponent: 2, name: "Armenian Dram", displayLocaleIdentifier: "hy_AM", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "AOA", numericCode: 973, minorUnitExponent: 2, name: "Kwanza", displayLocaleIdentifier: "pt_AO"),
        Currency(code: "ARS", numericCode: 32, minorUnitExponent: 2, name: "Argentine Peso", displayLocaleIdentifier: "es_AR"),
        Currency(code: "AUD", numericCode: 36, minorUnitExponent: 2, name: "Australian Dollar", displayLocaleIdentifier: "en_AU", cashRoundingMinorUnits: 5),  // cash: nearest 0.05
        Currency(code: "AWG", numericCode: 533, minorUnitExponent: 2, name: "Aruban Florin", displayLocaleIdentifier: "nl_AW"),
        Currency(code: "AZN", numericCode: 944, minorUnitExponent: 2, name: "Azerbaijan Manat", displayLocaleIdentifier: "az_Latn_AZ"),
        Currency(code: "BAM", numericCode: 977, minorUnitExponent: 2, name: "Convertible Mark", displayLocaleIdentifier: "bs_Latn_BA"),
        Currency(code: "BBD", numericCode: 52, minorUnitExponent: 2, name: "Barbados Dollar", displayLocaleIdentifier: "en_BB"),
        Currency(code: "BDT", numericCode: 50, minorUnitExponent: 2, name: "Taka", displayLocaleIdentifier: "bn_BD"),
        Currency(code: "BHD", numericCode: 48, minorUnitExponent: 3, name: "Bahraini Dinar", displayLocaleIdentifier: "ar_BH"),
        Currency(code: "BIF", numericCode: 108, minorUnitExponent: 0, name: "Burundi Franc", displayLocaleIdentifier: "rn_BI"),
        Currency(code: "BMD", numericCode: 60, minorUnitExponent: 2, name: "Bermudian Dollar", displayLocaleIdentifier: "en_BM"),
        Currency(code: "BND", numericCode: 96, minorUnitExponent: 2, name: "Brunei Dollar", displayLocaleIdentifier: "ms_BN"),
        Currency(code: "BOB", numericCode: 68, minorUnitExponent: 2, name: "Boliviano", displayLocaleIdentifier: "es_BO"),
        Currency(code: "BOV", numericCode: 984, minorUnitExponent: 2, name: "Mvdol", displayLocaleIdentifier: "es_BO"),
        Currency(code: "BRL", numericCode: 986, minorUnitExponent: 2, name: "Brazilian Real", displayLocaleIdentifier: "pt_BR"),
        Currency(code: "BSD", numericCode: 44, minorUnitExponent: 2, name: "Bahamian Dollar", displayLocaleIdentifier: "en_BS"),
        Currency(code: "BTN", numericCode: 64, minorUnitExponent: 2, name: "Ngultrum", displayLocaleIdentifier: "dz_BT"),
        Currency(code: "BWP", numericCode: 72, minorUnitExponent: 2, name: "Pula", displayLocaleIdentifier: "en_BW"),
        Currency(code: "BYN", numericCode: 933, minorUnitExponent: 2, name: "Belarusian Ruble", displayLocaleIdentifier: "be_BY"),
        Currency(code: "BZD", numericCode: 84, minorUnitExponent: 2, name: "Belize Dollar", displayLocaleIdentifier: "en_BZ"),
        Currency(code: "CAD", numericCode: 124, minorUnitExponent: 2, name: "Canadian Dollar", displayLocaleIdentifier: "en_CA", cashRoundingMinorUnits: 5),  // cash: nearest 0.05 (no cent coin since 2013)
        Currency(code: "CDF", numericCode: 976, minorUnitExponent: 2, name: "Congolese Franc", displayLocaleIdentifier: "fr_CD"),
        Currency(code: "CHE", numericCode: 947, minorUnitExponent: 2, name: "WIR Euro", displayLocaleIdentifier: "de_CH"),
        Currency(code: "CHF", numericCode: 756, minorUnitExponent: 2, name: "Swiss Franc", displayLocaleIdentifier: "de_CH", cashRoundingMinorUnits: 5),  // cash: nearest 0.05
        Currency(code: "CHW", numericCode: 948, minorUnitExponent: 2, name: "WIR Franc", displayLocaleIdentifier: "de_CH"),
        Currency(code: "CLF", numericCode: 990, minorUnitExponent: 4, name: "Unidad de Fomento", displayLocaleIdentifier: "es_CL"),
        Currency(code: "CLP", numericCode: 152, minorUnitExponent: 0, name: "Chilean Peso", displayLocaleIdentifier: "es_CL", cashRoundingMinorUnits: 10),  // cash: nearest 10 pesos (Ley 20.956, 2017)
        Currency(code: "CNY", numericCode: 156, minorUnitExponent: 2, name: "Yuan Renminbi", displayLocaleIdentifier: "zh_Hans_CN"),
        Currency(code: "COP", numericCode: 170, minorUnitExponent: 2, name: "Colombian Peso", displayLocaleIdentifier: "es_CO", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "COU", numericCode: 970, minorUnitExponent: 2, name: "Unidad de Valor Real", displayLocaleIdentifier: "es_CO"),
        Currency(code: "CRC", numericCode: 188, minorUnitExponent: 2, name: "Costa Rican Colon", displayLocaleIdentifier: "es_CR", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "CUP", numericCode: 192, minorUnitExponent: 2, name: "Cuban Peso", displayLocaleIdentifier: "es_CU"),
        Currency(code: "CVE", numericCode: 132, minorUnitExponent: 2, name: "Cabo Verde Escudo", displayLocaleIdentifier: "pt_CV"),
        Currency(code: "CZK", numericCode: 203, minorUnitExponent: 2, name: "Czech Koruna", displayLocaleIdentifier: "cs_CZ", cashRoundingMinorUnits: 100),  // cash: nearest 1 Kč (haléř coins withdrawn 2008)
        Currency(code: "DJF", numericCode: 262, minorUnitExponent: 0, name: "Djibouti Franc", displayLocaleIdentifier: "fr_DJ"),
        Currency(code: "DKK", numericCode: 208, minorUnitExponent: 2, name: "Danish Krone", displayLocaleIdentifier: "da_DK", cashRoundingMinorUnits: 50),  // cash: nearest 0.50
        Currency(code: "DOP", numericCode: 214, minorUnitExponent: 2, name: "Dominican Peso", displayLocaleIdentifier: "es_DO"),
        Currency(code: "DZD", numericCode: 12, minorUnitExponent: 2, name: "Algerian Dinar", displayLocaleIdentifier: "ar_DZ"),
        Currency(code: "EGP", numericCode: 818, minorUnitExponent: 2, name: "Egyptian Pound", displayLocaleIdentifier: "ar_EG"),
        Currency(code: "ERN", numericCode: 232, minorUnitExponent: 2, name: "Nakfa", displayLocaleIdentifier: "ti_ER"),
        Currency(code: "ETB", numericCode: 230, minorUnitExponent: 2, name: "Ethiopian Birr", displayLocaleIdentifier: "am_ET"),
        Currency(code: "EUR", numericCode: 978, minorUnitExponent: 2, name: "Euro", displayLocaleIdentifier: "de_DE"),
        Currency(code: "FJD", numericCode: 242, minorUnitExponent: 2, name: "Fiji Dollar", displayLocaleIdentifier: "en_FJ"),
        Currency(code: "FKP", numericCode: 238, minorUnitExponent: 2, name: "Falkland Islands Pound", displayLocaleIdentifier: "en_FK"),
        Currency(code: "GBP", numericCode: 826, minorUnitExponent: 2, name: "Pound Sterling", displayLocaleIdentifier: "en_GB"),
        Currency(code: "GEL", numericCode: 981, minorUnitExponent: 2, name: "Lari", displayLocaleIdentifier: "ka_GE"),
        Currency(code: "GHS", numericCode: 936, minorUnitExponent: 2, name: "Ghana Cedi", displayLocaleIdentifier: "en_GH"),
        Currency(code: "GIP", numericCode: 292, minorUnitExponent: 2, name: "Gibraltar Pound", displayLocaleIdentifier: "en_GI"),
        Currency(code: "GMD", numericCode: 270, minorUnitExponent: 2, name: "Dalasi", displayLocaleIdentifier: "en_GM"),
        Currency(code: "GNF", numericCode: 324, minorUnitExponent: 0, name: "Guinean Franc", displayLocaleIdentifier: "fr_GN"),
        Currency(code: "GTQ", numericCode: 320, minorUnitExponent: 2, name: "Quetzal", displayLocaleIdentifier: "es_GT"),
        Currency(code: "GYD", numericCode: 328, minorUnitExponent: 2, name: "Guyana Dollar", displayLocaleIdentifier: "en_GY", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "HKD", numericCode: 344, minorUnitExponent: 2, name: "Hong Kong Dollar", displayLocaleIdentifier: "zh_Hant_HK"),
        Currency(code: "HNL", numericCode: 340, minorUnitExponent: 2, name: "Lempira", displayLocaleIdentifier: "es_HN"),
        Currency(code: "HTG", numericCode: 332, minorUnitExponent: 2, name: "Gourde", displayLocaleIdentifier: "fr_HT"),
        Currency(code: "HUF", numericCode: 348, minorUnitExponent: 2, name: "Forint", displayLocaleIdentifier: "hu_HU", cashRoundingMinorUnits: 500),  // cash: nearest 5 Ft (1 and 2 Ft coins withdrawn 2008)
        Currency(code: "IDR", numericCode: 360, minorUnitExponent: 2, name: "Rupiah", displayLocaleIdentifier: "id_ID", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "ILS", numericCode: 376, minorUnitExponent: 2, name: "New Israeli Sheqel", displayLocaleIdentifier: "he_IL", cashRoundingMinorUnits: 10),  // cash: nearest 0.10 (5-agora coin withdrawn 2008)
        Currency(code: "INR", numericCode: 356, minorUnitExponent: 2, name: "Indian Rupee", displayLocaleIdentifier: "en_IN"),
        Currency(code: "IQD", numericCode: 368, minorUnitExponent: 3, name: "Iraqi Dinar", displayLocaleIdentifier: "ar_IQ"),
        Currency(code: "IRR", numericCode: 364, minorUnitExponent: 2, name: "Iranian Rial", displayLocaleIdentifier: "fa_IR"),
        Currency(code: "ISK", numericCode: 352, minorUnitExponent: 0, name: "Iceland Krona", displayLocaleIdentifier: "is_IS"),
        Currency(code: "JMD", numericCode: 388, minorUnitExponent: 2, name: "Jamaican Dollar", displayLocaleIdentifier: "en_JM"),
        Currency(code: "JOD", numericCode: 400, minorUnitExponent: 3, name: "Jordanian Dinar", displayLocaleIdentifier: "ar_JO"),
        Currency(code: "JPY", numericCode: 392, minorUnitExponent: 0, name: "Yen", displayLocaleIdentifier: "ja_JP"),
        Currency(code: "KES", numericCode: 404, minorUnitExponent: 2, name: "Kenyan Shilling", displayLocaleIdentifier: "en_KE"),
        Currency(code: "KGS", numericCode: 417, minorUnitExponent: 2, name: "Som", displayLocaleIdentifier: "ky_KG"),
        Currency(code: "KHR", numericCode: 116, minorUnitExponent: 2, name: "Riel", displayLocaleIdentifier: "km_KH"),
        Currency(code: "KMF", numericCode: 174, minorUnitExponent: 0, name: "Comorian Franc", displayLocaleIdentifier: "fr_KM"),
        Currency(code: "KPW", numericCode: 408, minorUnitExponent: 2, name: "North Korean Won", displayLocaleIdentifier: "ko_KP"),
        Currency(code: "KRW", numericCode: 410, minorUnitExponent: 0, name: "Won", displayLocaleIdentifier: "ko_KR"),
        Currency(code: "KWD", numericCode: 414, minorUnitExponent: 3, name: "Kuwaiti Dinar", displayLocaleIdentifier: "ar_KW"),
        Currency(code: "KYD", numericCode: 136, minorUnitExponent: 2, name: "Cayman Islands Dollar", displayLocaleIdentifier: "en_KY"),
        Currency(code: "KZT", numericCode: 398, minorUnitExponent: 2, name: "Tenge", displayLocaleIdentifier: "kk_KZ"),
        Currency(code: "LAK", numericCode: 418, minorUnitExponent: 2, name: "Lao Kip", displayLocaleIdentifier: "lo_LA"),
        Currency(code: "LBP", numericCode: 422, minorUnitExponent: 2, name: "Lebanese Pound", displayLocaleIdentifier: "ar_LB"),
        Currency(code: "LKR", numericCode: 144, minorUnitExponent: 2, name: "Sri Lanka Rupee", displayLocaleIdentifier: "si_LK"),
        Currency(code: "LRD", numericCode: 430, minorUnitExponent: 2, name: "Liberian Dollar", displayLocaleIdentifier: "en_LR"),
        Currency(code: "LSL", numericCode: 426, minorUnitExponent: 2, name: "Loti", displayLocaleIdentifier: "en_LS"),
        Currency(code: "LYD", numericCode: 434, minorUnitExponent: 3, name: "Libyan Dinar", displayLocaleIdentifier: "ar_LY"),
        Currency(code: "MAD", numericCode: 504, minorUnitExponent: 2, name: "Moroccan Dirham", displayLocaleIdentifier: "ar_MA"),
        Currency(code: "MDL", numericCode: 498, minorUnitExponent: 2, name: "Moldovan Leu", displayLocaleIdentifier: "ro_MD"),
        Currency(code: "MGA", numericCode: 969, minorUnitExponent: 2, name: "Malagasy Ariary", displayLocaleIdentifier: "mg_MG"),
        Currency(code: "MKD", numericCode: 807, minorUnitExponent: 2, name: "Denar", displayLocaleIdentifier: "mk_MK"),
        Currency(code: "MMK", numericCode: 104, minorUnitExponent: 2, name: "Kyat", displayLocaleIdentifier: "my_MM"),
        Currency(code: "MNT", numericCode: 496, minorUnitExponent: 2, name: "Tugrik", displayLocaleIdentifier: "mn_MN", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "MOP", numericCode: 446, minorUnitExponent: 2, name: "Pataca", displayLocaleIdentifier: "zh_Hant_MO"),
        Currency(code: "MRU", numericCode: 929, minorUnitExponent: 2, name: "Ouguiya", displayLocaleIdentifier: "ar_MR"),
        Currency(code: "MUR", numericCode: 480, minorUnitExponent: 2, name: "Mauritius Rupee", displayLocaleIdentifier: "en_MU", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "MVR", numericCode: 462, minorUnitExponent: 2, name: "Rufiyaa", displayLocaleIdentifier: "dv_MV"),
        Currency(code: "MWK", numericCode: 454, minorUnitExponent: 2, name: "Malawi Kwacha", displayLocaleIdentifier: "en_MW"),
        Currency(code: "MXN", numericCode: 484, minorUnitExponent: 2, name: "Mexican Peso", displayLocaleIdentifier: "es_MX"),
        Currency(code: "MXV", numericCode: 979, minorUnitExponent: 2, name: "Mexican Unidad de Inversion (UDI)", displayLocaleIdentifier: "es_MX"),
        Currency(code: "MYR", numericCode: 458, minorUnitExponent: 2, name: "Malaysian Ringgit", displayLocaleIdentifier: "ms_MY", cashRoundingMinorUnits: 5),  // cash: nearest 0.05 (Bank Negara rounding mechanism, 2008)
        Currency(code: "MZN", numericCode: 943, minorUnitExponent: 2, name: "Mozambique Metical", displayLocaleIdentifier: "pt_MZ"),
        Currency(code: "NAD", numericCode: 516, minorUnitExponent: 2, name: "Namibia Dollar", displayLocaleIdentifier: "en_NA"),
        Currency(code: "NGN", numericCode: 566, minorUnitExponent: 2, name: "Naira", displayLocaleIdentifier: "en_NG"),
        Currency(code: "NIO", numericCode: 558, minorUnitExponent: 2, name: "Cordoba Oro", displayLocaleIdentifier: "es_NI"),
        Currency(code: "NOK", numericCode: 578, minorUnitExponent: 2, name: "Norwegian Krone", displayLocaleIdentifier: "nb_NO", cashRoundingMinorUnits: 100),  // cash: nearest 1 kr (50-øre coin withdrawn 2012)
        Currency(code: "NPR", numericCode: 524, minorUnitExponent: 2, name: "Nepalese Rupee", displayLocaleIdentifier: "ne_NP"),
        Currency(code: "NZD", numericCode: 554, minorUnitExponent: 2, name: "New Zealand Dollar", displayLocaleIdentifier: "en_NZ", cashRoundingMinorUnits: 10),  // cash: nearest 0.10 (5c coin withdrawn 2006)
        Currency(code: "OMR", numericCode: 512, minorUnitExponent: 3, name: "Rial Omani", displayLocaleIdentifier: "ar_OM"),
        Currency(code: "PAB", numericCode: 590, minorUnitExponent: 2, name: "Balboa", displayLocaleIdentifier: "es_PA"),
        Currency(code: "PEN", numericCode: 604, minorUnitExponent: 2, name: "Sol", displayLocaleIdentifier: "es_PE"),
        Currency(code: "PGK", numericCode: 598, minorUnitExponent: 2, name: "Kina", displayLocaleIdentifier: "en_PG"),
        Currency(code: "PHP", numericCode: 608, minorUnitExponent: 2, name: "Philippine Peso", displayLocaleIdentifier: "en_PH"),
        Currency(code: "PKR", numericCode: 586, minorUnitExponent: 2, name: "Pakistan Rupee", displayLocaleIdentifier: "en_PK", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "PLN", numericCode: 985, minorUnitExponent: 2, name: "Zloty", displayLocaleIdentifier: "pl_PL"),
        Currency(code: "PYG", numericCode: 600, minorUnitExponent: 0, name: "Guarani", displayLocaleIdentifier: "es_PY"),
        Currency(code: "QAR", numericCode: 634, minorUnitExponent: 2, name: "Qatari Rial", displayLocaleIdentifier: "ar_QA"),
        Currency(code: "RON", numericCode: 946, minorUnitExponent: 2, name: "Romanian Leu", displayLocaleIdentifier: "ro_RO"),
        Currency(code: "RSD", numericCode: 941, minorUnitExponent: 2, name: "Serbian Dinar", displayLocaleIdentifier: "sr_Cyrl_RS"),
        Currency(code: "RUB", numericCode: 643, minorUnitExponent: 2, name: "Russian Ruble", displayLocaleIdentifier: "ru_RU"),
        Currency(code: "RWF", numericCode: 646, minorUnitExponent: 0, name: "Rwanda Franc", displayLocaleIdentifier: "rw_RW"),
        Currency(code: "SAR", numericCode: 682, minorUnitExponent: 2, name: "Saudi Riyal", displayLocaleIdentifier: "ar_SA"),
        Currency(code: "SBD", numericCode: 90, minorUnitExponent: 2, name: "Solomon Islands Dollar", displayLocaleIdentifier: "en_SB"),
        Currency(code: "SCR", numericCode: 690, minorUnitExponent: 2, name: "Seychelles Rupee", displayLocaleIdentifier: "en_SC"),
        Currency(code: "SDG", numericCode: 938, minorUnitExponent: 2, name: "Sudanese Pound", displayLocaleIdentifier: "ar_SD"),
        Currency(code: "SEK", numericCode: 752, minorUnitExponent: 2, name: "Swedish Krona", displayLocaleIdentifier: "sv_SE", cashRoundingMinorUnits: 100),  // cash: nearest 1 kr (öre coins withdrawn 2010)
        Currency(code: "SGD", numericCode: 702, minorUnitExponent: 2, name: "Singapore Dollar", displayLocaleIdentifier: "en_SG"),
        Currency(code: "SHP", numericCode: 654, minorUnitExponent: 2, name: "Saint Helena Pound", displayLocaleIdentifier: "en_SH"),
        Currency(code: "SLE", numericCode: 925, minorUnitExponent: 2, name: "Leone", displayLocaleIdentifier: "en_SL"),
        Currency(code: "SOS", numericCode: 706, minorUnitExponent: 2, name: "Somali Shilling", displayLocaleIdentifier: "so_SO"),
        Currency(code: "SRD", numericCode: 968, minorUnitExponent: 2, name: "Surinam Dollar", displayLocaleIdentifier: "nl_SR"),
        Currency(code: "SSP", numericCode: 728, minorUnitExponent: 2, name: "South Sudanese Pound", displayLocaleIdentifier: "en_SS"),
        Currency(code: "STN", numericCode: 930, minorUnitExponent: 2, name: "Dobra", displayLocaleIdentifier: "pt_ST"),
        Currency(code: "SVC", numericCode: 222, minorUnitExponent: 2, name: "El Salvador Colon", displayLocaleIdentifier: "es_SV"),
        Currency(code: "SYP", numericCode: 760, minorUnitExponent: 2, name: "Syrian Pound", displayLocaleIdentifier: "ar_SY"),
        Currency(code: "SZL", numericCode: 748, minorUnitExponent: 2, name: "Lilangeni", displayLocaleIdentifier: "en_SZ"),
        Currency(code: "THB", numericCode: 764, minorUnitExponent: 2, name: "Baht", displayLocaleIdentifier: "th_TH"),
        Currency(code: "TJS", numericCode: 972, minorUnitExponent: 2, name: "Somoni", displayLocaleIdentifier: "tg_TJ"),
        Currency(code: "TMT", numericCode: 934, minorUnitExponent: 2, name: "Turkmenistan New Manat", displayLocaleIdentifier: "tk_TM"),
        Currency(code: "TND", numericCode: 788, minorUnitExponent: 3, name: "Tunisian Dinar", displayLocaleIdentifier: "ar_TN"),
        Currency(code: "TOP", numericCode: 776, minorUnitExponent: 2, name: "Pa’anga", displayLocaleIdentifier: "to_TO"),
        Currency(code: "TRY", numericCode: 949, minorUnitExponent: 2, name: "Turkish Lira", displayLocaleIdentifier: "tr_TR"),
        Currency(code: "TTD", numericCode: 780, minorUnitExponent: 2, name: "Trinidad and Tobago Dollar", displayLocaleIdentifier: "en_TT"),
        Currency(code: "TWD", numericCode: 901, minorUnitExponent: 2, name: "New Taiwan Dollar", displayLocaleIdentifier: "zh_Hant_TW", cashRoundingMinorUnits: 100),  // cash: whole dollars (no cent coins in use)
        Currency(code: "TZS", numericCode: 834, minorUnitExponent: 2, name: "Tanzanian Shilling", displayLocaleIdentifier: "sw_TZ", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "UAH", numericCode: 980, minorUnitExponent: 2, name: "Hryvnia", displayLocaleIdentifier: "uk_UA", cashRoundingMinorUnits: 10),  // cash: nearest 0.10 (1, 2 and 5 kopiyka coins withdrawn 2020)
        Currency(code: "UGX", numericCode: 800, minorUnitExponent: 0, name: "Uganda Shilling", displayLocaleIdentifier: "en_UG"),
        Currency(code: "USD", numericCode: 840, minorUnitExponent: 2, name: "US Dollar", displayLocaleIdentifier: "en_US"),
        Currency(code: "USN", numericCode: 997, minorUnitExponent: 2, name: "US Dollar (Next day)", displayLocaleIdentifier: "en_US"),
        Currency(code: "UYI", numericCode: 940, minorUnitExponent: 0, name: "Uruguay Peso en Unidades Indexadas (UI)", displayLocaleIdentifier: "es_UY"),
        Currency(code: "UYU", numericCode: 858, minorUnitExponent: 2, name: "Peso Uruguayo", displayLocaleIdentifier: "es_UY"),
        Currency(code: "UYW", numericCode: 927, minorUnitExponent: 4, name: "Unidad Previsional", displayLocaleIdentifier: "es_UY"),
        Currency(code: "UZS", numericCode: 860, minorUnitExponent: 2, name: "Uzbekistan Sum", displayLocaleIdentifier: "uz_Latn_UZ", cashRoundingMinorUnits: 100),  // cash: whole units (CLDR 47 cash digits 0)
        Currency(code: "VED", numericCode: 926, minorUnitExponent: 2, name: "Bolívar Soberano", displayLocaleIdentifier: "es_VE"),
        Currency(code: "VES", numericCode: 928, minorUnitExponent: 2, name: "Bolívar Soberano", displayLocaleIdentifier: "es_VE"),
        Currency(code: "VND", numericCode: 704, minorUnitExponent: 0, name: "Dong", displayLocaleIdentifier: "vi_VN"),
        Currency(code: "VUV", numericCode: 548, minorUnitExponent: 0, name: "Vatu", displayLocaleIdentifier: "en_VU"),
        Currency(code: "WST", numericCode: 882, minorUnitExponent: 2, name: "Tala", displayLocaleIdentifier: "sm_WS"),
        Currency(code: "XAF", numericCode: 950, minorUnitExponent: 0, name: "CFA Franc BEAC", displayLocaleIdentifier: "fr_CM"),
        Currency(code: "XCD", numericCode: 951, minorUnitExponent: 2, name: "East Caribbean Dollar", displayLocaleIdentifier: "en_AG"),
        Currency(code: "XCG", numericCode: 532, minorUnitExponent: 2, name: "Caribbean Guilder", displayLocaleIdentifier: "nl_CW"),
        Currency(code: "XOF", numericCode: 952, minorUnitExponent: 0, name: "CFA Franc BCEAO", displayLocaleIdentifier: "fr_SN"),
        Currency(code: "XPF", numericCode: 953, minorUnitExponent: 0, name: "CFP Franc", displayLocaleIdentifier: "fr_PF"),
        Currency(code: "YER", numericCode: 886, minorUnitExponent: 2, name: "Yemeni Rial", displayLocaleIdentifier: "ar_YE"),
        Currency(code: "ZAR", numericCode: 710, minorUnitExponent: 2, name: "Rand", displayLocaleIdentifier: "en_ZA"),
        Currency(code: "ZMW", numericCode: 967, minorUnitExponent: 2, name: "Zambian Kwacha", displayLocaleIdentifier: "en_ZM"),
        Currency(code: "ZWG", numericCode: 924, minorUnitExponent: 2, name: "Zimbabwe Gold", displayLocaleIdentifier: "en_ZW"),
    ]

    /// Codes ISO 4217 has moved to list three (historic denominations) since MoneyKit
    /// listed them: readable in stores, refused for new amounts. The dates are list
    /// three's (amendments 176, 178, 180).
    static let withdrawnEntries: [Currency] = [
        Currency(code: "ANG", numericCode: 532, minorUnitExponent: 2, name: "Netherlands Antillean Guilder", displayLocaleIdentifier: "nl_CW", withdrawal: .init(date: "2025-03-31", replacement: "XCG")),
        Currency(code: "BGN", numericCode: 975, minorUnitExponent: 2, name: "Bulgarian Lev", displayLocaleIdentifier: "bg_BG", withdrawal: .init(date: "2026-01-01", replacement: "EUR")),
        Currency(code: "CUC", numericCode: 931, minorUnitExponent: 2, name: "Peso Convertible", displayLocaleIdentifier: "es_CU", withdrawal: .init(date: "2021-06", replacement: "CUP")),
    ]
}
