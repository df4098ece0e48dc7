// Money.plainString writes its digits straight into the string's bytes (it is on every
// JSON, CSV and TSV line); it must write what the simple construction from String(Int)
// wrote, for every sign, length and number of decimals (percentages use up to 18).

import MoneyKit
import Testing

@Suite struct PlainStringTests {
    /// The construction plainString had before, kept as the reference.
    static func reference(_ minorUnits: Int64, exponent: Int) -> String {
        let sign = minorUnits < 0 ? "-" : ""
        let digits = String(minorUnits.magnitude)
        guard exponent > 0 else { return sign + digits }
        let padded = String(repeating: "0", count: max(0, exponent + 1 - digits.count)) + digits
        return sign + padded.dropLast(exponent) + "." + padded.suffix(exponent)
    }

    @Test(arguments: 0...18)
    func writesWhatStringOfTheDigitsWrote(exponent: Int) {
        var generator = SplitMix64(seed: 0x5EED_0100 + UInt64(exponent))
        var amounts: [Int64] = [0, 1, -1, 9, 10, -10, .max, .min, .max - 1, .min + 1]
        for _ in 0..<2000 { amounts.append(generator.amount()) }
        for minorUnits in amounts {
            #expect(Money.plainString(minorUnits: minorUnits, exponent: exponent) == Self.reference(minorUnits, exponent: exponent),
                    "\(minorUnits) with \(exponent) decimals")
        }
    }

    @Test func aNegativeExponentWritesTheWholeNumber() {
        #expect(Money.plainString(minorUnits: -42, exponent: -1) == "-42")
    }
}
