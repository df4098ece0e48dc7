// One currency format, learnt from ICU, so that formatting an amount costs a copy of a few
// bytes instead of an ICU call. Measured on 1,000,000 bills through `billsplit -` (four or
// five amounts a line): ICU's format style took most of the time (the Decimal, the style
// hashed for ICU's own formatter cache, the UTF-16 round trip), text output ran ~4× slower
// than CSV.
//
// Why this is exact: with the number of decimals fixed (ISO 4217's), ICU's output for a
// currency in a locale depends on the amount only through its sign and its count of
// integer digits: which grouping separators go where (Indian 12,34,567.00, Spanish 1234 but
// 12 345), the symbol and its place, the minus sign, bidi marks. So for each (sign, count)
// that is met, ICU formats two probes, every digit 1 and every digit 2: where they differ
// are the digit slots, the rest is literal text. An amount is then written by filling its
// digits, in the locale's digit glyphs (learnt the same way), into those slots. Each layout
// is checked against ICU on an amount whose neighbouring digits all differ and on the
// amount that first needed it; a layout that does not reproduce ICU exactly is never used:
// that (sign, count) keeps going to ICU.
//
// Learning costs about fifteen ICU calls (the ten digit glyphs, two probes and two checks),
// which a command showing a handful of amounts never earns back (tillcount add spent
// 0.8 M instructions of its start-up learning to write one total): the first
// `amountsBeforeLearning` amounts of a format go to ICU as they come, and learning starts
// with the next, where a batch (billsplit -, a report of many rows) begins to pay.

#if canImport(FoundationInternationalization)
internal import FoundationEssentials
internal import FoundationInternationalization
#else
internal import Foundation
#endif
import MoneyKit

/// ICU's format of one (currency, locale), with the layouts learnt from it so far. Not
/// thread-safe on its own: `CurrencyFormatterCache` calls it under its lock.
final class LearnedCurrencyFormat {
    private let style: Decimal.FormatStyle.Currency
    private let exponent: Int
    /// The UTF-8 of the digits 0…9, each `glyphWidth` bytes; nil until learnt.
    private var glyphs: [UInt8]?
    private var glyphWidth = 0
    /// Whether the digit glyphs could not be learnt: then everything goes to ICU.
    private var glyphsUnlearnable = false
    /// Indexed by `slot(negative:integerDigits:)`.
    private var layouts: [Layout?]
    /// How many more amounts go to ICU before layouts are learnt (see the top of this file).
    private var directAmountsLeft: Int
    /// How many amounts a format writes through ICU before it learns layouts: a command
    /// with fewer never pays for learning.
    static let amountsBeforeLearning = 16

    private enum Layout {
        /// ICU's output with each digit replaced by `digitSlot`.
        case template([UInt8])
        /// ICU could not be reproduced for this sign and digit count: ask it each time.
        case icu
    }

    /// Marks a digit in a template: 0xFF never occurs in UTF-8.
    private static let digitSlot: UInt8 = 0xFF
    /// Int64's magnitudes have at most 19 digits.
    private static let maximumDigits = 19

    /// The format of `style`, which shows `exponent` decimals, writing its first
    /// `amountsBeforeLearning` amounts through ICU.
    init(style: Decimal.FormatStyle.Currency, exponent: Int, amountsBeforeLearning: Int = LearnedCurrencyFormat.amountsBeforeLearning) {
        self.style = style
        self.exponent = exponent
        self.layouts = Array(repeating: nil, count: 2 * (Self.maximumDigits + 1))
        self.directAmountsLeft = amountsBeforeLearning
    }

    /// `minorUnits` (of a currency with this format's exponent) as ICU writes it.
    func icuString(_ minorUnits: Int64) -> String {
        style.format(Self.decimal(minorUnits, exponent: exponent))
    }

    /// `minorUnits` as ICU writes it, from a learnt layout where there is one.
    func string(_ minorUnits: Int64) -> String {
        if directAmountsLeft > 0 {
            directAmountsLeft -= 1
            return icuString(minorUnits)
        }
        let magnitude = minorUnits.magnitude
        let digitCount = max(Self.digitCount(magnitude), exponent + 1)
        let index = Self.slot(negative: minorUnits < 0, integerDigits: digitCount - exponent)
        switch layouts[index] {
        case .template(let template)?:
            return fill(template, magnitude: magnitude, digitCount: digitCount)
        case .icu?:
            return icuString(minorUnits)
        case nil:
            let layout = learnLayout(negative: minorUnits < 0, digitCount: digitCount, checking: minorUnits)
            layouts[index] = layout
            if case .template(let template) = layout { return fill(template, magnitude: magnitude, digitCount: digitCount) }
            return icuString(minorUnits)
        }
    }

    // MARK: Learning

    /// The layout for amounts of this sign with `digitCount` digits in all, checked
    /// against ICU on `amount` (one such amount) and on one whose digits all differ from
    /// their neighbours.
    private func learnLayout(negative: Bool, digitCount: Int, checking amount: Int64) -> Layout {
        guard learnGlyphs(), let glyphs else { return .icu }
        let sign: Int64 = negative ? -1 : 1
        let ones = Self.repunit(digitCount)
        guard let withOnes = probe(sign * ones), let withTwos = probe(sign * 2 * ones), withOnes.count == withTwos.count else {
            return .icu
        }
        let one = Array(glyphs[glyphWidth..<2 * glyphWidth])
        let two = Array(glyphs[2 * glyphWidth..<3 * glyphWidth])
        var template: [UInt8] = []
        var slots = 0
        for (a, b) in zip(withOnes, withTwos) {
            if a == b {
                template.append(contentsOf: String(a).utf8)
            } else {
                guard Array(String(a).utf8) == one, Array(String(b).utf8) == two else { return .icu }
                template.append(Self.digitSlot)
                slots += 1
            }
        }
        guard slots == digitCount else { return .icu }
        // Digits 1234567890123… (the first never 0), and the amount that asked.
        let mixed = (0..<digitCount).reduce(Int64(0)) { value, position in value * 10 + Int64((position + 1) % 10) }
        for check in [sign * mixed, amount] {
            let magnitude = check.magnitude
            guard fill(template, magnitude: magnitude, digitCount: max(Self.digitCount(magnitude), exponent + 1)) == icuString(check) else {
                return .icu
            }
        }
        return .template(template)
    }

    /// Learns the glyphs of 0…9 from ICU's output for 0.00, 1.11, …, 9.99 (in this
    /// currency's decimals): the positions where these differ are the digits. False
    /// when they do not line up as digits should.
    private func learnGlyphs() -> Bool {
        if glyphs != nil { return true }
        if glyphsUnlearnable { return false }
        let ones = Self.repunit(exponent + 1)
        let probes = (0...9).map { probe(Int64($0) * ones) }
        var learnt: [[UInt8]] = []
        if let first = probes[0], probes.allSatisfy({ $0?.count == first.count }) {
            let written = probes.compactMap { $0 }
            let varying = first.indices.filter { position in written.contains { $0[position] != first[position] } }
            if varying.count == exponent + 1 {
                for probe in written {
                    let glyph = Array(String(probe[varying[0]]).utf8)
                    guard varying.allSatisfy({ Array(String(probe[$0]).utf8) == glyph }) else { break }
                    learnt.append(glyph)
                }
            }
        }
        let width = learnt.first?.count ?? 0
        guard learnt.count == 10, width > 0, learnt.allSatisfy({ $0.count == width }), Set(learnt).count == 10 else {
            glyphsUnlearnable = true
            return false
        }
        glyphs = learnt.flatMap { $0 }
        glyphWidth = width
        return true
    }

    /// ICU's output for `minorUnits`, as Unicode scalars (a digit is one scalar in every
    /// decimal numbering system).
    private func probe(_ minorUnits: Int64) -> [Unicode.Scalar]? {
        let scalars = Array(icuString(minorUnits).unicodeScalars)
        return scalars.isEmpty ? nil : scalars
    }

    // MARK: Writing

    /// The template with its slots filled by the `digitCount` digits of `magnitude`
    /// (zero-padded on the left), most significant first.
    private func fill(_ template: [UInt8], magnitude: UInt64, digitCount: Int) -> String {
        guard let glyphs else { return "" }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes on the stack, most significant first
        return withUnsafeMutableBytes(of: &digits) { buffer in
            var remaining = magnitude
            for position in stride(from: digitCount - 1, through: 0, by: -1) {
                buffer[position] = UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            let width = glyphWidth
            let length = template.count + digitCount * (width - 1)
            return String(unsafeUninitializedCapacity: length) { output in
                var written = 0
                var next = 0
                for byte in template {
                    if byte == Self.digitSlot {
                        let start = Int(buffer[next]) * width
                        for offset in 0..<width { output[written + offset] = glyphs[start + offset] }
                        written += width
                        next += 1
                    } else {
                        output[written] = byte
                        written += 1
                    }
                }
                return written
            }
        }
    }

    // MARK: Numbers

    private static func slot(negative: Bool, integerDigits: Int) -> Int {
        (negative ? maximumDigits + 1 : 0) + integerDigits
    }

    private static func digitCount(_ magnitude: UInt64) -> Int {
        var count = 1
        var rest = magnitude / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// 1, 11, 111, … with `count` ones (count ≤ 19: fits Int64, and so do twice as much).
    private static func repunit(_ count: Int) -> Int64 {
        (0..<count).reduce(Int64(0)) { value, _ in value * 10 + 1 }
    }

    /// The amount in major units, exactly, as the format style takes it.
    static func decimal(_ minorUnits: Int64, exponent: Int) -> Decimal {
        Decimal(sign: minorUnits < 0 ? .minus : .plus, exponent: -exponent, significand: Decimal(minorUnits.magnitude))
    }
}
