// The options that ask for the expected cash: --expected, --sales, --tolerance and
// --blind, read once for show, report and save (the figures they give are shown by
// ExpectedRendering; TillKit's CashStanding works them out).

import MoneyKit
import MoneyKitCLI
import TillKit

extension TillContext {
    /// What --expected (`expectedOption`), --sales, --tolerance and --blind ask for, read
    /// in `currency`; options a command does not take read as absent.
    /// - Throws: `CLIError` for a malformed amount, or --expected with --sales.
    func standingRequest(expected expectedOption: OptionSpec, currency: Currency) throws(CLIError) -> StandingRequest {
        let expected = try self.expected(expectedOption, currency: currency)
        let sales = try arguments.text(TillcountSpec.sales).map { text throws(CLIError) in try amount(text, currency: currency, what: "--sales") }
        if let sales, sales.isNegative { throw CLIError.data("--sales cannot be negative") }
        if expected != nil && sales != nil {
            throw CLIError.usage("--expected and --sales cannot be given together: --expected is the whole figure", commandPath: arguments.commandPath)
        }
        let tolerance = try arguments.text(TillcountSpec.tolerance).map { text throws(CLIError) in try amount(text, currency: currency, what: "--tolerance") }
        return StandingRequest(expected: expected, sales: sales, tolerance: tolerance, blind: arguments.flag(TillcountSpec.blind))
    }
}
