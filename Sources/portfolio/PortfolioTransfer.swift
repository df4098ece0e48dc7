// portfolio import and export. CSV: date,account,value[,currency], one update a row,
// read back by import so export → import round-trips. Two special rows keep what is
// not an update: an empty value creates the account (at that date) without a value, and
// the value `closed` closes it at that date.

#if canImport(Glibc)
import Glibc
#endif
import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
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

    /// Reads the file's rows once, plans them against the store (every bad line reported)
    /// and unless --dry-run applies the plan under the write lock: all or nothing, one
    /// transaction. A failing file creates no database.
    func importCSV() throws -> ExitCode {
        let path = commands.arguments.argument("FILE") ?? "-"
        let source = path == "-" ? "standard input" : path
        let dryRun = commands.arguments.flag("dry-run")
        let fallbackCurrency = LocaleCurrency.defaultCurrency(commands.invocation.environment)
        let (rows, names, currencies, faults, barShown) = try readRows(path: path, source: source)
        if barShown { commands.invocation.err.write("\r\u{1B}[K"); commands.invocation.err.flush() }

        // commands.store is open for reading. A dry run plans against it; so does an
        // import into a store that does not exist yet, so that a file with errors creates
        // nothing. Into an existing store the plan is made once, under the write lock.
        var previewOfEmptyStore: ImportPlan?
        if dryRun || !commands.store.database.exists {
            let preview = try ImportPlan(rows: rows, names: names, currencies: currencies, store: commands.store, fallbackCurrency: fallbackCurrency, faults: faults)
            guard preview.faults.isEmpty else { throw preview.faults.error }
            if dryRun || preview.changesNothing {
                commands.invocation.say(preview.summary(dryRun: dryRun))
                return .ok
            }
            previewOfEmptyStore = preview
        }
        commands.store.database.close()
        let writer = try PortfolioStore(invocation: commands.invocation, access: .write(createFolders: true))
        defer { writer.database.close() }
        // One undo step: 'portfolio undo' takes the whole import back.
        let plan = try writer.change("import") { undo in
            // Again under the lock, unless the store is still as empty as the preview saw
            // it: another process may have changed it meanwhile.
            let plan: ImportPlan
            if let previewOfEmptyStore, try writer.database.scalarInteger("SELECT count(*) FROM accounts") == 0 {
                plan = previewOfEmptyStore
            } else {
                plan = try ImportPlan(rows: rows, names: names, currencies: currencies, store: writer, fallbackCurrency: fallbackCurrency, faults: faults)
                guard plan.faults.isEmpty else { throw plan.faults.error }
            }
            try plan.apply(to: writer, undo)
            undo.description = "import from \(source == "standard input" ? source : "'\(source)'"): \(plan.changeSummary)"
            return plan
        }
        commands.invocation.say(plan.summary(dryRun: false))
        return .ok
    }

    /// The file's rows, each checked for what needs no store; names kept once each.
    private func readRows(path: String, source: String) throws
        -> (rows: [ImportRow], names: [String], currencies: [Currency], faults: ImportFaults, barShown: Bool) {
        var lastShownProgress = 0
        var rows: [ImportRow] = []
        var names: [String] = []
        var nameIndex: [String: Int] = [:]
        var faults = ImportFaults(source: source)
        var currencies: [Currency] = []
        var currencyIndex: [String: Int16] = [:]  // as written in the file, looked up once
        let showProgress = commands.invocation.terminal.stderrIsTerminal
        do {
            try CSVReader.forEachRecord(path: path, source: source, progress: { done, total in
                // A bar for large files on a terminal, redrawn at most every 2 %.
                guard showProgress, total > 4_000_000, done * 50 / total > lastShownProgress else { return }
                lastShownProgress = done * 50 / total
                progress(done, of: total)
            }) { record, line in
                if record.count == 1 && record[0].trimmingSpaces.isEmpty { return }
                if line == 1, record.first?.trimmingSpaces.lowercased() == "date" { return }  // the header
                guard record.count == 3 || record.count == 4 else {
                    faults.add(line: line, "expected date,account,value[,currency], got \(record.count) fields")
                    return
                }
                guard let at = Instant.parse(record[0]) else {
                    faults.add(line: line, "invalid date '\(record[0])' (use 2025-07-27, '2025-07-27 14:30' or ISO 8601)")
                    return
                }
                if PortfolioLimits.instantFault(at) != nil {
                    faults.add(line: line, "the date '\(record[0])' is outside 0001-01-01 to 9999-12-31")
                    return
                }
                // Export neutralises names a spreadsheet would run as formulas ('=…); undo that.
                let name = DelimitedText.restoreNeutralized(record[1].trimmingSpaces)
                guard !name.isEmpty else {
                    faults.add(line: line, "the account name is empty")
                    return
                }
                var currency: Int16 = -1
                if record.count == 4, !record[3].trimmingSpaces.isEmpty {
                    if let known = currencyIndex[record[3]] {
                        currency = known
                    } else if let named = Currency(code: record[3].trimmingSpaces) {
                        // One entry per currency (at most the 300-odd ISO codes), however spelt.
                        if let existing = currencies.firstIndex(of: named) {
                            currency = Int16(truncatingIfNeeded: existing)
                        } else {
                            currency = Int16(truncatingIfNeeded: currencies.count)
                            currencies.append(named)
                        }
                        currencyIndex[record[3]] = currency
                    } else {
                        faults.add(line: line, "unknown currency '\(record[3])'")
                        return
                    }
                }
                let index: Int
                if let known = nameIndex[name] {
                    index = known
                } else {
                    // Kept in the form the name rule stores (NFC).
                    let stored: String
                    do { stored = try PortfolioCommands.validate(name: name) } catch {
                        faults.add(line: line, CLIError.from(error).message)
                        return
                    }
                    index = names.count
                    names.append(stored)
                    nameIndex[name] = index
                }
                let valueText = record[2].trimmingSpaces
                let kind: ImportRow.Kind = valueText.isEmpty ? .account : valueText.lowercased() == "closed" ? .close : .value(valueText)
                guard let rowLine = Int32(exactly: line), let rowName = Int32(exactly: index) else {
                    throw CLIError.data("\(source): more than \(Int32.max) lines; split the file")
                }
                rows.append(ImportRow(line: rowLine, name: rowName, at: at, currency: currency, kind: kind))
            }
        } catch let error as CLIError where error.exitCode == .dataError {
            // A malformed record (an open quote) ends the reading; what was found so far is reported with it.
            if faults.isEmpty { throw error }
            faults.add(line: Int.max, error.message)
        }
        return (rows, names, currencies, faults, lastShownProgress > 0)
    }

    private func progress(_ done: Int, of total: Int) {
        let width = 30
        let filled = width * done / max(1, total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        commands.invocation.err.write("\r\(bar) \(100 * done / max(1, total))% (\(done)/\(total))")
        commands.invocation.err.flush()
    }
}
