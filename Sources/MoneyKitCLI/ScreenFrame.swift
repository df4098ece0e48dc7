// The lines of one frame of a full-screen view, fitted to the terminal's height. A screen
// adds its lines in order, each with its role; when they are more than the rows, the ones
// that matter least give way first: blank spacing, then the title and key help, then the
// last lines of the content (with a line saying how many are not shown). What must be
// seen (the figures of a totals bar, a refusal) is never left out. Rendering a frame is a
// function of (state, width, height) → lines, tested in process; the screen only draws it.

/// The lines of a screen's frame and what each is for, fitted to a height.
package struct ScreenFrame: Sendable {
    /// What a line is for, from what gives way first to what never does.
    package enum Role: Int, Comparable, Sendable {
        /// A blank line between parts.
        case spacing
        /// A title or key help: useful, not needed to read the figures.
        case chrome
        /// What the screen shows (rows of a table, a card); its last lines give way, named.
        case content
        /// Never left out: a totals bar, a field being typed, a refusal.
        case essential

        /// Whether `lhs` gives way before `rhs`.
        package static func < (lhs: Role, rhs: Role) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Each line in order, with its role.
    package private(set) var entries: [(line: String, role: Role)] = []

    /// An empty frame.
    package init() {}

    /// Adds `line` at the bottom.
    package mutating func add(_ line: String, as role: Role) {
        entries.append((line, role))
    }

    /// Adds `lines` at the bottom, all with one role.
    package mutating func add(_ lines: [String], as role: Role) {
        for line in lines { add(line, as: role) }
    }

    /// The lines to draw on `height` rows of `width` columns: all of them when they fit;
    /// else spacing, then chrome, is left out from the bottom up, then the last content
    /// lines, the last one kept saying how many are not shown. Essential lines are always
    /// there, even when they alone are more than the rows.
    package func lines(height: Int, width: Int) -> [String] {
        var kept = entries.map { ($0.line, $0.role, true) }
        func count() -> Int { kept.filter(\.2).count }
        for role in [Role.spacing, .chrome] {
            for index in kept.indices.reversed() where count() > height && kept[index].1 == role {
                kept[index].2 = false
            }
        }
        let content = kept.indices.filter { kept[$0].1 == .content && kept[$0].2 }
        let rows = height - (count() - content.count)
        if rows < content.count {
            // The first rows - 1 content lines, then the note in place of the rest.
            for index in content.dropFirst(max(0, rows - 1)) { kept[index].2 = false }
            if rows >= 1 {
                let note = content[rows - 1]
                let more = content.count - rows + 1  // at least 2: one hidden line would have fitted instead of the note
                kept[note].0 = DisplayWidth.truncate("(\(more) more lines below)", to: width)
                kept[note].2 = true
            }
        }
        return kept.filter(\.2).map(\.0)
    }
}
