// tillcount report --format html: the live count as one self-contained page to print and
// sign. No network: the style is inline, there are no scripts, fonts or images. The page
// prints on one A4 sheet for a full till of every denomination of the largest currency
// in the catalog (the layout is measured by TillcountHTMLReportTests through headless
// Chromium), and reads on a phone without sideways scrolling. Amounts are formatted as
// the text report formats them; every stored or typed string goes through HTMLText.

import MoneyKit
import MoneyKitCLI
import MoneyKitFormatting
import MoneyKitPlatform
import TillKit

struct ReportHTML {
    let report: TillReport
    /// The count set against the expected cash: on a blind count it holds no expected
    /// cash, cash sales or over/short, so the page cannot show them.
    let standing: CashStanding
    /// The page's `lang` (HTMLText.language).
    let language: String
    /// The saved count the page shows (`history show ID --format html`), nil for the live count.
    var saved: SavedCount? = nil

    private var summary: TillSummary { standing.summary }
    /// The words of the text report (standing, over/short), no styling.
    private var words: TillRendering { TillRendering(styler: Styler(enabled: false), width: 80) }

    private func money(_ amount: Money) -> String { HTMLText.escaped(words.money(amount)) }
    private func text(_ text: String) -> String { HTMLText.escaped(text) }

    /// The page, line by line.
    func page() -> [String] {
        let date = Instant.localMinutes(report.madeAt)
        let heading = saved.map { "Saved count \($0.id)" + ($0.kind == .z ? ", closing count \($0.kindText)" : "") } ?? "Till count"
        let title = "\(heading), \(report.till), \(date), \(summary.currency.code)"
        var lines = Self.documentStart(title: title, language: language)
        lines += ["<main>", "<header>", "<h1>\(text(heading))</h1>", "<dl class=\"facts\">"]
        lines.append(fact("Till", text(report.till)))
        lines.append(fact(saved == nil ? "Date" : "Saved", "<time datetime=\"\(text(Instant.iso8601(Int64(report.madeAt.rounded(.down)))))\">\(text(date))</time>"))
        lines.append(fact("Currency", text(summary.currency.code)))
        if let label = saved?.label { lines.append(fact("Label", text(label))) }
        lines += ["</dl>", "</header>"]
        lines += linesTable()
        // The totals beside the movements and notes on paper (one column on a phone).
        lines.append("<div class=\"closing\">")
        lines += totalsTable()
        let beside = movementsTable() + notes()
        if !beside.isEmpty { lines += ["<div class=\"beside\">"] + beside + ["</div>"] }
        lines.append("</div>")
        lines += [
            "<section class=\"signatures\" aria-label=\"Signatures\">",
            "<p>Counted by (cashier)</p>",
            "<p>Checked by</p>",
            "</section>",
            "</main>", "</body>", "</html>",
        ]
        return lines
    }

    /// Every page's start, up to its body: the language, the title, the style (the
    /// report's, then `extraStyle`). Shared with the summary's page (SummaryHTML).
    static func documentStart(title: String, language: String, extraStyle: [String] = []) -> [String] {
        [
            "<!DOCTYPE html>",
            "<html lang=\"\(HTMLText.escaped(language))\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta name=\"generator\" content=\"tillcount\">",
            "<title>\(HTMLText.escaped(title))</title>",
            "<style>",
        ] + style + extraStyle + ["</style>", "</head>", "<body>"]
    }

    private func fact(_ name: String, _ valueHTML: String) -> String {
        "<div><dt>\(text(name))</dt><dd>\(valueHTML)</dd></div>"
    }

    /// Every counted line, loose then rolls, each section with its subtotal.
    private func linesTable() -> [String] {
        var lines = [
            "<div class=\"scroll\">",
            "<table class=\"lines\">",
            "<caption>Counted notes, coins, rolls and bags</caption>",
            "<colgroup><col class=\"denomination\"><col class=\"kind\"><col class=\"quantity\"><col class=\"value\"></colgroup>",
            "<thead><tr><th scope=\"col\">Denomination</th><th scope=\"col\">Kind</th><th scope=\"col\" class=\"num\">Quantity</th><th scope=\"col\" class=\"num\">Value</th></tr></thead>",
        ]
        func section(_ title: String, _ counted: [TillLine], subtotal: Money, pieces: Int64, name: String) {
            guard !counted.isEmpty else { return }
            lines.append("<tbody class=\"\(name)\">")
            lines.append("<tr class=\"section\"><th scope=\"rowgroup\" colspan=\"4\">\(text(title))</th></tr>")
            for line in counted {
                lines.append("<tr><td>\(text(line.label))</td><td>\(text(kind(line)))</td><td class=\"num\">\(line.quantity)</td><td class=\"num\">\(money(line.value))</td></tr>")
            }
            // The count of pieces is the section's (lines not shown hold none).
            lines.append("<tr class=\"subtotal\"><th scope=\"row\" colspan=\"2\">Subtotal, \(text(title.lowercased()))</th><td class=\"num pieces\">\(pieces) pc</td><td class=\"num\">\(money(subtotal))</td></tr>")
            lines.append("</tbody>")
        }
        section("Loose notes and coins", summary.loose.filter { $0.quantity > 0 }, subtotal: summary.looseTotal, pieces: summary.loosePieces, name: "loose")
        section("Rolls and bags", summary.rolls.filter { $0.quantity > 0 }, subtotal: summary.rollTotal, pieces: summary.rollPieces, name: "rolls")
        if summary.counted.isEmpty {
            lines.append("<tbody><tr><td colspan=\"4\" class=\"empty\">Nothing counted yet</td></tr></tbody>")
        }
        lines += ["</table>", "</div>"]
        return lines
    }

    /// Note, coin, roll or bag (as the denomination set wraps that coin).
    private func kind(_ line: TillLine) -> String {
        guard line.item.kind == .roll else { return line.item.kind.rawValue }
        let roll = summary.set.rolls.first { $0.coinMinorUnits == line.item.minorUnits }
        return roll?.packaging == .bag ? "bag" : "roll"
    }

    /// The grand total, the float, the deposit or shortage, and the expected cash with the
    /// over/short when there is one.
    private func totalsTable() -> [String] {
        var rows: [(name: String, value: String, className: String?)] = [
            ("Total", money(summary.total), "grand"),
            ("Float", money(summary.float), nil),
        ]
        let (label, amount) = words.standing(summary)
        rows.append((label, money(amount), summary.difference.isNegative ? "short" : nil))
        if standing.isBlind {
            // Words, not an amount: they may wrap (class "words"), the labels beside them never.
            rows.append(("Expected", "hidden (blind count: shown once saved)", "hidden"))
        }
        if let cash = standing.cash {
            for (name, figure) in ExpectedRendering.breakdown(cash, blind: false).dropLast() {
                rows.append((name, figure.map(money) ?? "", nil))
            }
        }
        if let expected = summary.expected, let overShort = summary.overShort {
            rows.append(("Expected", money(expected), nil))
            rows.append(("Over/short", text(words.overShortText(overShort)), overShort.isNegative ? "short" : nil))
            if let tolerance = standing.tolerance, let beyond = standing.isBeyondTolerance {
                rows.append(("Tolerance", text((beyond ? "beyond tolerance " : "within tolerance ") + "(\(words.money(tolerance.amount)))"),
                             beyond ? "beyond" : nil))
            }
        }
        var lines = ["<div class=\"scroll figures\">", "<table class=\"totals\">", "<caption>Totals</caption>", "<tbody>"]
        for row in rows {
            let attribute = row.className.map { " class=\"\($0)\"" } ?? ""
            let cell = row.className == "hidden" ? "num words" : "num"
            lines.append("<tr\(attribute)><th scope=\"row\">\(text(row.name))</th><td class=\"\(cell)\">\(row.value)</td></tr>")
        }
        lines += ["</tbody>", "</table>", "</div>"]
        return lines
    }

    /// The paid-ins, paid-outs and drops with their reasons, oldest first (a blind count
    /// shows them too); cash sales only as their sum, in the totals.
    private func movementsTable() -> [String] {
        let date = Instant.localMinutes(report.madeAt)
        let movements = standing.count.state.movements.filter { $0.kind != .sale }
        guard !movements.isEmpty else { return [] }
        var lines = [
            "<div class=\"scroll\">",
            "<table class=\"movements\">",
            "<caption>Paid in, paid out, refunds and drops</caption>",
            "<thead><tr><th scope=\"col\">Time</th><th scope=\"col\">Kind</th><th scope=\"col\" class=\"num\">Amount</th><th scope=\"col\">Reason</th></tr></thead>",
            "<tbody>",
        ]
        for movement in movements {
            // The day only when it is not the report's.
            var time = Instant.parseISO8601(movement.at).map(Instant.localMinutes) ?? movement.at
            if time.count == 16, time.prefix(11) == date.prefix(11) { time = String(time.suffix(5)) }
            let kind = switch movement.kind {
            case .paidIn: "paid in"
            case .paidOut: "paid out"
            case .refund: "refund"
            case .drop: "drop"
            case .sale: "sale"
            }
            lines.append("<tr><td>\(text(time))</td><td>\(kind)</td><td class=\"num\">\(money(movement.amount(summary.currency)))</td><td>\(text(movement.reason ?? ""))</td></tr>")
        }
        lines += ["</tbody>", "</table>", "</div>"]
        return lines
    }

    private func notes() -> [String] {
        guard !report.notes.isEmpty else { return [] }
        var lines = ["<section class=\"notes\">", "<h2>Notes</h2>", "<ul>"]
        lines += report.notes.map { "<li>\(text($0))</li>" }
        lines += ["</ul>", "</section>"]
        return lines
    }

    /// The page's style: A4 with print margins; one column that narrows to a phone's width.
    static let style = [
        "@page { size: A4; margin: 12mm 15mm; }",
        "*, *::before, *::after { box-sizing: border-box; }",
        "html { font: 10pt/1.25 \"DejaVu Sans\", \"Liberation Sans\", Arial, Helvetica, sans-serif; color: #000; background: #fff; }",
        "body { margin: 0 auto; padding: 4mm; max-width: 190mm; }",
        "@media print { body { padding: 0; max-width: none; } }",
        // A phone: smaller type and padding, so a full till's columns fit its width.
        "@media screen and (max-width: 480px) { html { font-size: 8.5pt; } body { padding: 2mm; } th, td { padding: 0.5mm 0.8mm; } }",
        "h1 { font-size: 16pt; margin: 0 0 1.5mm; }",
        "h2 { font-size: 11pt; margin: 0 0 1mm; }",
        ".facts { display: flex; flex-wrap: wrap; gap: 0.5mm 7mm; margin: 0 0 3mm; }",
        ".facts dt { display: inline; font-weight: bold; }",
        ".facts dt::after { content: \":\"; }",
        ".facts dd { display: inline; margin: 0 0 0 1.5mm; }",
        "table { width: 100%; border-collapse: collapse; }",
        "caption { text-align: left; font-weight: bold; font-size: 11pt; padding: 0 0 1mm; }",
        "th, td { padding: 0.4mm 1.5mm; text-align: left; vertical-align: top; overflow-wrap: anywhere; }",
        // Amounts and headings never break inside; labels and notes give way instead.
        ".num, thead th { white-space: nowrap; overflow-wrap: normal; }",
        ".num { text-align: right; font-variant-numeric: tabular-nums; }",
        ".num.pieces { white-space: normal; }",
        // Only an amount too wide for a phone scrolls, in its table alone.
        ".scroll { overflow-x: auto; }",
        // On paper the columns are set; on a screen they share what there is.
        "@media print { .lines col.kind { width: 13%; } .lines col.quantity { width: 15%; } .lines col.value { width: 27%; } }",
        ".lines thead th { border-bottom: 1.5pt solid #000; font-size: 9pt; }",
        ".lines tbody td { border-bottom: 0.5pt solid #bbb; }",
        ".lines tr.section th { padding-top: 1.5mm; font-size: 9pt; text-transform: uppercase; letter-spacing: 0.04em; }",
        ".lines tr.subtotal th, .lines tr.subtotal td { border-top: 1pt solid #000; border-bottom: 0; font-weight: bold; }",
        ".lines .empty { font-style: italic; text-align: center; padding: 3mm; }",
        ".closing { display: flex; flex-flow: row-reverse wrap; align-items: flex-start; gap: 3mm 6mm; margin-top: 3mm; }",
        ".closing .figures { flex: 1 1 75mm; break-inside: avoid; }",
        ".closing .beside { flex: 1 1 85mm; }",
        ".totals { width: 100%; }",
        ".totals caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }",
        ".totals th, .totals td { border-bottom: 0.5pt solid #bbb; }",
        // A label is a word or two: never broken into letters beside a long cell (the
        // blind count's "hidden (…)" squeezed "Total" into "To/ta/l" on paper).
        ".totals th { white-space: nowrap; overflow-wrap: normal; width: 1%; }",
        ".totals td.words { white-space: normal; overflow-wrap: normal; }",
        ".totals tr.grand th, .totals tr.grand td { font-size: 12pt; font-weight: bold; border-top: 1.5pt solid #000; border-bottom: 1.5pt solid #000; }",
        ".totals tr.short th, .totals tr.short td, .totals tr.beyond th, .totals tr.beyond td { font-weight: bold; }",
        ".movements { font-size: 9pt; }",
        ".movements thead th { border-bottom: 1pt solid #000; }",
        ".movements td { border-bottom: 0.5pt solid #bbb; }",
        ".movements td:first-child, .movements td:nth-child(2) { white-space: nowrap; }",
        ".notes { margin-top: 2mm; }",
        ".movements caption, .notes h2 { font-size: 10pt; }",
        ".notes ul { margin: 0; padding-left: 5mm; }",
        ".notes li { overflow-wrap: anywhere; white-space: pre-wrap; }",
        ".signatures { display: flex; flex-wrap: wrap; gap: 4mm 12mm; margin-top: 11mm; break-inside: avoid; }",
        ".signatures p { flex: 1 1 60mm; margin: 0; padding-top: 1mm; border-top: 1pt solid #000; font-size: 9pt; }",
    ]
}
