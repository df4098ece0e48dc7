// The tax already inside a price (VAT on a Norwegian or Kenyan menu): a price that
// includes a tax of r % is net × (100 + r) / 100, so the tax in it is
// price × r / (100 + r), rounded once to the minor unit. The product is taken in 128 bits.

extension Money {
    /// The part of this amount that is a tax of `rate` percent already included in it:
    /// `amount × rate / (100 + rate)`, rounded once by `rule` (default half up: a tie goes
    /// away from zero). 125.00 at 25 % includes 25.00; 100.00 at 25 % includes 20.00.
    /// - Throws: `MoneyError.invalidArgument` when `rate` is negative or has more than
    ///   16 decimals; `MoneyError.overflow` when 100 + rate does not fit at its scale.
    public func includedTax(_ rate: Percentage, rounding rule: RoundingRule = .halfUp) throws(MoneyError) -> Money {
        guard rate.value.scale <= 16 else {
            throw MoneyError.invalidArgument("a percentage may have at most 16 decimals, not \(rate.value.scale)")
        }
        guard rate.value.significand >= 0 else {
            throw MoneyError.invalidArgument("an included tax cannot be negative, not \(rate)%")
        }
        // 100 × 10^scale fits Int64 for scales up to 16; adding the rate may not.
        let (divisor, overflow) = (100 * Int64.powerOfTen(rate.value.scale)).addingReportingOverflow(rate.value.significand)
        guard !overflow, let result = ExactDivision.multiplyDivide(minorUnits, rate.value.significand, divisor, rule: rule) else {
            throw MoneyError.overflow(operation: "the \(rate)% tax included in \(plainString)")
        }
        return Money(minorUnits: result, currency: currency)
    }
}
