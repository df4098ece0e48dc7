// An hledger or Ledger journal of balance assignments read as portfolio's import rows,
// which ImportPlan then sets against the store exactly as it does a CSV file's.
//
// What is read: each posting with a balance assignment (`assets:Easy saver  = 1234.56
// GBP`, also `==`, `=*`, `==*`, with or without an amount before it) is an update of that
// account, at the transaction's `at:` comment when it has one (the exact instant export
// writes), else at local midnight of its date; in a transaction marked `portfolio: close`
// it closes the account instead. An `account` directive with a `name:` comment (a quoted
// string) gives the account's portfolio name, and a `created:` comment its creation;
// without `name:` the name is the journal's with a leading `assets:` taken off.
// Amounts name their currency by ISO code (`1234.56 GBP` or `GBP 1234.56`), or by none
// (the account's, else the default); their decimal mark is the one the `decimal-mark`
// and `commodity` directives decide, as hledger decides it (JournalDecimalMarks), and
// what stays ambiguous is a fault. Postings without an amount (the balancing side),
// comments, and the directives P, Y, year, payee and tag are passed over; anything else (include, alias, periodic or automated transactions,
// a posting with an amount but no assignment, a symbol instead of a code) is a fault
// naming its line. A transaction marked `portfolio: deposit` or `portfolio: withdrawal`
// moves money: its postings with an amount are deposits (positive) or withdrawals
// (negative) of their accounts; one marked `portfolio: value in force` restates a value
// already read, and is passed over.

import MoneyKit
import MoneyKitPlatform

/// A fault of an account name (the name rule's message), from the checker `JournalImport` is given.
public struct ImportNameFault: Error, Sendable {
    /// What is wrong with the name.
    public let message: String

    /// A name fault saying `message`.
    public init(_ message: String) { self.message = message }
}

/// An hledger or Ledger journal read as import rows, every bad line a fault.
public struct JournalImport {
    /// The rows, in file order (account directives where they stand).
    public private(set) var rows: [ImportRow] = []
    /// The account names the rows refer to, in the form the name rule stores.
    public private(set) var names: [String] = []
    /// The currencies the rows refer to.
    public private(set) var currencies: [Currency] = []
    /// Every bad line.
    public private(set) var faults: ImportFaults

    private var nameIndex: [String: Int32] = [:]

    /// The rows as the import plan takes them: their values plain decimals whose point is
    /// a decimal point (the journal's marks are decided here).
    public var importRows: ImportRows {
        var rows = ImportRows(rows)
        rows.pointsAreDecimal = true
        return rows
    }

    private struct Declared {
        var name: String?
        var created: (at: Int64, line: Int)?
        var currency: (code: Substring, line: Int)?
    }

    /// A posting with a balance assignment, before its account is resolved.
    private struct Assignment {
        let line: Int
        let account: String
        let amount: Substring
        /// The decimal mark the directives before it decided for its commodity.
        let mark: Character?
        /// `= AMOUNT`; false: a plain amount (a deposit or withdrawal, else a fault).
        var isAssignment = true
    }

    private struct Transaction {
        let line: Int
        let date: Int64?
        var at: Int64?
        var isClose = false
        /// Marked `portfolio: deposit` or `withdrawal`: its plain amounts are money moved.
        var isContribution = false
        /// Marked `portfolio: value in force`: a value restated after money moved, already an update.
        var isRestatement = false
        var assignments: [Assignment] = []
    }

    private enum Item {
        case declaration(journalName: String, line: Int)
        case transaction(Transaction)
    }

    /// Reads `text`, the journal `source` ("standard input" for -); `checkName` gives an
    /// account name in its stored form, or the fault of the name rule; `now` (the run's
    /// clock) is what the word now in an `at:` or `created:` comment means.
    public init(text: String, source: String, now: Int64 = Instant.now(), checkName: (String) -> Result<String, ImportNameFault>) {
        faults = ImportFaults(source: source)
        var declared: [String: Declared] = [:]
        var items: [Item] = []
        var marks = JournalDecimalMarks()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        if lines.last?.isEmpty == true { lines.removeLast() }

        enum Block { case none, skip, account(String), commodity, transaction, comment }
        var block = Block.none
        // The transaction being read, added to `items` when it ends: built in place, so a
        // transaction of a million postings is read in linear time.
        var current: Transaction?
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let trimmed = raw.drop { $0 == " " || $0 == "\t" }
            if case .comment = block {
                if trimmed.hasPrefix("end comment") { block = .none }
                continue
            }
            let indented = raw.first == " " || raw.first == "\t"
            if trimmed.isEmpty || !indented, let finished = current {
                items.append(.transaction(finished))
                current = nil
            }
            if trimmed.isEmpty { block = .none; continue }
            if indented {
                switch block {
                case .none:
                    faults.add(line: number, "an indented line outside a transaction or directive")
                case .skip, .comment:
                    continue
                case .commodity:
                    // Ledger's and hledger's `format` line: the commodity's sample amount.
                    let word = trimmed.prefix { $0 != " " && $0 != "\t" }
                    if word == "format", let fault = marks.declare(sample: Self.uncommented(trimmed.dropFirst(word.count))) {
                        faults.add(line: number, fault)
                    }
                case .account(let journalName):
                    guard let comment = Self.comment(trimmed) else { continue }
                    if let value = Self.tag("name", in: comment) {
                        guard let name = JournalQuoting.unquoted(value) else {
                            faults.add(line: number, "the name: must be a quoted string (\"Easy saver\")")
                            continue
                        }
                        declared[journalName, default: Declared()].name = name
                    } else if let value = Self.tag("currency", in: comment) {
                        declared[journalName, default: Declared()].currency = (value, number)
                    } else if let value = Self.tag("created", in: comment) {
                        guard let at = Self.instant(String(value), now: now, line: number, faults: &faults) else { continue }
                        declared[journalName, default: Declared()].created = (at, number)
                    }
                case .transaction:
                    guard current != nil else { continue }
                    if let comment = Self.comment(trimmed) {
                        if let value = Self.tag("at", in: comment) {
                            current?.at = Self.instant(String(value), now: now, line: number, faults: &faults)
                        } else if let value = Self.tag("portfolio", in: comment) {
                            if value == "close" { current?.isClose = true }
                            if value == "deposit" || value == "withdrawal" { current?.isContribution = true }
                            if value == "value in force" { current?.isRestatement = true }
                        }
                    } else if let assignment = posting(trimmed, line: number, marks: marks) {
                        current?.assignments.append(assignment)
                    }
                }
                continue
            }
            // A line at the left margin: a comment, a directive or a transaction.
            guard let first = trimmed.first else { continue }
            if ";#*%|".contains(first) { block = .none; continue }
            if first.isASCII && first.isNumber {
                let date = Self.date(trimmed, line: number, faults: &faults)
                current = Transaction(line: number, date: date)
                block = .transaction
                continue
            }
            let word = trimmed.prefix { $0 != " " && $0 != "\t" }
            let rest = trimmed.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
            switch word {
            case "account":
                let journalName = Self.accountName(rest)
                guard !journalName.isEmpty else {
                    faults.add(line: number, "an account directive without an account")
                    block = .skip
                    continue
                }
                items.append(.declaration(journalName: journalName, line: number))
                block = .account(journalName)
            case "comment":
                block = .comment
            case "decimal-mark":
                if let fault = marks.setFileMark(rest) { faults.add(line: number, fault) }
                block = .skip
            case "commodity", "D":
                // `commodity 1.000,00 EUR` (or `commodity EUR` and a `format` line), `D 1.000,00 EUR`.
                if let fault = marks.declare(sample: Self.uncommented(rest)) { faults.add(line: number, fault) }
                block = word == "commodity" ? .commodity : .skip
            case "P", "Y", "year", "payee", "tag":
                block = .skip
            default:
                faults.add(line: number, "'\(word)' is not something portfolio reads from a journal (it reads balance assignments, account and commodity directives)")
                block = .skip
            }
        }
        if let finished = current { items.append(.transaction(finished)) }

        // The first assignment of each journal account (its currency, for its declaration).
        var firstAmount: [String: Assignment] = [:]
        for case let .transaction(transaction) in items {
            for assignment in transaction.assignments where firstAmount[assignment.account] == nil { firstAmount[assignment.account] = assignment }
        }
        // The accounts: by journal name, each a portfolio name.
        for item in items {
            switch item {
            case let .declaration(journalName, line):
                let entry = declared[journalName]
                guard entry?.name != nil || entry?.created != nil else { continue }
                guard let index = nameIndex(journalName, declared: declared, line: line, checkName: checkName) else { continue }
                if let created = entry?.created {
                    // The account's currency: its currency: comment, else that of its first assignment.
                    var currency: Int16 = -1
                    if let declaredCurrency = entry?.currency {
                        guard let known = currencyIndex(declaredCurrency.code, line: declaredCurrency.line) else { continue }
                        currency = known
                    } else if let first = firstAmount[journalName], let code = JournalAmountText(first.amount)?.commodity, !code.isEmpty {
                        // A bad amount is reported at its own line, not here.
                        currency = currencyIndex(code, line: first.line) ?? -1
                    }
                    append(ImportRow(line: Int32(clamping: created.line), name: index, at: created.at, currency: currency, kind: .account))
                }
            case let .transaction(transaction):
                guard !transaction.assignments.isEmpty, !transaction.isRestatement else { continue }
                guard let at = transaction.at ?? transaction.date else { continue }
                for assignment in transaction.assignments {
                    guard assignment.isAssignment || transaction.isContribution else {
                        faults.add(line: assignment.line, "a posting with an amount but no balance assignment ('= AMOUNT'): portfolio reads valuations, and deposits or withdrawals marked '; portfolio: deposit' or '; portfolio: withdrawal'")
                        continue
                    }
                    guard let index = nameIndex(assignment.account, declared: declared, line: assignment.line, checkName: checkName),
                          let (number, currency) = amount(assignment.amount, mark: assignment.mark, line: assignment.line) else { continue }
                    let kind: ImportRow.Kind
                    if !assignment.isAssignment {
                        // Signed in the journal; a positive amount and its direction in portfolio.
                        let withdrawal = number.hasPrefix("-")
                        kind = .contribution(withdrawal ? String(number.dropFirst()) : number, withdrawal: withdrawal)
                    } else {
                        kind = transaction.isClose ? .close : .value(number)
                    }
                    append(ImportRow(line: Int32(clamping: assignment.line), name: index, at: at, currency: currency, kind: kind))
                }
            }
        }
    }

    private mutating func append(_ row: ImportRow) { rows.append(row) }

    /// The index of the portfolio name of `journalName`, added on first use.
    private mutating func nameIndex(_ journalName: String, declared: [String: Declared], line: Int,
                                    checkName: (String) -> Result<String, ImportNameFault>) -> Int32? {
        if let known = nameIndex[journalName] { return known }
        var name = journalName
        if let declaredName = declared[journalName]?.name {
            name = declaredName
        } else if name.lowercased().hasPrefix("assets:") {
            name = String(name.dropFirst("assets:".count))
        }
        switch checkName(name) {
        case .failure(let fault):
            faults.add(line: line, fault.message)
            return nil
        case .success(let stored):
            let index = Int32(clamping: names.count)
            names.append(stored)
            nameIndex[journalName] = index
            return index
        }
    }

    /// The comment of an indented line (`; text`), nil when it is not one.
    private static func comment(_ trimmed: Substring) -> Substring? {
        guard let first = trimmed.first, first == ";" || first == "#" || first == "*" && trimmed.dropFirst().first == " " else { return nil }
        return trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
    }

    /// The value of `key: value` when `comment` is that tag.
    private static func tag(_ key: String, in comment: Substring) -> Substring? {
        guard comment.hasPrefix(key + ":") else { return nil }
        var value = comment.dropFirst(key.count + 1)
        while let last = value.last, last == " " || last == "\t" { value.removeLast() }
        return value.drop { $0 == " " || $0 == "\t" }
    }

    /// An account name: up to two spaces, a tab or the end.
    private static func accountName(_ text: Substring) -> String {
        var end = text.endIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "\t" || (character == " " && next < text.endIndex && text[next] == " ") || character == ";" && index == text.startIndex {
                end = index
                break
            }
            index = next
        }
        var name = text[..<end]
        while name.last == " " { name.removeLast() }
        return String(name)
    }

    /// A posting: a balance assignment is returned; the balancing side (no amount) is
    /// nil; an amount without an assignment is a fault.
    private mutating func posting(_ trimmed: Substring, line: Int, marks: JournalDecimalMarks) -> Assignment? {
        var text = trimmed
        if let first = text.first, first == "*" || first == "!" { text = text.dropFirst().drop { $0 == " " || $0 == "\t" } }
        let account = Self.accountName(text)
        var rest = text.dropFirst(account.count)
        if let semicolon = rest.firstIndex(of: ";") { rest = rest[..<semicolon] }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        while let last = rest.last, last == " " || last == "\t" { rest.removeLast() }
        if account.first == "(" || account.first == "[" {
            faults.add(line: line, "a virtual posting (\(account)) is not read")
            return nil
        }
        guard !rest.isEmpty else { return nil }
        guard let equals = rest.firstIndex(of: "=") else {
            // A deposit or withdrawal if its transaction is marked so; a fault otherwise (decided once it is read).
            return Assignment(line: line, account: account, amount: rest, mark: Self.mark(of: rest, marks), isAssignment: false)
        }
        var amount = rest[rest.index(after: equals)...]
        if amount.first == "=" { amount = amount.dropFirst() }
        if amount.first == "*" { amount = amount.dropFirst() }
        amount = amount.drop { $0 == " " || $0 == "\t" }
        guard !amount.isEmpty else {
            faults.add(line: line, "a balance assignment without an amount")
            return nil
        }
        return Assignment(line: line, account: account, amount: amount, mark: Self.mark(of: amount, marks))
    }

    /// The decimal mark decided for the commodity of `amount` (nil: none, or not an amount).
    private static func mark(of amount: Substring, _ marks: JournalDecimalMarks) -> Character? {
        marks.mark(for: JournalAmountText(amount)?.commodity ?? "")
    }

    /// A directive's argument without its trailing comment.
    private static func uncommented(_ text: Substring) -> Substring {
        var text = text.drop { $0 == " " || $0 == "\t" }
        if let semicolon = text.firstIndex(of: ";") { text = text[..<semicolon] }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }

    /// The number, as a plain decimal read with the decimal mark `mark` (JournalDecimalMarks),
    /// and the currency index (-1 for none) of `text` (`1234.56 GBP`, `GBP 1.234,56`, `1234.56`).
    private mutating func amount(_ text: Substring, mark: Character?, line: Int) -> (String, Int16)? {
        guard let parts = JournalAmountText(text) else {
            faults.add(line: line, "invalid amount '\(text)' (write 1234.56 GBP: a number and an ISO currency code)")
            return nil
        }
        let number: String
        switch JournalDecimalMarks.plain(parts.number, mark: mark) {
        case .success(let plain): number = plain
        case .failure(let fault):
            faults.add(line: line, fault.message)
            return nil
        }
        guard !parts.commodity.isEmpty else { return (number, -1) }
        return currencyIndex(parts.commodity, line: line).map { (number, $0) }
    }

    /// The index of the currency `code` names, added on first use; a fault when it names none.
    private mutating func currencyIndex(_ code: Substring, line: Int) -> Int16? {
        guard let currency = Currency(code: String(code)) else {
            faults.add(line: line, "unknown currency '\(code)' (name it by its ISO code, e.g. GBP)")
            return nil
        }
        if let existing = currencies.firstIndex(of: currency) { return Int16(clamping: existing) }
        currencies.append(currency)
        return Int16(clamping: currencies.count - 1)
    }

    /// The transaction's date (`2025-07-27`, also with `/` or `.`; a secondary date after
    /// `=` is passed over) at local midnight.
    private static func date(_ header: Substring, line: Int, faults: inout ImportFaults) -> Int64? {
        var word = header.prefix { $0 != " " && $0 != "\t" }
        if let equals = word.firstIndex(of: "=") { word = word[..<equals] }
        let normalized = String(word.map { $0 == "/" || $0 == "." ? "-" : $0 })
        guard normalized.utf8.count == 10, let at = Instant.parse(normalized) else {
            faults.add(line: line, "invalid date '\(word)' (use 2025-07-27)")
            return nil
        }
        if PortfolioLimits.instantFault(at) != nil {
            faults.add(line: line, "the date '\(word)' is outside 0001-01-01 to 9999-12-31")
            return nil
        }
        return at
    }

    /// An exact instant from an `at:` or `created:` comment.
    private static func instant(_ text: String, now: Int64, line: Int, faults: inout ImportFaults) -> Int64? {
        guard let at = Instant.parse(text, now: now) else {
            faults.add(line: line, "invalid date '\(text)' (use ISO 8601, 2025-07-27T14:30:00+01:00)")
            return nil
        }
        if PortfolioLimits.instantFault(at) != nil {
            faults.add(line: line, "the date '\(text)' is outside 0001-01-01 to 9999-12-31")
            return nil
        }
        return at
    }
}
