// --convert-to CODE with --rate CODE=RATE (repeatable) and --rates FILE: read into
// PortfolioKit's ExchangeRates, for the list, dashboard, table and chart. Without
// --convert-to nothing is converted, and --rate or --rates alone is a usage error.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import MoneyKitCLI
import PortfolioKit

extension PortfolioSpec {
    static let convertTo = OptionSpec.option("convert-to", value: "CODE", help: """
        Also show the combined total converted to this currency, at the rates given by --rate or \
        --rates (never implicitly).
        """)
    static let rate = OptionSpec.option("rate", value: "CODE=RATE", help: """
        1 CODE = RATE of the --convert-to currency (USD=0.79), at every date; repeatable; wins over \
        --rates for that currency.
        """, repeating: true)
    static let rates = OptionSpec.option("rates", value: "FILE", help: """
        Rates by date, CSV date,currency,rate (header optional; - for standard input): the rate in \
        force at an instant is the latest dated at or before it.
        """, completion: .file)
    /// The three options of a report that can convert.
    static let conversion: [OptionSpec] = [convertTo, rate, rates]
    static let conversionHelp = """
        --convert-to CODE adds one combined total in CODE (list and dashboard: of the active accounts now; table: at each \
        period's end; chart: one line) to the totals per currency, which stay as they are. Each amount is converted at the \
        rate in force at the instant it is valued: money × rate, the rate read as an exact decimal, rounded once, half away \
        from zero, to CODE's minor unit; then the converted amounts are added exactly. --rate USD=0.79 means 1 USD = 0.79 \
        CODE at every date; --rates FILE holds lines date,currency,rate (a date is local midnight unless a time is given), \
        and the rate in force at an instant is the latest at or before it; a --rate wins over the file for its currency. \
        A currency with no rate at an instant is an error naming the currency and the date (65), as is a result out of \
        range; a bad --rate is a usage error (64), a bad line of the file an error naming the line (65).
        """
}

extension PortfolioCommands {
    /// The rates of --convert-to, nil without it.
    func exchangeRates() throws -> ExchangeRates? {
        guard let code = arguments.value("convert-to") else {
            if !arguments.values("rate").isEmpty || arguments.value("rates") != nil {
                throw CLIError.usage("--rate and --rates need --convert-to CODE", commandPath: arguments.commandPath)
            }
            return nil
        }
        var rates = ExchangeRates(target: try CurrencyOption.parse(code, commandPath: arguments.commandPath))
        if let path = arguments.value("rates") { try readRates(path: path, into: &rates) }
        for text in arguments.values("rate") {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let currency = Currency(code: String(parts[0]).trimmingSpaces), let rate = ExchangeRates.rate(String(parts[1]).trimmingSpaces) else {
                throw CLIError.usage("""
                    invalid --rate '\(text)': expected CODE=RATE with an ISO code and a decimal \
                    above 0, e.g. USD=0.79
                    """, commandPath: arguments.commandPath)
            }
            rates.setFixed(currency, rate: rate)
        }
        return rates
    }

    /// The lines of a rates file, every bad one reported (65); a missing file is 66.
    private func readRates(path: String, into rates: inout ExchangeRates) throws {
        let source = path == "-" ? "standard input" : path
        var faults: [String] = []
        try CSVReader.forEachRecord(path: path, source: source, standardInput: invocation.input) { record, line in
            if record.count == 1 && record[0].trimmingSpaces.isEmpty { return }
            if line == 1, record.first?.trimmingSpaces.lowercased() == "date" { return }
            func fault(_ message: String) { faults.append("\(source): line \(line): \(message)") }
            guard record.count == 3 else {
                return fault("expected date,currency,rate, got \(record.count) fields" + (CSVSeparatorGuess.hint(for: record).map { " (\($0))" } ?? ""))
            }
            guard let at = Instant.parse(record[0], now: invocation.now()) else { return fault("invalid date '\(record[0])' (use 2025-07-27 or ISO 8601)") }
            guard let currency = Currency(code: record[1].trimmingSpaces) else { return fault("unknown currency '\(record[1])'") }
            guard let rate = ExchangeRates.rate(record[2].trimmingSpaces) else { return fault("invalid rate '\(record[2])' (a decimal above 0, e.g. 0.79)") }
            if !rates.addDated(currency, at: at, rate: rate) { fault("a second, different rate for \(currency.code) at \(record[0])") }
        }
        guard faults.isEmpty else {
            if faults.count == 1, let only = faults.first { throw CLIError.data(only) }
            var error = CLIError.data("\(source): \(faults.count) lines have errors")
            error.details = Array(faults.prefix(20)) + (faults.count > 20 ? ["… and \(faults.count - 20) more"] : [])
            throw error
        }
    }

    /// "Total in GBP  £1,234.56": the combined line of list and the dashboard.
    func printConvertedTotal(_ converted: ConvertedRows?, rates: ExchangeRates?) {
        guard let converted, let rates else { return }
        out.line("Total in \(rates.target.code)  \(styler.bold(money(converted.total, rates.target)))")
    }
}
