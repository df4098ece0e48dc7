// portfolio table: PortfolioKit's PeriodTable (each account's value and the total per
// currency at the end of each period) rendered as text, JSON, CSV or TSV. Its columns
// depend on the accounts, so they are made per table, each defined once below.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

extension PortfolioCommands {
    func table() throws -> ExitCode {
        let period = try choice(PortfolioSpec.period)
        return try report { portfolio in
            // Read once the store is open: a store that cannot be read is the error first.
            let currency = try inputs.currencyOption()
            let from = try dateOptionIfGiven("from")
            let to = try dateOption("to")
            let table = try PeriodTable(repository: portfolio.repository, period: period, currency: currency, from: from, to: to, now: Instant.now())
            // --convert-to: the combined total at each period's end, worked out before anything is printed.
            let rates = try exchangeRates()
            let converted = try rates.map { rates throws in (rates.target, try table.convertedTotals(rates)) }
            render(table, converted: converted)
            return .ok
        }
    }

    private func render(_ table: PeriodTable, converted: (currency: Currency, totals: [Int64?])? = nil) {
        // One column per account and per currency's total, each with its CSV header and text title.
        let label = ReportColumn<PeriodTable.Row>("period", layout: .init("PERIOD", importance: 100), value: { .string($0.label) })
        let end = ReportColumn<PeriodTable.Row>.scriptOnly("end") { .string(Instant.iso8601($0.end)) }
        let accounts = table.accounts.enumerated().map { index, account in
            ReportColumn<PeriodTable.Row>("\(account.name) (\(account.currency.code))", layout: .amount(account.name), value: { .string($0.values[index].map { PortfolioColumns.plain($0, account.currency) } ?? "") },
                                          display: { TextTable.Cell($0.values[index].map { Portfolio.money($0, account.currency) } ?? "") })
        }
        var totals = table.currencies.enumerated().map { index, currency in
            ReportColumn<PeriodTable.Row>("total \(currency.code)", layout: .amount("TOTAL \(currency.code)"), value: { .string($0.totals[index].map { PortfolioColumns.plain($0, currency) } ?? "") },
                                          display: { TextTable.Cell($0.totals[index].map { Portfolio.money($0, currency) } ?? "") })
        }
        // --convert-to: one more column, the combined total (by row index: rows are in period order).
        if let converted {
            let index = Dictionary(uniqueKeysWithValues: table.rows.enumerated().map { ($1.end, $0) })
            let total: @Sendable (PeriodTable.Row) -> Int64? = { row in index[row.end].flatMap { converted.totals[$0] } }
            totals.append(ReportColumn<PeriodTable.Row>("total in \(converted.currency.code)", layout: .amount("IN \(converted.currency.code)"),
                                                        value: { .string(total($0).map { PortfolioColumns.plain($0, converted.currency) } ?? "") },
                                                        display: { TextTable.Cell(total($0).map { Portfolio.money($0, converted.currency) } ?? "") }))
        }
        switch OutputFormat.chosen(in: arguments) {
        case .json:
            // Accounts across as arrays of values, one per period.
            func values(_ values: [Int64?], _ currency: Currency) -> JSONValue {
                .array(values.map { $0.map { .string(PortfolioColumns.plain($0, currency)) } ?? .null })
            }
            out.line(JSONValue.object([
                ("period", .string(table.period.rawValue)),
                ("periods", .array(table.rows.map { .object([("label", .string($0.label)), ("end", .string(Instant.iso8601($0.end)))]) })),
                ("accounts", .array(table.accounts.enumerated().map { index, account in
                    .object([("name", .string(account.name)), ("currency", .string(account.currency.code)),
                             ("values", values(table.rows.map { $0.values[index] }, account.currency))])
                })),
                ("totals", .object(table.currencies.enumerated().map { index, currency in
                    (currency.code, values(table.rows.map { $0.totals[index] }, currency))
                })),
            ] + (converted.map { [("converted", JSONValue.object([("currency", .string($0.currency.code)), ("totals", values($0.totals, $0.currency))]))] } ?? [])
            ).serialized(pretty: true))
        case .text:
            // Periods down the side, accounts across: a long history stays readable.
            let columns = ReportColumns([label, end] + accounts + totals)
            for line in columns.textTable(table.rows).render(maxWidth: invocation.terminal.width, styleHeader: styler.dim) { out.line(line) }
        case let format:
            for line in ReportColumns([label, end] + accounts + totals).delimitedLines(table.rows, format: format) { out.line(line) }
        }
    }
}
