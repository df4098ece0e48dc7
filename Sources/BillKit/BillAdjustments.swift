// What a bill can carry beyond the tip percentage and the people: a tax (added or
// included), the tip's base, a fixed tip amount instead of a percentage, and rounding of
// the total. None set: the split is exactly the one without them, figure for figure.

import MoneyKit

/// The tax, tip-base, fixed-tip and total-rounding choices of one bill; empty by default.
public struct BillAdjustments: Equatable, Sendable {
    /// A tax added to the bill or included in it; nil: no tax.
    public var tax: BillTax?
    /// What the tip percentage applies to; nil: `TipBase.defaultBase(for: tax)`.
    public var tipOn: TipBase?
    /// A tip of exactly this amount, instead of the request's percentage.
    public var tipAmount: Money?
    /// Round bill + tax + tip to a multiple of this, the tip absorbing the difference.
    public var roundTotalUnit: Money?

    /// Adjustments holding the values given (none: an empty set).
    public init(tax: BillTax? = nil, tipOn: TipBase? = nil, tipAmount: Money? = nil, roundTotalUnit: Money? = nil) {
        self.tax = tax
        self.tipOn = tipOn
        self.tipAmount = tipAmount
        self.roundTotalUnit = roundTotalUnit
    }

    /// Whether none is set (the outputs then show nothing of them).
    public var isEmpty: Bool { self == BillAdjustments() }

    /// The tip's base in effect: as chosen, else the default for the tax.
    public var effectiveTipOn: TipBase { tipOn ?? TipBase.defaultBase(for: tax) }

    /// Whether the outputs show the tip's base (with a tax, or a base asked for).
    public var showsTipBase: Bool { tax != nil || tipOn != nil }
}
