// An exact total of Int64 amounts. A running total may pass beyond Int64 on the way (a
// large value before a large negative one) and come back; only the result must fit.
// The wrapped sum plus a count of 2^64 carries is the exact value, so nothing is lost
// and nothing traps; `value` is nil when the exact total lies outside Int64.

/// An exact total of Int64 values that never traps: it may pass beyond Int64 on the way,
/// only `value` must fit.
public struct CheckedSum: Sendable, Equatable {
    /// The exact total modulo 2^64.
    private var wrapped: Int64 = 0
    /// How many times 2^64 the exact total differs from `wrapped`.
    private var carries: Int = 0

    /// An empty total: zero.
    public init() {}

    /// The sum of `values`.
    public init<S: Sequence>(_ values: S) where S.Element == Int64 {
        for value in values { add(value) }
    }

    /// Adds `value` to the total, exactly.
    public mutating func add(_ value: Int64) {
        let (sum, overflow) = wrapped.addingReportingOverflow(value)
        wrapped = sum
        if overflow { carries += value > 0 ? 1 : -1 }
    }

    /// Subtracts `value` from the total, exactly.
    public mutating func subtract(_ value: Int64) {
        let (difference, overflow) = wrapped.subtractingReportingOverflow(value)
        wrapped = difference
        if overflow { carries += value < 0 ? 1 : -1 }
    }

    /// The exact total, or nil when it is beyond Int64 (then no wrapped number escapes).
    public var value: Int64? { carries == 0 ? wrapped : nil }

    /// The exact total as an amount in `currency`.
    /// - Throws: `MoneyError.overflow` when the total is beyond the range of amounts.
    public func amount(in currency: Currency) throws(MoneyError) -> Money {
        guard let value else { throw MoneyError.overflow(operation: "a total of \(currency.code) amounts") }
        return Money(minorUnits: value, currency: currency)
    }
}
