// tillcount history export: every (filtered) saved count with its lines, oldest first.
// CSV and TSV are long: one row per counted line, the count's fields repeated, so a
// spreadsheet can pivot them; JSON nests the lines in their count. Each count carries
// what it was set against as saved: the cash sales, paid-ins, paid-outs and drops (JSON:
// every movement with its reason and time; CSV: their sums, and the movements as one
// cell "paid-out 12.50 milk; drop 200.00"), the tolerance and its verdict.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import TillKit

struct HistoryExportCommand {
    let context: TillContext

    /// One row of the long table: a count and one of its lines (nil: a count with none).
    typealias Row = (count: SavedCount, line: SavedLine?)

    /// The count's fields, first in every row and in every JSON count.
    static let countColumns: [ReportColumn<SavedCount>] = [
        .scriptOnly("id") { .integer($0.id) },
        .scriptOnly("saved") { .string($0.savedAt) },
        .scriptOnly("till") { .string($0.till) },
        .scriptOnly("kind") { .string($0.kind.rawValue) },
        .scriptOnly("number") { $0.zNumber.map(JSONValue.integer) ?? .null },
        .scriptOnly("label") { $0.label.map(JSONValue.string) ?? .null },
        .scriptOnly("currency") { .string($0.currency.code) },
        .scriptOnly("total") { .string($0.total.plainString) },
        .scriptOnly("float") { .string($0.float.plainString) },
        .scriptOnly("expected") { $0.expected.map { .string($0.plainString) } ?? .null },
        .scriptOnly("overShort") { $0.overShort.map { .string($0.plainString) } ?? .null },
    ]

    /// What the count was set against as saved (after the line's fields in CSV and TSV,
    /// so the columns scripts read before stay where they were).
    static let cashColumns: [ReportColumn<SavedCount>] = [
        .scriptOnly("sales") { sum($0, .sale) },
        .scriptOnly("paidIn") { sum($0, .paidIn) },
        .scriptOnly("paidOut") { sum($0, .paidOut) },
        .scriptOnly("drops") { sum($0, .drop) },
        .scriptOnly("tolerance") { $0.tolerance.map { .string($0.plainString) } ?? .null },
        .scriptOnly("beyondTolerance") { $0.isBeyondTolerance.map(JSONValue.bool) ?? .null },
        // Last, so that the columns scripts read before stay where they were.
        .scriptOnly("refunds") { sum($0, .refund) },
    ]

    /// The sum of the count's movements of `kind`, or null when it has no movements at all
    /// (a count saved before they were kept, or with none recorded).
    static func sum(_ count: SavedCount, _ kind: TillMovement.Kind) -> JSONValue {
        guard let cash = count.expectedCash else { return .null }
        switch kind {
        case .sale: return .string(cash.sales.plainString)
        case .paidIn: return .string(cash.paidIn.plainString)
        case .paidOut: return .string(cash.paidOut.plainString)
        case .refund: return .string(cash.refunds.plainString)
        case .drop: return .string(cash.drops.plainString)
        }
    }

    /// The movements in one cell for CSV and TSV: "sale 312.40; paid-out 12.50 milk".
    static func movementsCell(_ count: SavedCount) -> JSONValue {
        guard !count.movements.isEmpty else { return .null }
        return .string(count.movements.map { movement in
            "\(movement.kind.rawValue) \(movement.amount(count.currency).plainString)" + (movement.reason.map { " \($0)" } ?? "")
        }.joined(separator: "; "))
    }

    /// A line's fields (in JSON, `kind` is the line's kind).
    static func lineColumns(kindKey: String) -> [ReportColumn<(count: SavedCount, line: SavedLine)>] {
        [
            .scriptOnly("token") { .string($0.line.token ?? "") },
            .scriptOnly(kindKey) { .string($0.line.item.kind.rawValue) },
            .scriptOnly("face") { .string(Money.plainString(minorUnits: $0.line.item.minorUnits, exponent: $0.count.currency.minorUnitExponent)) },
            .scriptOnly("quantity") { .integer($0.line.quantity) },
            .scriptOnly("rollSize") { .integer($0.line.rollSize) },
            .scriptOnly("value") { .string(Money.plainString(minorUnits: $0.line.valueMinorUnits, exponent: $0.count.currency.minorUnitExponent)) },
        ]
    }

    /// The long table's columns: the count's, then the line's (empty for a count with none).
    static var rowColumns: ReportColumns<Row> {
        func perCount(_ columns: [ReportColumn<SavedCount>]) -> [ReportColumn<Row>] {
            columns.map { column in ReportColumn<Row>.scriptOnly(column.key) { column.value($0.count) } }
        }
        let lines = lineColumns(kindKey: "lineKind").map { column in
            ReportColumn<Row>.scriptOnly(column.key) { row in row.line.map { column.value((row.count, $0)) } ?? .null }
        }
        return ReportColumns(perCount(countColumns) + lines + perCount(cashColumns + [.scriptOnly("movements") { movementsCell($0) }]))
    }

    func run() throws -> ExitCode {
        let counts = try context.till.historyExport(try HistoryCommands(context: context).filter())
        let format = OutputFormat.chosen(in: context.arguments, fallback: .csv)
        switch format {
        case .json:
            let lineColumns = ReportColumns(Self.lineColumns(kindKey: "kind"))
            let objects = counts.map { count -> JSONValue in
                .object((Self.countColumns + Self.cashColumns).map { ($0.key, $0.value(count)) } + [
                    ("notes", .array(count.notes.map(JSONValue.string))),
                    ("addedNotes", .array(count.addedNotes.map { .object([("at", .string($0.at)), ("text", .string($0.text))]) })),
                    ("movements", .array(count.movements.map { movement in
                        .object([("kind", .string(movement.kind.rawValue)), ("amount", .string(movement.amount(count.currency).plainString)),
                                 ("reason", movement.reason.map(JSONValue.string) ?? .null), ("at", .string(movement.at))])
                    })),
                    ("lines", .array(lineColumns.jsonObjects(count.lines.map { (count, $0) }))),
                ])
            }
            context.out.line(JSONValue.array(objects).serialized(pretty: true))
        case .csv, .tsv, .text:
            let rows: [Row] = counts.flatMap { count -> [Row] in
                count.lines.isEmpty ? [(count, nil)] : count.lines.map { (count, $0) }
            }
            for line in Self.rowColumns.delimitedLines(rows, format: format == .tsv ? .tsv : .csv) { context.out.line(line) }
        }
        return .ok
    }
}
