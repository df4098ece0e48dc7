// What portfolio shows people and scripts: the dashboard, the account list with totals
// per currency, one account with its history, and an account's updates with ids.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI

struct PortfolioReports {
    let commands: PortfolioCommands

    var out: OutputChannel { commands.out }
    var styler: Styler { commands.invocation.styler }

    /// An account with its value now.
    struct Row {
        let account: Account
        let current: Update?
        let updateCount: Int64
    }

    func rows(includeClosed: Bool) throws -> [Row] {
        let now = Instant.now()
        return try commands.store.accounts(includeClosed: includeClosed).map { account in
            Row(account: account, current: try commands.store.latestUpdate(of: account, atOrBefore: now),
                updateCount: try commands.store.updateCount(of: account))
        }
    }

    /// Totals per currency of the active accounts, in code order.
    /// - Throws: `CLIError` (65) when a total is beyond the range of amounts (PortfolioTotal).
    func totals(_ rows: [Row]) throws(CLIError) -> [(Currency, Int64)] {
        var sums: [Currency: CheckedSum] = [:]
        for row in rows where row.account.isActive {
            guard let value = row.current?.value else { continue }
            sums[row.account.currency, default: CheckedSum()].add(value)
        }
        var totals: [(Currency, Int64)] = []
        for (currency, sum) in sums.sorted(by: { $0.key < $1.key }) {
            totals.append((currency, try PortfolioTotal.require(sum, currency: currency)))
        }
        return totals
    }

    func list() throws -> ExitCode {
        let arguments = commands.arguments
        let rows = try rows(includeClosed: arguments.flag("all"))
        if arguments.flag("names") {
            // One line per name, always (as tally): a name stored before the name rule may
            // hold a newline or another control character, shown escaped; JSON has the bytes.
            for row in rows { out.line(row.account.name.terminalSafe) }
            return .ok
        }
        let totals = try totals(try self.rows(includeClosed: false))
        switch OutputFormat.chosen(in: arguments) {
        case .json:
            out.line(JSONValue.object([
                ("accounts", .array(rows.map { row in
                    .object([
                        ("name", .string(row.account.name)),
                        ("currency", .string(row.account.currency.code)),
                        ("value", row.current.map { .string(Money(minorUnits: $0.value, currency: row.account.currency).plainString) } ?? .null),
                        ("active", .bool(row.account.isActive)),
                        ("updates", .integer(row.updateCount)),
                        ("lastUpdate", row.current.map { .string(Instant.iso8601($0.at)) } ?? .null),
                    ])
                })),
                ("totals", .object(totals.map { ($0.0.code, .string(Money(minorUnits: $0.1, currency: $0.0).plainString)) })),
            ]).serialized(pretty: true))
        case .text:
            guard !rows.isEmpty else {
                commands.invocation.err.line("No accounts yet. Create one with: portfolio add NAME VALUE")
                return .ok
            }
            // Values and dates are shown whole; names give way to a useful minimum, then
            // the count of updates is left out.
            var table = TextTable(columns: [.text("ACCOUNT", minimum: 12, importance: 10), .init("CUR", importance: 100), .amount("VALUE"), .init("UPDATED", importance: 100), .init("UPDATES", .right, fit: .droppable, importance: 20)])
            for row in rows {
                let value = row.current.map { commands.money($0.value, row.account.currency) } ?? "—"
                let closed = " (closed)"
                let name = TextTable.Cell(row.account.name + (row.account.isActive ? "" : closed), style: row.account.isActive ? nil : { text in
                    text.hasSuffix(closed) ? String(text.dropLast(closed.count)) + styler.dim(closed) : text
                })
                table.append([name, TextTable.Cell(row.account.currency.code), TextTable.Cell(value),
                              TextTable.Cell(row.current.map { Instant.dateTime($0.at) } ?? ""), TextTable.Cell(String(row.updateCount))])
            }
            for line in table.render(maxWidth: commands.invocation.terminal.width, styleHeader: styler.dim) { out.line(line) }
            out.line("")
            for (currency, total) in totals { out.line("Total \(currency.code)  \(styler.bold(commands.money(total, currency)))") }
        case let format:
            let header = ["name", "currency", "value", "active", "updates", "lastUpdate"]
            let lines = rows.map { row in
                [row.account.name, row.account.currency.code,
                 row.current.map { Money(minorUnits: $0.value, currency: row.account.currency).plainString } ?? "",
                 row.account.isActive ? "true" : "false", String(row.updateCount), row.current.map { Instant.iso8601($0.at) } ?? ""]
            }
            for line in RecordPrinter.delimitedLines(header: header, rows: lines, format: format) { out.line(line) }
        }
        return .ok
    }

    func dashboard() throws -> ExitCode {
        let rows = try rows(includeClosed: false)
        guard !rows.isEmpty else {
            out.line("No accounts yet.")
            out.line("  portfolio add NAME VALUE [--currency CODE]   create one")
            out.line("  portfolio demo --set 1                       try the app's sample data")
            return .ok
        }
        let terminal = commands.invocation.terminal
        let ascii = commands.arguments.flag("ascii")
        let now = Instant.now()
        // Everything is worked out before anything is printed: a total out of range is
        // an error, not half a dashboard.
        let totals = try totals(rows)
        let series = ValueSeries(store: commands.store, accounts: try commands.store.accounts())
        // Stored instants are clamped to years 0001–9999 for the range: no span overflows.
        let first = Instant.clamped(try commands.store.database.scalarInteger("SELECT min(at) FROM updates") ?? now)
        // One set of samples serves the chart and the sparklines: an index lookup per
        // account and sample, no scan of the history. A column each, but no more than
        // about 4,000 lookups in all, so a hundred accounts stay instant (the chart then
        // steps a little more coarsely).
        let columns = max(16, min(terminal.width - 11, 4_000 / max(1, series.accounts.count)))
        let instants = (0..<columns).map { Instant.interpolate(from: first, to: now, step: $0, of: columns - 1) }
        var samples: [Int64: [Int64?]] = [:]
        for account in series.accounts where account.isActive || account.closedAt ?? now > first {
            samples[account.id] = try instants.map { try series.value(of: account, at: $0) }
        }
        // The portfolio line per currency: the exact total at each sample.
        let currencies = series.currencies
        var charts: [(currency: Currency, points: [SeriesPoint])] = []
        for currency in currencies {
            var points: [SeriesPoint] = []
            for (column, instant) in instants.enumerated() {
                let values = series.accounts.filter { $0.currency == currency }.compactMap { samples[$0.id]?[column] ?? nil }
                guard !values.isEmpty else { continue }
                let total = try PortfolioTotal.of(values, currency: currency)
                if points.last?.value != total { points.append(SeriesPoint(at: instant, value: total)) }
            }
            charts.append((currency, points))
        }

        out.line(styler.bold("Portfolio") + "  " + styler.dim(Instant.date(now)))
        for (currency, total) in totals {
            out.line("Total \(currency.code)  \(styler.bold(commands.money(total, currency)))")
        }
        out.line("")
        let sparkWidth = 16
        let sparkColumns = (0..<sparkWidth).map { $0 * (columns - 1) / (sparkWidth - 1) }
        // Values and dates are shown whole; names shrink to a useful minimum, then the
        // trend is left out, and only then do names shrink further.
        var table = TextTable(columns: [.text("ACCOUNT", minimum: 12, importance: 10), .amount("VALUE"), .init("UPDATED", importance: 100), .init("TREND", fit: .droppable, importance: 20)])
        for row in rows {
            let values = sparkColumns.map { samples[row.account.id]?[$0] ?? nil }
            table.append([
                TextTable.Cell(row.account.name), TextTable.Cell(row.current.map { commands.money($0.value, row.account.currency) } ?? (ascii ? "-" : "—")),
                TextTable.Cell(row.current.map { Instant.dateTime($0.at) } ?? "no value yet"),
                TextTable.Cell(TextChart.sparkline(values, ascii: ascii), style: { styler.color($0, .blue) }),
            ])
        }
        for line in table.render(maxWidth: terminal.width, styleHeader: styler.dim) { out.line(line) }
        // The portfolio chart per currency, sized to what is left of the terminal.
        let spare = terminal.height - rows.count - currencies.count - 8
        let chartHeight = max(4, min(12, spare / max(1, currencies.count) - 3))
        let chart = TextChart(width: terminal.width, height: chartHeight, ascii: ascii, styler: styler)
        for (currency, points) in charts {
            out.line("")
            out.line(styler.bold("Portfolio (\(currency.code))"))
            for line in chart.render(points, from: first, to: now, currency: currency) { out.line(line) }
        }
        return .ok
    }

    func show() throws -> ExitCode {
        let account = try commands.store.account(named: commands.name)
        let updates = try commands.store.updates(of: account)
        let now = Instant.now()
        let current = try commands.store.latestUpdate(of: account, atOrBefore: now)
        switch OutputFormat.chosen(in: commands.arguments) {
        case .json:
            out.line(JSONValue.object([
                ("name", .string(account.name)), ("currency", .string(account.currency.code)),
                ("value", current.map { .string(Money(minorUnits: $0.value, currency: account.currency).plainString) } ?? .null),
                ("active", .bool(account.isActive)), ("created", .string(Instant.iso8601(account.createdAt))),
                ("closed", account.closedAt.map { .string(Instant.iso8601($0)) } ?? .null),
                ("updates", .array(updates.reversed().map { update in
                    .object([("id", .integer(update.id)), ("date", .string(Instant.iso8601(update.at))),
                             ("value", .string(Money(minorUnits: update.value, currency: account.currency).plainString)),
                             ("current", .bool(update.id == current?.id)), ("future", .bool(update.at > now))])
                })),
            ]).serialized(pretty: true))
            return .ok
        case .csv, .tsv:
            return try listUpdates()
        case .text:
            out.line(styler.bold(account.name.terminalSafe) + "  " + account.currency.code + (account.isActive ? "" : styler.dim("  closed \(Instant.dateTime(account.closedAt ?? 0))")))
            out.line("Value  " + styler.bold(current.map { commands.money($0.value, account.currency) } ?? "no value yet"))
            out.line("")
            var table = TextTable(columns: [.amount("ID"), .init("DATE", importance: 100), .amount("VALUE"), .init("", fit: .droppable, importance: 50)])
            for update in updates.reversed() {
                let mark = update.id == current?.id ? "current" : update.at > now ? "future" : ""
                table.append([TextTable.Cell(String(update.id)), TextTable.Cell(Instant.dateTime(update.at)), TextTable.Cell(commands.money(update.value, account.currency)), TextTable.Cell(mark, style: styler.dim)])
            }
            for line in table.render(maxWidth: commands.invocation.terminal.width, styleHeader: styler.dim) { out.line(line) }
            let series = ValueSeries(store: commands.store, accounts: [account])
            let points = try series.accountSeries(account, to: now)
            if let first = points.first {
                out.line("")
                let chart = TextChart(width: commands.invocation.terminal.width, height: 8, ascii: commands.arguments.flag("ascii"), styler: styler)
                // Clamped to years 0001–9999: whatever is stored, the range cannot overflow.
                let from = Instant.clamped(first.at)
                for line in chart.render(points, from: from, to: max(now, from + 1), currency: account.currency) { out.line(line) }
            }
            return .ok
        }
    }

    func listUpdates() throws -> ExitCode {
        let account = try commands.store.account(named: commands.name)
        let updates = try commands.store.updates(of: account).reversed()
        let format = OutputFormat.chosen(in: commands.arguments)
        switch format {
        case .json:
            out.line(JSONValue.array(updates.map { update in
                .object([("id", .integer(update.id)), ("date", .string(Instant.iso8601(update.at))),
                         ("value", .string(Money(minorUnits: update.value, currency: account.currency).plainString))])
            }).serialized(pretty: true))
        case .text:
            var table = TextTable(columns: [.amount("ID"), .init("DATE", importance: 100), .amount("VALUE")])
            for update in updates { table.append([String(update.id), Instant.dateTime(update.at), commands.money(update.value, account.currency)]) }
            for line in table.render(maxWidth: commands.invocation.terminal.width, styleHeader: styler.dim) { out.line(line) }
        case .csv, .tsv:
            let rows = updates.map { [String($0.id), Instant.iso8601($0.at), Money(minorUnits: $0.value, currency: account.currency).plainString] }
            for line in RecordPrinter.delimitedLines(header: ["id", "date", "value"], rows: rows, format: format) { out.line(line) }
        }
        return .ok
    }
}
