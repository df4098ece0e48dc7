// portfolio table: each account's value and the total per currency at the end of each
// period, like hledger balance --historical --monthly. Period ends follow the local
// calendar (a month ends at the last instant before the 1st of the next, DST included).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI

struct TableCommand {
    let commands: PortfolioCommands

    enum Period: String { case day, week, month, quarter, year }

    /// The start of the period containing `instant` (local time; weeks start on Monday).
    static func periodStart(_ period: Period, containing instant: Int64) -> Int64? {
        guard let parts = Instant.localCalendar(instant), Instant.years.contains(parts.year) else { return nil }
        let year = Int32(parts.year), month = Int32(parts.month), day = Int32(parts.day)
        switch period {
        case .day: return Instant.local(year: year, month: month, day: day)
        case .week:
            let daysSinceMonday = Int32((parts.weekday + 6) % 7)
            return Instant.local(year: year, month: month, day: day).flatMap { Instant.addDays(-daysSinceMonday, to: $0) }
        case .month: return Instant.local(year: year, month: month, day: 1)
        case .quarter: return Instant.local(year: year, month: (month - 1) / 3 * 3 + 1, day: 1)
        case .year: return Instant.local(year: year, month: 1, day: 1)
        }
    }

    static func nextStart(_ period: Period, after start: Int64) -> Int64? {
        // Only from a start in the years 0001–9999.
        guard let parts = Instant.localCalendar(start), Instant.years.contains(parts.year) else { return nil }
        switch period {
        case .day: return Instant.addDays(1, to: start)
        case .week: return Instant.addDays(7, to: start)
        case .month: return Instant.addMonths(1, to: start)
        case .quarter: return Instant.addMonths(3, to: start)
        case .year: return Instant.addMonths(12, to: start)
        }
    }

    /// "2025-07", "2025-Q3", "2025", "2025-07-27", "2025-W30"-style labels.
    static func label(_ period: Period, start: Int64) -> String {
        let parts = Instant.localCalendar(start) ?? CalendarParts.epochStart
        // Four digits, as in the ISO dates beside it ("0999-07").
        let number = parts.year, month = parts.month
        let year = number >= 0 && number < 1000 ? String(repeating: "0", count: 4 - String(number).count) + String(number) : String(number)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        switch period {
        case .day: return "\(year)-\(two(month))-\(two(parts.day))"
        case .week: return "\(year)-\(two(month))-\(two(parts.day)) wk"
        case .month: return "\(year)-\(two(month))"
        case .quarter: return "\(year)-Q\((month - 1) / 3 + 1)"
        case .year: return "\(year)"
        }
    }

    func run() throws -> ExitCode {
        let arguments = commands.arguments
        let period = Period(rawValue: arguments.value("period") ?? "month") ?? .month
        var accounts = try commands.store.accounts()
        if let only = try commands.currencyOption() { accounts = accounts.filter { $0.currency == only } }
        let now = Instant.now()
        // A stored instant is clamped to years 0001–9999 (what --from accepts): no period
        // arithmetic below can overflow.
        let first = Instant.clamped(try commands.store.database.scalarInteger("SELECT min(at) FROM updates") ?? now)
        let from = try commands.dateOption("from", default: first)
        let to = try commands.dateOption("to", default: now)
        guard from <= to else { throw CLIError.usage("--from is after --to", commandPath: arguments.commandPath) }
        // Period starts from the one holding `from` to the one holding `to`.
        var starts: [Int64] = []
        var start = Self.periodStart(period, containing: from)
        while let current = start, current <= to {
            starts.append(current)
            if starts.count > 100_000 { throw CLIError.usage("too many periods; choose a longer --period or a shorter range", commandPath: arguments.commandPath) }
            start = Self.nextStart(period, after: current)
        }
        // The value in force at each period's end: the last instant before the next starts
        // (or `to` for the current period).
        let ends: [Int64] = starts.map { start in min(to, (Self.nextStart(period, after: start) ?? to + 1) - 1) }
        let series = ValueSeries(store: commands.store, accounts: accounts)
        var values: [[Int64?]] = []
        for account in accounts {
            values.append(try ends.map { try series.value(of: account, at: $0) })
        }
        let currencies = Array(Set(accounts.map(\.currency))).sorted()
        // Exact totals (PortfolioTotal): one out of range is an error, never a wrapped number.
        var totals: [Currency: [Int64?]] = [:]
        for currency in currencies {
            totals[currency] = try ends.indices.map { column throws(CLIError) in
                let present = accounts.indices.filter { accounts[$0].currency == currency }.compactMap { values[$0][column] }
                return present.isEmpty ? nil : try PortfolioTotal.of(present, currency: currency)
            }
        }
        let labels = starts.map { Self.label(period, start: $0) }
        let out = commands.out
        func plain(_ value: Int64?, _ currency: Currency) -> String {
            value.map { Money(minorUnits: $0, currency: currency).plainString } ?? ""
        }
        switch OutputFormat.chosen(in: arguments) {
        case .json:
            out.line(JSONValue.object([
                ("period", .string(period.rawValue)),
                ("periods", .array(zip(labels, ends).map { .object([("label", .string($0)), ("end", .string(Instant.iso8601($1)))]) })),
                ("accounts", .array(accounts.enumerated().map { row, account in
                    .object([("name", .string(account.name)), ("currency", .string(account.currency.code)),
                             ("values", .array(values[row].map { $0.map { .string(Money(minorUnits: $0, currency: account.currency).plainString) } ?? .null }))])
                })),
                ("totals", .object(currencies.map { currency in
                    (currency.code, .array((totals[currency] ?? []).map { $0.map { .string(Money(minorUnits: $0, currency: currency).plainString) } ?? .null }))
                })),
            ]).serialized(pretty: true))
        case .text:
            // Periods down the side, accounts across: a long history stays readable.
            var columns: [TextTable.Column] = [.init("PERIOD", importance: 100)]
            columns += accounts.map { TextTable.Column.amount($0.name) }
            columns += currencies.map { TextTable.Column.amount("TOTAL \($0.code)") }
            var table = TextTable(columns: columns)
            for (column, label) in labels.enumerated() {
                var row = [label]
                row += accounts.enumerated().map { index, account in values[index][column].map { commands.money($0, account.currency) } ?? "" }
                row += currencies.map { currency in totals[currency]?[column].map { commands.money($0, currency) } ?? "" }
                table.append(row)
            }
            for line in table.render(maxWidth: commands.invocation.terminal.width, styleHeader: commands.invocation.styler.dim) { out.line(line) }
        case let format:
            let header = ["period", "end"] + accounts.map { "\($0.name) (\($0.currency.code))" } + currencies.map { "total \($0.code)" }
            let rows = labels.indices.map { column in
                [labels[column], Instant.iso8601(ends[column])]
                    + accounts.enumerated().map { index, account in plain(values[index][column], account.currency) }
                    + currencies.map { plain(totals[$0]?[column] ?? nil, $0) }
            }
            for line in RecordPrinter.delimitedLines(header: header, rows: rows, format: format) { out.line(line) }
        }
        return .ok
    }
}
