// portfolio import and export. CSV: date,account,value[,currency], one update a row,
// read back by import so export → import round-trips. Two special rows keep what is
// not an update: an empty value creates the account (at that date) without a value, and
// the value `closed` closes it at that date. A store with deposits or withdrawals is
// exported with a fifth column, kind: empty for those rows, `deposit` or `withdrawal`
// (the value then the amount moved, positive) for money in and out; import reads 3, 4 or
// 5 fields, so a file without the column reads as before.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

extension PortfolioCommands {
    func export() throws -> ExitCode {
        try withStore(.read) { store, _ in try export(from: store) }
    }

    private func export(from store: any PortfolioRepository) throws -> ExitCode {
        if let journal = arguments.text(PortfolioSpec.exportFormat).flatMap(JournalFormat.init(rawValue:)) {
            try store.read { _ in try JournalExport(format: journal).write(from: store) { out.line($0) } }
            return .ok
        }
        // One snapshot: a shared store may change while the rows are written.
        return try store.read { _ in try exportRows(from: store) }
    }

    private func exportRows(from store: any PortfolioRepository) throws -> ExitCode {
        if arguments.text(PortfolioSpec.exportFormat) == "json" {
            out.line(try PortfolioExport.json(from: store).serialized(pretty: true))
            return .ok
        }
        let accounts = try store.accounts()
        // The kind column only when there is money in or out to write: other stores export as before.
        let goals = try store.goals()
        var hasContributions = !goals.isEmpty
        for account in accounts where !hasContributions { hasContributions = try !store.contributions(of: account).isEmpty }
        let kind: [String] = hasContributions ? [""] : []
        out.line("date,account,value,currency" + (hasContributions ? ",kind" : ""))
        // Each account's name and currency as CSV fields, made once; the date of the last
        // instant (a hundred accounts updated at once share it); a value that starts with
        // a digit is its own CSV field (only a minus could start a formula).
        let kindField = hasContributions ? "," : ""
        let entries = accounts.map { (fields: "," + DelimitedText.csvField($0.name) + ",", currency: "," + DelimitedText.csvField($0.currency.code) + kindField) }
        let entryOfID = AccountIDIndex(accounts.map(\.id))
        var withUpdates = [Bool](repeating: false, count: accounts.count)
        var lastDate: (at: Int64, text: String)?
        // Each row written in parts, not joined first: a million rows make no joined text.
        try store.forEachUpdate { update in
            guard let entry = entryOfID.index(of: update.accountID) else { return }
            withUpdates[entry] = true
            let date: String
            if let last = lastDate, last.at == update.at { date = last.text } else {
                date = DelimitedText.csvField(Instant.iso8601(update.at))
                lastDate = (update.at, date)
            }
            let plain = Money(minorUnits: update.value, currency: accounts[entry].currency).plainString
            out.write(date)
            out.write(entries[entry].fields)
            out.write(plain.utf8.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } == true ? plain : DelimitedText.csvField(plain))
            out.line(entries[entry].currency)
        }
        for (entry, account) in accounts.enumerated() where !withUpdates[entry] {
            out.line(DelimitedText.csvLine([Instant.iso8601(account.createdAt), account.name, "", account.currency.code] + kind))
        }
        if hasContributions {
            try store.forEachContribution { contribution in
                guard let entry = entryOfID.index(of: contribution.accountID) else { return }
                let account = accounts[entry]
                // Stored amounts exclude Int64.min: the magnitude never traps.
                out.line(DelimitedText.csvLine([Instant.iso8601(contribution.at), account.name,
                                                Money(minorUnits: abs(contribution.amount), currency: account.currency).plainString,
                                                account.currency.code, contribution.amount > 0 ? "deposit" : "withdrawal"]))
            }
        }
        for account in accounts {
            if let closed = account.closedAt {
                out.line(DelimitedText.csvLine([Instant.iso8601(closed), account.name, "closed", account.currency.code] + kind))
            }
        }
        // Goals last: the date is the goal's (empty without one), the account empty for a currency's total.
        for goal in goals {
            let name = goal.accountID.map { id in entryOfID.index(of: id).map { accounts[$0].name } ?? "" }
            if name == "" { continue }
            out.line(DelimitedText.csvLine([goal.by.map(Instant.iso8601) ?? "", name ?? "",
                                            Money(minorUnits: goal.amount, currency: goal.currency).plainString, goal.currency.code, "goal"]))
        }
        return .ok
    }

    /// Reads the file's rows once, plans them against the store (every bad line reported)
    /// and unless --dry-run applies the plan under the write lock: all or nothing, one
    /// transaction. A failing file creates no database.
    func importCSV() throws -> ExitCode {
        // Read first (the store is opened for reading): a file with errors creates nothing.
        let reader = try openToPlanChange()
        let path = arguments.argument("FILE") ?? "-"
        let source = path == "-" ? "standard input" : path
        let dryRun = arguments.flag("dry-run")
        let fallbackCurrency = LocaleCurrency.defaultCurrency(invocation.environment)
        let file: (rows: ImportRows, names: [String], currencies: [Currency], faults: ImportFaults, barShown: Bool)
        do {
            file = try isJournalImport(path: path) ? readJournal(path: path, source: source) : readRows(path: path, source: source)
        } catch {
            reader.close()
            throw error
        }
        if file.barShown { invocation.err.write("\r\u{1B}[K"); invocation.err.flush() }
        func planImport(against repository: any PortfolioRepository) throws -> ImportPlan {
            let plan = try ImportPlan(rows: file.rows, names: file.names, currencies: file.currencies, repository: repository,
                                      fallbackCurrency: fallbackCurrency, faults: file.faults)
            guard plan.faults.isEmpty else { throw plan.faults.error }
            return plan
        }

        // A dry run plans against the store as it is; so does an import into a store that
        // does not exist yet, so that a file with errors creates nothing. Into an existing
        // store the plan is made once, under the write lock.
        var previewOfEmptyStore: ImportPlan?
        if dryRun || !reader.exists {
            let preview: ImportPlan
            do {
                preview = try planImport(against: reader)
            } catch {
                reader.close()
                throw error
            }
            if dryRun || preview.changesNothing {
                reader.close()
                invocation.say(preview.summary(dryRun: dryRun))
                return .ok
            }
            previewOfEmptyStore = preview
        }
        reader.close()
        let plan = try withStore(.write(createFolders: true)) { writer, _ in
            // One undo step: 'portfolio undo' takes the whole import back.
            try writer.write("import") { change in
                // Again under the lock, unless the store is still as empty as the preview saw
                // it: another process may have changed it meanwhile.
                let plan: ImportPlan
                if let previewOfEmptyStore, try writer.accounts().isEmpty {
                    plan = previewOfEmptyStore
                } else {
                    plan = try planImport(against: writer)
                }
                try plan.apply(change)
                change.description = "import from \(source == "standard input" ? source : "'\(source)'"): \(plan.changeSummary)"
                return plan
            }
        }
        invocation.say(plan.summary(dryRun: false))
        return .ok
    }

    /// The file's rows, each checked for what needs no store; names kept once each. Read
    /// byte-wise (CSVReader's fields as bytes): a row whose date, name and currency are
    /// the bytes of an earlier row's takes that row's reading, and a plain decimal value
    /// is read without making a text of it; anything else is read as text, as before.
    private func readRows(path: String, source: String) throws
        -> (rows: ImportRows, names: [String], currencies: [Currency], faults: ImportFaults, barShown: Bool) {
        var lastShownProgress = 0
        let size = path == "-" ? 0 : ((try? PosixFile.fileSize(path)) ?? nil).map { Int($0) } ?? 0
        var rows = ImportRows(capacity: size / 16)
        var names: [String] = []
        var nameIndex: [String: Int] = [:]
        var faults = ImportFaults(source: source)
        var currencies: [Currency] = []
        var currencyIndex: [String: Int16] = [:]  // as written in the file, looked up once
        // The readings of the last date and currency field, and of every name field, by their bytes.
        var lastDate: (bytes: [UInt8], at: Int64) = ([], 0)
        var lastCurrency: (bytes: [UInt8], index: Int16) = ([], -1)
        var nameOfBytes = ByteKeyedIndex()
        let showProgress = invocation.terminal.stderrIsTerminal
        do {
            try CSVReader.forEachFieldRecord(path: path, source: source, standardInput: invocation.input, progress: { done, total in
                // A bar for large files on a terminal, redrawn at most every 2 %.
                guard showProgress, total > 4_000_000, done * 50 / total > lastShownProgress else { return }
                lastShownProgress = done * 50 / total
                progress(done, of: total)
            }) { fields, line in
                if fields.count == 1 && fields.string(0).trimmingSpaces.isEmpty { return }
                if line == 1, fields.count > 0, fields.string(0).trimmingSpaces.lowercased() == "date" { return }  // the header
                guard (3...5).contains(fields.count) else {
                    let separator = fields.count == 1 ? CSVSeparatorGuess.hint(for: [fields.string(0)]).map { " (\($0))" } ?? "" : ""
                    faults.add(line: line, "expected date,account,value[,currency[,kind]], got \(fields.count) fields\(separator)")
                    return
                }
                // The kind column (issue 16): empty or value as before, deposit or withdrawal for money in and out.
                var contribution: Bool?
                if fields.count == 5 {
                    switch fields.string(4).trimmingSpaces.lowercased() {
                    case "", "value": break
                    case "deposit": contribution = false
                    case "withdrawal": contribution = true
                    case "goal":
                        let record = (0..<fields.count).map { fields.string($0) }
                        if let row = goalRow(record, line: line, faults: &faults, names: &names, nameIndex: &nameIndex,
                                             currencies: &currencies, currencyIndex: &currencyIndex) { rows.append(row) }
                        return
                    default:
                        faults.add(line: line, "unknown kind '\(fields.string(4))' (expected value, deposit, withdrawal or goal)")
                        return
                    }
                }
                let at: Int64
                if !lastDate.bytes.isEmpty, lastDate.bytes.elementsEqual(fields[0]) {
                    at = lastDate.at
                } else {
                    let text = fields.string(0)
                    guard let parsed = Instant.parse(text) else {
                        faults.add(line: line, "invalid date '\(text)' (use 2025-07-27, '2025-07-27 14:30' or ISO 8601)")
                        return
                    }
                    if PortfolioLimits.instantFault(parsed) != nil {
                        faults.add(line: line, "the date '\(text)' is outside 0001-01-01 to 9999-12-31")
                        return
                    }
                    at = parsed
                    lastDate = (Array(fields[0]), parsed)
                }
                // The name: known by its bytes, else read (and checked below, after the currency).
                var index = nameOfBytes.index(of: fields[1])
                var name = ""
                if index == nil {
                    // Export neutralises names a spreadsheet would run as formulas ('=…); undo that.
                    name = DelimitedText.restoreNeutralized(fields.string(1).trimmingSpaces)
                    guard !name.isEmpty else {
                        faults.add(line: line, "the account name is empty")
                        return
                    }
                }
                var currency: Int16 = -1
                if fields.count >= 4 {
                    if !lastCurrency.bytes.isEmpty, lastCurrency.bytes.elementsEqual(fields[3]) {
                        currency = lastCurrency.index
                    } else {
                        let raw = fields.string(3)
                        if !raw.trimmingSpaces.isEmpty {
                            guard let known = Self.currencyIndex(of: raw, currencies: &currencies, currencyIndex: &currencyIndex) else {
                                faults.add(line: line, "unknown currency '\(raw)'")
                                return
                            }
                            currency = known
                            lastCurrency = (Array(fields[3]), currency)
                        }
                    }
                }
                if index == nil {
                    if let known = nameIndex[name] {
                        index = known
                    } else {
                        // Kept in the form the name rule stores (NFC).
                        let stored: String
                        do { stored = try PortfolioInputs.validate(name: name) } catch {
                            faults.add(line: line, CLIError.from(error).message)
                            return
                        }
                        index = names.count
                        names.append(stored)
                        nameIndex[name] = names.count - 1
                    }
                    nameOfBytes.insert(fields[1], index ?? 0)
                }
                guard let index else { return }
                guard let rowLine = Int32(exactly: line), let rowName = Int32(exactly: index) else {
                    throw CLIError.data("\(source): more than \(Int32.max) lines; split the file")
                }
                if let withdrawal = contribution {
                    let valueText = fields.string(2).trimmingSpaces
                    guard !valueText.isEmpty else {
                        faults.add(line: line, "a \(withdrawal ? "withdrawal" : "deposit") needs an amount")
                        return
                    }
                    rows.append(ImportRow(line: rowLine, name: rowName, at: at, currency: currency, kind: .contribution(valueText, withdrawal: withdrawal)))
                    return
                }
                let value = fields[2]
                // Untrimmed ASCII digits: the quick reading; else the text, trimmed.
                if let first = value.first, let last = value.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80,
                   rows.appendPlainValue(line: rowLine, name: rowName, at: at, currency: currency, value: value) {
                    return
                }
                let valueText = fields.string(2).trimmingSpaces
                if valueText.isEmpty || valueText.lowercased() == "closed" {
                    rows.appendMarker(line: rowLine, name: rowName, at: at, currency: currency, closed: !valueText.isEmpty)
                } else {
                    rows.appendValue(line: rowLine, name: rowName, at: at, currency: currency, text: valueText)
                }
            }
        } catch let error as CLIError where error.exitCode == .dataError {
            // A malformed record (an open quote) ends the reading; what was found so far is reported with it.
            if faults.isEmpty { throw error }
            faults.add(line: Int.max, error.message)
        }
        return (rows, names, currencies, faults, lastShownProgress > 0)
    }

    /// The index in `currencies` of the currency a row names (`field` as written), added on
    /// first sight: one entry per currency (at most the 300-odd ISO codes), however spelt,
    /// and each spelling looked up once. Nil for a field that names no currency.
    private static func currencyIndex(of field: String, currencies: inout [Currency], currencyIndex: inout [String: Int16]) -> Int16? {
        if let known = currencyIndex[field] { return known }
        guard let named = Currency(code: field.trimmingSpaces) else { return nil }
        let index: Int16
        if let existing = currencies.firstIndex(of: named) {
            index = Int16(truncatingIfNeeded: existing)
        } else {
            index = Int16(truncatingIfNeeded: currencies.count)
            currencies.append(named)
        }
        currencyIndex[field] = index
        return index
    }

    /// A goal row (kind goal): date the goal's or empty, account empty for a total (whose
    /// currency the row names), value the goal.
    private func goalRow(_ record: [String], line: Int, faults: inout ImportFaults, names: inout [String], nameIndex: inout [String: Int],
                         currencies: inout [Currency], currencyIndex: inout [String: Int16]) -> ImportRow? {
        let dateText = record[0].trimmingSpaces
        var at: Int64 = 0
        if !dateText.isEmpty {
            guard let parsed = Instant.parse(dateText), PortfolioLimits.instantFault(parsed) == nil else {
                faults.add(line: line, "invalid date '\(record[0])' for a goal (a date, or empty for none)")
                return nil
            }
            at = parsed
        }
        var currency: Int16 = -1
        if !record[3].trimmingSpaces.isEmpty {
            guard let known = Self.currencyIndex(of: record[3], currencies: &currencies, currencyIndex: &currencyIndex) else {
                faults.add(line: line, "unknown currency '\(record[3])'")
                return nil
            }
            currency = known
        }
        var index = -1
        let name = DelimitedText.restoreNeutralized(record[1].trimmingSpaces)
        if !name.isEmpty {
            if let known = nameIndex[name] {
                index = known
            } else {
                index = names.count
                names.append((try? PortfolioInputs.validate(name: name)) ?? name)
                nameIndex[name] = index
            }
        }
        let value = record[2].trimmingSpaces
        guard !value.isEmpty else {
            faults.add(line: line, "a goal needs an amount")
            return nil
        }
        guard let rowLine = Int32(exactly: line), let rowName = Int32(exactly: index) else { return nil }
        return ImportRow(line: rowLine, name: rowName, at: at, currency: currency, kind: .goal(value, dated: !dateText.isEmpty))
    }

    private func progress(_ done: Int, of total: Int) {
        let width = 30
        let filled = width * done / max(1, total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        invocation.err.write("\r\(bar) \(100 * done / max(1, total))% (\(done)/\(total))")
        invocation.err.flush()
    }
}

// MARK: journals (hledger, Ledger)

extension PortfolioCommands {
    /// Whether import reads a journal: --format hledger or ledger, or without --format a
    /// file named *.journal, *.hledger, *.ledger or *.j.
    func isJournalImport(path: String) -> Bool {
        if let format = arguments.value("format") { return format != "csv" }
        let lowered = path.lowercased()
        return [".journal", ".hledger", ".ledger", ".j"].contains { lowered.hasSuffix($0) }
    }

    /// A journal's balance assignments as import rows (JournalImport), every bad line a fault.
    func readJournal(path: String, source: String) throws
        -> (rows: ImportRows, names: [String], currencies: [Currency], faults: ImportFaults, barShown: Bool) {
        let text = try InputReader.readText(path, standardInput: invocation.input)
        let journal = JournalImport(text: text, source: source) { name in
            do { return .success(try PortfolioInputs.validate(name: name)) } catch {
                return .failure(ImportNameFault(CLIError.from(error).message))
            }
        }
        return (journal.importRows, journal.names, journal.currencies, journal.faults, false)
    }
}
