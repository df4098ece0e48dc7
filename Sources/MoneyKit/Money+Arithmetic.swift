// Checked arithmetic: every operation that could overflow throws instead of trapping.

extension Money {
    /// The exact sum of two amounts in one currency.
    /// - Throws: `MoneyError.currencyMismatch` when the currencies differ; `MoneyError.overflow`
    ///   when the sum leaves Int64's range.
    public static func + (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
        try lhs.requireSameCurrency(rhs)
        let (sum, overflow) = lhs.minorUnits.addingReportingOverflow(rhs.minorUnits)
        if overflow { throw MoneyError.overflow(operation: "\(lhs.plainString) + \(rhs.plainString)") }
        return Money(minorUnits: sum, currency: lhs.currency)
    }

    /// The exact difference of two amounts in one currency.
    /// - Throws: `MoneyError.currencyMismatch` when the currencies differ; `MoneyError.overflow`
    ///   when the difference leaves Int64's range.
    public static func - (lhs: Money, rhs: Money) throws(MoneyError) -> Money {
        try lhs.requireSameCurrency(rhs)
        let (difference, overflow) = lhs.minorUnits.subtractingReportingOverflow(rhs.minorUnits)
        if overflow { throw MoneyError.overflow(operation: "\(lhs.plainString) − \(rhs.plainString)") }
        return Money(minorUnits: difference, currency: lhs.currency)
    }

    /// The amount times a whole number (a quantity of notes, a count of people).
    /// - Throws: `MoneyError.overflow` when the product leaves Int64's range.
    public func multiplied(by factor: Int64) throws(MoneyError) -> Money {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: factor)
        if overflow { throw MoneyError.overflow(operation: "\(plainString) × \(factor)") }
        return Money(minorUnits: product, currency: currency)
    }

    /// The amount with its sign turned (a refund of a payment).
    /// - Throws: `MoneyError.overflow` for the most negative amount, whose negation does not fit.
    public func negated() throws(MoneyError) -> Money {
        guard minorUnits != .min else { throw MoneyError.overflow(operation: "negating \(plainString)") }
        return Money(minorUnits: -minorUnits, currency: currency)
    }

    /// The sum of `amounts`, all in `currency`; zero for none.
    /// - Throws: `MoneyError.currencyMismatch` when an amount is in another currency;
    ///   `MoneyError.overflow` when the running total leaves Int64's range.
    public static func sum<S: Sequence>(_ amounts: S, currency: Currency) throws(MoneyError) -> Money
    where S.Element == Money {
        var total = Money.zero(currency)
        for amount in amounts { total = try total + amount }
        return total
    }

    func requireSameCurrency(_ other: Money) throws(MoneyError) {
        if currency != other.currency {
            throw MoneyError.currencyMismatch(currency.code, other.currency.code)
        }
    }
}
