// Checked arithmetic for counts (pieces, quantities, roll sizes): the Int64 companions of
// Money's checked operators, for numbers that are not amounts but must never wrap or trap.

/// Checked `Int64` arithmetic for counts: an overflow is a `MoneyError`, never a trap or a
/// wrapped number.
public enum CheckedCount {
    /// `a × b`, or an overflow error naming `what`.
    /// - Throws: `MoneyError.overflow` when the product leaves Int64's range.
    public static func product(_ a: Int64, _ b: Int64, what: String) throws(MoneyError) -> Int64 {
        let (result, overflow) = a.multipliedReportingOverflow(by: b)
        if overflow { throw MoneyError.overflow(operation: "\(what): \(a) × \(b)") }
        return result
    }

    /// `a + b`, or an overflow error naming `what`.
    /// - Throws: `MoneyError.overflow` when the sum leaves Int64's range.
    public static func sum(_ a: Int64, _ b: Int64, what: String) throws(MoneyError) -> Int64 {
        let (result, overflow) = a.addingReportingOverflow(b)
        if overflow { throw MoneyError.overflow(operation: "\(what): \(a) + \(b)") }
        return result
    }

    /// The sum of `values` (0 for none), or an overflow error naming `what`.
    /// - Throws: `MoneyError.overflow` when a running total leaves Int64's range, even if later
    ///   values would bring it back (use `CheckedSum` for that).
    public static func sum<S: Sequence>(_ values: S, what: String) throws(MoneyError) -> Int64 where S.Element == Int64 {
        var total: Int64 = 0
        for value in values { total = try sum(total, value, what: what) }
        return total
    }

    /// ⌈a / b⌉ without the overflow of `(a + b - 1) / b`; 0 when a ≤ 0 or b ≤ 0 (a
    /// count of pieces, never negative).
    public static func ceilingQuotient(_ a: Int64, _ b: Int64) -> Int64 {
        guard a > 0, b > 0 else { return 0 }
        return a / b + (a % b == 0 ? 0 : 1)
    }
}
