// Counting loose coins by weight: "0.20 --grams 310" is 62 coins of 20p (5 g each).
//
// The count is the whole number of coins nearest to weight ÷ mass, accepted only when the
// weight is within a tolerance of that many coins' official weight:
//
//   tolerance = min(max(2% of the count's weight, half the weight's last digit), ¼ coin)
//
// - 2% of the weight: coins leave the mint within a tolerance of their official mass
//   (about 1–3%, by coin) and wear lighter in use, so n coins weigh within about 2% of
//   n × the mass;
// - half the last digit: a weight is as precise as it is written, "310" being 309.5 to
//   310.5 g on a scale that shows whole grams, "310.5" 310.45 to 310.55 g;
// - never more than a quarter of a coin: beyond that a weight could be read as either of
//   two counts, and a count that might be a coin out must be refused, not guessed (±½ coin
//   would accept every weight). Weigh large amounts in smaller batches.
//
// A refused weight is reported with the two whole counts around it and their weights.
// The masses are exact milligrams and the arithmetic is on integers: no rounding drift.

import MoneyKit

/// Counting coins from their weight (see the top of this file).
public enum CountByWeight {
    /// What a weighing came to: the count and what it rests on, for the message.
    public struct Weighing: Sendable, Equatable {
        /// How many coins the weight is.
        public let count: Int64
        /// The weight of the coins alone (without the tare), in milligrams.
        public let netMilligrams: Int64
        /// One coin's official mass, in milligrams.
        public let perCoinMilligrams: Int64
        /// How far the weight may be from `count` coins' weight, in milligrams.
        public let toleranceMilligrams: Int64
        /// How people name the coin ("20p").
        public let coinLabel: String
    }

    /// The most a weight may be off a whole count in percent of that count's weight.
    public static let percentTolerance: Int64 = 2

    /// The tolerance for `count` coins of `perCoin` milligrams weighed to `resolution`
    /// milligrams (see the top of this file).
    public static func tolerance(count: Int64, perCoin: Int64, resolution: Int64) -> Int64 {
        let (weight, overflow) = count.multipliedReportingOverflow(by: perCoin)
        let byPercent = overflow ? Int64.max : weight / 100 * percentTolerance + weight % 100 * percentTolerance / 100
        return min(max(byPercent, resolution / 2), perCoin / 4)
    }

    /// How many loose coins of `item` weigh `gramsText` (less `tareText`, the weight of the
    /// bag or tray, when given).
    /// - Throws: `TillError.weightNeedsLooseCoin` (a note or roll), `.invalidWeight`,
    ///   `.tareExceedsWeight`, `.noCoinWeight` (no mass known for the coin), and
    ///   `.weightNotWhole` (naming the whole counts around the weight).
    public static func count(of item: TillItem, token: String, grams gramsText: String, tare tareText: String? = nil,
                             set: DenominationSet, currency: Currency) throws(TillError) -> Weighing {
        guard item.kind == .coin else {
            throw .weightNeedsLooseCoin(token: token, label: TillSummary.label(item, set: set, currency: currency), kind: item.kind)
        }
        let coinLabel = TillSummary.label(item, set: set, currency: currency)
        guard let gross = MassText.milligrams(gramsText) else { throw .invalidWeight(option: "--grams", text: gramsText) }
        var net = gross.milligrams
        var resolution = gross.resolution
        if let tareText {
            guard let tare = MassText.milligrams(tareText) else { throw .invalidWeight(option: "--tare", text: tareText) }
            guard tare.milligrams <= gross.milligrams else { throw .tareExceedsWeight(grams: gramsText, tare: tareText) }
            net = gross.milligrams - tare.milligrams
            resolution = max(resolution, tare.resolution)
        }
        guard let perCoin = set.massMilligrams(ofCoin: item.minorUnits), perCoin > 0 else {
            throw .noCoinWeight(coinLabel: coinLabel, token: token, currency: currency)
        }
        let below = net / perCoin
        let remainder = net % perCoin
        // The nearer whole count; exactly half way it is neither.
        let count = remainder * 2 < perCoin ? below : below + 1
        let (countWeight, _) = count.multipliedReportingOverflow(by: perCoin)
        let off = countWeight > net ? countWeight - net : net - countWeight
        let allowed = tolerance(count: count, perCoin: perCoin, resolution: resolution)
        guard off <= allowed, remainder * 2 != perCoin else {
            throw .weightNotWhole(
                grams: MassText.grams(net), coinLabel: coinLabel, perCoinMilligrams: perCoin, toleranceMilligrams: allowed,
                below: below, above: below + 1)
        }
        return Weighing(count: count, netMilligrams: net, perCoinMilligrams: perCoin, toleranceMilligrams: allowed, coinLabel: coinLabel)
    }
}
