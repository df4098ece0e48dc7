// Lines for a full-screen view of a given width (tally tap, tillcount count, billsplit's
// screen), and lines of figures printed for people (the dashboard's totals). What holds an amount is never cut, since a cut amount is a wrong amount: a line
// too wide for the terminal is wrapped at its spaces, a group of figures goes on as many
// lines as it needs, and a label that does not fit beside its amount goes on a line of its
// own above it. A word wider than the whole screen is continued on the next line: a screen
// draws each line at its row, so a longer line would be overwritten, not wrapped.

/// Fitting the text of a screen to its width without cutting what it says.
package enum ScreenText {
    /// `items` on lines at most `width` columns wide, `separator` between two items on a
    /// line. An item is never cut: one that does not fit on the current line starts the
    /// next (indented by `indent` spaces), and one wider than a line alone is continued on
    /// the lines below.
    package static func pack(_ items: [String], width: Int, separator: String = "   ", indent: Int = 0) -> [String] {
        let prefix = String(repeating: " ", count: max(0, indent))
        var lines: [String] = []
        var current = ""
        for item in items.flatMap({ pieces($0, width: max(1, width - prefix.count)) }) {
            if current.isEmpty {
                current = (lines.isEmpty ? "" : prefix) + item
            } else if DisplayWidth.of(current) + DisplayWidth.of(separator) + DisplayWidth.of(item) <= width {
                current += separator + item
            } else {
                lines.append(current)
                current = prefix + item
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// `line` wrapped at its spaces to `width` columns. Words (an amount, a percentage) are
    /// never cut; a run of spaces between two words on one line is kept as it was, and a
    /// continuation line starts with the line's own indentation. Only a word wider than a
    /// whole line is continued on the next.
    package static func wrap(_ line: String, width: Int) -> [String] {
        guard DisplayWidth.of(line) > width else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        // Each word with the run of spaces before it.
        var words: [(gap: String, word: String)] = []
        var gap = ""
        var word = ""
        for character in line.dropFirst(indent.count) {
            if character == " " {
                if !word.isEmpty { words.append((gap, word)); gap = ""; word = "" }
                gap.append(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append((gap, word)) }
        words = words.flatMap { gap, word in
            pieces(word, width: width - indent.count).enumerated().map { ($0.offset == 0 ? gap : " ", $0.element) }
        }
        var lines: [String] = []
        var current = indent
        var currentHasWord = false
        for (gap, word) in words {
            if !currentHasWord {
                current += word
            } else if DisplayWidth.of(current) + DisplayWidth.of(gap) + DisplayWidth.of(word) <= width {
                current += gap + word
            } else {
                lines.append(current)
                current = indent + word
            }
            currentHasWord = true
        }
        lines.append(current)
        return lines
    }

    /// Labelled figures ("Total £51,099.99", "Float £150.00") on as few lines of `width`
    /// columns as they need, `separator` between two on a line. A figure is never cut: a
    /// label that does not fit beside its amount goes on the line above it.
    package static func figures(_ figures: [(label: String, amount: String)], width: Int, separator: String = "   ") -> [String] {
        var lines: [String] = []
        var items: [String] = []
        for (label, amount) in figures {
            let whole = label.isEmpty ? amount : label + " " + amount
            if DisplayWidth.of(whole) <= width {
                items.append(whole)
            } else {
                // Too wide even alone: the label above, the amount below (whole unless
                // wider than the screen).
                if !items.isEmpty { lines += pack(items, width: width, separator: separator) }
                items = []
                lines += ([DisplayWidth.truncate(label, to: width)] + wrap(amount, width: width)).filter { !$0.isEmpty }
            }
        }
        if !items.isEmpty { lines += pack(items, width: width, separator: separator) }
        return lines
    }

    /// A typed field after its label ("Bill $ " and "1234.5▏"): on one line when it fits,
    /// else the label on its own line and the text in pieces of the width below it, every
    /// character shown (what is typed is never cut either).
    package static func field(label: String, text: String, width: Int) -> [String] {
        if DisplayWidth.of(label) + DisplayWidth.of(text) <= width { return [label + text] }
        let labelLine = label.allSatisfy({ $0 == " " }) ? [] : [DisplayWidth.truncate(label, to: width)]
        return labelLine + pieces(text, width: width)
    }

    /// `text` in pieces at most `width` columns wide (one piece when it fits), every
    /// character kept and no colour code split.
    static func pieces(_ text: String, width: Int) -> [String] {
        guard DisplayWidth.of(text) > width, width > 0 else { return [text] }
        var pieces: [String] = []
        var piece = ""
        var used = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape || scalar == "\u{1B}" {
                // A colour code takes no columns and stays in one piece.
                if scalar != "\u{1B}", scalar != "[", (0x40...0x7E).contains(scalar.value) { inEscape = false } else { inEscape = true }
                piece.unicodeScalars.append(scalar)
                continue
            }
            let columns = DisplayWidth.columns(of: scalar)
            if used + columns > width, used > 0 {
                pieces.append(piece)
                piece = ""
                used = 0
            }
            piece.unicodeScalars.append(scalar)
            used += columns
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }
}
