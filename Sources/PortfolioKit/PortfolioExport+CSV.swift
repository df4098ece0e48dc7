// portfolio's CSV format, written: date,account,value[,currency], one update a row, read
// back by PortfolioCSVImport so that export → import round-trips. Two special rows keep
// what is not an update: an empty value creates the account (at that date) without a
// value, and the value `closed` closes it at that date. A store with deposits, withdrawals
// or goals is written with a fifth column, kind: empty for those rows, `deposit` or
// `withdrawal` (the value then the amount moved, positive) for money in and out, `goal`
// for a goal. Cells a spreadsheet would run as formulas are neutralised (DelimitedText).

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

extension PortfolioExport {
    /// Writes the store as portfolio's CSV, piece by piece to `write` (each line ends in
    /// a newline): a million rows make no joined text. Call it inside one read, so that a
    /// shared store changing meanwhile is not half seen.
    /// - Throws: what the store throws while it is read.
    public static func writeCSV(from store: any PortfolioRepository, to write: (String) -> Void) throws {
        let accounts = try store.accounts()
        // The kind column only when there is money in or out to write: other stores export as before.
        let goals = try store.goals()
        var hasContributions = !goals.isEmpty
        for account in accounts where !hasContributions { hasContributions = try !store.contributions(of: account).isEmpty }
        let kind: [String] = hasContributions ? [""] : []
        func line(_ text: String) { write(text + "\n") }
        line("date,account,value,currency" + (hasContributions ? ",kind" : ""))
        // Each account's name and currency as CSV fields, made once; the date of the last
        // instant (a hundred accounts updated at once share it); a value that starts with
        // a digit is its own CSV field (only a minus could start a formula).
        let kindField = hasContributions ? "," : ""
        let entries = accounts.map { (fields: "," + DelimitedText.csvField($0.name) + ",", currency: "," + DelimitedText.csvField($0.currency.code) + kindField) }
        let entryOfID = AccountIDIndex(accounts.map(\.id))
        var withUpdates = [Bool](repeating: false, count: accounts.count)
        var lastDate: (at: Int64, text: String)?
        try store.forEachUpdate { update in
            guard let entry = entryOfID.index(of: update.accountID) else { return }
            withUpdates[entry] = true
            let date: String
            if let last = lastDate, last.at == update.at { date = last.text } else {
                date = DelimitedText.csvField(Instant.iso8601(update.at))
                lastDate = (update.at, date)
            }
            let plain = Money(minorUnits: update.value, currency: accounts[entry].currency).plainString
            write(date)
            write(entries[entry].fields)
            write(plain.utf8.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } == true ? plain : DelimitedText.csvField(plain))
            line(entries[entry].currency)
        }
        for (entry, account) in accounts.enumerated() where !withUpdates[entry] {
            line(DelimitedText.csvLine([Instant.iso8601(account.createdAt), account.name, "", account.currency.code] + kind))
        }
        if hasContributions {
            try store.forEachContribution { contribution in
                guard let entry = entryOfID.index(of: contribution.accountID) else { return }
                let account = accounts[entry]
                // Stored amounts exclude Int64.min: the magnitude never traps.
                line(DelimitedText.csvLine([Instant.iso8601(contribution.at), account.name,
                                            Money(minorUnits: abs(contribution.amount), currency: account.currency).plainString,
                                            account.currency.code, contribution.amount > 0 ? "deposit" : "withdrawal"]))
            }
        }
        for account in accounts {
            if let closed = account.closedAt {
                line(DelimitedText.csvLine([Instant.iso8601(closed), account.name, "closed", account.currency.code] + kind))
            }
        }
        // Goals last: the date is the goal's (empty without one), the account empty for a currency's total.
        for goal in goals {
            let name = goal.accountID.map { id in entryOfID.index(of: id).map { accounts[$0].name } ?? "" }
            if name == "" { continue }
            line(DelimitedText.csvLine([goal.by.map(Instant.iso8601) ?? "", name ?? "",
                                        Money(minorUnits: goal.amount, currency: goal.currency).plainString, goal.currency.code, "goal"]))
        }
    }
}
