// The calculation, in the order users are told about in --help and the man page:
//   1. tip = bill × percent / 100, rounded to the minor unit, half up;
//   2. total = bill + tip;
//   3. the total split into shares that add up to it exactly (largest remainder;
//      the first shares carry the extra minor units), equally or by weights;
//   4. with --round-up UNIT, each share rounded up to a multiple of UNIT; what that adds
//      is extra tip, and the total becomes the sum of the rounded shares.

import MoneyKit

struct BillRequest: Equatable {
    var bill: Money
    var tipPercent: Percentage
    /// One per person: all 1 for an equal split.
    var weights: [Int64]
    /// Round each share up to a multiple of this, when set.
    var roundUpUnit: Money?

    var people: Int { weights.count }
    var isEqualSplit: Bool { Set(weights).count <= 1 }
}

struct BillResult: Equatable {
    var request: BillRequest
    var tip: Money
    /// What --round-up added on top of the tip (zero without it).
    var roundingExtra: Money
    /// bill + tip + roundingExtra: what the group pays, the sum of the shares.
    var total: Money
    var shares: [Money]

    var currency: Currency { total.currency }

    /// (tip + rounding extra) as a percentage of the bill, to two decimals, half up;
    /// nil for a zero bill.
    var effectiveTipPercent: Percentage? {
        guard request.bill.minorUnits > 0, let tipAndExtra = try? tip + roundingExtra else { return nil }
        return try? tipAndExtra.percentage(of: request.bill, decimals: 2)
    }

    /// Shares grouped by amount, largest first, for "2 × $38.34 and 1 × $38.33".
    var shareGroups: [(count: Int, amount: Money)] {
        var groups: [(count: Int, amount: Money)] = []
        for share in shares.sorted(by: >) {
            if let last = groups.last, last.amount == share {
                groups[groups.count - 1].count += 1
            } else {
                groups.append((1, share))
            }
        }
        return groups
    }
}

enum BillCalculator {
    static func calculate(_ request: BillRequest) throws(MoneyError) -> BillResult {
        let tip = try request.bill.percentage(request.tipPercent, rounding: .halfUp)
        let total = try request.bill + tip
        var shares = try total.allocate(weights: request.weights)
        var extra = Money.zero(total.currency)
        if let unit = request.roundUpUnit {
            var rounded: [Money] = []
            for share in shares {
                rounded.append(try share.rounded(toMultipleOf: unit.minorUnits, rule: .ceiling))
            }
            let roundedTotal = try Money.sum(rounded, currency: total.currency)
            extra = try roundedTotal - total
            shares = rounded
        }
        return BillResult(
            request: request, tip: tip, roundingExtra: extra, total: try total + extra, shares: shares)
    }
}
