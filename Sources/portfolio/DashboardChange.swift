// The dashboard's change this month and this year (issue 16, item 6): beside each total,
// and as two columns of the accounts' table (left out, the year first, when the terminal
// is too narrow, before the names shrink further). A change in value, not a return: money
// put in and taken out counts in it (issue 26, item 35: +97.6 % beside a 4.9 % TWR read as
// a return). So it is named a change everywhere (here, the HTML report, table --change's
// "change" keys), and a legend below the table says so and points to portfolio returns.

import MoneyKit
import MoneyKitCLI
import PortfolioKit

extension PortfolioCommands {
    /// The accounts table's change columns: this month's, then this year's.
    static let changeColumns: [TextTable.Column] = [
        .init("MONTH'S CHANGE", .right, fit: .droppable, importance: 40), .init("YEAR'S CHANGE", .right, fit: .droppable, importance: 30),
    ]

    /// Below the accounts' table: what the change columns are, and where the return is.
    static let changeLegend = "Changes include money put in and taken out; 'portfolio returns' nets it out."

    /// The cells of `changes` under changeColumns; a negative change in red.
    func changeCells(_ changes: PeriodChanges?, _ currency: Currency) -> [TextTable.Cell] {
        [changes?.month, changes?.year].map { change in
            TextTable.Cell(ChangeText.describe(change, currency), style: (change?.amount ?? 0) < 0 ? { styler.color($0, .red) } : nil)
        }
    }

    /// "Total GBP  £12,345.00  month's change +£100.00 (+0.8%)  year's change +£1,200.00 (+10.8%)",
    /// each part whole, on more lines when the terminal is narrower (issue 26, item 31).
    func printTotals(_ totals: [CurrencyTotal], changes: CurrentChanges) {
        for total in totals {
            var parts = ["Total \(total.currency.code)  \(styler.bold(money(total.value, total.currency)))"]
            let periods = changes.totals[total.currency]
            for (name, change) in [("month's change", periods?.month), ("year's change", periods?.year)] {
                guard let change else { continue }
                parts.append(styler.dim(name) + " " + ChangeText.describe(change, total.currency))
            }
            for line in ScreenText.pack(parts, width: invocation.terminal.width, separator: "  ", indent: 2) { out.line(line) }
        }
    }
}
