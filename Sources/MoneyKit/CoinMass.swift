// The official mass of a coin, for counting coins by weight. Masses are exact whole
// milligrams (the US Mint gives the dime as 2.268 g), never floating point: a count from a
// weight is then exact integer arithmetic.

/// The official mass of one coin of a currency, as its mint publishes it.
public struct CoinMass: Hashable, Sendable, Codable {
    /// The coin's face value in minor units.
    public let coinMinorUnits: Int64
    /// The mass of one coin in milligrams (the Royal Mint's 20p: 5000).
    public let milligrams: Int64

    /// The coin worth `coinMinorUnits` weighs `milligrams`.
    public init(coinMinorUnits: Int64, milligrams: Int64) {
        self.coinMinorUnits = coinMinorUnits
        self.milligrams = milligrams
    }

    /// The largest mass a coin may be given: a kilogram (the heaviest circulating coins
    /// weigh tens of grams; anything near this is a typing mistake).
    public static let largestMilligrams: Int64 = 1_000_000
}

