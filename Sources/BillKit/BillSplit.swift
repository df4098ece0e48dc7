// The calculation, in the order users are told about in --help and the man page:
//   1. tip = bill × percent / 100, rounded to the minor unit, half up;
//   2. total = bill + tip;
//   3. the total split into shares that add up to it exactly (largest remainder;
//      the first shares carry the extra minor units), equally or by weights;
//   With a tax or a fixed tip (BillAdjustments), steps 1 and 2 become: the tax rounded
//   once, half up (added: bill × rate / 100; included: bill × rate / (100 + rate), shown,
//   not added); the tip on its base (TipBase), rounded once, or the fixed amount;
//   total = bill + added tax + tip; with a total-rounding unit, the total moved to the
//   neighbouring multiple whose tip is closest to the one asked for (TotalRounding).
//   4. with a round-up unit, each share rounded up to a multiple of the unit; what that
//      adds is extra tip, and the total becomes the sum of the rounded shares.

import MoneyKit

/// One bill to split: the amount, the tip, one weight per person and the optional cash unit.
public struct BillRequest: Equatable, Sendable {
    /// The amount of the bill, zero or more.
    public var bill: Money
    /// The tip, in percent of the bill.
    public var tipPercent: Percentage
    /// One per person: all 1 for an equal split.
    public var weights: [Int64]
    /// Round each share up to a multiple of this, when set.
    public var roundUpUnit: Money?
    /// Tax, tip base, fixed tip and total rounding; empty: none of them.
    public var adjustments: BillAdjustments

    /// A request to split `bill` with a tip of `tipPercent` by `weights` (one per person),
    /// rounding each share up to a multiple of `roundUpUnit` when given.
    /// `adjustments` add a tax, choose the tip's base, fix the tip (then `tipPercent` is
    /// not used) or round the total.
    public init(
        bill: Money, tipPercent: Percentage, weights: [Int64], roundUpUnit: Money? = nil,
        adjustments: BillAdjustments = BillAdjustments()
    ) {
        self.bill = bill
        self.tipPercent = tipPercent
        self.weights = weights
        self.roundUpUnit = roundUpUnit
        self.adjustments = adjustments
    }

    /// The number of people: one per weight.
    public var people: Int { weights.count }
    /// Whether every person has the same weight (the split shown as "Each of N pays").
    public var isEqualSplit: Bool { Set(weights).count <= 1 }
}

/// The split of one bill: the report every output form (card, line, JSON, CSV) renders.
public struct BillResult: Equatable, Sendable {
    /// What was split.
    public var request: BillRequest
    /// The tip: bill × percent / 100, to the minor unit, half up.
    public var tip: Money
    /// What the round-up added on top of the tip (zero without it); with a rounded total,
    /// what the rounding changed the tip by (below zero when it rounded down).
    public var roundingExtra: Money
    /// bill + tax + tip + roundingExtra: what the group pays, the sum of the shares.
    public var total: Money
    /// The tax added to the bill (zero without `--tax`).
    public var tax: Money
    /// The tax included in the bill, shown, not added (zero without `--tax-included`).
    public var includedTax: Money
    /// What the tip percentage applies to: the bill, unless a tax makes it differ.
    public var tipBase: Money
    /// One per person, in the order of the weights.
    public var shares: [Money]

    /// A result with each of its parts (`BillCalculator.calculate` makes them); without
    /// a tax the taxes are zero and the tip's base is the bill.
    public init(
        request: BillRequest, tip: Money, roundingExtra: Money, total: Money, shares: [Money],
        tax: Money? = nil, includedTax: Money? = nil, tipBase: Money? = nil
    ) {
        self.request = request
        self.tip = tip
        self.roundingExtra = roundingExtra
        self.total = total
        self.shares = shares
        self.tax = tax ?? .zero(total.currency)
        self.includedTax = includedTax ?? .zero(total.currency)
        self.tipBase = tipBase ?? request.bill
    }

    /// The currency of the bill and of every amount of the result.
    public var currency: Currency { total.currency }

    /// (tip + rounding extra) as a percentage of the tip's base (the bill without a tax),
    /// to two decimals, half up; nil for a zero base.
    public var effectiveTipPercent: Percentage? {
        guard tipBase.minorUnits > 0, let tipAndExtra = try? tip + roundingExtra else { return nil }
        return try? tipAndExtra.percentage(of: tipBase, decimals: 2)
    }

    /// The tip's percentage as the outputs show it: the one asked for, or with a fixed
    /// tip its percentage of the tip's base (two decimals, half up; nil for a zero base).
    public var tipPercent: Percentage? {
        guard request.adjustments.tipAmount != nil else { return request.tipPercent }
        guard tipBase.minorUnits > 0 else { return nil }
        return try? tip.percentage(of: tipBase, decimals: 2)
    }

    /// Shares grouped by amount, largest first, for "2 × $38.34 and 1 × $38.33".
    public var shareGroups: [ShareGroup] {
        var groups: [ShareGroup] = []
        for share in shares.sorted(by: >) {
            if let last = groups.last, last.amount == share {
                groups[groups.count - 1].count += 1
            } else {
                groups.append(ShareGroup(count: 1, amount: share))
            }
        }
        return groups
    }
}

/// How many people pay one amount.
public struct ShareGroup: Equatable, Sendable {
    /// How many people pay `amount`.
    public var count: Int
    /// What each of them pays.
    public var amount: Money

    /// `count` people paying `amount` each.
    public init(count: Int, amount: Money) {
        self.count = count
        self.amount = amount
    }
}

/// Splits bills: the tip, the total, the shares and the round-up, exactly.
public enum BillCalculator {
    /// The split of `request`.
    /// - Throws: `BillError.calculation` when an amount does not fit in 64-bit minor units;
    ///   `BillError.roundUpAndRoundTotal` when both roundings are asked for.
    public static func calculate(_ request: BillRequest) throws(BillError) -> BillResult {
        if request.roundUpUnit != nil && request.adjustments.roundTotalUnit != nil { throw BillError.roundUpAndRoundTotal }
        do {
            return try split(request)
        } catch {
            throw BillError.calculation(error)
        }
    }

    /// Reads `amountText` as a bill in `currency` (never negative) and splits it.
    /// - Throws: `BillError.invalidAmount`, `.negativeBill` or `.calculation`.
    public static func calculate(
        amountText: String, currency: Currency, tipPercent: Percentage, weights: [Int64], roundUpUnit: Money?,
        adjustments: BillAdjustments = BillAdjustments()
    ) throws(BillError) -> BillResult {
        let bill: Money
        do {
            bill = try Money.parse(amountText, currency: currency)
        } catch {
            throw BillError.invalidAmount(error)
        }
        guard !bill.isNegative else { throw BillError.negativeBill(amountText) }
        return try calculate(BillRequest(
            bill: bill, tipPercent: tipPercent, weights: weights, roundUpUnit: roundUpUnit, adjustments: adjustments))
    }

    private static func split(_ request: BillRequest) throws(MoneyError) -> BillResult {
        let adjustments = request.adjustments
        let currency = request.bill.currency
        let taxAmount = try adjustments.tax?.amount(on: request.bill) ?? .zero(currency)
        let addedTax = adjustments.tax?.kind == .added ? taxAmount : .zero(currency)
        let tipBase = try adjustments.effectiveTipOn.amount(bill: request.bill, tax: adjustments.tax, taxAmount: taxAmount)
        let tip: Money
        if let tipAmount = adjustments.tipAmount { tip = tipAmount } else { tip = try tipBase.percentage(request.tipPercent, rounding: .halfUp) }
        var total = try request.bill + addedTax + tip
        var extra = Money.zero(total.currency)
        if let unit = adjustments.roundTotalUnit {
            let target: TipTarget = adjustments.tipAmount.map { .amount($0) } ?? .percent(request.tipPercent, of: tipBase)
            let rounded = try TotalRounding.rounded(total: total, tip: tip, unit: unit, target: target)
            extra = try rounded - total
            total = rounded
        }
        var shares = try total.allocate(weights: request.weights)
        if let unit = request.roundUpUnit {
            var rounded: [Money] = []
            rounded.reserveCapacity(shares.count)
            for share in shares {
                rounded.append(try share.rounded(toMultipleOf: unit.minorUnits, rule: .ceiling))
            }
            let roundedTotal = try Money.sum(rounded, currency: total.currency)
            extra = try roundedTotal - total
            shares = rounded
            total = roundedTotal
        }
        return BillResult(
            request: request, tip: tip, roundingExtra: extra, total: total, shares: shares,
            tax: addedTax, includedTax: adjustments.tax?.kind == .included ? taxAmount : .zero(currency), tipBase: tipBase)
    }
}
