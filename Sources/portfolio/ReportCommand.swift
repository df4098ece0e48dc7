// portfolio report (issue 16, item 11): the portfolio at a glance, as text for the terminal
// or as one self-contained HTML page (PortfolioReportHTML). PortfolioKit's PortfolioReport
// is worked out whole before anything is written: a total or change out of range is an
// error, never half a page. Written to standard output, as every portfolio report.

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

extension PortfolioCommands {
    func reportPage() throws -> ExitCode {
        let format = try choice(PortfolioSpec.reportFormat)
        return try report { portfolio in
            let report = try PortfolioReport(portfolio: portfolio, now: invocation.now())
            switch format {
            case .html:
                for line in PortfolioReportHTML(report: report).page() { out.line(line) }
            case .text:
                reportText(report)
            }
            return .ok
        }
    }

    /// The totals with their changes, the accounts with theirs, and the monthly table.
    private func reportText(_ report: PortfolioReport) {
        let dashboard = report.dashboard
        out.line(styler.bold("Portfolio") + "  " + styler.dim(Instant.dateTime(dashboard.now)))
        guard !dashboard.rows.isEmpty else {
            out.line("No accounts yet. Create one with: portfolio add NAME VALUE")
            return
        }
        printTotals(dashboard.totals, changes: dashboard.changes)
        out.line("")
        var table = TextTable(columns: [.text("ACCOUNT", minimum: 12, importance: 10), .amount("VALUE")] + Self.changeColumns + [.init("UPDATED", fit: .droppable, importance: 20)])
        for row in dashboard.rows {
            table.append([TextTable.Cell(row.account.name), TextTable.Cell(formatted: row.current.map { money($0.value, row.account.currency) } ?? "—")]
                         + changeCells(dashboard.changes.accounts[row.account.id], row.account.currency)
                         + [TextTable.Cell(row.current.map { Instant.dateTime($0.at) } ?? "no value yet")])
        }
        out.table(table, maxWidth: invocation.terminal.width, styleHeader: styler.dim)
        out.line("")
        out.line(styler.bold("Month by month"))
        render(report.table, changes: report.tableChanges, format: .text)
    }
}
