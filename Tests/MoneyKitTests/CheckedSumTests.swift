// CheckedSum: an exact total of Int64s, whatever the order, that refuses (nil, or a
// MoneyError) only when the exact result does not fit. Checked against Int128-free
// reasoning: fixed cases at the edges, and random orders of the same values.

import Testing
import MoneyKit

@Suite struct CheckedSumTests {
    @Test func fixedCases() throws {
        #expect(CheckedSum().value == 0)
        #expect(CheckedSum([Int64.max]).value == .max)
        #expect(CheckedSum([Int64.min]).value == .min)
        #expect(CheckedSum([Int64.max, 1]).value == nil)
        #expect(CheckedSum([Int64.min, -1]).value == nil)
        #expect(CheckedSum([Int64.max, Int64.min]).value == -1)
        // Beyond the range and back: exact, not an error.
        #expect(CheckedSum([Int64.max, 5, Int64.min]).value == 4)
        #expect(CheckedSum([Int64.min, -5, Int64.max, Int64.max, Int64.min]).value == -7)
        // Twice around: still refused, never a wrapped number.
        #expect(CheckedSum([Int64.max, Int64.max, Int64.max, 3]).value == nil)
        #expect(CheckedSum([9_000_000_000_000_000_000, 9_000_000_000_000_000_000]).value == nil)
    }

    @Test func subtractionIsExactToo() {
        var sum = CheckedSum([Int64.min])
        sum.subtract(1)
        #expect(sum.value == nil)
        sum.add(1)
        #expect(sum.value == .min)
        sum.subtract(Int64.min)
        #expect(sum.value == 0)
        var other = CheckedSum([0])
        other.subtract(Int64.min)
        #expect(other.value == nil)  // 2^63
        other.add(-1)
        #expect(other.value == .max)
    }

    @Test func amountThrowsOverflowWhenOutOfRange() throws {
        #expect(try CheckedSum([150, 250]).amount(in: .gbp) == Money(minorUnits: 400, currency: .gbp))
        #expect(throws: MoneyError.self) { try CheckedSum([Int64.max, Int64.max]).amount(in: .gbp) }
    }

    /// Any order of the same values gives the same answer, and it agrees with a sum
    /// done in two halves (high and low 32 bits) that cannot overflow.
    @Test func everyOrderAgreesWithAWideSum() {
        var random = SplitMix64(seed: 0xC4EC_50A5)
        let edges: [Int64] = [.max, .min, .max - 1, .min + 1, 0, 1, -1]
        for _ in 0..<500 {
            let count = Int.random(in: 1...8, using: &random)
            let values = (0..<count).map { _ in Bool.random(using: &random) ? edges.randomElement(using: &random) ?? 0 : Int64.random(in: .min ... .max, using: &random) }
            // The exact sum as high and low words: each term split so nothing overflows.
            var high: Int64 = 0, low: Int64 = 0
            for value in values {
                high += value >> 32
                low += value & 0xFFFF_FFFF
            }
            high += low >> 32
            low &= 0xFFFF_FFFF
            let fits = high >= -(1 << 31) && high < (1 << 31)
            let expected: Int64? = fits ? (high << 32) | low : nil
            #expect(CheckedSum(values).value == expected, "\(values)")
            #expect(CheckedSum(values.shuffled(using: &random)).value == expected, "\(values)")
        }
    }
}
