// How a split looks: a card for people, one line per bill when reading a list, and
// JSON, CSV and TSV for scripts (amounts as plain "33.34", never locale formatted).

import BillKit
import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import MoneyKitFormatting

struct BillRendering {
    let localeIdentifier: String?
    let styler: Styler
    /// Columns to fit the tables to (nil: as wide as they need).
    var width: Int? = nil

    func money(_ amount: Money) -> String { amount.formatted(localeIdentifier: localeIdentifier) }

    /// "2 × $38.34 and 1 × $38.33", or the single amount when all shares are equal.
    func perPerson(_ result: BillResult) -> String {
        let groups = result.shareGroups
        if groups.count == 1 { return money(groups[0].amount) }
        let parts = groups.map { "\($0.count) × \(money($0.amount))" }
        return parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
    }

    /// The results card: bill, tip with its percentage, total, per person.
    /// With `names` (from --people Alice,Bob), each share is shown by name.
    func card(_ result: BillResult, names: [String] = []) -> [String] {
        // The note holds amounts ("to multiples of $5.00"): shown whole or, when narrow, left out.
        // Every cell is this program's own text (labels, money it formatted): direction marks kept.
        var table = TextTable(
            columns: [.init("what", importance: 100, holdsFormattedText: true), .amount("amount"), .init("note", fit: .droppable, holdsFormattedText: true)],
            showsHeader: false)
        table.append(["Bill", money(result.request.bill), ""])
        for row in taxRows(result) { table.append(row) }
        table.append([tipLabel(result), money(result.tip), tipNote(result)])
        if let unit = result.request.roundUpUnit {
            let effective = result.effectiveTipPercent.map { "effective tip \($0)%" } ?? ""
            table.append(["Rounding up", money(result.roundingExtra), "to multiples of \(money(unit)); \(effective)"])
        }
        for row in roundTotalRows(result) { table.append(row) }
        table.append([TextTable.Cell("Total"), TextTable.Cell(money(result.total), style: styler.bold), ""])
        var lines = table.render(maxWidth: width)
        let people = result.shares.count
        lines.append("")
        if !names.isEmpty {
            lines += namedShares(result, names: names)
        } else if !result.request.isEqualSplit {
            var shares = TextTable(columns: [.init("person", importance: 100), .amount("weight"), .amount("pays")])
            for (index, (weight, share)) in zip(result.request.weights, result.shares).enumerated() {
                shares.append(["Person \(index + 1)", String(weight), money(share)])
            }
            lines += shares.render(maxWidth: width, styleHeader: styler.dim)
        } else {
            let each = "\(people == 1 ? "1 person pays" : "Each of \(people) pays"): \(styler.bold(perPerson(result)))"
            lines += width.map { Self.wrapped(each, width: $0) } ?? [each]
        }
        return lines
    }

    /// `line` wrapped at its spaces to `width` columns, never inside an amount nor between
    /// "2 ×" and the share it counts (issue 26, item 31: the screen cut it to "9…").
    static func wrapped(_ line: String, width: Int) -> [String] {
        guard DisplayWidth.of(line) > width else { return [line] }
        let glued = "\u{A0}×\u{A0}"
        return ScreenText.wrap(line.replacing(" × ", with: glued), width: width).map { $0.replacing(glued, with: " × ") }
    }

    /// One line per bill for `billsplit -`.
    func summaryLine(_ result: BillResult) -> String {
        if !result.request.adjustments.isEmpty { return adjustedSummaryLine(result) }
        var line = "\(money(result.request.bill)) + \(money(result.tip)) tip (\(result.request.tipPercent)%)"
        if result.request.roundUpUnit != nil { line += " + \(money(result.roundingExtra)) rounding" }
        return line + " = \(money(result.total)): \(perPerson(result))"
    }

    /// The JSON object of one split: the weights only for an uneven split, the names only
    /// with --people names, the round-up fields only with --round-up (so not a fixed set
    /// of columns).
    static func json(_ result: BillResult, names: [String] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("currency", .string(result.currency.code)),
            ("bill", .string(result.request.bill.plainString)),
            ("tipPercent", result.tipPercent.map { .number($0.description) } ?? .null),
            ("tip", .string(result.tip.plainString)),
            ("total", .string(result.total.plainString)),
            ("people", .integer(result.shares.count)),
            ("shares", .array(result.shares.map { .string($0.plainString) })),
        ]
        if !result.request.isEqualSplit {
            members.append(("weights", .array(result.request.weights.map { .integer($0) })))
        }
        if !names.isEmpty { members.append(("names", .array(names.map { .string($0) }))) }
        if let unit = result.request.roundUpUnit {
            members.append(("roundUp", .string(unit.plainString)))
            members.append(("extraTip", .string(result.roundingExtra.plainString)))
            members.append(("effectiveTipPercent", result.effectiveTipPercent.map { .number($0.description) } ?? .null))
        }
        members += adjustmentMembers(result)
        return .object(members)
    }

    /// The CSV and TSV columns: every row the same, the shares joined by ";". (JSON has
    /// its own form above: the shares as an array, some keys only when they apply.)
    static let delimitedColumns = ReportColumns<BillResult>([
        .scriptOnly("currency") { .string($0.currency.code) },
        .scriptOnly("bill") { .string($0.request.bill.plainString) },
        .scriptOnly("tipPercent") { $0.tipPercent.map { .number($0.description) } ?? .null },
        .scriptOnly("tip") { .string($0.tip.plainString) },
        .scriptOnly("extraTip") { .string($0.roundingExtra.plainString) },
        .scriptOnly("total") { .string($0.total.plainString) },
        .scriptOnly("people") { .integer($0.shares.count) },
        .scriptOnly("shares") { .string($0.shares.map(\.plainString).joined(separator: ";")) },
    ])
}

extension ReportColumns where Row == BillResult {
    /// The CSV or TSV header line.
    func headerLine(_ format: OutputFormat) -> String {
        delimitedLines([], format: format)[0]
    }

    /// The CSV or TSV line of one split.
    func line(_ result: BillResult, _ format: OutputFormat) -> String {
        delimitedLine(result, format: format)
    }
}
