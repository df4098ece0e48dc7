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
// each day's last value is there.

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
        let valuation = AccountNameMapping.valuationAccount(format)
        for account in accounts {
            line("account \(mapping.names[account.id] ?? "")")
            line("    ; name: \(JournalQuoting.quoted(account.name))")
            line("    ; created: \(Instant.iso8601(account.createdAt))")
            line("    ; currency: \(account.currency.code)")
        }
        if !accounts.isEmpty { line("account \(valuation)") }

        let byID = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0) })
        // Closes are few: merged into the stream of updates by time.
        var closes = accounts.compactMap { account in account.closedAt.map { (account: account, at: $0) } }.sorted { $0.at < $1.at }[...]
        func transaction(_ account: Account, at: Int64, value: Int64, close: Bool) {
            let (date, exact) = Self.dated(at)
            line("")
            line("\(date) \(close ? "close" : "valuation")")
            line("    ; at: \(exact)")
            if close { line("    ; portfolio: close") }
            line("    \(mapping.names[account.id] ?? "")  = \(Self.amount(value, account.currency))")
            line("    \(valuation)")
        }
        func closesBefore(_ instant: Int64) {
            while let next = closes.first, next.at <= instant {
                closes.removeFirst()
                transaction(next.account, at: next.at, value: 0, close: true)
            }
        }
        try repository.forEachUpdate { update in
            guard let account = byID[update.accountID] else { return }
            closesBefore(update.at - 1)
            transaction(account, at: update.at, value: update.value, close: false)
        }
        closesBefore(.max)
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
        for account in accounts {
            let name = mapping.names[account.id] ?? ""
            let updates = try repository.updates(of: account)
            // Each day's last value, in day order (updates come oldest first).
            var days: [(date: String, value: Int64)] = []
            for update in updates {
                let date = Self.dated(update.at).date
                if days.last?.date == date { days[days.count - 1].value = update.value } else { days.append((date, update.value)) }
            }
            var closeDate: String?
            if let closedAt = account.closedAt {
                let date = Self.dated(closedAt).date
                if days.last?.date == date { days[days.count - 1].value = 0 } else { days.append((date, 0)) }
                closeDate = date
            }
            let openDate = min(Self.dated(account.createdAt).date, days.first?.date ?? "9999-12-31")
            firstDate = min(firstDate ?? openDate, openDate)
            directives.append(Directive(date: openDate, rank: 0, text: [
                "\(openDate) open \(name) \(account.currency.code)",
                "  name: \(JournalQuoting.quoted(account.name))",
                "  created: \"\(Instant.iso8601(account.createdAt))\"",
            ]))
            var previous: Int64 = 0
            for day in days {
                guard let next = Self.nextDate(day.date) else {
                    directives.append(Directive(date: day.date, rank: 3, text: ["; \(name) is \(Self.amount(day.value, account.currency)) at the end of \(day.date): Beancount has no later date to check it on"]))
                    continue
                }
                if day.value != previous {
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
