// The strict, locale-independent reader of decimal numbers that every amount, rate and
// quantity typed by a user goes through. Foundation's Decimal(string:) is not used:
// on Linux it accepts trailing junk ("12abc" reads as 12), and it is slow.

/// A decimal number read exactly: `significand / 10^scale`.
public struct DecimalText: Hashable, Sendable {
    /// All the digits as one integer, sign included: `-12.5` is -125 (with scale 1).
    public let significand: Int64
    /// Digits after the decimal point, trailing zeros dropped (`12.50` → 1).
    public let scale: Int

    /// Reads `[+|-]digits[.digits]` or `[+|-].digits`: ASCII digits only, no exponent,
    /// no grouping, no spaces inside, at most 18 fraction digits after dropping trailing
    /// zeros. Any value from Int64.min to Int64.max units of its scale reads.
    /// - Throws: `MoneyError.invalidAmount` (its reason says what is wrong) for empty text, two
    ///   signs, no digits, a second point, a comma, an exponent, a space or any other character,
    ///   and more than 18 decimals; `MoneyError.overflow` when the digits exceed Int64.
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

        // Check the characters first, then read the digits as a magnitude, so that the
        // most negative Int64 reads too and trailing zeros never count against the range.
        var integerPart: [UInt8] = []
        var fractionPart: [UInt8] = []
        var seenPoint = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint { fractionPart.append(byte) } else { integerPart.append(byte) }
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
        if integerPart.isEmpty && fractionPart.isEmpty {
            throw MoneyError.invalidAmount(input: input, reason: "no digits")
        }
        if seenPoint && fractionPart.isEmpty {
            throw MoneyError.invalidAmount(input: input, reason: "no digits after the decimal point")
        }
        // 12.500 is 12.5: zeros at the end of the fraction change nothing.
        while fractionPart.last == UInt8(ascii: "0") { fractionPart.removeLast() }
        if fractionPart.count > Self.maximumScale {
            throw MoneyError.invalidAmount(input: input, reason: "more than \(Self.maximumScale) decimals")
        }
        var magnitude: UInt64 = 0
        for digit in integerPart + fractionPart {
            let (shifted, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            if o1 || o2 { throw MoneyError.overflow(operation: "reading '\(input)'") }
            magnitude = next
        }
        let limit = negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        if magnitude > limit { throw MoneyError.overflow(operation: "reading '\(input)'") }
        self.significand = negative ? (magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)) : Int64(magnitude)
        self.scale = fractionPart.count
    }

    /// The most decimals a DecimalText holds.
    public static let maximumScale = 18

    /// `significand / 10^scale`, taken as given (trailing zeros are not dropped).
    /// `scale` must be 0...18: anything else is a programming error and stops the program.
    public init(significand: Int64, scale: Int) {
        precondition((0...Self.maximumScale).contains(scale), "DecimalText scale must be 0...18")
        self.significand = significand
        self.scale = scale
    }

    /// The value as an integer count of `10^-targetScale` units, exactly, or nil when it
    /// has more decimals than `targetScale` (trailing zeros aside). `input` is only for the
    /// error message. `targetScale` must be 0...18.
    /// - Throws: `MoneyError.overflow` when the scaled value leaves Int64's range.
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
