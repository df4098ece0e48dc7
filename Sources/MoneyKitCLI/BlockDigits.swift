// Large digits drawn with block characters, five rows high, for full-screen counters.

package enum BlockDigits {
    package static let height = 5

    private static let glyphs: [Character: [String]] = [
        "0": ["█████", "█   █", "█   █", "█   █", "█████"],
        "1": ["  █  ", " ██  ", "  █  ", "  █  ", " ███ "],
        "2": ["█████", "    █", "█████", "█    ", "█████"],
        "3": ["█████", "    █", " ████", "    █", "█████"],
        "4": ["█   █", "█   █", "█████", "    █", "    █"],
        "5": ["█████", "█    ", "█████", "    █", "█████"],
        "6": ["█████", "█    ", "█████", "█   █", "█████"],
        "7": ["█████", "    █", "   █ ", "  █  ", "  █  "],
        "8": ["█████", "█   █", "█████", "█   █", "█████"],
        "9": ["█████", "█   █", "█████", "    █", "█████"],
        "-": ["     ", "     ", "█████", "     ", "     "],
    ]

    /// The rows of `text` (digits and minus) in block letters, one space between
    /// glyphs; nil when a character has no glyph.
    package static func render(_ text: String) -> [String]? {
        var rows = Array(repeating: "", count: height)
        for (index, character) in text.enumerated() {
            guard let glyph = glyphs[character] else { return nil }
            for row in 0..<height { rows[row] += (index > 0 ? " " : "") + glyph[row] }
        }
        return rows
    }

    /// Columns the rendering of `text` takes.
    package static func width(of text: String) -> Int { text.count * 6 - 1 }
}
