// What the till should hold: expected = float + cash sales + paid in − paid out − refunds − drops,
// from the movements kept with the live count (TillMovement.swift). Checked arithmetic
// throughout: a sum that does not fit is an error naming it, never a wrapped amount.

import MoneyKit

/// The expected cash of a live count and the figures it is made of.
public struct ExpectedCash: Equatable, Sendable {
    /// The starting float.
    public let float: Money
    /// The cash sales (the recorded entries, or the figure given for this command).
    public let sales: Money
    /// Cash put in.
    public let paidIn: Money
    /// Cash taken out to pay for something.
    public let paidOut: Money
    /// Cash given back to customers for returned goods.
    public let refunds: Money
    /// Cash moved to the safe.
    public let drops: Money
    /// float + sales + paidIn − paidOut − refunds − drops.
    public let expected: Money

    /// The expected cash of `state` in `currency`; `sales`, when given, stands for the
    /// recorded sales (a figure given for one command, e.g. `show --sales 312.40`).
    /// - Throws: `TillError.expectedOutOfRange` when a sum does not fit.
    public init(state: TillState, currency: Currency, sales givenSales: Money? = nil) throws(TillError) {
        var totals: [TillMovement.Kind: Money] = [:]
        do {
            for movement in state.movements {
                totals[movement.kind] = try (totals[movement.kind] ?? Money.zero(currency)) + movement.amount(currency)
            }
            float = Money(minorUnits: state.floatMinorUnits, currency: currency)
            sales = givenSales ?? totals[.sale] ?? Money.zero(currency)
            paidIn = totals[.paidIn] ?? Money.zero(currency)
            paidOut = totals[.paidOut] ?? Money.zero(currency)
            refunds = totals[.refund] ?? Money.zero(currency)
            drops = totals[.drop] ?? Money.zero(currency)
            expected = try float + sales + paidIn - paidOut - refunds - drops
        } catch {
            // Named without figures: on a blind till the sales and the expected cash are
            // hidden, and the overflow's own text would print them.
            throw .expectedOutOfRange(reason: Self.outOfRangeReason)
        }
    }

    /// Why an expected cash does not fit, in words that name no amount (see `init`).
    public static let outOfRangeReason = "float + cash sales + paid in − paid out − refunds − drops does not fit in an amount"

    /// The expected cash of `state` when it has one: when movements are recorded, or
    /// `sales` is given for this command. With neither, nil (the count stands against its
    /// float alone, as before movements were kept).
    /// - Throws: `TillError.expectedOutOfRange` when a sum does not fit.
    public static func of(_ state: TillState, currency: Currency, sales: Money? = nil) throws(TillError) -> ExpectedCash? {
        guard !state.movements.isEmpty || sales != nil else { return nil }
        return try ExpectedCash(state: state, currency: currency, sales: sales)
    }
}
