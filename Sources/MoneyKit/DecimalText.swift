// The strict, locale-independent reader of decimal numbers that every amount, rate and
// quantity typed by a user goes through. Foundation's Decimal(string:) is not used:
// on Linux it accepts trailing junk ("12abc" reads as 12), and it is slow.

/// A decimal number read exactly: `significand / 10^scale`.
public struct DecimalText: Hashable, Sendable {
    public let significand: Int64
    /// Digits after the decimal point as typed (`12.50` → 2).
    public let scale: Int

    /// Reads `[+|-]digits[.digits]` or `[+|-].digits`: ASCII digits only, no exponent,
    /// no grouping, no spaces inside, at most 18 fraction digits.
    public init(parsing input: String) throws(MoneyError) {
        let text = Substring(input)
        guard !text.isEmpty else { throw MoneyError.invalidAmount(input: input, reason: "it is empty") }
        var bytes = Array(text.utf8)[...]
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
            if let next = bytes.first, next == UInt8(ascii: "-") || next == UInt8(ascii: "+") {
                throw MoneyError.invalidAmount(input: input, reason: "more than one sign")
            }
        }
        guard !bytes.isEmpty else { throw MoneyError.invalidAmount(input: input, reason: "a sign with no digits") }

        var value: Int64 = 0
        var scale = 0
        var integerDigits = 0
        var fractionDigits = 0
        var seenPoint = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int64(byte - UInt8(ascii: "0"))
                let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = shifted.addingReportingOverflow(digit)
                if o1 || o2 { throw MoneyError.overflow(operation: "reading '\(input)'") }
                value = next
                if seenPoint { fractionDigits += 1; scale += 1 } else { integerDigits += 1 }
            case UInt8(ascii: "."):
                if seenPoint { throw MoneyError.invalidAmount(input: input, reason: "more than one decimal point") }
                seenPoint = true
            case UInt8(ascii: ","):
                throw MoneyError.invalidAmount(
                    input: input, reason: "use '.' for decimals and no thousands separators")
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                throw MoneyError.invalidAmount(input: input, reason: "exponents are not accepted; write the number out")
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                throw MoneyError.invalidAmount(input: input, reason: "it contains a space")
            default:
                throw MoneyError.invalidAmount(input: input, reason: "not a number")
            }
        }
        if integerDigits == 0 && fractionDigits == 0 {
            throw MoneyError.invalidAmount(input: input, reason: "no digits")
        }
        if seenPoint && fractionDigits == 0 {
            throw MoneyError.invalidAmount(input: input, reason: "no digits after the decimal point")
        }
        if scale > 18 {
            throw MoneyError.invalidAmount(input: input, reason: "too many decimals")
        }
        self.significand = negative ? -value : value
        self.scale = scale
    }

    public init(significand: Int64, scale: Int) {
        self.significand = significand
        self.scale = scale
    }

    /// The value as an integer count of `10^-targetScale` units, exactly, or nil when it
    /// has more decimals than `targetScale`. Throws when the result does not fit.
    public func scaled(to targetScale: Int, input: String) throws(MoneyError) -> Int64? {
        if scale > targetScale {
            // Trailing zeros beyond the target are harmless: 12.500 is 12.50.
            var trimmed = significand
            var trimmedScale = scale
            while trimmedScale > targetScale {
                guard trimmed % 10 == 0 else { return nil }
                trimmed /= 10
                trimmedScale -= 1
            }
            return trimmed
        }
        let (result, overflow) = significand.multipliedReportingOverflow(by: Int64.powerOfTen(targetScale - scale))
        if overflow { throw MoneyError.overflow(operation: "reading '\(input)'") }
        return result
    }
}
