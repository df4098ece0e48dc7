// What every SVG the tools draw (portfolio's chart, tillcount's summary chart) measures
// text and writes numbers by: one estimate of a label's width, so that every label lies
// inside the picture, and one way to write a coordinate.

/// Text sizes and coordinates in the tools' SVG pictures.
package enum SVGMetrics {
    /// The labels' font size, and how wide a character is taken to be (0.6em: wider than
    /// the average sans-serif glyph, so an estimate errs towards room to spare; a wide
    /// East Asian character counts twice, a bold one a tenth more).
    package static let fontSize = 12.0
    package static let glyphWidth = 0.6

    /// The estimated width of `text` as a label, in pixels.
    package static func textWidth(_ text: String, bold: Bool = false) -> Double {
        Double(DisplayWidth.of(text)) * glyphWidth * fontSize * (bold ? 1.1 : 1)
    }

    /// A coordinate with one decimal, clamped to ±1e9 (0 for what is not finite).
    package static func coordinate(_ number: Double) -> String {
        String(Double(Int(number.isFinite ? min(max(number, -1e9), 1e9) * 10 : 0)) / 10)
    }
}
