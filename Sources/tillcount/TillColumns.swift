// The columns of tillcount's tabular reports, each defined once: its JSON key, CSV/TSV
// header, text title and cell come from here (see ReportColumns).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TillKit

enum TillColumns {
    /// A count's lines (show, total, history show, report csv): token, kind, quantity, value.
    static let lines = ReportColumns<TillLine>([
        .scriptOnly("token") { .string($0.token) },
        .scriptOnly("kind") { .string($0.item.kind.rawValue) },
        .scriptOnly("quantity") { .integer($0.quantity) },
        .scriptOnly("value") { .string($0.value.plainString) },
    ])

    /// The lines of a deposit plan, in JSON: the same fields as a count's lines.
    static let depositEntries = ReportColumns<DepositReport.Entry>([
        .scriptOnly("token") { .string($0.line.token) },
        .scriptOnly("kind") { .string($0.line.item.kind.rawValue) },
        .scriptOnly("quantity") { .integer($0.quantity) },
        .scriptOnly("value") { .string($0.value.plainString) },
    ])

    /// A deposit plan's lines for CSV and TSV: where each goes (keep or bank) first.
    static let depositRows = ReportColumns<(place: String, entry: DepositReport.Entry)>([
        .scriptOnly("where") { .string($0.place) },
        .scriptOnly("token") { .string($0.entry.line.token) },
        .scriptOnly("quantity") { .integer($0.entry.quantity) },
        .scriptOnly("value") { .string($0.entry.value.plainString) },
    ])

    /// The denominations of a currency.
    static let denominations = ReportColumns<DenominationsReport.Row>([
        ReportColumn("token", layout: .init("TOKEN", importance: 50)) { .string($0.token) },
        ReportColumn("kind", layout: .init("KIND", importance: 50)) { .string($0.kind.rawValue) },
        ReportColumn("label", layout: .text("LABEL", minimum: 10)) { .string($0.label) },
        ReportColumn("pieces", layout: .amount("PIECES")) { .integer($0.pieces) },
        ReportColumn("value", layout: .amount("VALUE")) { .string($0.value?.plainString ?? "") },
        // The official weight of one unit in grams, exact ("2.268"); null for notes. On a
        // narrow terminal it is left out before a label is cut (scripts always get it).
        ReportColumn("grams", layout: .init("GRAMS", .right, fit: .droppable, importance: -10)) {
            $0.milligrams.map { .string(MassText.grams($0)) } ?? .null
        },
    ])

    /// The saved counts; text shows dates and amounts for people, and leaves the currency
    /// and expected amount to scripts.
    static func history(_ rendering: TillRendering) -> ReportColumns<SavedCount> {
        ReportColumns([
            ReportColumn("id", layout: .amount("ID"), value: { .integer($0.id) }),
            // Ids, dates and amounts are shown whole; the label gives way.
            ReportColumn("saved", layout: .init("SAVED", importance: 100), value: { .string($0.savedAt) },
                         display: { TextTable.Cell(Instant.parseISO8601($0.savedAt).map(Instant.localMinutes) ?? $0.savedAt) }),
            ReportColumn("label", layout: .text("LABEL", minimum: 8), value: { $0.label.map(JSONValue.string) ?? .null }),
            .scriptOnly("currency") { .string($0.currency.code) },
            ReportColumn("total", layout: .amount("TOTAL"), value: { .string($0.total.plainString) },
                         display: { TextTable.Cell(formatted: rendering.money($0.total)) }),
            ReportColumn("float", layout: .amount("FLOAT"), value: { .string($0.float.plainString) },
                         display: { TextTable.Cell(formatted: rendering.money($0.float)) }),
            ReportColumn("difference", layout: .amount("DEPOSIT/SHORT"), value: { .string($0.difference.plainString) },
                         display: { count in
                             TextTable.Cell(count.difference.isNegative
                                 ? "short \(rendering.money((try? count.difference.negated()) ?? count.difference))"
                                 : rendering.money(count.difference))
                         }),
            .scriptOnly("expected") { $0.expected.map { .string($0.plainString) } ?? .null },
            ReportColumn("overShort", layout: .init("OVER/SHORT", importance: 100), value: { $0.overShort.map { .string($0.plainString) } ?? .null },
                         display: { TextTable.Cell($0.overShort.map(rendering.overShortText) ?? "") }),
            // Added with tills (issue 15): last, so that scripts reading the columns
            // before them by position keep working. Till and kind identify a count: they
            // never go (a till's name shrinks with an ellipsis).
            ReportColumn("till", layout: .text("TILL", minimum: 6, importance: 10), value: { .string($0.till) }),
            ReportColumn("kind", layout: .init("KIND", importance: 20), value: { .string($0.kind.rawValue) },
                         display: { TextTable.Cell($0.kindText) }),
            .scriptOnly("number") { $0.zNumber.map(JSONValue.integer) ?? .null },
        ])
    }
}
