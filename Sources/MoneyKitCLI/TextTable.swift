// Aligned text tables for people: columns padded by display width, numbers right-aligned.

public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public struct Column: Sendable {
        public var title: String
        public var alignment: Alignment
        public init(_ title: String, _ alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    public var columns: [Column]
    public var rows: [[String]] = []
    /// Print the titles as the first line.
    public var showsHeader: Bool
    public var separator: String

    public init(columns: [Column], showsHeader: Bool = true, separator: String = "  ") {
        self.columns = columns
        self.showsHeader = showsHeader
        self.separator = separator
    }

    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The lines of the table. Cells may hold ANSI colour; widths ignore it. When
    /// `maxWidth` is given, the widest left-aligned column is shortened to fit.
    public func render(maxWidth: Int? = nil, styleHeader: (String) -> String = { $0 }) -> [String] {
        var widths = columns.map { DisplayWidth.of($0.title) }
        if !showsHeader { widths = widths.map { _ in 0 } }
        for row in rows {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        var shrinkColumn: Int?
        if let maxWidth {
            let total = widths.reduce(0, +) + separator.count * max(0, columns.count - 1)
            if total > maxWidth,
                let widest = columns.indices.filter({ columns[$0].alignment == .left }).max(by: { widths[$0] < widths[$1] }) {
                widths[widest] = max(4, widths[widest] - (total - maxWidth))
                shrinkColumn = widest
            }
        }
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for index in columns.indices {
                var cell = index < cells.count ? cells[index] : ""
                if index == shrinkColumn { cell = DisplayWidth.truncate(cell, to: widths[index]) }
                let isLast = index == columns.count - 1
                if isLast && columns[index].alignment == .left {
                    parts.append(cell)  // no trailing spaces
                } else {
                    parts.append(DisplayWidth.pad(cell, to: widths[index], alignRight: columns[index].alignment == .right))
                }
            }
            var joined = parts.joined(separator: separator)
            // No trailing blanks, e.g. after empty last cells.
            while joined.last == " " { joined.removeLast() }
            return joined
        }
        var lines: [String] = []
        if showsHeader {
            lines.append(styleHeader(line(columns.map(\.title))))
        }
        lines += rows.map(line)
        return lines
    }
}
