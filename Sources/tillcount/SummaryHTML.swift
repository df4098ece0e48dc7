// tillcount summary --format html: the summary as one self-contained page in the HTML
// report's look (ReportHTML's style; no network, no scripts): the range, a table of every
// till and period, and the over/short chart inline (SummaryChart).

import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
import TillKit

struct SummaryHTML {
    let summary: CountSummary
    let from: Int64?
    let to: Int64?
    let rendering: TillRendering
    /// The page's `lang` (HTMLText.language).
    let language: String

    private func text(_ text: String) -> String { HTMLText.escaped(text) }

    func page() -> [String] {
        let range = [from.map { "from \(Instant.localMinutes(Double($0)))" }, to.map { "to \(Instant.localMinutes(Double($0)))" }]
            .compactMap { $0 }.joined(separator: " ")
        let heading = "Till counts by \(summary.period.rawValue)"
        var lines = ReportHTML.documentStart(title: heading + (range.isEmpty ? "" : ", " + range), language: language, extraStyle: [
            ".summary thead th { border-bottom: 1.5pt solid #000; font-size: 9pt; }",
            ".summary tbody th, .summary tbody td { border-bottom: 0.5pt solid #bbb; font-weight: normal; }",
            ".summary .empty { font-style: italic; text-align: center; padding: 3mm; }",
            "svg { max-width: 100%; height: auto; margin-top: 4mm; }",
        ])
        lines += ["<main>", "<header>", "<h1>\(text(heading))</h1>", "<dl class=\"facts\">"]
        if let from { lines.append("<div><dt>From</dt><dd>\(text(Instant.localMinutes(Double(from))))</dd></div>") }
        if let to { lines.append("<div><dt>To</dt><dd>\(text(Instant.localMinutes(Double(to))))</dd></div>") }
        lines.append("<div><dt>Tills</dt><dd>\(text(summary.tills.joined(separator: ", ")))</dd></div>")
        lines += ["</dl>", "</header>", "<div class=\"scroll\">", "<table class=\"summary\">", "<caption>Counted, expected and over/short</caption>"]
        lines.append("<thead><tr><th scope=\"col\">Till</th><th scope=\"col\">Period</th><th scope=\"col\" class=\"num\">Counts</th><th scope=\"col\" class=\"num\">Counted</th><th scope=\"col\" class=\"num\">Expected</th><th scope=\"col\" class=\"num\">Over/short</th></tr></thead>")
        lines.append("<tbody>")
        if summary.rows.isEmpty { lines.append("<tr><td colspan=\"6\" class=\"empty\">No saved counts in this range.</td></tr>") }
        for row in summary.rows {
            let cells = [
                text(row.till), text(row.period), String(row.counts), text(rendering.money(row.counted)),
                text(row.expected.map(rendering.money) ?? ""), text(row.overShort.map(rendering.overShortText) ?? ""),
            ]
            lines.append("<tr><th scope=\"row\">\(cells[0])</th><td>\(cells[1])</td>" + cells[2...].map { "<td class=\"num\">\($0)</td>" }.joined() + "</tr>")
        }
        lines += ["</tbody>", "</table>", "</div>"]
        var chart = SummaryChart(summary: summary, rendering: rendering)
        chart.inline = true
        lines.append(chart.svg())
        lines += ["</main>", "</body>", "</html>"]
        return lines
    }
}
