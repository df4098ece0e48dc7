// A change over a period (PortfolioKit's ValueChange) as people read it: "+£34.56 (+2.9%)",
// "-£5.00 (-0.4%)", "+£1,000.00 (new)" for a value new in the period (no percentage: there
// was nothing to compare with), "+£20.00" when the start was zero. The dashboard, the
// report and table --change say it the same way.

import MoneyKit
import PortfolioKit

enum ChangeText {
    /// The amount with its sign: "+£34.56", "-£5.00", "£0.00".
    static func amount(_ change: ValueChange, _ currency: Currency) -> String {
        (change.amount > 0 ? "+" : "") + Portfolio.money(change.amount, currency)
    }

    /// The percentage with its sign ("+2.9%", "-0.4%", "0.0%"), "new" for a value new in
    /// the period, nil when there is no start to compare with (zero).
    static func percent(_ change: ValueChange) -> String? {
        if change.isNew { return "new" }
        guard let text = change.percentText, let tenths = change.tenthsOfPercent else { return nil }
        return (tenths > 0 ? "+" : "") + text + "%"
    }

    /// "+£34.56 (+2.9%)"; "" when there is no change to tell (no value in the period).
    static func describe(_ change: ValueChange?, _ currency: Currency) -> String {
        guard let change else { return "" }
        return amount(change, currency) + (percent(change).map { " (\($0))" } ?? "")
    }

    /// The plain machine form of a change's amount ("34.56", "-5.00").
    static func plain(_ change: ValueChange, _ currency: Currency) -> String {
        PortfolioColumns.plain(change.amount, currency)
    }
}
