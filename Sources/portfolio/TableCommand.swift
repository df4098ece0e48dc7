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
            let table = try PeriodTable(repository: portfolio.repository, period: period, currency: currency, from: from, to: to, now: invocation.now())
            // --change: each period's change beside its value, worked out before anything is shown.
            let changes = arguments.flag("change") ? try PeriodTableChanges(table: table, repository: portfolio.repository) : nil
            // --convert-to: the combined total at each period's end, worked out before anything is printed.
            let rates = try exchangeRates()
            let converted = try rates.map { rates throws in (rates.target, try table.convertedTotals(rates)) }
            render(table, changes: changes, converted: converted, format: OutputFormat.chosen(in: arguments))
            return .ok
        }
    }

    /// `table` in `format`, with each period's change beside its value when `changes` are
    /// given, and the combined total when `converted`.
    func render(_ table: PeriodTable, changes: PeriodTableChanges?, converted: (currency: Currency, totals: [Int64?])? = nil, format: OutputFormat) {
        // One column per account and per currency's total, each with its CSV header and text title.
        let label = ReportColumn<PeriodTable.Row>("period", layout: .init("PERIOD", importance: 100), value: { .string($0.label) })
        let end = ReportColumn<PeriodTable.Row>.scriptOnly("end") { .string(Instant.iso8601($0.end)) }
        let accounts = table.accounts.enumerated().map { index, account in
            ReportColumn<PeriodTable.Row>("\(account.name) (\(account.currency.code))", layout: .amount(account.name), value: { .string($0.values[index].map { PortfolioColumns.plain($0, account.currency) } ?? "") },
                                          display: { TextTable.Cell(formatted: $0.values[index].map { Portfolio.money($0, account.currency) } ?? "") })
        }
        let totals = table.currencies.enumerated().map { index, currency in
            ReportColumn<PeriodTable.Row>("total \(currency.code)", layout: .amount("TOTAL \(currency.code)"), value: { .string($0.totals[index].map { PortfolioColumns.plain($0, currency) } ?? "") },
                                          display: { TextTable.Cell(formatted: $0.totals[index].map { Portfolio.money($0, currency) } ?? "") })
        }
        // --convert-to: one more column, the combined total (by row index: rows are in period order).
        var combined: [ReportColumn<PeriodTable.Row>] = []
        if let converted {
            let index = Dictionary(uniqueKeysWithValues: table.rows.enumerated().map { ($1.end, $0) })
            let total: @Sendable (PeriodTable.Row) -> Int64? = { row in index[row.end].flatMap { converted.totals[$0] } }
            combined.append(ReportColumn<PeriodTable.Row>("total in \(converted.currency.code)", layout: .amount("IN \(converted.currency.code)"),
                                                        value: { .string(total($0).map { PortfolioColumns.plain($0, converted.currency) } ?? "") },
                                                        display: { TextTable.Cell(formatted: total($0).map { Portfolio.money($0, converted.currency) } ?? "") }))
        }
        // With --change, each value column is followed by its change (and, for scripts, its
        // percentage). In text the changes are what gives way on a narrow terminal, named
        // under the table: the last account's first, the totals' last; the values never do,
        // and each +/- shown stands beside its own value.
        let rowIndex = Dictionary(table.rows.enumerated().map { ($1.end, $0) }) { first, _ in first }
        func besides(_ columns: [ReportColumn<PeriodTable.Row>], _ currencies: [Currency], _ header: (Int) -> String, names: (Int) -> String,
                     importance: (Int) -> Int, _ perRow: [[ValueChange?]]?, text: Bool) -> [ReportColumn<PeriodTable.Row>] {
            guard let perRow else { return columns }
            return columns.indices.flatMap { index in
                let currency = currencies[index]
                // Each row's change of this column, found by the row's end (unique per row).
                let changes = Dictionary(uniqueKeysWithValues: rowIndex.map { ($0.key, perRow[$0.value][index]) })
                let layout = TextTable.Column("+/-", .right, fit: .droppable, importance: importance(index), holdsFormattedText: true, omittedName: "+/- of \(names(index))")
                let amount = ReportColumn<PeriodTable.Row>("\(header(index)) change", layout: layout,
                                                           value: { row in .string(changes[row.end].flatMap { $0 }.map { ChangeText.plain($0, currency) } ?? "") },
                                                           display: { row in TextTable.Cell(changes[row.end].flatMap { $0 }.map { ChangeText.amount($0, currency) } ?? "") })
                let percent = ReportColumn<PeriodTable.Row>.scriptOnly("\(header(index)) change %") { row in .string(changes[row.end].flatMap { $0 }?.percentText ?? "") }
                return [columns[index], amount] + (text ? [] : [percent])
            }
        }
        func changeColumns(text: Bool) -> [ReportColumn<PeriodTable.Row>] {
            besides(accounts, table.accounts.map(\.currency), { "\(table.accounts[$0].name) (\(table.accounts[$0].currency.code))" },
                    names: { table.accounts[$0].name }, importance: { max(1, 49 - $0) }, changes?.values, text: text)
                + besides(totals, table.currencies, { "total \(table.currencies[$0].code)" }, names: { "TOTAL \(table.currencies[$0].code)" },
                          importance: { _ in 50 }, changes?.totals, text: text) + combined
        }
        switch format {
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
                             ("values", values(table.rows.map { $0.values[index] }, account.currency))]
                            + changeMembers(changes?.values.map { $0[index] }, account.currency))
                })),
                ("totals", .object(table.currencies.enumerated().map { index, currency in
                    (currency.code, values(table.rows.map { $0.totals[index] }, currency))
                })),
            ] + (changes.map { changes in
                // --change: the totals' changes beside "totals", keyed the same way.
                [("totalChanges", JSONValue.object(table.currencies.enumerated().map { index, currency in
                    (currency.code, .object(changeMembers(changes.totals.map { $0[index] }, currency)))
                }))]
            } ?? []) + (converted.map { [("converted", JSONValue.object([("currency", .string($0.currency.code)), ("totals", values($0.totals, $0.currency))]))] } ?? [])
            ).serialized(pretty: true))
        case .text:
            // Periods down the side, accounts across: a long history stays readable.
            let columns = ReportColumns([label, end] + changeColumns(text: true))
            out.table(columns.textTable(table.rows), maxWidth: invocation.terminal.width, styleHeader: styler.dim)
        case let format:
            for line in ReportColumns([label, end] + changeColumns(text: false)).delimitedLines(table.rows, format: format) { out.line(line) }
        }
    }

    /// --change in JSON: "changes" (each period's change, a string of money or null) and
    /// "changePercents" (tenths of a percent as "2.9", null when there is none: a new value
    /// or a start of zero); nothing without --change.
    private func changeMembers(_ changes: [ValueChange?]?, _ currency: Currency) -> [(String, JSONValue)] {
        guard let changes else { return [] }
        return [
            ("changes", .array(changes.map { $0.map { .string(ChangeText.plain($0, currency)) } ?? .null })),
            ("changePercents", .array(changes.map { $0?.percentText.map { .number($0) } ?? .null })),
        ]
    }
}
