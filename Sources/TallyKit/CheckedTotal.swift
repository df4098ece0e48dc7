// A total of 64-bit counts that is exact whatever the order of its parts: a running total
// may pass the 64-bit range and come back (max, 1, -1), so the passes are counted (up +1,
// down -1) and only a total that ends beyond the range has no value. `tally sum` and a
// derived counter's value add this way.

/// A running total of 64-bit values, exact in any order.
struct CheckedTotal {
    private var total: Int64 = 0
    /// Times the running total went past Int64.max (+1) or Int64.min (-1).
    private var passes = 0

    /// Adds `value`.
    mutating func add(_ value: Int64) {
        let (next, overflow) = total.addingReportingOverflow(value)
        if overflow { passes += value > 0 ? 1 : -1 }
        total = next
    }

    /// Subtracts `value` (Int64.min included: its negation is one past Int64.max).
    mutating func subtract(_ value: Int64) {
        if value == .min {
            add(.max)
            add(1)
        } else {
            add(-value)
        }
    }

    /// The total, or nil when it lies beyond the 64-bit range (total + passes × 2^64).
    var value: Int64? { passes == 0 ? total : nil }
}
