// How billsplit reads a tax rate, a fixed tip and a total-rounding unit: the limits the
// help text quotes and the errors that say what is wrong (worded by the executable).

import MoneyKit

extension BillRules {
    /// A tax is 0 to 100 % (100 % doubles the bill, or is half of a price that includes it).
    public static let taxRange: ClosedRange<Int64> = 0...100
    /// A tax has at most this many decimals (8.875 %, Quebec's 14.975 %).
    public static let taxDecimals = 4

    /// A tax rate as typed: `25`, `8.875`, `8,875` or `25%`, within `taxRange` with at
    /// most `taxDecimals` decimals; `kind` says which option gave it, for the message.
    /// - Throws: `BillError.invalidTax` saying what is wrong.
    public static func tax(_ text: String, _ kind: BillTax.Kind) throws(BillError) -> BillTax {
        let rate: Percentage
        do {
            rate = try Percentage(parsing: text)
        } catch {
            throw BillError.invalidTax(text, kind, .notAPercentage)
        }
        guard rate.value.scale <= taxDecimals else { throw BillError.invalidTax(text, kind, .tooManyDecimals) }
        guard rate.isWithin(taxRange) else { throw BillError.invalidTax(text, kind, .outOfRange) }
        return kind == .added ? .added(rate) : .included(rate)
    }

    /// A fixed tip as typed, in `currency`: an amount of zero or more.
    /// - Throws: `BillError.invalidTipAmount` or `.negativeTipAmount`.
    public static func tipAmount(_ text: String, currency: Currency) throws(BillError) -> Money {
        let amount: Money
        do {
            amount = try Money.parse(text, currency: currency)
        } catch {
            throw BillError.invalidTipAmount(text, error)
        }
        guard !amount.isNegative else { throw BillError.negativeTipAmount(text) }
        return amount
    }

    /// A total-rounding unit as typed, in `currency`: an amount more than 0.
    /// - Throws: `BillError.invalidRoundTotal` or `.roundTotalNotPositive`.
    public static func roundTotalUnit(_ text: String, currency: Currency) throws(BillError) -> Money {
        let unit: Money
        do {
            unit = try Money.parse(text, currency: currency)
        } catch {
            throw BillError.invalidRoundTotal(text, error)
        }
        guard unit.minorUnits > 0 else { throw BillError.roundTotalNotPositive(text) }
        return unit
    }
}
