// What portfolio's code relies on about every stored account and update, checked where
// data enters (add, update, rename, import) and again where the store's rows are read,
// so that a store written by anything else is refused with 65, never a crash later.

import MoneyKit
import MoneyKitCLI

enum PortfolioLimits {
    /// 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59Z: the dates portfolio reads and shows.
    static let instants: ClosedRange<Int64> = -62_135_596_800...253_402_300_799
    /// Minor units a value may have: Int64.min is left out, so that every value can be
    /// negated and its magnitude taken without a trap.
    static let values: ClosedRange<Int64> = -Int64.max...Int64.max

    /// Why `name` cannot be an account's name, or nil when it can.
    static func nameFault(_ name: String) -> String? {
        if name.isEmpty || name.allSatisfy(\.isWhitespace) { return "an account name cannot be empty" }
        if let control = name.unicodeScalars.first(where: isControl) {
            let code = String(control.value, radix: 16, uppercase: true)
            return "an account name cannot contain control characters (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code))"
        }
        if name.first?.isWhitespace == true || name.last?.isWhitespace == true {
            return "an account name cannot start or end with a space"
        }
        return nil
    }

    /// C0 (but tab), DEL, C1 and the bidirectional controls: they would hide or reorder
    /// what a name shows, and a NUL would cut it short in C code. A tab is kept: names
    /// with tabs round-trip through export and import, and are shown escaped.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Why `instant` cannot be stored, or nil.
    static func instantFault(_ instant: Int64) -> String? {
        instants.contains(instant) ? nil : "the date is outside 0001-01-01 to 9999-12-31"
    }

    /// Why `minorUnits` cannot be stored, or nil.
    static func valueFault(_ minorUnits: Int64) -> String? {
        values.contains(minorUnits) ? nil : "the value is beyond what portfolio can add up (±\(Int64.max) minor units)"
    }
}
