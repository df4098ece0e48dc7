// A report's columns, defined once: each column names its JSON key, its CSV/TSV header and
// its text title, and reads its value from a row. The renderers below turn rows of a report
// value (computed by a tool's library) into JSON objects, CSV or TSV lines and a text table,
// so that the three spellings of a field can never drift apart (hledger's shape: a report
// type, and a renderer per format).

import MoneyKitStorage

/// One column of a report whose rows are `Row`.
package struct ReportColumn<Row>: Sendable {
    /// The JSON key, also the CSV/TSV header unless `header` says otherwise.
    package var key: String
    /// The CSV and TSV header.
    package var header: String
    /// How the column is laid out in a text table (its title, alignment and fit).
    package var layout: TextTable.Column
    /// The value for scripts: JSON, and (as its plain text) CSV and TSV.
    package var value: @Sendable (Row) -> JSONValue
    /// The cell for people; nil shows the value's plain text.
    package var display: (@Sendable (Row) -> TextTable.Cell)?
    /// Left out of the text table (shown to scripts only).
    package var isScriptOnly: Bool

    package init(
        _ key: String, header: String? = nil, layout: TextTable.Column, scriptOnly: Bool = false,
        value: @escaping @Sendable (Row) -> JSONValue, display: (@Sendable (Row) -> TextTable.Cell)? = nil
    ) {
        self.key = key
        self.header = header ?? key
        self.layout = layout
        self.value = value
        self.display = display
        self.isScriptOnly = scriptOnly
    }

    /// A column for scripts only (JSON, CSV, TSV).
    package static func scriptOnly(_ key: String, header: String? = nil, value: @escaping @Sendable (Row) -> JSONValue) -> ReportColumn {
        ReportColumn(key, header: header, layout: .init(key), scriptOnly: true, value: value)
    }
}

/// Renders rows through their columns, one function per format.
package struct ReportColumns<Row>: Sendable {
    package var columns: [ReportColumn<Row>]

    package init(_ columns: [ReportColumn<Row>]) {
        self.columns = columns
    }

    /// One JSON object per row, keys in column order.
    package func jsonObjects(_ rows: [Row]) -> [JSONValue] {
        rows.map(jsonObject)
    }

    /// The JSON object of one row.
    package func jsonObject(_ row: Row) -> JSONValue {
        .object(columns.map { ($0.key, $0.value(row)) })
    }

    /// The header and one line per row, as CSV or TSV (`format` other than tsv means CSV).
    package func delimitedLines(_ rows: [Row], format: OutputFormat) -> [String] {
        RecordPrinter.delimitedLines(
            header: columns.map { $0.header },
            rows: rows.map(fields),
            format: format)
    }

    /// The CSV or TSV line of one row, without the header: for output that streams rows
    /// (a million of them through `billsplit -`) and writes the header once.
    package func delimitedLine(_ row: Row, format: OutputFormat) -> String {
        format == .tsv ? DelimitedText.tsvLine(fields(row)) : DelimitedText.csvLine(fields(row))
    }

    private func fields(_ row: Row) -> [String] {
        columns.map { Self.plainText($0.value(row)) }
    }

    /// A text table of the columns shown to people.
    package func textTable(_ rows: [Row], showsHeader: Bool = true, separator: String = "  ") -> TextTable {
        let shown = columns.filter { !$0.isScriptOnly }
        var table = TextTable(columns: shown.map(\.layout), showsHeader: showsHeader, separator: separator)
        for row in rows {
            table.append(shown.map { column in
                column.display?(row) ?? TextTable.Cell(Self.plainText(column.value(row)))
            })
        }
        return table
    }

    /// A JSON value as one CSV/TSV field: strings and numbers as they are, null empty.
    package static func plainText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text), .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .array, .object: return value.serialized()
        }
    }
}
