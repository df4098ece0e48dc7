// portfolio import and export. CSV: date,account,value[,currency], one update a row,
// read back by import so export → import round-trips. Two special rows keep what is
// not an update: an empty value creates the account (at that date) without a value, and
// the value `closed` closes it at that date.

#if canImport(Glibc)
import Glibc
#endif
import MoneyKit
import MoneyKitCLI

struct PortfolioTransfer {
    let commands: PortfolioCommands

    func export() throws -> ExitCode {
        let store = commands.store
        let accounts = try store.accounts()
        let out = commands.out
        if commands.arguments.value("format") == "json" {
            out.line(JSONValue.object([
                ("format", .string("portfolio-export")), ("version", .integer(1)),
                ("accounts", .array(try accounts.map { account in
                    .object([
                        ("name", .string(account.name)), ("currency", .string(account.currency.code)),
                        ("created", .string(Instant.iso8601(account.createdAt))),
                        ("closed", account.closedAt.map { .string(Instant.iso8601($0)) } ?? .null),
                        ("updates", .array(try store.updates(of: account).map { update in
                            .object([("date", .string(Instant.iso8601(update.at))),
                                      ("value", .string(Money(minorUnits: update.value, currency: account.currency).plainString))])
                        })),
                    ])
                })),
            ]).serialized(pretty: true))
            return .ok
        }
        out.line("date,account,value,currency")
        let byID = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
        var withUpdates = Set<Int64>()
        try store.forEachUpdate { update in
            guard let account = byID[update.accountID] else { return }
            withUpdates.insert(account.id)
            out.line(DelimitedText.csvLine([Instant.iso8601(update.at), account.name,
                                            Money(minorUnits: update.value, currency: account.currency).plainString, account.currency.code]))
        }
        for account in accounts where !withUpdates.contains(account.id) {
            out.line(DelimitedText.csvLine([Instant.iso8601(account.createdAt), account.name, "", account.currency.code]))
        }
        for account in accounts {
            if let closed = account.closedAt {
                out.line(DelimitedText.csvLine([Instant.iso8601(closed), account.name, "closed", account.currency.code]))
            }
        }
        return .ok
    }

    func importCSV() throws -> ExitCode {
        let path = commands.arguments.argument("FILE") ?? "-"
        let source = path == "-" ? "standard input" : path
        let store = commands.store
        var accounts = Dictionary(try store.accounts().map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let fallbackCurrency = LocaleCurrency.currency(commands.invocation.environment) ?? .gbp
        let showProgress = commands.invocation.terminal.stderrIsTerminal
        var lastShown = 0
        var imported = 0, created = 0
        var currencies: [String: Currency] = [:]  // as written in the file, looked up once
        let insert = try store.database.prepare("INSERT INTO updates (account_id, at, value) VALUES (?, ?, ?)")
        // One transaction: all or nothing. The file streams through, so a million rows
        // need no more memory than a few.
        try store.transaction {
            try CSVReader.forEachRecord(path: path, source: source, progress: { done, total in
                // A bar for large files on a terminal, redrawn at most every 2 %.
                guard showProgress, total > 4_000_000, done * 50 / total > lastShown else { return }
                lastShown = done * 50 / total
                progress(done, of: total)
            }) { record, line in
                if record.count == 1 && record[0].trimmingSpaces.isEmpty { return }
                if line == 1, record.first?.trimmingSpaces.lowercased() == "date" { return }  // the header
                guard record.count == 3 || record.count == 4 else {
                    throw CLIError.data("\(source): line \(line): expected date,account,value[,currency], got \(record.count) fields")
                }
                guard let at = Instant.parse(record[0]) else {
                    throw CLIError.data("\(source): line \(line): invalid date '\(record[0])'", hint: "use 2025-07-27, '2025-07-27 14:30' or ISO 8601")
                }
                // Export neutralises names a spreadsheet would run as formulas ('=…); undo that.
                let name = DelimitedText.restoreNeutralized(record[1].trimmingSpaces)
                guard !name.isEmpty else { throw CLIError.data("\(source): line \(line): the account name is empty") }
                var currency: Currency?
                if record.count == 4, !record[3].trimmingSpaces.isEmpty {
                    if let known = currencies[record[3]] {
                        currency = known
                    } else {
                        guard let named = Currency(code: record[3].trimmingSpaces) else {
                            throw CLIError.data("\(source): line \(line): unknown currency '\(record[3])'")
                        }
                        currencies[record[3]] = named
                        currency = named
                    }
                }
                var account: Account
                if let existing = accounts[name.lowercased()] {
                    if let currency, currency != existing.currency {
                        throw CLIError.data("\(source): line \(line): '\(existing.name)' is in \(existing.currency.code), not \(currency.code)")
                    }
                    account = existing
                } else {
                    do { try PortfolioCommands.validate(name: name) } catch { throw CLIError.data("\(source): line \(line): \(CLIError.from(error).message)") }
                    account = try store.createAccount(name: name, currency: currency ?? fallbackCurrency, at: at)
                    accounts[name.lowercased()] = account
                    created += 1
                }
                let valueText = record[2].trimmingSpaces
                if valueText.isEmpty { return }
                if valueText.lowercased() == "closed" {
                    try store.setClosed(account, at: at)
                    account.closedAt = at
                    accounts[name.lowercased()] = account
                    return
                }
                if let closed = account.closedAt, at >= closed {
                    throw CLIError.data("\(source): line \(line): '\(account.name)' is closed from \(Instant.dateTime(closed)) on")
                }
                let value: Money
                do { value = try Money.parse(valueText, currency: account.currency) } catch {
                    throw CLIError.data("\(source): line \(line): \(error)")
                }
                try insert.run([.integer(account.id), .integer(at), .integer(value.minorUnits)])
                imported += 1
            }
            try store.recount(accounts.values.map(\.id))
        }
        if lastShown > 0 { commands.invocation.err.write("\r\u{1B}[K"); commands.invocation.err.flush() }
        commands.invocation.err.line("Imported \(imported) update\(imported == 1 ? "" : "s")" + (created > 0 ? ", \(created) new account\(created == 1 ? "" : "s")" : "") + ".")
        return .ok
    }

    private func progress(_ done: Int, of total: Int) {
        let width = 30
        let filled = width * done / max(1, total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        commands.invocation.err.write("\r\(bar) \(100 * done / max(1, total))% (\(done)/\(total))")
        commands.invocation.err.flush()
    }
}
