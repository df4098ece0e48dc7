// What a tip is a percentage of. With a tax added to the bill, the tip is on the bill
// before tax by default (as tipping guides advise), or on bill + tax. With a tax included
// in the prices the default is the bill as printed (what the diner sees), or the net
// amount before that tax. Without a tax both are the bill.

import MoneyKit

/// The amount a tip percentage applies to: before tax, or with it.
public enum TipBase: String, CaseIterable, Equatable, Sendable {
    /// The bill without tax: the bill itself with an added tax; bill − included tax.
    case preTax = "pre-tax"
    /// The bill with tax: bill + added tax; the bill as printed with an included tax.
    case total

    /// The default for `tax`: pre-tax when tax is added, the bill as printed (total)
    /// when the tax is already included; without tax the two are the same.
    public static func defaultBase(for tax: BillTax?) -> TipBase {
        if case .included = tax { return .total }
        return .preTax
    }

    /// The amount the tip applies to, for `bill` with `taxAmount` (added, or included in
    /// the bill) of `tax`.
    /// - Throws: `MoneyError.overflow` when bill + tax does not fit in 64-bit minor units.
    public func amount(bill: Money, tax: BillTax?, taxAmount: Money) throws(MoneyError) -> Money {
        switch (tax, self) {
        case (nil, _): return bill
        case (.added?, .preTax): return bill
        case (.added?, .total): return try bill + taxAmount
        case (.included?, .preTax): return try bill - taxAmount
        case (.included?, .total): return bill
        }
    }
}
