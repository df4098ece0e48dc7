// What an import would change in a store: the file's rows (read and checked once) set
// against the store's accounts and updates. Made against the store as it is for
// --dry-run and to find every bad line before anything is created, and made again
// under the write lock for the import itself, so it never acts on a stale state.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import MoneyKitSQLite

/// One row of an import file, checked for what needs no store.
struct ImportRow {
    enum Kind {
        /// An empty value: the account, created at that date.
        case account
        /// The value `closed`: the account closes at that date.
        case close
        /// A value, read in the account's currency once that is known.
        case value(String)
    }

    // Kept small (a million rows are held at once): indexes, not names or currencies.
    let line: Int32
    /// Index into the file's names.
    let name: Int32
    let at: Int64
    /// Index into the file's currencies, -1 for none.
    let currency: Int16
    let kind: Kind
}

/// Every bad line of an import: the first `limit` said in full, the rest counted.
struct ImportFaults {
    static let limit = 20
    let source: String
    private(set) var shown: [(line: Int, message: String)] = []
    private(set) var count = 0

    init(source: String) { self.source = source }

    mutating func add(line: Int, _ message: String) {
        count += 1
        if shown.count < Self.limit { shown.append((line, message)) }
    }

    var isEmpty: Bool { count == 0 }

    /// The error: one bad line as the message itself, several as details under a summary.
    var error: CLIError {
        let lines = shown.sorted { $0.line < $1.line }.map { "\(source): line \($0.line): \($0.message)" }
        if count == 1, let only = lines.first { return CLIError.data(only, hint: "nothing was imported") }
        var error = CLIError.data("\(source): \(count) lines have errors; nothing was imported")
        error.details = lines + (count > shown.count ? ["… and \(count - shown.count) more"] : [])
        return error
    }
}

/// The changes an import makes to one store, with what it skips as already there.
struct ImportPlan {
    enum Change {
        case create(account: Int32, at: Int64)
        case update(account: Int32, at: Int64, value: Int64)
        case close(account: Int32, at: Int64)
    }

    /// An account as the import leaves it: one already stored, or one it creates.
    struct PlannedAccount {
        var stored: Account?
        var name: String
        var currency: Currency
        var closedAt: Int64?
        /// The latest update (stored or planned), to refuse a close before it.
        var latest: Int64?
    }

    private(set) var accounts: [PlannedAccount] = []
    private(set) var changes: [Change] = []
    private(set) var updates = 0, created = 0, closed = 0, skipped = 0
    var faults: ImportFaults

    private struct Key: Hashable {
        let account: Int32
        let at: Int64
        let value: Int64
    }

    /// Plans `rows` (names from `names`) against `store`, collecting every fault.
    init(rows: [ImportRow], names: [String], currencies: [Currency], store: PortfolioStore, fallbackCurrency: Currency, faults: ImportFaults) throws {
        self.faults = faults
        var byName: [String: Int] = [:]
        for account in try store.accounts() where byName[ItemName.matchKey(account.name)] == nil {
            byName[ItemName.matchKey(account.name)] = accounts.count
            accounts.append(PlannedAccount(stored: account, name: account.name, currency: account.currency, closedAt: account.closedAt, latest: nil))
        }
        var latestLoaded = Set<Int>()
        var occurrences: [Key: Int64] = [:]
        var accountOfName = [Int?](repeating: nil, count: names.count)
        let alreadyStored = try store.database.cached("SELECT count(*) FROM updates WHERE account_id = ? AND at = ? AND value = ?")
        let latest = try store.database.cached("SELECT max(at) FROM updates WHERE account_id = ?")

        for row in rows {
            let line = Int(row.line), name = Int(row.name)
            let rowCurrency = row.currency >= 0 ? currencies[Int(row.currency)] : nil
            // The account: known by name (letter case ignored), else created by this row.
            let index: Int
            if let known = accountOfName[name] ?? byName[ItemName.matchKey(names[name])] {
                index = known
                if let currency = rowCurrency, currency != accounts[index].currency {
                    self.faults.add(line: line, "'\(accounts[index].name)' is in \(accounts[index].currency.code), not \(currency.code)")
                    continue
                }
                if case .account = row.kind { skipped += 1; continue }
            } else {
                index = accounts.count
                let currency = rowCurrency ?? fallbackCurrency
                accounts.append(PlannedAccount(stored: nil, name: names[name], currency: currency, closedAt: nil, latest: nil))
                byName[ItemName.matchKey(names[name])] = index
                changes.append(.create(account: Int32(index), at: row.at))
                created += 1
            }
            accountOfName[name] = index
            // The latest stored update, read once per account that needs it.
            if let stored = accounts[index].stored, !latestLoaded.contains(index) {
                latestLoaded.insert(index)
                var found: Int64?
                try latest.forEachRow([.integer(stored.id)]) { found = $0.optionalInt64(0) }
                if let found { accounts[index].latest = max(found, accounts[index].latest ?? found) }
            }
            let account = accounts[index]
            switch row.kind {
            case .account:
                continue
            case .close:
                if let closedAt = account.closedAt {
                    if closedAt == row.at { skipped += 1 } else {
                        self.faults.add(line: line, "'\(account.name)' is already closed on \(Instant.dateTime(closedAt))")
                    }
                    continue
                }
                if let last = account.latest, last >= row.at {
                    self.faults.add(line: line, "'\(account.name)' has an update on \(Instant.dateTime(last)), not before its close on \(Instant.dateTime(row.at))")
                    continue
                }
                accounts[index].closedAt = row.at
                changes.append(.close(account: Int32(index), at: row.at))
                closed += 1
            case .value(let text):
                if let closedAt = account.closedAt, row.at >= closedAt {
                    self.faults.add(line: line, "'\(account.name)' is closed from \(Instant.dateTime(closedAt)) on")
                    continue
                }
                let money: Money
                do {
                    money = try Money.parse(text, currency: account.currency)
                    try PortfolioCommands.checkStorable(money)
                } catch {
                    // One line per bad row: the advice (both readings of 1,500) goes on it.
                    let failure = CLIError.from(error)
                    self.faults.add(line: line, failure.message + (failure.hint.map { " (\($0))" } ?? ""))
                    continue
                }
                // Identical rows are counted, not merged: the Nth copy of an update is
                // skipped when the store holds N already. So importing one backup twice
                // changes nothing the second time, and an export that lists an update
                // twice still reads back as it was written.
                let key = Key(account: Int32(index), at: row.at, value: money.minorUnits)
                let occurrence = (occurrences[key] ?? 0) + 1
                occurrences[key] = occurrence
                var storedCount: Int64 = 0
                if let id = account.stored?.id {
                    try alreadyStored.forEachRow([.integer(id), .integer(row.at), .integer(money.minorUnits)]) { storedCount = $0.int64(0) }
                }
                if occurrence <= storedCount {
                    skipped += 1
                    continue
                }
                accounts[index].latest = max(row.at, account.latest ?? row.at)
                changes.append(.update(account: Int32(index), at: row.at, value: money.minorUnits))
                updates += 1
            }
        }
    }

    var changesNothing: Bool { changes.isEmpty }

    /// Makes the changes in `store`, inside the caller's write transaction, recording in
    /// `undo` what they created and the stored accounts as they were before.
    func apply(to store: PortfolioStore, _ undo: UndoRecorder) throws {
        var ids = accounts.map { $0.stored?.id }
        // The accounts the import touches: the stored ones are saved before any change.
        var touched = Set<Int>()
        for change in changes {
            switch change {
            case let .create(account, _), let .update(account, _, _), let .close(account, _): touched.insert(Int(account))
            }
        }
        for index in touched.sorted() { if let id = ids[index] { try undo.saveAccount(id) } }
        let insert = try store.database.prepare("INSERT INTO updates (account_id, at, value) VALUES (?, ?, ?)")
        for change in changes {
            switch change {
            case let .create(account, at):
                let planned = accounts[Int(account)]
                ids[Int(account)] = try store.createAccount(name: planned.name, currency: planned.currency, at: at, undo).id
            case let .update(account, at, value):
                guard let id = ids[Int(account)] else { continue }
                try insert.run([.integer(id), .integer(at), .integer(value)])
                try undo.created(.updates, id: store.database.lastInsertRowID)
            case let .close(account, at):
                guard let id = ids[Int(account)] else { continue }
                try store.database.query("UPDATE accounts SET closed_at = ? WHERE id = ?", [.integer(at), .integer(id)])
            }
        }
        try store.recount(touched.sorted().compactMap { ids[$0] })
    }

    private func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    /// "3 updates, 1 new account, 1 close": what the import changes.
    var changeSummary: String {
        var text = plural(updates, "update")
        if created > 0 { text += ", \(plural(created, "new account"))" }
        if closed > 0 { text += ", \(plural(closed, "close"))" }
        return text
    }

    /// "Imported 3 updates, 1 new account. Skipped 2 rows already in the store."
    func summary(dryRun: Bool) -> String {
        var text = (dryRun ? "Would import " : "Imported ") + changeSummary + "."
        if skipped > 0 {
            text += " \(dryRun ? "Would skip" : "Skipped") \(plural(skipped, "row")) already in the store."
        }
        if dryRun { text += " Nothing was changed (--dry-run)." }
        return text
    }
}
