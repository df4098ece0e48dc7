// portfolio import and export on the command line: which format (--format, the file's
// name), the file or `-`, the progress bar, the plan and its transaction. The formats
// themselves are PortfolioKit's: CSV (PortfolioExport+CSV.swift, PortfolioCSVImport.swift),
// JSON, and hledger and Ledger journals.

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
        try PortfolioExport.writeCSV(from: store) { out.write($0) }
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

    /// The file's rows (PortfolioCSVImport), each checked for what needs no store, with a
    /// progress bar for a large file on a terminal.
    private func readRows(path: String, source: String) throws
        -> (rows: ImportRows, names: [String], currencies: [Currency], faults: ImportFaults, barShown: Bool) {
        var lastShownProgress = 0
        let size = path == "-" ? 0 : ((try? PosixFile.fileSize(path)) ?? nil).map { Int($0) } ?? 0
        var file = PortfolioCSVImport(source: source, capacity: size / 16, now: invocation.now(), checkName: Self.checkedName)
        let showProgress = invocation.terminal.stderrIsTerminal
        do {
            try CSVReader.forEachFieldRecord(path: path, source: source, standardInput: invocation.input, progress: { done, total in
                // A bar for large files on a terminal, redrawn at most every 2 %.
                guard showProgress, total > 4_000_000, done * 50 / total > lastShownProgress else { return }
                lastShownProgress = done * 50 / total
                progress(done, of: total)
            }) { fields, line in
                do { try file.read(fields, line: line) } catch let error as PortfolioError { throw PortfolioErrorMessages.cliError(error) }
            }
        } catch let error as CLIError where error.exitCode == .dataError {
            // A malformed record (an open quote) ends the reading; what was found so far is reported with it.
            if file.faults.isEmpty { throw error }
            file.faults.add(line: Int.max, error.message)
        }
        return (file.rows, file.names, file.currencies, file.faults, lastShownProgress > 0)
    }

    /// An imported name in its stored form, or the message of the name rule.
    static func checkedName(_ name: String) -> Result<String, ImportNameFault> {
        do { return .success(try PortfolioInputs.validate(name: name)) } catch {
            return .failure(ImportNameFault(CLIError.from(error).message))
        }
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
        let journal = JournalImport(text: text, source: source, now: invocation.now(), checkName: Self.checkedName)
        return (journal.importRows, journal.names, journal.currencies, journal.faults, false)
    }
}
