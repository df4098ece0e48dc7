// Percentages of an amount (a tip, a tax) and rounding to a cash unit.

/// A percentage held exactly as a decimal: `12.5%` is significand 125, scale 1.
public struct Percentage: Hashable, Sendable, CustomStringConvertible {
    /// The percentage as an exact decimal: 12.5 for 12.5 %, not 0.125.
    public let value: DecimalText

    /// A percentage of exactly `value` percent.
    public init(_ value: DecimalText) { self.value = value }

    /// A whole percentage: `Percentage(15)` is 15 %.
    public init(_ whole: Int64) { self.value = DecimalText(significand: whole, scale: 0) }

    /// Reads `15`, `12.5`, `12,5`, `12.5%` or `12.5 %` strictly (see `DecimalText`). A
    /// percentage has no thousands to group, so one comma (with no dot) is the decimal mark,
    /// as amounts print it in many locales.
    /// - Throws: `MoneyError.invalidAmount` when the rest is not a decimal number (the
    ///   reasons of `DecimalText.init(parsing:)`); `MoneyError.overflow` when it exceeds Int64.
    public init(parsing input: String) throws(MoneyError) {
        var text = input.trimmingWhitespace()
        if text.hasSuffix("%") { text.removeLast() }
        text = text.trimmingWhitespace()
        if !text.contains("."), text.filter({ $0 == "," }).count == 1 {
            text = String(text.map { $0 == "," ? "." : $0 })
        }
        self.value = try DecimalText(parsing: text)
    }

    /// `12.5`, `15`: trailing zeros dropped.
    public var description: String {
        var text = Money.plainString(minorUnits: value.significand, exponent: value.scale)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// Whether this lies within `range` (in percent), compared exactly.
    public func isWithin(_ range: ClosedRange<Int64>) -> Bool {
        let scale = Int64.powerOfTen(value.scale)
        let (low, lowOverflow) = range.lowerBound.multipliedReportingOverflow(by: scale)
        let (high, highOverflow) = range.upperBound.multipliedReportingOverflow(by: scale)
        return !lowOverflow && !highOverflow && value.significand >= low && value.significand <= high
    }
}

extension Money {
    /// `percentage` of this amount, rounded to the minor unit by `rule` (default half up:
    /// a tie goes away from zero). 15 % of 10.05 USD = 1.5075 → 1.51.
    /// - Throws: `MoneyError.invalidArgument` when the percentage has more than 16 decimals;
    ///   `MoneyError.overflow` when the result leaves Int64's range.
    public func percentage(_ percentage: Percentage, rounding rule: RoundingRule = .halfUp) throws(MoneyError) -> Money {
        // 100 × 10^scale must fit Int64: scales up to 16.
        guard percentage.value.scale <= 16 else {
            throw MoneyError.invalidArgument("a percentage may have at most 16 decimals, not \(percentage.value.scale)")
        }
        let divisor = 100 * Int64.powerOfTen(percentage.value.scale)
        guard let result = ExactDivision.multiplyDivide(minorUnits, percentage.value.significand, divisor, rule: rule)
        else { throw MoneyError.overflow(operation: "\(percentage)% of \(plainString)") }
        return Money(minorUnits: result, currency: currency)
    }

    /// What percentage this amount is of `base` (same currency, positive), rounded by
    /// `rule` to `decimals` places: 17.00 of 100.00 is 17 %.
    /// - Throws: `MoneyError.currencyMismatch` when `base` is in another currency;
    ///   `MoneyError.invalidArgument` when `base` is not positive or `decimals` is outside
    ///   0...16; `MoneyError.overflow` when the percentage does not fit in Int64 at that scale.
    public func percentage(of base: Money, decimals: Int = 2, rounding rule: RoundingRule = .halfUp) throws(MoneyError) -> Percentage {
        try requireSameCurrency(base)
        guard base.minorUnits > 0 else { throw MoneyError.invalidArgument("cannot take a percentage of \(base.plainString)") }
        guard (0...16).contains(decimals) else { throw MoneyError.invalidArgument("decimals must be 0...16, not \(decimals)") }
        guard let value = ExactDivision.multiplyDivide(minorUnits, 100 * Int64.powerOfTen(decimals), base.minorUnits, rule: rule) else {
            throw MoneyError.overflow(operation: "\(plainString) as a percentage of \(base.plainString)")
        }
        return Percentage(DecimalText(significand: value, scale: decimals))
    }

    /// This amount rounded to a multiple of `unit` minor units (cash rounding, rounding a
    /// share up to whole kroner). `unit` must be positive.
    /// - Throws: `MoneyError.invalidArgument` when `unit` is not positive; `MoneyError.overflow`
    ///   when the rounded amount leaves Int64's range.
    public func rounded(toMultipleOf unit: Int64, rule: RoundingRule = .halfUp) throws(MoneyError) -> Money {
        guard unit > 0 else { throw MoneyError.invalidArgument("rounding unit must be positive, not \(unit)") }
        guard let units = ExactDivision.multiplyDivide(minorUnits, 1, unit, rule: rule) else {
            throw MoneyError.overflow(operation: "rounding \(plainString)")
        }
        let (result, overflow) = units.multipliedReportingOverflow(by: unit)
        if overflow { throw MoneyError.overflow(operation: "rounding \(plainString)") }
        return Money(minorUnits: result, currency: currency)
    }

    /// Rounded to the currency's cash unit (NOK to whole kroner, CHF to 0.05), or
    /// unchanged where cash has no coarser unit.
    /// - Throws: `MoneyError.overflow` when the rounded amount leaves Int64's range.
    public func roundedForCash(rule: RoundingRule = .halfUp) throws(MoneyError) -> Money {
        guard let unit = currency.cashRoundingMinorUnits else { return self }
        return try rounded(toMultipleOf: unit, rule: rule)
    }
}
