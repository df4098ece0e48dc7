// What portfolio's code relies on about every stored account and update, checked where
// data enters (add, update, rename, import) and again where a store's rows are read,
// so that a store written by anything else is refused with 65, never a crash later.

import MoneyKit

/// The instants and values portfolio stores, reads and shows.
public enum PortfolioLimits {
    /// 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59Z: the dates portfolio reads and shows.
    public static let instants: ClosedRange<Int64> = -62_135_596_800...253_402_300_799
    /// Minor units a value may have: Int64.min is left out, so that every value can be
    /// negated and its magnitude taken without a trap.
    public static let values: ClosedRange<Int64> = -Int64.max...Int64.max

    /// Why `instant` cannot be stored, or nil.
    public static func instantFault(_ instant: Int64) -> String? {
        instants.contains(instant) ? nil : "the date is outside 0001-01-01 to 9999-12-31"
    }

    /// Why a value outside `values` cannot be stored.
    public static let valueBeyondLimits = "the value is beyond what portfolio can add up (±\(Int64.max) minor units)"

    /// Why `minorUnits` cannot be stored, or nil.
    public static func valueFault(_ minorUnits: Int64) -> String? {
        values.contains(minorUnits) ? nil : valueBeyondLimits
    }

    /// A value typed or imported, checked.
    /// - Throws: `PortfolioError.valueBeyondLimits` when portfolio could not add it up.
    public static func checkStorable(_ money: Money) throws(PortfolioError) {
        if valueFault(money.minorUnits) != nil { throw .valueBeyondLimits }
    }

    /// A date typed or imported (as `text`), checked.
    /// - Throws: `PortfolioError.dateBeyondLimits` when it is outside the years portfolio shows.
    public static func checkStorable(instant: Int64, text: String) throws(PortfolioError) {
        if instantFault(instant) != nil { throw .dateBeyondLimits(text) }
    }
}
