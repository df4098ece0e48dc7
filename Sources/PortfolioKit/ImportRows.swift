// The rows of an import file, held compactly: a million rows are held at once, so each
// row is a few integers in parallel arrays (27 bytes) rather than a value with a text in
// it. A plain decimal value (`43446.42`, as every export writes them) is kept as its
// digits and scale; anything else is kept as the text, for Money's full reading.

import MoneyKit

/// The rows of an import file, in file order.
public struct ImportRows: Sendable {
    /// Each row's line in the file.
    private(set) var lines: [Int32] = []
    /// Each row's index into the file's names.
    private(set) var names: [Int32] = []
    /// Each row's instant.
    private(set) var instants: [Int64] = []
    /// Each row's index into the file's currencies, -1 for none.
    private(set) var currencies: [Int16] = []
    /// What each row's value is: `account`, `close`, `text` (in `texts`), or a plain
    /// decimal with `kind` digits after its point (its digits in `amounts`).
    private(set) var kinds: [Int8] = []
    private(set) var amounts: [Int64] = []
    /// The values that are not plain decimals, by row.
    private(set) var texts: [Int: String] = [:]

    /// The deposits and withdrawals (kind column), by row: few, kept as written.
    private(set) var contributions: [Int: (text: String, withdrawal: Bool)] = [:]

    /// The goals (kind column `goal`), by row: few, kept as written; `dated`: the row's
    /// instant is the goal's date.
    private(set) var goals: [Int: (text: String, dated: Bool)] = [:]

    /// Whether every value's point is a decimal point (a journal's, whose directives
    /// decided its marks): then more decimals than the currency has is a fault, never
    /// digits grouped by a point, as the full reading takes it in a currency without decimals.
    public var pointsAreDecimal = false

    static let account: Int8 = -1, close: Int8 = -2, text: Int8 = -3, contribution: Int8 = -4, goal: Int8 = -5

    /// No rows yet; room for `capacity` (untouched room costs no memory).
    public init(capacity: Int = 0) {
        if capacity > 0 {
            lines.reserveCapacity(capacity)
            names.reserveCapacity(capacity)
            instants.reserveCapacity(capacity)
            currencies.reserveCapacity(capacity)
            kinds.reserveCapacity(capacity)
            amounts.reserveCapacity(capacity)
        }
    }

    /// The rows of `rows`.
    public init(_ rows: [ImportRow]) {
        self.init(capacity: rows.count)
        for row in rows { append(row) }
    }

    /// How many rows.
    public var count: Int { lines.count }

    /// Appends `row`.
    public mutating func append(_ row: ImportRow) {
        switch row.kind {
        case .account: append(line: row.line, name: row.name, at: row.at, currency: row.currency, kind: Self.account, amount: 0)
        case .close: append(line: row.line, name: row.name, at: row.at, currency: row.currency, kind: Self.close, amount: 0)
        case .value(let text): appendValue(line: row.line, name: row.name, at: row.at, currency: row.currency, text: text)
        case let .contribution(text, withdrawal):
            contributions[count] = (text, withdrawal)
            append(line: row.line, name: row.name, at: row.at, currency: row.currency, kind: Self.contribution, amount: 0)
        case let .goal(text, dated):
            goals[count] = (text, dated)
            append(line: row.line, name: row.name, at: row.at, currency: row.currency, kind: Self.goal, amount: 0)
        }
    }

    /// Appends a row whose value is `text` (trimmed, not empty, not `closed`).
    public mutating func appendValue(line: Int32, name: Int32, at: Int64, currency: Int16, text: String) {
        var text = text
        let plain = text.withUTF8 { Self.plainDecimal($0) }
        if let plain {
            append(line: line, name: name, at: at, currency: currency, kind: plain.scale, amount: plain.digits)
        } else {
            texts[count] = text
            append(line: line, name: name, at: at, currency: currency, kind: Self.text, amount: 0)
        }
    }

    /// Appends a row whose value is the bytes `value` (trimmed, not empty): a plain
    /// decimal without making a text of it.
    /// - Returns: false when the value is not a plain decimal (the caller appends it as text).
    public mutating func appendPlainValue(line: Int32, name: Int32, at: Int64, currency: Int16, value: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let plain = Self.plainDecimal(value) else { return false }
        append(line: line, name: name, at: at, currency: currency, kind: plain.scale, amount: plain.digits)
        return true
    }

    /// Appends an account row (`closed`: a close row).
    public mutating func appendMarker(line: Int32, name: Int32, at: Int64, currency: Int16, closed: Bool) {
        append(line: line, name: name, at: at, currency: currency, kind: closed ? Self.close : Self.account, amount: 0)
    }

    private mutating func append(line: Int32, name: Int32, at: Int64, currency: Int16, kind: Int8, amount: Int64) {
        lines.append(line)
        names.append(name)
        instants.append(at)
        currencies.append(currency)
        kinds.append(kind)
        amounts.append(amount)
    }

    /// The value text of row `index` as written (a plain decimal written back exactly:
    /// only canonical ones are kept as digits).
    func valueText(_ index: Int) -> String {
        let kind = kinds[index]
        if kind == Self.text { return texts[index] ?? "" }
        let digits = amounts[index]
        var text = String(digits.magnitude)
        let scale = Int(kind)
        if scale > 0 {
            if text.count <= scale { text = String(repeating: "0", count: scale + 1 - text.count) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -scale))
        }
        return digits < 0 ? "-" + text : text
    }

    /// `-1234.56` as its digits (-123456) and scale (2): ASCII digits with an optional
    /// leading minus and at most one point between digits, written canonically (no
    /// leading zero but the one before a point, no minus zero) so the text can be written
    /// back exactly, at most 18 digits. Nil for anything else.
    static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> (digits: Int64, scale: Int8)? {
        var index = 0
        var negative = false
        if bytes.count > 0, bytes[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        let firstDigit = index
        var value: Int64 = 0
        var digits = 0
        var point = -1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard point < 0 else { return nil }
                point = index
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                digits += 1
                guard digits <= 18 else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            index += 1
        }
        guard digits > 0, point != firstDigit, point != bytes.count - 1 else { return nil }
        let integerDigits = (point < 0 ? bytes.count : point) - firstDigit
        // "007" and "-0" read the same but are not written back the same.
        if integerDigits > 1, bytes[firstDigit] == UInt8(ascii: "0") { return nil }
        if negative, value == 0 { return nil }
        let scale = point < 0 ? 0 : bytes.count - point - 1
        return (negative ? -value : value, Int8(scale))
    }

    /// The value of row `index` in minor units of `currency`, the quick way; nil when the
    /// full reading must decide (text, more decimals than the currency has, overflow).
    func quickMinorUnits(_ index: Int, currency: Currency) -> Int64? {
        let scale = Int(kinds[index])
        let exponent = currency.minorUnitExponent
        // A point in a currency without decimals may group digits: the full reading decides.
        guard scale >= 0, scale == 0 || scale <= exponent else { return nil }
        var value = amounts[index]
        for _ in 0..<(exponent - scale) {
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            value = product
        }
        return value
    }
}
