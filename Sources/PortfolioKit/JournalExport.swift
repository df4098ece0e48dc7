// portfolio's store as a plain-text accounting journal: hledger, Ledger or Beancount.
// Every account is declared with its commodity (ISO code, with the currency's decimals)
// and its original name and creation time as metadata; every update is a valuation.
//
// hledger and Ledger: one transaction per update, a balance assignment
// (`assets:Easy saver  = 1234.56 GBP`) balanced by equity:valuation, dated the update's
// local date, its exact instant in an `at:` comment; a close assigns 0 and is marked
// `portfolio: close`. So `hledger balance` gives each account's latest value, as
// `portfolio list` does, and `portfolio import` reads the journal back exactly.
//
// Beancount checks a `balance` at the START of its day, and has no balance assignment:
// a day's last value V of an account is written as `pad` on that day (from
// Equity:Valuation) and `balance … V` on the next day; a day whose value is unchanged
// gets no pad (Beancount refuses a pad with nothing to do). A close balances to 0 the
// same way and closes the account the next day. Beancount has no time of day, so only
// each day's last value is there. An account opens on the day of its first event (its
// creation, first value or first deposit), the equity accounts on the first of all.

import MoneyKit
import MoneyKitPlatform

/// portfolio's store written as a journal of one of the plain-text accounting tools.
public struct JournalExport {
    /// The format written.
    public let format: JournalFormat

    /// An export in `format`.
    public init(format: JournalFormat) { self.format = format }

    /// Writes the journal of everything in `repository`, a line at a time to `line`.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func write(from repository: any PortfolioRepository, line: (String) -> Void) throws {
        let accounts = try repository.accounts()
        let mapping = AccountNameMapping(accounts: accounts, format: format)
        line("; portfolio export (\(format.rawValue)), portfolio-journal 1: each update is a valuation of its account.")
        line("; Account names are mapped (see portfolio(1), export); each account's own name is in its name: metadata.")
        switch format {
        case .hledger, .ledger: try writeLedgerStyle(accounts: accounts, mapping: mapping, repository: repository, line: line)
        case .beancount: try writeBeancount(accounts: accounts, mapping: mapping, repository: repository, line: line)
        }
    }

    /// "1234.56 GBP": exact, with the currency's decimals.
    static func amount(_ minorUnits: Int64, _ currency: Currency) -> String {
        Money(minorUnits: minorUnits, currency: currency).plainString + " " + currency.code
    }

    /// The date of `instant` as its ISO 8601 text gives it (local, else UTC), and that text.
    static func dated(_ instant: Int64) -> (date: String, exact: String) {
        let exact = Instant.iso8601(instant)
        return (String(exact.prefix(10)), exact)
    }

    // MARK: hledger and Ledger

    private func writeLedgerStyle(accounts: [Account], mapping: AccountNameMapping, repository: any PortfolioRepository, line: (String) -> Void) throws {
        if format == .hledger { line("decimal-mark .") }
        line("")
        for currency in Set(accounts.map(\.currency)).sorted() {
            // hledger wants a decimal point in the sample even with no decimals ("1000.").
            let sample = Money(minorUnits: 1000 * currency.minorUnitsPerMajor, currency: currency).plainString
            if format == .hledger {
                line("commodity \(sample)\(currency.minorUnitExponent == 0 ? "." : "") \(currency.code)")
            } else {
                line("commodity \(currency.code)")
                line("    format \(sample) \(currency.code)")
            }
        }
        if !accounts.isEmpty { line("") }
        // Ledger --pedantic refuses metadata whose tag is not declared.
        if format == .ledger, !accounts.isEmpty {
            for tag in ["name", "created", "currency", "at", "portfolio"] { line("tag \(tag)") }
            line("")
        }
        let valuation = AccountNameMapping.valuationAccount(format)
        for account in accounts {
            line("account \(mapping.names[account.id] ?? "")")
            line("    ; name: \(JournalQuoting.quoted(account.name))")
            line("    ; created: \(Instant.iso8601(account.createdAt))")
            line("    ; currency: \(account.currency.code)")
        }

        let byID = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
        // Closes and deposits/withdrawals are few: merged into the stream of updates by
        // time, a contribution before an update at the same instant (the update is the
        // value from then on).
        var side: [(at: Int64, account: Account, contribution: Int64?)] = accounts.compactMap { account in
            account.closedAt.map { (at: $0, account: account, contribution: nil) }
        }
        try repository.forEachContribution { contribution in
            guard let account = byID[contribution.accountID] else { return }
            side.append((contribution.at, account, contribution.amount))
        }
        if !accounts.isEmpty { line("account \(valuation)") }
        if side.contains(where: { $0.contribution != nil }) { line("account \(AccountNameMapping.contributionAccount(format))") }
        // At one instant the money moved comes before a close: a close's withdrawal is recorded at its instant.
        var pending = side.enumerated().sorted {
            ($0.element.at, $0.element.contribution == nil ? 1 : 0, $0.offset) < ($1.element.at, $1.element.contribution == nil ? 1 : 0, $1.offset)
        }.map(\.element)[...]
        func transaction(_ account: Account, at: Int64, value: Int64, mark: String?) {
            let (date, exact) = Self.dated(at)
            line("")
            line("\(date) \(mark == "close" ? "close" : "valuation")")
            line("    ; at: \(exact)")
            if let mark { line("    ; portfolio: \(mark)") }
            line("    \(mapping.names[account.id] ?? "")  = \(Self.amount(value, account.currency))")
            line("    \(valuation)")
        }
        // A deposit (positive) or withdrawal (negative) moves money between the account and equity:contributions.
        func contribution(_ account: Account, at: Int64, amount: Int64) {
            let (date, exact) = Self.dated(at)
            let kind = amount > 0 ? "deposit" : "withdrawal"
            line("")
            line("\(date) \(kind)")
            line("    ; at: \(exact)")
            line("    ; portfolio: \(kind)")
            line("    \(mapping.names[account.id] ?? "")  \(Self.amount(amount, account.currency))")
            line("    \(AccountNameMapping.contributionAccount(format))")
        }
        // The latest value of each account, and the instant of a contribution after it.
        var latest: [Int64: Int64] = [:]
        var contributedSince: [Int64: Int64] = [:]
        func drain(before instant: Int64) {
            while let next = pending.first, next.at < instant || (next.at == instant && next.contribution != nil) {
                pending.removeFirst()
                if let amount = next.contribution {
                    contribution(next.account, at: next.at, amount: amount)
                    contributedSince[next.account.id] = next.at
                } else {
                    transaction(next.account, at: next.at, value: 0, mark: "close")
                    contributedSince[next.account.id] = nil
                }
            }
        }
        try repository.forEachUpdate { update in
            guard let account = byID[update.accountID] else { return }
            drain(before: update.at)
            transaction(account, at: update.at, value: update.value, mark: nil)
            latest[account.id] = update.value
            contributedSince[account.id] = nil
        }
        drain(before: .max)
        // Money moved after an account's latest update does not change its value (portfolio
        // keeps valuations apart from contributions): the value in force is asserted again,
        // so the journal's balance is still the value 'portfolio list' shows.
        for account in accounts {
            guard let at = contributedSince[account.id], let value = latest[account.id] else { continue }
            transaction(account, at: at, value: value, mark: "value in force")
        }
    }

    // MARK: Beancount

    private struct Directive {
        let date: String
        /// Beancount's own order on a day: open, balance, pad, close.
        let rank: Int
        let text: [String]
    }

    private func writeBeancount(accounts: [Account], mapping: AccountNameMapping, repository: any PortfolioRepository, line: (String) -> Void) throws {
        var directives: [Directive] = []
        var firstDate: String?
        var anyContributions = false
        for account in accounts {
            let name = mapping.names[account.id] ?? ""
            let updates = try repository.updates(of: account)
            // Each day's last value, in day order (updates come oldest first).
            var days: [(date: String, value: Int64)] = []
            for update in updates {
                let date = Self.dated(update.at).date
                if days.last?.date == date { days[days.count - 1].value = update.value } else { days.append((date, update.value)) }
            }
            // Deposits and withdrawals: transactions from Equity:Contributions; after the
            // last update they do not change the value, which is checked again on the day after the last.
            let contributions = try repository.contributions(of: account)
            anyContributions = anyContributions || !contributions.isEmpty
            for item in contributions {
                let date = Self.dated(item.at).date
                directives.append(Directive(date: date, rank: 2, text: [
                    "\(date) * \"\(item.amount > 0 ? "deposit" : "withdrawal")\"",
                    "  \(name) \(Self.amount(item.amount, account.currency))",
                    "  \(AccountNameMapping.contributionAccount(format))",
                ]))
            }
            if let last = contributions.last, let value = updates.last?.value, last.at > updates.last?.at ?? .max {
                let date = Self.dated(last.at).date
                if days.last?.date != date { days.append((date, value)) }
            }
            // What the contributions add up to by each day, for whether a pad has anything to do.
            var movedBy: [String: CheckedSum] = [:]
            for item in contributions { movedBy[Self.dated(item.at).date, default: CheckedSum()].add(item.amount) }
            var closeDate: String?
            if let closedAt = account.closedAt {
                let date = Self.dated(closedAt).date
                if days.last?.date == date { days[days.count - 1].value = 0 } else { days.append((date, 0)) }
                closeDate = date
            }
            // Open from the account's first event: its creation, first value or first money
            // moved (a deposit may come before the first value, as 'deposit' advises).
            let openDate = [Self.dated(account.createdAt).date, days.first?.date, contributions.first.map { Self.dated($0.at).date }]
                .compactMap { $0 }.min() ?? Self.dated(account.createdAt).date
            firstDate = min(firstDate ?? openDate, openDate)
            directives.append(Directive(date: openDate, rank: 0, text: [
                "\(openDate) open \(name) \(account.currency.code)",
                "  name: \(JournalQuoting.quoted(account.name))",
                "  created: \"\(Instant.iso8601(account.createdAt))\"",
            ]))
            var previous: Int64 = 0
            var movedDates = movedBy.keys.sorted()[...]
            for day in days {
                // The balance expected without a pad: the last one checked plus the money moved since.
                var expected: Int64? = previous
                while let moved = movedDates.first, moved <= day.date {
                    movedDates.removeFirst()
                    expected = expected.flatMap { total in
                        guard let amount = movedBy[moved]?.value else { return nil }
                        let (sum, overflow) = total.addingReportingOverflow(amount)
                        return overflow ? nil : sum
                    }
                }
                guard let next = Self.nextDate(day.date) else {
                    directives.append(Directive(date: day.date, rank: 3, text: ["; \(name) is \(Self.amount(day.value, account.currency)) at the end of \(day.date): Beancount has no later date to check it on"]))
                    continue
                }
                if day.value != expected {
                    directives.append(Directive(date: day.date, rank: 2, text: ["\(day.date) pad \(name) \(AccountNameMapping.valuationAccount(format))"]))
                }
                directives.append(Directive(date: next, rank: 1, text: ["\(next) balance \(name) \(Self.amount(day.value, account.currency))"]))
                previous = day.value
            }
            if let closeDate {
                let date = Self.nextDate(closeDate) ?? closeDate
                directives.append(Directive(date: date, rank: 3, text: ["\(date) close \(name)"]))
            }
        }
        if let firstDate {
            line("")
            line("\(firstDate) open \(AccountNameMapping.valuationAccount(format))")
            if anyContributions { line("\(firstDate) open \(AccountNameMapping.contributionAccount(format))") }
        }
        // By date, then Beancount's order on a day; stable, so accounts stay in name order.
        let sorted = directives.enumerated().sorted { left, right in
            (left.element.date, left.element.rank, left.offset) < (right.element.date, right.element.rank, right.offset)
        }
        for (_, directive) in sorted {
            if directive.rank == 0 { line("") }
            for text in directive.text { line(text) }
        }
    }

    /// The calendar date after `date` (yyyy-mm-dd), nil after 9999-12-31.
    static func nextDate(_ date: String) -> String? {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var (year, month, day) = (parts[0], parts[1], parts[2])
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month) else { return nil }
        day += 1
        if day > length[month - 1] { day = 1; month += 1 }
        if month > 12 { month = 1; year += 1 }
        guard year <= 9999 else { return nil }
        func padded(_ value: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
}
