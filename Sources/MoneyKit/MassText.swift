// Weights as people write them, read and written exactly: "310", "310.5", "3,56" grams
// are whole milligrams, never a Double (0.1 has no exact binary value, and a count by
// weight must not drift by a coin on a rounding).

/// Grams as text, read into and written from whole milligrams.
public enum MassText {
    /// The heaviest weight read: a tonne, far above any scale a till has, so that every
    /// count and product of counts stays well inside Int64.
    public static let largestMilligrams: Int64 = 1_000_000_000

    /// `text` in grams ("310", "310.5", "0.25", "3,56": a comma is a decimal mark too) as
    /// whole milligrams with the precision it was written to: "310" is 310 g to the gram,
    /// so `resolution` is 1000 mg; "310.5" to a tenth, 100 mg. Nil when it is not a plain
    /// non-negative decimal with at most three decimals, or above `largestMilligrams`.
    public static func milligrams(_ text: String) -> (milligrams: Int64, resolution: Int64)? {
        let scalars = Array(text.unicodeScalars)
        var whole: [Unicode.Scalar] = []
        var fraction: [Unicode.Scalar] = []
        var sawMark = false
        for scalar in scalars {
            if scalar == "." || scalar == "," {
                guard !sawMark else { return nil }
                sawMark = true
            } else if ("0"..."9").contains(scalar) {
                if sawMark { fraction.append(scalar) } else { whole.append(scalar) }
            } else {
                return nil
            }
        }
        // "5." and ".5" are not written by scales; "5" or "0.5" are.
        guard !whole.isEmpty, !sawMark || !fraction.isEmpty, fraction.count <= 3, whole.count <= 7 else { return nil }
        var value: Int64 = 0
        for scalar in whole { value = value * 10 + Int64(scalar.value - 48) }
        var resolution: Int64 = 1000
        for index in 0..<3 {
            value *= 10
            if index < fraction.count {
                value += Int64(fraction[index].value - 48)
                resolution /= 10
            }
        }
        guard value <= largestMilligrams else { return nil }
        return (value, resolution)
    }

    /// `milligrams` as grams, without trailing zeros: 5000 → "5", 3560 → "3.56",
    /// 2268 → "2.268", 310500 → "310.5".
    public static func grams(_ milligrams: Int64) -> String {
        let negative = milligrams < 0
        let magnitude = milligrams.magnitude
        var text = String(magnitude / 1000)
        var fraction = String(magnitude % 1000)
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return negative ? "-" + text : text
    }
}
