// Aligned text tables for people: the one place where a table is fitted to the terminal.
//
// Every column says how it may give way when the table is wider than the terminal:
// values (amounts, dates, counts) are never cut, since a cut amount is a wrong amount;
// free text (names, labels, notes) shrinks with an ellipsis, down to a useful minimum;
// extras (trends, sparklines) are left out whole. The least important columns give way
// first, the widest of them first. Every cell is one line: cell text is shown escaped
// (`TerminalText`) before it is measured, so a stored newline or control character can
// neither break a row nor drive the terminal, and widths are those of what is printed.
// A cell this program formatted (`Cell(formatted:)`, and every cell of an amount column,
// which holds only numbers and money it formatted) keeps its direction marks: a currency
// formatter for Arabic puts them there (`TerminalText.formatted`).

package struct TextTable {
    package enum Alignment: Sendable { case left, right }

    /// How a column may give way when the table does not fit.
    package enum Fit: Sendable, Equatable {
        /// Values (amounts, dates, ids, counts): always shown whole. Only the title may
        /// be shortened, down to the width of the values.
        case whole
        /// Free text: cut with "…", first down to `minimum` columns, and only when nothing
        /// else can give way, further.
        case shrinks(minimum: Int)
        /// Nice to have: left out entirely when the table does not fit.
        case droppable
    }

    package struct Column: Sendable {
        package var title: String
        package var alignment: Alignment
        package var fit: Fit
        /// Higher is more useful: less important columns give way first.
        package var importance: Int
        /// Every cell holds text this program formatted (numbers, money): shown with its
        /// direction marks (`TerminalText.formatted`), not escaped as text from outside.
        package var holdsFormattedText: Bool
        /// What the note under the table calls the column when it is left out, where its
        /// title alone would not say which it is (one "+/-" of many); nil: its title.
        package var omittedName: String?

        package init(_ title: String, _ alignment: Alignment = .left, fit: Fit = .whole, importance: Int = 0, holdsFormattedText: Bool = false,
                     omittedName: String? = nil) {
            self.title = title
            self.alignment = alignment
            self.fit = fit
            self.importance = importance
            self.holdsFormattedText = holdsFormattedText
            self.omittedName = omittedName
        }

        /// Free text such as a name or label: shrinks first, with an ellipsis.
        package static func text(_ title: String, minimum: Int = 8, importance: Int = 0) -> Column {
            Column(title, .left, fit: .shrinks(minimum: minimum), importance: importance)
        }

        /// An amount or number this program formatted: right-aligned, never cut, its
        /// direction marks kept.
        package static func amount(_ title: String) -> Column {
            Column(title, .right, fit: .whole, importance: 100, holdsFormattedText: true)
        }
    }

    /// One cell: its text (shown escaped unless formatted by this program) and how it is
    /// styled once it has been fitted.
    package struct Cell: ExpressibleByStringLiteral {
        package var text: String
        package var style: ((String) -> String)?
        /// This program formatted the text (money, a percentage, a date): its direction
        /// marks are kept (`TerminalText.formatted`).
        package var isFormatted = false

        /// A cell of text from outside (a name, a note): shown escaped.
        package init(_ text: String, style: ((String) -> String)? = nil) {
            self.text = text
            self.style = style
        }

        /// A cell of text this program formatted (money, a note built of amounts).
        package init(formatted text: String, style: ((String) -> String)? = nil) {
            self.text = text
            self.style = style
            self.isFormatted = true
        }

        package init(stringLiteral value: String) {
            self.init(value)
        }
    }

    package var columns: [Column]
    package var rows: [[Cell]] = []
    /// Print the titles as the first line.
    package var showsHeader: Bool
    package var separator: String

    package init(columns: [Column], showsHeader: Bool = true, separator: String = "  ") {
        self.columns = columns
        self.showsHeader = showsHeader
        self.separator = separator
    }

    /// A row of plain text cells (escaped when shown).
    package mutating func append(_ row: [String]) {
        rows.append(row.map { Cell($0) })
    }

    /// A row of cells, some of them styled.
    package mutating func append(_ row: [Cell]) {
        rows.append(row)
    }

    /// The lines of the table, fitted to `maxWidth` columns when given. Styles (colour)
    /// take no columns. A table whose whole columns alone are wider than `maxWidth`
    /// is printed wider: a value is never cut. When titled columns are left out to fit, a
    /// last line names them and says how to see them (`omittedNote`): nothing vanishes
    /// silently.
    package func render(maxWidth: Int? = nil, styleHeader: (String) -> String = { $0 }) -> [String] {
        var lines: [String] = []
        render(maxWidth: maxWidth, styleHeader: styleHeader) { lines.append($0) }
        return lines
    }

    /// The lines `render(maxWidth:styleHeader:)` gives, each handed to `emit` as soon as it
    /// is made: a table of thousands of rows is never held twice, as cells and as lines.
    package func render(maxWidth: Int? = nil, styleHeader: (String) -> String = { $0 }, emit: (String) -> Void) {
        let titles = columns.map { TerminalText.escaped($0.title) }
        // Each row's cells as shown, made once to measure and again to write: a table of
        // 365,000 cells kept them all a second time (6 MB).
        func texts(of row: [Cell]) -> [String] {
            columns.indices.map { index -> String in
                guard index < row.count else { return "" }
                let cell = row[index]
                let ours = cell.isFormatted || columns[index].holdsFormattedText
                return ours ? TerminalText.formatted(cell.text) : TerminalText.escaped(cell.text)
            }
        }
        var cellWidths = columns.map { _ in 0 }
        for row in rows {
            for (index, cell) in texts(of: row).enumerated() { cellWidths[index] = max(cellWidths[index], DisplayWidth.of(cell)) }
        }
        let titleWidths = showsHeader ? titles.map(DisplayWidth.of) : titles.map { _ in 0 }
        let natural = columns.indices.map { max(cellWidths[$0], titleWidths[$0]) }
        let layout = TableLayout(
            columns: columns, natural: natural, cellWidths: cellWidths,
            separatorWidth: DisplayWidth.of(separator), maxWidth: maxWidth)
        let shown = columns.indices.filter { !layout.hidden.contains($0) }

        func line(_ texts: [String], styles: [((String) -> String)?]) -> String {
            var parts: [String] = []
            for index in shown {
                let width = layout.widths[index]
                var text = DisplayWidth.truncate(texts[index], to: width)
                if let style = styles[index], !text.isEmpty { text = style(text) }
                let isLast = index == shown.last
                if isLast && columns[index].alignment == .left {
                    parts.append(text)  // no trailing spaces
                } else {
                    parts.append(DisplayWidth.pad(text, to: width, alignRight: columns[index].alignment == .right))
                }
            }
            var joined = parts.joined(separator: separator)
            // No trailing blanks, e.g. after empty last cells.
            while joined.last == " " { joined.removeLast() }
            return joined
        }
        if showsHeader {
            emit(styleHeader(line(titles, styles: columns.map { _ in nil })))
        }
        for row in rows {
            emit(line(texts(of: row), styles: columns.indices.map { $0 < row.count ? row[$0].style : nil }))
        }
        let omitted = layout.hidden.sorted().map { columns[$0].omittedName.map(TerminalText.escaped) ?? titles[$0] }
        if showsHeader, let maxWidth, let note = Self.omittedNote(titles: omitted) {
            for noteLine in HelpRenderer.wrap(note, width: max(maxWidth, 20), indent: 0) { emit(noteLine) }
        }
    }

    /// The note under a table that had to leave out the columns titled `titles` to fit the
    /// terminal; nil when none with a title was left out.
    static func omittedNote(titles: [String]) -> String? {
        let named = titles.filter { !$0.isEmpty }
        guard !named.isEmpty else { return nil }
        return "(not shown to fit: \(named.joined(separator: ", ")); a wider terminal or COLUMNS shows "
            + (named.count == 1 ? "it" : "them") + ", --format csv every column)"
    }
}

/// The widths of a table's columns within a maximum width, and which columns are left out.
struct TableLayout {
    private(set) var widths: [Int]
    private(set) var hidden: Set<Int> = []

    init(columns: [TextTable.Column], natural: [Int], cellWidths: [Int], separatorWidth: Int, maxWidth: Int?) {
        widths = natural
        guard let maxWidth else { return }
        // The least important first; among equals, the order of the columns.
        let levels = Set(columns.map(\.importance)).sorted()
        func minimum(_ index: Int) -> Int {
            if case .shrinks(let minimum) = columns[index].fit { return min(natural[index], max(1, minimum)) }
            return natural[index]
        }
        func excess() -> Int {
            let shown = widths.indices.filter { !hidden.contains($0) }
            return shown.reduce(0) { $0 + widths[$1] } + separatorWidth * max(0, shown.count - 1) - maxWidth
        }
        guard excess() > 0 else { return }
        // 1. Free text down to its minimum and extras left out, level by level.
        for level in levels {
            let shrinkable = columns.indices.filter { columns[$0].importance == level && columns[$0].fit != .whole && columns[$0].fit != .droppable }
            shrink(shrinkable, floor: minimum, by: excess())
            if excess() <= 0 { break }
            let droppable = columns.indices.filter { columns[$0].importance == level && columns[$0].fit == .droppable }
            for index in droppable.sorted(by: { natural[$0] > natural[$1] }) where excess() > 0 {
                hidden.insert(index)
            }
            if excess() <= 0 { break }
        }
        // Leaving a column out may have freed more room than was needed: give it back,
        // the most important columns first.
        if excess() < 0 {
            var spare = -excess()
            for level in levels.reversed() {
                for index in columns.indices where columns[index].importance == level && !hidden.contains(index) && spare > 0 {
                    let grow = min(spare, natural[index] - widths[index])
                    widths[index] += grow
                    spare -= grow
                }
            }
        }
        guard excess() > 0 else { return }
        // 2. Titles of whole columns down to their values.
        for index in columns.indices where columns[index].fit == .whole && !hidden.contains(index) && excess() > 0 {
            let floor = max(cellWidths[index], min(natural[index], 3))
            widths[index] = max(floor, widths[index] - excess())
        }
        guard excess() > 0 else { return }
        // 3. Free text below its useful minimum: a few characters and an ellipsis.
        let shrinks = columns.indices.filter { if case .shrinks = columns[$0].fit { true } else { false } }
        for level in levels {
            let shrinkable = shrinks.filter { columns[$0].importance == level }
            shrink(shrinkable, floor: { min(natural[$0], 3) }, by: excess())
            if excess() <= 0 { break }
        }
        // 4. A column of free text with nothing in it (no movement has a reason) is only its
        // title: it goes, named under the table, before the table is wider than asked.
        for index in shrinks where cellWidths[index] == 0 && excess() > 0 {
            hidden.insert(index)
        }
    }

    /// Takes up to `amount` columns from `indices`, always from the widest of them, none
    /// below its floor.
    private mutating func shrink(_ indices: [Int], floor: (Int) -> Int, by amount: Int) {
        var left = amount
        while left > 0 {
            let candidates = indices.filter { widths[$0] > floor($0) }
            guard let widest = candidates.max(by: { widths[$0] < widths[$1] }) else { return }
            // Columns equally wide take turns, a column at a time; a single widest one
            // comes down to the next widest (or its floor) in one step.
            let tied = candidates.filter { widths[$0] == widths[widest] }.count > 1
            let next = candidates.filter { widths[$0] < widths[widest] }.map { widths[$0] }.max() ?? 0
            let step = tied ? 1 : min(left, widths[widest] - max(floor(widest), next))
            widths[widest] -= step
            left -= step
        }
    }
}
