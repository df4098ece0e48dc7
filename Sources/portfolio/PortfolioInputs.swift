// Dates, values, names and currencies as typed on portfolio's command line, read and
// checked before anything is stored (and before a store is created).

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

struct PortfolioInputs {
    let invocation: Invocation

    var arguments: ParsedArguments { invocation.arguments }

    /// An instant from --date text, or from the start or end of a range (--from, --to,
    /// --by: a year, month or day reaches to its end), or exit 65 naming the option.
    func instant(_ text: String, option: String, range: RangeEnd? = nil) throws(CLIError) -> Int64 {
        let read: Int64?
        switch range {
        case nil: read = Instant.parse(text, now: invocation.now())
        case .start: read = Instant.rangeStart(text, now: invocation.now())
        case .end: read = Instant.rangeEnd(text, now: invocation.now())
        }
        guard let instant = read else {
            if range != nil { throw CLIError.invalidRangeDate(option: option, text: text, hint: Self.dateHint(text)) }
            throw CLIError.data(
                "invalid \(option) '\(text)': expected 2025-07-27, '2025-07-27 14:30' or ISO 8601 such as 2025-07-27T14:30:00+01:00",
                hint: Self.dateHint(text))
        }
        do {
            try PortfolioLimits.checkStorable(instant: instant, text: text)
        } catch {
            throw PortfolioErrorMessages.cliError(error)
        }
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

    /// The instant --date (or `long`) gives, else `fallback`, else now by the run's clock.
    func dateOption(_ long: String = "date", default fallback: Int64? = nil) throws(CLIError) -> Int64 {
        guard let text = arguments.value(long) else { return fallback ?? invocation.now() }
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
        do {
            try PortfolioLimits.checkStorable(money)
        } catch {
            throw PortfolioErrorMessages.cliError(error)
        }
        return money
    }

    func currencyOption(_ long: String = "currency") throws(CLIError) -> Currency? {
        guard let code = arguments.value(long) else { return nil }
        return try CurrencyOption.parse(code, commandPath: arguments.commandPath)
    }

    /// An account name as typed or imported, in the form it is stored (NFC), by the one
    /// name rule (MoneyKit's ItemName): 64 when it is empty or has edge spaces (a typing
    /// slip), 65 when it holds a control character or is too long.
    static func validate(name: String) throws(CLIError) -> String {
        try CLIError.checkedName(name, what: "an account name")
    }

    /// add's input: name, currency, date and initial value, all checked.
    func addInput() throws -> (name: String, currency: Currency, at: Int64, initial: Money?) {
        let name = try Self.validate(name: arguments.argument("NAME") ?? "")
        let currency = try currencyOption() ?? LocaleCurrency.defaultCurrency(invocation.environment)
        let at = try dateOption()
        let initial = try arguments.argument("VALUE").map { text throws(CLIError) in try value(text, currency: currency) }
        return (name, currency, at, initial)
    }
}
