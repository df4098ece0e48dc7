// The dashboard's change this month and this year (issue 16, item 6): beside each total,
// and as two columns of the accounts' table (left out, the year first, when the terminal
// is too narrow, before the names shrink further).

import MoneyKit
import MoneyKitCLI
import PortfolioKit

extension PortfolioCommands {
    /// The accounts table's change columns: this month's, then this year's.
    static let changeColumns: [TextTable.Column] = [
        .init("MONTH", .right, fit: .droppable, importance: 40), .init("YEAR", .right, fit: .droppable, importance: 30),
    ]

    /// The cells of `changes` under changeColumns; a negative change in red.
    func changeCells(_ changes: PeriodChanges?, _ currency: Currency) -> [TextTable.Cell] {
        [changes?.month, changes?.year].map { change in
            TextTable.Cell(ChangeText.describe(change, currency), style: (change?.amount ?? 0) < 0 ? { styler.color($0, .red) } : nil)
        }
    }

    /// "Total GBP  £12,345.00  month +£100.00 (+0.8%)  year +£1,200.00 (+10.8%)".
    func printTotals(_ totals: [CurrencyTotal], changes: CurrentChanges) {
        for total in totals {
            var line = "Total \(total.currency.code)  \(styler.bold(money(total.value, total.currency)))"
            let periods = changes.totals[total.currency]
            for (name, change) in [("month", periods?.month), ("year", periods?.year)] {
                guard let change else { continue }
                line += "  " + styler.dim(name) + " " + ChangeText.describe(change, total.currency)
            }
            out.line(line)
        }
    }
}
