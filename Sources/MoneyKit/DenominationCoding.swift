// Decoding denomination sets and overrides: ones encoded before coin masses existed
// (issue 15) decode with none, so that what an app stored keeps reading.

extension DenominationSet {
    enum CodingKeys: String, CodingKey {
        case currencyCode, denominations, rolls, hasStandardRolls, rollNote, coinMasses, massNote, source
    }

    /// Decodes a set; one encoded before coin masses existed has none.
    /// - Throws: `DecodingError` for a malformed encoding.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            currencyCode: try container.decode(String.self, forKey: .currencyCode),
            denominations: try container.decode([Denomination].self, forKey: .denominations),
            rolls: try container.decode([CoinRoll].self, forKey: .rolls),
            hasStandardRolls: try container.decode(Bool.self, forKey: .hasStandardRolls),
            rollNote: try container.decodeIfPresent(String.self, forKey: .rollNote),
            coinMasses: try container.decodeIfPresent([CoinMass].self, forKey: .coinMasses) ?? [],
            massNote: try container.decodeIfPresent(String.self, forKey: .massNote),
            source: try container.decodeIfPresent(String.self, forKey: .source))
    }
}

extension DenominationOverride {
    enum CodingKeys: String, CodingKey {
        case denominations, rolls, remove, masses
    }

    /// Decodes an override; one encoded before coin masses existed gives none.
    /// - Throws: `DecodingError` for a malformed encoding.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            denominations: try container.decode([Denomination].self, forKey: .denominations),
            rolls: try container.decode([CoinRoll].self, forKey: .rolls),
            remove: try container.decode([Removal].self, forKey: .remove),
            masses: try container.decodeIfPresent([CoinMass].self, forKey: .masses) ?? [])
    }
}
