// What an import would change in a store: the file's rows (read and checked once) set
// against the store's accounts and updates. Made against the store as it is for
// --dry-run and to find every bad line before anything is created, and made again
// under the write lock for the import itself, so it never acts on a stale state.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// One row of an import file, checked for what needs no store.
public struct ImportRow: Sendable {
    /// What the row's value asks for.
    public enum Kind: Sendable {
        /// An empty value: the account, created at that date.
        case account
        /// The value `closed`: the account closes at that date.
        case close
        /// A value, read in the account's currency once that is known.
        case value(String)
        /// A deposit or (`withdrawal`) a withdrawal of the amount, more than zero (kind column).
        case contribution(String, withdrawal: Bool)
        /// A goal of the amount (kind column `goal`): the row's name is -1 for a currency's
        /// total; `dated`: the row's instant is the goal's date.
        case goal(String, dated: Bool)
    }

    // Kept small (a million rows are held at once): indexes, not names or currencies.
    /// The row's line in the file.
    public let line: Int32
    /// Index into the file's names.
    public let name: Int32
    /// The row's instant.
    public let at: Int64
    /// Index into the file's currencies, -1 for none.
    public let currency: Int16
    /// An account, a close or a value.
    public let kind: Kind

    /// A row read from line `line` of a file.
    public init(line: Int32, name: Int32, at: Int64, currency: Int16, kind: Kind) {
        self.line = line
        self.name = name
        self.at = at
        self.currency = currency
        self.kind = kind
    }
}

/// Every bad line of an import: the first `limit` said in full, the rest counted.
public struct ImportFaults: Sendable {
    /// How many faults are kept in full; the rest are counted.
    public static let limit = 20
    /// The file's name in messages ("standard input" for -).
    public let source: String
    /// The first `limit` faults.
    public private(set) var shown: [ImportFault] = []
    /// How many faults there are in all.
    public private(set) var count = 0

    /// No faults yet, of the file named `source`.
    public init(source: String) { self.source = source }

    /// Records the fault `message` of line `line`.
    public mutating func add(line: Int, _ message: String) {
        count += 1
        if shown.count < Self.limit { shown.append(ImportFault(line: line, message: message)) }
    }

    /// Whether the file has no fault.
    public var isEmpty: Bool { count == 0 }

    /// The error naming every fault (the first `limit` in full), lines in order.
    public var error: PortfolioError {
        .importFaults(source: source, shown: shown.sorted { $0.line < $1.line }, count: count)
    }
}

/// The changes an import makes to one store, with what it skips as already there.
public struct ImportPlan: Sendable {
    /// An account as the import leaves it: one already stored, or one it creates.
    struct PlannedAccount: Sendable {
        var stored: Account?
        var name: String
        var currency: Currency
        var closedAt: Int64?
        /// The latest update (stored or planned), to refuse a close before it.
        var latest: Int64?
        /// Whether the store holds updates of it (only then can a row be one already stored).
        var hasStoredUpdates = false
    }

    private(set) var accounts: [PlannedAccount] = []
    /// The accounts the import creates (index into `accounts`, at), in file order.
    private var creates: [(account: Int32, at: Int64)] = []
    /// The closes it makes, in file order.
    private var closes: [(account: Int32, at: Int64)] = []
    /// The deposits and withdrawals it records (positive in, negative out), in file order.
    private var plannedContributions: [(account: Int32, at: Int64, amount: Int64)] = []
    /// The file's rows, and which of them are new updates (one byte a row).
    private let rows: ImportRows
    private var accepted: [Bool] = []
    /// Each name's account (index into `accounts`), -1 before it is known.
    private var accountOfName: [Int32] = []
    /// The values read the full way (not plain decimals), by row.
    private var fullReadings: [Int: Int64] = [:]
    /// How many updates, new accounts and closes the import makes, and rows it skips as stored.
    public private(set) var updates = 0, created = 0, closed = 0, skipped = 0
    /// How many deposits and withdrawals the import records.
    public private(set) var contributions = 0
    /// The goals it sets (account −1: a currency's total), in file order.
    private var plannedGoals: [(account: Int32, currency: Currency, amount: Int64, by: Int64?)] = []
    /// How many goals the import sets.
    public private(set) var goalsSet = 0
    /// The store's goals, read once.
    private var storedGoals: [Goal]?
    /// The stored deposits and withdrawals per planned account, read once each: (at, amount) → how many.
    private var storedContributions: [Int: [Key: Int64]] = [:]
    private var contributionOccurrences: [Key: Int64] = [:]
    /// The file's faults, the plan's added.
    public var faults: ImportFaults

    private struct Key: Hashable {
        let account: Int32
        let at: Int64
        let value: Int64
    }

    /// Plans `rows` (names from `names`) against `repository`, collecting every fault.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public init(rows: [ImportRow], names: [String], currencies: [Currency], repository: any PortfolioRepository, fallbackCurrency: Currency, faults: ImportFaults) throws {
        try self.init(rows: ImportRows(rows), names: names, currencies: currencies, repository: repository, fallbackCurrency: fallbackCurrency, faults: faults)
    }

    /// Plans `rows` (names from `names`) against `repository`, collecting every fault.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public init(rows: ImportRows, names: [String], currencies: [Currency], repository: any PortfolioRepository, fallbackCurrency: Currency, faults: ImportFaults) throws {
        self.faults = faults
        self.rows = rows
        var byName: [String: Int] = [:]
        for account in try repository.accounts() where byName[ItemName.matchKey(account.name)] == nil {
            byName[ItemName.matchKey(account.name)] = accounts.count
            accounts.append(PlannedAccount(stored: account, name: account.name, currency: account.currency, closedAt: account.closedAt, latest: nil))
        }
        var latestLoaded = Set<Int>()
        var occurrences: [Key: Int64] = [:]
        accountOfName = [Int32](repeating: -1, count: names.count)
        accepted = [Bool](repeating: false, count: rows.count)

        for row in 0..<rows.count {
            let line = Int(rows.lines[row]), name = Int(rows.names[row]), at = rows.instants[row], kind = rows.kinds[row]
            let rowCurrency = rows.currencies[row] >= 0 ? currencies[Int(rows.currencies[row])] : nil
            // A goal names an account already known (stored, or made by an earlier row), or none: a total.
            if kind == ImportRows.goal {
                guard let written = rows.goals[row] else { continue }
                var index: Int?
                if name >= 0 {
                    index = accountOfName[name] >= 0 ? Int(accountOfName[name]) : byName[ItemName.matchKey(names[name])]
                    if index == nil {
                        self.faults.add(line: line, "no account '\(names[name])' in the store or on an earlier line for this goal")
                        continue
                    }
                }
                try planGoal(written.text, by: written.dated ? at : nil, account: index, currency: rowCurrency, line: line, repository: repository)
                continue
            }
            // The account: known by name (letter case ignored), else created by this row.
            let index: Int
            if let known = accountOfName[name] >= 0 ? Int(accountOfName[name]) : byName[ItemName.matchKey(names[name])] {
                index = known
                if let currency = rowCurrency, currency != accounts[index].currency {
                    self.faults.add(line: line, "'\(accounts[index].name)' is in \(accounts[index].currency.code), not \(currency.code)")
                    continue
                }
                if kind == ImportRows.account { skipped += 1; continue }
            } else {
                index = accounts.count
                let currency = rowCurrency ?? fallbackCurrency
                accounts.append(PlannedAccount(stored: nil, name: names[name], currency: currency, closedAt: nil, latest: nil))
                byName[ItemName.matchKey(names[name])] = index
                creates.append((Int32(index), at))
                created += 1
            }
            accountOfName[name] = Int32(index)
            // The latest stored update, read once per account that needs it.
            if let stored = accounts[index].stored, !latestLoaded.contains(index) {
                latestLoaded.insert(index)
                if let found = try repository.latestInstant(accountID: stored.id) {
                    accounts[index].latest = max(found, accounts[index].latest ?? found)
                    accounts[index].hasStoredUpdates = true
                }
            }
            let account = accounts[index]
            switch kind {
            case ImportRows.account:
                continue
            case ImportRows.contribution:
                guard let written = rows.contributions[row] else { continue }
                try planContribution(written.text, withdrawal: written.withdrawal, at: at, line: line, index: index, repository: repository)
            case ImportRows.close:
                if let closedAt = account.closedAt {
                    if closedAt == at { skipped += 1 } else {
                        self.faults.add(line: line, "'\(account.name)' is already closed on \(Instant.dateTime(closedAt))")
                    }
                    continue
                }
                if let last = account.latest, last >= at {
                    self.faults.add(line: line, "'\(account.name)' has an update on \(Instant.dateTime(last)), not before its close on \(Instant.dateTime(at))")
                    continue
                }
                // Money moved at the close is its withdrawal; after it, none.
                if let moved = try storedContributionCounts(index, repository: repository).keys.map(\.at).max(), moved > at {
                    self.faults.add(line: line, "'\(account.name)' has money moved on \(Instant.dateTime(moved)), after its close on \(Instant.dateTime(at))")
                    continue
                }
                if let moved = plannedContributions.filter({ $0.account == Int32(index) }).map(\.at).max(), moved > at {
                    self.faults.add(line: line, "'\(account.name)' has money moved on \(Instant.dateTime(moved)), after its close on \(Instant.dateTime(at))")
                    continue
                }
                accounts[index].closedAt = at
                closes.append((Int32(index), at))
                closed += 1
            default:
                if let closedAt = account.closedAt, at >= closedAt {
                    self.faults.add(line: line, "'\(account.name)' is closed from \(Instant.dateTime(closedAt)) on")
                    continue
                }
                let minorUnits: Int64
                if let quick = rows.quickMinorUnits(row, currency: account.currency) {
                    minorUnits = quick
                } else {
                    if let fault = excessDecimals(rows.valueText(row), currency: account.currency) {
                        self.faults.add(line: line, fault)
                        continue
                    }
                    do {
                        minorUnits = try Money.parse(rows.valueText(row), currency: account.currency).minorUnits
                    } catch {
                        // One line per bad row: the advice (both readings of 1,500) goes on it.
                        self.faults.add(line: line, error.description + (error.hint.map { " (\($0))" } ?? ""))
                        continue
                    }
                    fullReadings[row] = minorUnits
                }
                if let fault = PortfolioLimits.valueFault(minorUnits) {
                    self.faults.add(line: line, fault)
                    continue
                }
                // Identical rows are counted, not merged: the Nth copy of an update is
                // skipped when the store holds N already. So importing one backup twice
                // changes nothing the second time, and an export that lists an update
                // twice still reads back as it was written. (Only an account with stored
                // updates can hold a copy: the others need no count.)
                if account.hasStoredUpdates, let id = account.stored?.id {
                    let key = Key(account: Int32(index), at: at, value: minorUnits)
                    let occurrence = (occurrences[key] ?? 0) + 1
                    occurrences[key] = occurrence
                    if occurrence <= (try repository.updateCount(accountID: id, at: at, value: minorUnits)) {
                        skipped += 1
                        continue
                    }
                }
                accounts[index].latest = max(at, account.latest ?? at)
                accepted[row] = true
                updates += 1
            }
        }
    }

    /// Whether the import would change nothing.
    public var changesNothing: Bool { creates.isEmpty && closes.isEmpty && plannedContributions.isEmpty && plannedGoals.isEmpty && updates == 0 }

    /// Makes the changes, inside `change` (one undo step): the accounts first, then the
    /// updates account by account (each account's in time order, file order at one
    /// instant: see `storageOrder`), then the closes.
    /// - Throws: `PortfolioError.nameTaken` or `.accountGone`; `StoreError` when the store cannot be written.
    public func apply(_ change: any PortfolioChange) throws {
        var made: [Account?] = accounts.map(\.stored)
        for create in creates {
            let plannedAccount = accounts[Int(create.account)]
            made[Int(create.account)] = try change.createAccount(name: plannedAccount.name, currency: plannedAccount.currency, at: create.at)
        }
        let targets = made.compactMap { $0 }
        // Index into `targets` of each planned account (-1: none).
        var targetOf = [Int](repeating: -1, count: made.count)
        var next = 0
        for (index, account) in made.enumerated() where account != nil {
            targetOf[index] = next
            next += 1
        }
        let rows = self.rows, accepted = self.accepted, accountOfName = self.accountOfName, accounts = self.accounts, fullReadings = self.fullReadings
        // The target of each accepted row (-1: none), read where the order needs it.
        let target = { (row: Int) -> Int in
            guard accepted[row] else { return -1 }
            let planned = Int(accountOfName[Int(rows.names[row])])
            return planned >= 0 ? targetOf[planned] : -1
        }
        let order = Self.storageOrder(rowCount: rows.count, targets: targets.count, instants: rows.instants, target: target)
        try change.addUpdates(of: targets) { body in
            for row32 in order {
                let row = Int(row32)
                let planned = Int(accountOfName[Int(rows.names[row])])
                guard let value = rows.quickMinorUnits(row, currency: accounts[planned].currency) ?? fullReadings[row] else { continue }
                try body(targetOf[planned], rows.instants[row], value)
            }
        }
        let contributions = plannedContributions.compactMap { planned in made[Int(planned.account)].map { (account: $0, at: planned.at, amount: planned.amount) } }
        if !contributions.isEmpty { try change.addContributions(contributions) }
        for close in closes {
            guard let target = made[Int(close.account)] else { continue }
            try change.setClosed(target, at: close.at)
        }
        for goal in plannedGoals {
            let accountID = goal.account >= 0 ? made[Int(goal.account)]?.id : nil
            if goal.account >= 0 && accountID == nil { continue }
            _ = try change.setGoal(accountID: accountID, currency: goal.currency, amount: goal.amount, by: goal.by)
        }
    }

    /// The rows with a target (`target(row)` ≥ 0), account by account in target order,
    /// each account's by instant, file order at one instant: the order a store keeps them
    /// in (its index by account and time), so that every insert of a large import appends
    /// to the index rather than seeking into it, and the ids a store gives in call order
    /// follow it. A counting sort by account keeps file order; an account's rows are sorted
    /// by instant only when the file did not list them so already.
    static func storageOrder(rowCount: Int, targets: Int, instants: [Int64], target: (Int) -> Int) -> [Int32] {
        var starts = [Int](repeating: 0, count: targets + 1)
        for row in 0..<rowCount {
            let account = target(row)
            if account >= 0 { starts[account + 1] += 1 }
        }
        for account in 0..<targets { starts[account + 1] += starts[account] }
        var order = [Int32](repeating: 0, count: starts[targets])
        var next = starts
        for row in 0..<rowCount {
            let account = target(row)
            guard account >= 0 else { continue }
            order[next[account]] = Int32(truncatingIfNeeded: row)  // a file's rows are counted in Int32 (ImportRows.lines)
            next[account] += 1
        }
        for account in 0..<targets {
            let slice = starts[account]..<starts[account + 1]
            let inOrder = slice.dropFirst().allSatisfy { instants[Int(order[$0 - 1])] <= instants[Int(order[$0])] }
            if !inOrder {
                order[slice].sort { instants[Int($0)] < instants[Int($1)] || (instants[Int($0)] == instants[Int($1)] && $0 < $1) }
            }
        }
        return order
    }

    /// A deposit or withdrawal row: refused after the account's close, or when the amount
    /// is not more than zero; the Nth copy of one already stored N times is skipped, as updates are.
    private mutating func planContribution(_ text: String, withdrawal: Bool, at: Int64, line: Int, index: Int, repository: any PortfolioRepository) throws {
        let account = accounts[index]
        // Money moved at the close's own instant is the close's withdrawal (close --withdraw).
        if let closedAt = account.closedAt, at > closedAt {
            faults.add(line: line, "'\(account.name)' is closed from \(Instant.dateTime(closedAt)) on")
            return
        }
        if let fault = excessDecimals(text, currency: account.currency) {
            faults.add(line: line, fault)
            return
        }
        let money: Money
        do {
            money = try Money.parse(text, currency: account.currency)
        } catch {
            faults.add(line: line, error.description + (error.hint.map { " (\($0))" } ?? ""))
            return
        }
        guard money.minorUnits > 0, PortfolioLimits.valueFault(money.minorUnits) == nil else {
            faults.add(line: line, "a \(withdrawal ? "withdrawal" : "deposit") must be more than zero (withdrawals are written as positive amounts)")
            return
        }
        let amount = withdrawal ? -money.minorUnits : money.minorUnits
        let key = Key(account: Int32(index), at: at, value: amount)
        let occurrence = (contributionOccurrences[key] ?? 0) + 1
        contributionOccurrences[key] = occurrence
        if occurrence <= (try storedContributionCounts(index, repository: repository)[key] ?? 0) {
            skipped += 1
            return
        }
        plannedContributions.append((Int32(index), at, amount))
        contributions += 1
    }

    /// The stored deposits and withdrawals of planned account `index`, read once: (at, amount) → how many.
    /// - Throws: `StoreError` when the store cannot be read.
    private mutating func storedContributionCounts(_ index: Int, repository: any PortfolioRepository) throws -> [Key: Int64] {
        if let known = storedContributions[index] { return known }
        var stored: [Key: Int64] = [:]
        if let existing = accounts[index].stored {
            for contribution in try repository.contributions(of: existing) {
                stored[Key(account: Int32(index), at: contribution.at, value: contribution.amount), default: 0] += 1
            }
        }
        storedContributions[index] = stored
        return stored
    }

    /// The fault of a journal's plain decimal (`rows.pointsAreDecimal`) with more decimals
    /// than `currency` has, zeros included; nil for any other value.
    private func excessDecimals(_ text: String, currency: Currency) -> String? {
        guard rows.pointsAreDecimal, let point = text.firstIndex(of: ".") else { return nil }
        let decimals = text.distance(from: text.index(after: point), to: text.endIndex)
        guard decimals > currency.minorUnitExponent else { return nil }
        return "'\(text)' has \(decimals) decimals; \(currency.code) has \(currency.minorUnitExponent)"
    }

    /// A goal row: in the account's currency (or, for a total, the row's, which it must
    /// name), more than zero; one the store holds already, same amount and date, is skipped.
    private mutating func planGoal(_ text: String, by: Int64?, account index: Int?, currency rowCurrency: Currency?, line: Int,
                                   repository: any PortfolioRepository) throws {
        let currency: Currency
        if let index {
            currency = accounts[index].currency
            if let rowCurrency, rowCurrency != currency {
                faults.add(line: line, "'\(accounts[index].name)' is in \(currency.code), not \(rowCurrency.code)")
                return
            }
        } else {
            guard let rowCurrency else {
                faults.add(line: line, "a total's goal needs its currency")
                return
            }
            currency = rowCurrency
        }
        let money: Money
        do {
            money = try Money.parse(text, currency: currency)
        } catch {
            faults.add(line: line, error.description + (error.hint.map { " (\($0))" } ?? ""))
            return
        }
        guard money.minorUnits > 0 else {
            faults.add(line: line, "a goal must be more than zero")
            return
        }
        if storedGoals == nil { storedGoals = try repository.goals() }
        let accountID = index.flatMap { accounts[$0].stored?.id }
        if index == nil || accountID != nil,
           storedGoals?.contains(where: { $0.accountID == accountID && $0.currency == currency && $0.amount == money.minorUnits && $0.by == by }) == true {
            skipped += 1
            return
        }
        plannedGoals.append((Int32(index ?? -1), currency, money.minorUnits, by))
        goalsSet += 1
    }

    private func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    /// "3 updates, 1 new account, 1 close": what the import changes.
    public var changeSummary: String {
        var text = plural(updates, "update")
        if created > 0 { text += ", \(plural(created, "new account"))" }
        if closed > 0 { text += ", \(plural(closed, "close"))" }
        if goalsSet > 0 { text += ", \(plural(goalsSet, "goal"))" }
        if contributions > 0 { text += ", \(contributions) deposit\(contributions == 1 ? "" : "s") or withdrawal\(contributions == 1 ? "" : "s")" }
        return text
    }

    /// "Imported 3 updates, 1 new account. Skipped 2 rows already in the store."
    public func summary(dryRun: Bool) -> String {
        var text = (dryRun ? "Would import " : "Imported ") + changeSummary + "."
        if skipped > 0 {
            text += " \(dryRun ? "Would skip" : "Skipped") \(plural(skipped, "row")) already in the store."
        }
        if dryRun { text += " Nothing was changed (--dry-run)." }
        return text
    }
}
