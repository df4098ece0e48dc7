// How an itemised split looks: for people, the whole bill and one table row per person
// (then each person's own items); for scripts, JSON (the bill and `people`) and CSV/TSV
// (one row per person). Amounts for scripts are plain ("33.34"), names exact bytes; the
// text table escapes what it shows.

import BillKit
import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import MoneyKitFormatting

struct ItemsRendering {
    let localeIdentifier: String?
    let styler: Styler
    /// Columns to fit the tables to (nil: as wide as they need).
    var width: Int? = nil

    func money(_ amount: Money) -> String { amount.formatted(localeIdentifier: localeIdentifier) }

    /// The whole bill, the table of people, and each person's own items.
    func text(_ result: ItemisedResult) -> [String] {
        // The bill's rows as the single bill's card words them (tax, tip, rounding).
        let card = BillRendering(localeIdentifier: localeIdentifier, styler: styler, width: width)
        // Labels and money this program formatted: direction marks kept.
        var bill = TextTable(
            columns: [.init("what", importance: 100, holdsFormattedText: true), .amount("amount"), .init("note", fit: .droppable, holdsFormattedText: true)],
            showsHeader: false)
        bill.append(["Items (\(result.items.count))", money(result.bill.request.bill), ""])
        for row in card.taxRows(result.bill) { bill.append(row) }
        bill.append([card.tipLabel(result.bill), money(result.bill.tip), card.tipNote(result.bill)])
        for row in card.roundTotalRows(result.bill) { bill.append(row) }
        bill.append([TextTable.Cell("Total"), TextTable.Cell(money(result.total), style: styler.bold), ""])
        var lines = bill.render(maxWidth: width)
        lines.append("")

        let showsTax = !result.tax.isZero
        var columns: [TextTable.Column] = [.text("person", importance: 100), .amount("items"), .amount("shared")]
        if showsTax { columns.append(.amount(result.taxIsIncluded ? "incl. tax" : "tax")) }
        columns += [.amount("tip"), .amount("pays")]
        var people = TextTable(columns: columns)
        for person in result.people {
            var row = [TextTable.Cell(person.name), TextTable.Cell(money(person.items)), TextTable.Cell(money(person.shared))]
            if showsTax { row.append(TextTable.Cell(money(person.tax))) }
            row += [TextTable.Cell(money(person.tip)), TextTable.Cell(money(person.total), style: styler.bold)]
            people.rows.append(row)
        }
        lines += people.render(maxWidth: width, styleHeader: styler.dim)

        let withItems = result.people.filter { !$0.ownItems.isEmpty }
        if !withItems.isEmpty {
            lines.append("")
            var own = TextTable(columns: [.text("person", importance: 50), .text("item", importance: 40), .amount("amount")])
            for person in withItems {
                for (index, item) in person.ownItems.enumerated() {
                    own.append([index == 0 ? person.name : "", item.name, money(item.amount)])
                }
            }
            lines += own.render(maxWidth: width, styleHeader: styler.dim)
        }
        return lines
    }

    /// One row per person, for JSON's `people` and for CSV and TSV.
    static let personColumns = ReportColumns<PersonBill>([
        .scriptOnly("name") { .string($0.name) },
        .scriptOnly("items") { .string($0.items.plainString) },
        .scriptOnly("shared") { .string($0.shared.plainString) },
        .scriptOnly("tax") { .string($0.tax.plainString) },
        .scriptOnly("tip") { .string($0.tip.plainString) },
        .scriptOnly("total") { .string($0.total.plainString) },
    ])

    /// The JSON document: the whole bill, then `people` (each with name, parts and total).
    /// `tax` is the added tax, or with --tax-included the tax inside the bill
    /// (`taxIncluded` true: each person's `tax` is then in their items, not added);
    /// `extraTip` is what --round-total changed the tip by.
    static func json(_ result: ItemisedResult) -> JSONValue {
        let adjustments = result.bill.request.adjustments
        var members: [(String, JSONValue)] = [
            ("currency", .string(result.currency.code)),
            ("bill", .string(result.bill.request.bill.plainString)),
            ("tax", .string(result.tax.plainString)),
        ]
        if let tax = adjustments.tax {
            members.append(("taxPercent", .number(tax.rate.description)))
            members.append(("taxIncluded", .bool(result.taxIsIncluded)))
        }
        members += [
            ("tipPercent", result.bill.tipPercent.map { .number($0.description) } ?? .null),
            ("tip", .string(result.bill.tip.plainString)),
        ]
        if adjustments.roundTotalUnit != nil { members.append(("extraTip", .string(result.bill.roundingExtra.plainString))) }
        members += [
            ("total", .string(result.total.plainString)),
            ("people", .array(personColumns.jsonObjects(result.people))),
        ]
        return .object(members)
    }

    /// CSV or TSV: a header, then one line per person, each with the currency.
    static func delimitedLines(_ result: ItemisedResult, format: OutputFormat) -> [String] {
        var columns = personColumns
        let currency = result.currency.code
        columns.columns.append(.scriptOnly("currency") { _ in .string(currency) })
        return columns.delimitedLines(result.people, format: format)
    }
}
