// billsplit's limits and how it reads a tip, weights and a round-up unit: the rules the
// command line and the interactive screen share, and the help text quotes.

import MoneyKit
import MoneyKitPlatform

/// billsplit's limits, defaults and readings of what people type.
public enum BillRules {
    /// The tips the app offered as buttons, in percent.
    public static let tipPresets: [Int64] = [0, 5, 10, 15, 20, 25]
    /// A tip is 0 to 50 %.
    public static let tipRange: ClosedRange<Int64> = 0...50
    /// A tip has at most this many decimals (12.25 %).
    public static let tipDecimals = 2
    /// A bill is split among 1 to 20 people.
    public static let peopleRange: ClosedRange<Int64> = 1...20
    /// A weight is a whole number from 0 to 1,000,000.
    public static let weightRange: ClosedRange<Int64> = 0...1_000_000
    /// The tip without saved preferences.
    public static let defaultTip = Percentage(15)
    /// The custom tip without saved preferences.
    public static let defaultCustomTip = Percentage(18)
    /// The number of people without saved preferences.
    public static let defaultPeople = 1
    /// The app's three currencies, in the order the screen cycles through them.
    public static let appCurrencies = ["NOK", "USD", "KES"]

    /// A tip as typed: `15`, `12.5`, `12,5` or `15%`, 0 to 50 with at most two decimals.
    /// - Throws: `BillError.invalidTip` saying what is wrong.
    public static func tip(_ text: String) throws(BillError) -> Percentage {
        let tip: Percentage
        do {
            tip = try Percentage(parsing: text)
        } catch {
            throw BillError.invalidTip(text, .notAPercentage)
        }
        guard tip.value.scale <= tipDecimals else { throw BillError.invalidTip(text, .tooManyDecimals) }
        guard tip.isWithin(tipRange) else { throw BillError.invalidTip(text, .outOfRange) }
        return tip
    }

    /// A tip as typed, or nil when it is not a valid one (the screen's custom tip field).
    public static func tipIfValid(_ text: String) -> Percentage? {
        try? tip(text)
    }

    /// Whether `tip` is one of the presets exactly as written (15, not 15.0): a tip that is
    /// not is also remembered as the custom tip.
    public static func isPreset(_ tip: Percentage) -> Bool {
        tipPresets.contains { tip.value == DecimalText(significand: $0, scale: 0) }
    }

    /// The weights as typed: whole numbers separated by commas (blanks around them
    /// allowed), one per person, not all 0.
    /// - Throws: `BillError.invalidWeights` saying what is wrong.
    public static func weights(_ text: String) throws(BillError) -> [Int64] {
        var weights: [Int64] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingSpaces
            guard let weight = Int64(trimmed), weightRange.contains(weight) else {
                throw BillError.invalidWeights(text, .notAWeight(trimmed))
            }
            weights.append(weight)
        }
        guard peopleRange.contains(Int64(weights.count)) else { throw BillError.invalidWeights(text, .wrongCount) }
        guard weights.contains(where: { $0 > 0 }) else { throw BillError.invalidWeights(text, .noneAboveZero) }
        return weights
    }

    /// The number of people of a split by `weights`: one per weight; `givenPeople`, when
    /// given too, must agree.
    /// - Throws: `BillError.peopleAndWeightsDisagree`.
    public static func people(weights: [Int64], givenPeople: Int?) throws(BillError) -> Int {
        if let givenPeople, givenPeople != weights.count {
            throw BillError.peopleAndWeightsDisagree(people: givenPeople, weights: weights.count)
        }
        return weights.count
    }

    /// A round-up unit as typed, in `currency`: an amount more than 0.
    /// - Throws: `BillError.invalidRoundUp` or `.roundUpNotPositive`.
    public static func roundUpUnit(_ text: String, currency: Currency) throws(BillError) -> Money {
        let unit: Money
        do {
            unit = try Money.parse(text, currency: currency)
        } catch {
            throw BillError.invalidRoundUp(text, error)
        }
        guard unit.minorUnits > 0 else { throw BillError.roundUpNotPositive(text) }
        return unit
    }

    /// The app currency after `currency` on the screen's Tab; a currency outside the app's
    /// three joins the cycle at its end.
    public static func nextAppCurrency(after currency: Currency) -> Currency {
        var cycle = appCurrencies
        if !cycle.contains(currency.code) { cycle.append(currency.code) }
        let index = cycle.firstIndex(of: currency.code) ?? 0
        return Currency(code: cycle[(index + 1) % cycle.count]) ?? currency
    }
}
