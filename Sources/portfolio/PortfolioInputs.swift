// Dates, values and currencies as typed on portfolio's command line, read and checked
// before anything is stored (and before a store is created).

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI

struct PortfolioInputs {
    let invocation: Invocation

    var arguments: ParsedArguments { invocation.arguments }

    /// An instant from --date/--from/--to text, or exit 65 naming the option.
    func instant(_ text: String, option: String) throws(CLIError) -> Int64 {
        guard let instant = Instant.parse(text) else {
            throw CLIError.data(
                "invalid \(option) '\(text)': expected 2025-07-27, '2025-07-27 14:30' or ISO 8601 such as 2025-07-27T14:30:00+01:00",
                hint: Self.dateHint(text))
        }
        try PortfolioCommands.checkStorable(instant: instant, text: text)
        return instant
    }

    /// What is allowed, for the date that was refused: for a word, the words portfolio
    /// knows; at the ends of the range, the range (local midnight of 0001-01-01 east of
    /// UTC is still year 0 in UTC); otherwise the calendar.
    static func dateHint(_ text: String) -> String {
        let trimmed = text.drop { $0 == " " }
        if let first = trimmed.first, first.isLetter {
            return "the words portfolio knows are now, today and yesterday; other days are written as dates"
        }
        let year = trimmed.prefix { $0.isASCII && $0.isNumber }
        if year.count > 4 || year == "0000" || year == "0001" || year == "9999" {
            return "the year must be 0001 to 9999 both in UTC and in local time (TZ); "
                + "at the very start of 0001 or the end of 9999 the two can differ"
        }
        return "a date must exist in the calendar (no 31 June) and read like one of these"
    }

    func dateOption(_ long: String = "date", default fallback: Int64 = Instant.now()) throws(CLIError) -> Int64 {
        guard let text = arguments.value(long) else { return fallback }
        return try instant(text, option: "--\(long)")
    }

    /// A value in `currency`, or exit 65 (bad text, too many decimals, beyond the range).
    func value(_ text: String, currency: Currency) throws(CLIError) -> Money {
        let money: Money
        do {
            money = try Money.parse(text, currency: currency)
        } catch {
            throw CLIError.data("\(error)", hint: error.hint)
        }
        try PortfolioCommands.checkStorable(money)
        return money
    }

    func currencyOption(_ long: String = "currency") throws(CLIError) -> Currency? {
        guard let code = arguments.value(long) else { return nil }
        return try CurrencyOption.parse(code, commandPath: arguments.commandPath)
    }
}

/// add's input: name, currency, date and initial value, all checked.
struct AddInput {
    let invocation: Invocation

    func read() throws -> (name: String, currency: Currency, at: Int64, initial: Money?) {
        let inputs = PortfolioInputs(invocation: invocation)
        let name = try PortfolioCommands.validate(name: invocation.arguments.argument("NAME") ?? "")
        let currency = try inputs.currencyOption() ?? LocaleCurrency.defaultCurrency(invocation.environment)
        let at = try inputs.dateOption()
        let initial = try invocation.arguments.argument("VALUE").map { text throws(CLIError) in try inputs.value(text, currency: currency) }
        return (name, currency, at, initial)
    }
}
