// portfolio report --format html (issue 16, item 11): PortfolioKit's PortfolioReport as one
// self-contained page. No network: the style is inline, the charts are inline SVG (the
// SVG of 'chart --format svg', without its XML namespace), there are no scripts, fonts or
// images. It fits a phone's width and a desktop's (a monthly table of many accounts
// scrolls in its own box), and prints. Amounts are formatted as the text reports format
// them; every stored string (a name) is shown as on a terminal (control characters
// escaped) and then escaped for markup (MarkupText).

import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
import PortfolioKit

struct PortfolioReportHTML {
    let report: PortfolioReport

    private var dashboard: Dashboard { report.dashboard }

    /// Text for the page: shown as on a terminal, then escaped for markup.
    static func text(_ text: String) -> String { MarkupText.shown(text) }
    private func text(_ text: String) -> String { Self.text(text) }
    private func money(_ minorUnits: Int64, _ currency: Currency) -> String { text(Portfolio.money(minorUnits, currency)) }

    /// The page, line by line.
    func page() -> [String] {
        let date = Instant.dateTime(dashboard.now)
        var lines = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta name=\"generator\" content=\"portfolio\">",
            "<title>Portfolio, \(text(date))</title>",
            "<style>",
        ]
        lines += Self.style
        lines += [
            "</style>", "</head>", "<body>", "<main>", "<header>", "<h1>Portfolio</h1>",
            "<p class=\"date\"><time datetime=\"\(text(Instant.iso8601(dashboard.now)))\">\(text(date))</time></p>",
            "</header>",
        ]
        guard !dashboard.rows.isEmpty else {
            lines += ["<p class=\"empty\">No accounts yet. Create one with: portfolio add NAME VALUE</p>", "</main>", "</body>", "</html>"]
            return lines
        }
        lines += totalsTable() + accountsTable() + charts() + monthlyTable()
        lines += ["</main>", "</body>", "</html>"]
        return lines
    }

    /// "+£34.56" over "(+2.9%)": the amount, and the percentage (or "new") below it.
    private func changeCell(_ change: ValueChange?, _ currency: Currency, tag: String = "td") -> String {
        guard let change else { return "<\(tag) class=\"num change\"></\(tag)>" }
        let sign = change.amount < 0 ? " down" : change.amount > 0 ? " up" : ""
        let percent = ChangeText.percent(change).map { "<span class=\"pct\">(\(text($0)))</span>" } ?? ""
        return "<\(tag) class=\"num change\(sign)\"><span class=\"amt\">\(text(ChangeText.amount(change, currency)))</span>\(percent)</\(tag)>"
    }

    /// The totals per currency with this month's and this year's change.
    private func totalsTable() -> [String] {
        var lines = [
            "<section>", "<div class=\"scroll\">", "<table class=\"totals\">", "<caption>Totals</caption>",
            "<thead><tr><th scope=\"col\">Currency</th><th scope=\"col\" class=\"num\">Total</th><th scope=\"col\" class=\"num\">Change this month</th><th scope=\"col\" class=\"num\">Change this year</th></tr></thead>",
            "<tbody>",
        ]
        for total in dashboard.totals {
            let changes = dashboard.changes.totals[total.currency]
            lines.append("<tr><th scope=\"row\">\(text(total.currency.code))</th><td class=\"num total\">\(money(total.value, total.currency))</td>"
                         + changeCell(changes?.month, total.currency) + changeCell(changes?.year, total.currency) + "</tr>")
        }
        lines += ["</tbody>", "</table>", "</div>"]
        // A change in value, not a return (issue 26, item 35): as the dashboard's legend.
        lines += ["<p class=\"note\">\(text(PortfolioCommands.changeLegend))</p>", "</section>"]
        return lines
    }

    /// Each active account: value, changes, last update and sparkline.
    private func accountsTable() -> [String] {
        var lines = [
            "<section>", "<div class=\"scroll\">", "<table class=\"accounts\">", "<caption>Accounts</caption>",
            "<thead><tr><th scope=\"col\">Account</th><th scope=\"col\" class=\"num\">Value</th><th scope=\"col\" class=\"num\">Change this month</th><th scope=\"col\" class=\"num\">Change this year</th>"
                + "<th scope=\"col\" class=\"updated\">Updated</th><th scope=\"col\" class=\"trend\">Trend</th></tr></thead>",
            "<tbody>",
        ]
        for row in dashboard.rows {
            let account = row.account, changes = dashboard.changes.accounts[account.id]
            let value = row.current.map { money($0.value, account.currency) } ?? "no value yet"
            let updated = row.current.map { "<time datetime=\"\(text(Instant.iso8601($0.at)))\">\(text(Instant.dateTime($0.at)))</time>" } ?? ""
            lines.append("<tr><th scope=\"row\" class=\"name\">\(text(account.name))</th><td class=\"num\">\(value)</td>"
                         + changeCell(changes?.month, account.currency) + changeCell(changes?.year, account.currency)
                         + "<td class=\"updated\">\(updated)</td><td class=\"trend\">\(SparklineSVG.svg(report.sparkline(of: account)))</td></tr>")
        }
        lines += ["</tbody>", "</table>", "</div>", "</section>"]
        return lines
    }

    /// The portfolio chart per currency, then each account's: the SVG charts, inline.
    private func charts() -> [String] {
        let chart = report.portfolioChart
        let to = max(chart.to, chart.from + 1)
        var lines = ["<section class=\"charts\">", "<h2>Charts</h2>"]
        for panel in chart.panels {
            let svg = SVGChart(width: 720, panelHeight: 260, from: chart.from, to: to, inline: true)
            lines.append("<figure class=\"chart portfolio\">" + svg.render([panel]).trimmingSuffix("\n") + "</figure>")
        }
        lines.append("<div class=\"account-charts\">")
        for panel in report.accountCharts {
            let svg = SVGChart(width: 480, panelHeight: 200, from: chart.from, to: to, inline: true)
            lines.append("<figure class=\"chart account\">" + svg.render([panel]).trimmingSuffix("\n") + "</figure>")
        }
        lines += ["</div>", "</section>"]
        return lines
    }

    /// The value of every account and each total at the end of every month, each with the
    /// month's change below it.
    private func monthlyTable() -> [String] {
        let table = report.table, changes = report.tableChanges
        var header = "<thead><tr><th scope=\"col\">Month</th>"
        for account in table.accounts {
            header += "<th scope=\"col\" class=\"num\">\(text(account.name))<span class=\"cur\">\(text(account.currency.code))</span></th>"
        }
        for currency in table.currencies { header += "<th scope=\"col\" class=\"num\">Total<span class=\"cur\">\(text(currency.code))</span></th>" }
        var lines = ["<section>", "<div class=\"scroll\">", "<table class=\"monthly\">", "<caption>Month by month</caption>", header + "</tr></thead>", "<tbody>"]
        for (index, row) in table.rows.enumerated() {
            var cells = "<tr><th scope=\"row\"><time datetime=\"\(text(Instant.iso8601(row.end)))\">\(text(row.label))</time></th>"
            for (column, account) in table.accounts.enumerated() {
                cells += cell(row.values[column], changes.values[index][column], account.currency)
            }
            for (column, currency) in table.currencies.enumerated() {
                cells += cell(row.totals[column], changes.totals[index][column], currency)
            }
            lines.append(cells + "</tr>")
        }
        lines += ["</tbody>", "</table>", "</div>", "</section>"]
        return lines
    }

    /// A month's value with its change below it.
    private func cell(_ value: Int64?, _ change: ValueChange?, _ currency: Currency) -> String {
        let shown = value.map { money($0, currency) } ?? ""
        let sign = (change?.amount ?? 0) < 0 ? " down" : ""
        let below = change.map { "<span class=\"month-change\(sign)\">\(text(ChangeText.amount($0, currency)))</span>" } ?? ""
        return "<td class=\"num\"><span class=\"amt\">\(shown)</span>\(below)</td>"
    }

    /// The page's style: one column from a phone's width to a desktop's; prints on A4.
    static let style = [
        "@page { size: A4; margin: 12mm 12mm; }",
        "*, *::before, *::after { box-sizing: border-box; }",
        "html { font: 11pt/1.3 \"DejaVu Sans\", \"Liberation Sans\", Arial, Helvetica, sans-serif; color: #111; background: #fff; }",
        "body { margin: 0 auto; padding: 4mm; max-width: 300mm; }",
        "@media print { body { padding: 0; max-width: none; } }",
        "h1 { font-size: 18pt; margin: 0; }",
        "h2, caption { font-size: 12pt; font-weight: bold; text-align: left; margin: 0 0 1.5mm; padding: 0; }",
        "header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 5mm; margin-bottom: 3mm; }",
        ".date { margin: 0; color: #555; }",
        "section { margin: 0 0 5mm; }",
        "table { width: 100%; border-collapse: collapse; }",
        "th, td { padding: 0.6mm 1.5mm; text-align: left; vertical-align: top; overflow-wrap: anywhere; }",
        "thead th { border-bottom: 1.2pt solid #000; font-size: 9pt; white-space: nowrap; overflow-wrap: normal; }",
        "tbody th, tbody td { border-bottom: 0.5pt solid #ccc; }",
        "tbody th { font-weight: normal; }",
        ".num { text-align: right; white-space: nowrap; overflow-wrap: normal; font-variant-numeric: tabular-nums; }",
        "thead th.num { white-space: normal; }",
        ".name { min-width: 6em; }",
        ".change .pct { display: block; font-size: 85%; color: #444; }",
        ".up .amt { color: #0a6b2a; }",
        ".down .amt, .month-change.down { color: #b00020; }",
        ".month-change { display: block; font-size: 85%; color: #555; }",
        ".cur { display: block; font-weight: normal; color: #555; }",
        ".totals .total { font-weight: bold; }",
        ".trend { width: 1%; }",
        ".trend svg { display: block; width: 96px; max-width: 100%; height: auto; }",
        // Only a table too wide for the screen scrolls, in its own box.
        ".scroll { overflow-x: auto; }",
        ".chart { margin: 0 0 3mm; }",
        ".chart svg { display: block; width: 100%; max-width: 100%; height: auto; }",
        ".account-charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 70mm), 1fr)); gap: 3mm; }",
        ".account-charts .chart { margin: 0; min-width: 0; }",
        "figure { margin: 0; break-inside: avoid; }",
        ".empty { font-style: italic; }",
        ".note { margin: 1mm 0 0; font-size: 9pt; color: #555; }",
        // A phone (last: it overrides the rules above): smaller type and padding, no update times, a shorter trend.
        "@media screen and (max-width: 520px) { html { font-size: 8pt; } body { padding: 1.5mm; } th, td { padding: 0.4mm 0.6mm; } .updated { display: none; } .name { min-width: 0; } .trend svg { width: 48px; } }",
    ]
}

extension String {
    /// Without one trailing `suffix`.
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
