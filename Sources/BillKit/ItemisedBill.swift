// An itemised bill as `billsplit items` reads it: one line per item, `item,amount,who`,
// where who is one name, several separated by ';', or `everyone`. The reader takes the
// CSV records one by one (the executable streams the file) and collects every bad line
// before refusing, so a person fixes the bill in one go.
//
// The rules, as the man page states them:
// - a first line `item,amount,who` (any letter case) is a header and skipped; so are
//   blank lines and lines whose first field starts with '#';
// - the amount is in the bill's currency, zero or more;
// - names follow PeopleNames (letter case does not tell people apart: the first spelling
//   is shown); the people are those of `--people` first, in its order, then each new
//   name in the order it first appears;
// - `everyone` is every person of the bill, known by its end (a name may appear on a
//   later line), and cannot be mixed with names.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// One item of a bill: what it was, what it cost, and who shares it.
public struct BillItem: Equatable, Sendable {
    /// The item as written (the first field).
    public var name: String
    /// What it cost, zero or more.
    public var amount: Money
    /// The people who share it, by index into the bill's people, in people order; every
    /// person for an `everyone` item.
    public var sharers: [Int]
    /// The line of the bill it was read from (1-based).
    public var line: Int

    /// An item `name` costing `amount`, shared by the people at `sharers`, from `line`.
    public init(name: String, amount: Money, sharers: [Int], line: Int) {
        self.name = name
        self.amount = amount
        self.sharers = sharers
        self.line = line
    }
}

/// A bill read item by item: its people and its items, all in one currency.
public struct ItemisedBill: Equatable, Sendable {
    /// The currency of every amount.
    public var currency: Currency
    /// Everyone on the bill, in order: `--people` first, then by first appearance.
    public var people: PeopleNames
    /// The items, in the order of the bill.
    public var items: [BillItem]

    /// A bill in `currency` for `people` with `items`.
    public init(currency: Currency, people: PeopleNames, items: [BillItem]) {
        self.currency = currency
        self.people = people
        self.items = items
    }
}

/// A line of an itemised bill that cannot be read, and why.
public struct ItemLineFault: Equatable, Sendable {
    /// The line number (1-based; a quoted field over several lines counts from its start).
    public var line: Int
    /// What is wrong with it.
    public var problem: ItemLineProblem

    /// The fault of `line`.
    public init(line: Int, problem: ItemLineProblem) {
        self.line = line
        self.problem = problem
    }
}

/// What can be wrong with one line of an itemised bill.
public enum ItemLineProblem: Error, Equatable, Sendable {
    /// Not three fields (`item,amount,who`): how many there were, and the separator the
    /// line seems to use instead of a comma (`;` from a spreadsheet), if any.
    case fieldCount(Int, otherSeparator: Character? = nil)
    /// The item field is blank.
    case noItem
    /// The amount is not an amount in the bill's currency.
    case amount(String, MoneyError)
    /// The amount is below zero.
    case negativeAmount(String)
    /// The who field is blank: the item is shared by nobody.
    case nobody
    /// `everyone`, but no one is named on the bill or by `--people`.
    case everyoneButNoPeople
    /// `everyone` together with names.
    case everyoneWithNames
    /// A name that cannot name a person (or is given twice in this line).
    case name(PeopleNames.NameProblem)
    /// A new name beyond `BillRules.peopleRange`.
    case tooManyPeople(String)
    /// The items add up beyond what 64-bit minor units hold.
    case tooLarge
}

/// Reads an itemised bill record by record and keeps every fault.
public struct ItemisedBillReader {
    /// The most faults kept to show; the rest are only counted.
    public static let faultsShown = 20
    /// The header a bill may start with.
    public static let header = ["item", "amount", "who"]

    private let currency: Currency
    private var people: PeopleNames
    private var items: [BillItem] = []
    /// The lines of `everyone` items, checked at the end (a name may come later).
    private var everyoneLines: [Int] = []
    private var faults: [ItemLineFault] = []
    private var faultCount = 0
    private var sawRecord = false
    private var sum = CheckedSum()

    /// A reader for a bill in `currency` whose people start with `people` (`--people`).
    public init(currency: Currency, people: PeopleNames = PeopleNames()) {
        self.currency = currency
        self.people = people
    }

    /// Reads one CSV record (its fields, and the line it starts on).
    public mutating func read(_ fields: [String], line: Int) {
        if fields.count == 1 && fields[0].allSatisfy(\.isWhitespace) { return }
        if fields.first?.trimmingSpaces.hasPrefix("#") == true { return }
        defer { sawRecord = true }
        if !sawRecord && fields.map({ $0.trimmingSpaces.lowercased() }) == Self.header { return }
        switch item(fields, line: line) {
        case .success(let item): items.append(item)
        case .failure(let problem): fault(line, problem)
        }
    }

    /// The bill once every record is read.
    /// - Throws: `BillError.invalidItemLines` listing the bad lines, or
    ///   `.emptyItemisedBill` when there is no item at all.
    public func finish() throws(BillError) -> ItemisedBill {
        var reader = self
        if people.count == 0 {
            for line in everyoneLines { reader.fault(line, .everyoneButNoPeople) }
        }
        if reader.faultCount > 0 {
            throw BillError.invalidItemLines(reader.faults.sorted { $0.line < $1.line }, count: reader.faultCount)
        }
        guard !items.isEmpty else { throw BillError.emptyItemisedBill }
        let everyone = Array(0..<people.count)
        let resolved = items.map { item in
            var item = item
            if item.sharers.isEmpty { item.sharers = everyone }
            return item
        }
        return ItemisedBill(currency: currency, people: people, items: resolved)
    }

    private mutating func fault(_ line: Int, _ problem: ItemLineProblem) {
        faultCount += 1
        if faults.count < Self.faultsShown { faults.append(ItemLineFault(line: line, problem: problem)) }
    }

    /// One record as an item; an `everyone` item has no sharers until `finish`.
    private mutating func item(_ fields: [String], line: Int) -> Result<BillItem, ItemLineProblem> {
        guard fields.count == 3 else {
            return .failure(.fieldCount(fields.count, otherSeparator: CSVSeparatorGuess.otherSeparator(in: fields)))
        }
        let name = fields[0].trimmingSpaces
        guard !name.isEmpty else { return .failure(.noItem) }
        let amountText = fields[1].trimmingSpaces
        let amount: Money
        do {
            amount = try Money.parse(amountText, currency: currency)
        } catch {
            return .failure(.amount(amountText, error))
        }
        guard !amount.isNegative else { return .failure(.negativeAmount(amountText)) }
        var total = sum
        total.add(amount.minorUnits)
        guard total.value != nil else { return .failure(.tooLarge) }
        let sharers: [Int]
        switch self.sharers(fields[2], line: line) {
        case .success(let found): sharers = found
        case .failure(let problem): return .failure(problem)
        }
        sum = total
        return .success(BillItem(name: name, amount: amount, sharers: sharers, line: line))
    }

    /// The people of a who field, by index in people order, adding new names; empty for
    /// `everyone`. A line with a fault adds no one.
    private mutating func sharers(_ field: String, line: Int) -> Result<[Int], ItemLineProblem> {
        let parts = field.split(separator: ";", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        if parts.allSatisfy(\.isEmpty) { return .failure(.nobody) }
        if parts.contains(where: { $0.lowercased() == PeopleNames.everyone }) {
            guard parts.count == 1 else { return .failure(.everyoneWithNames) }
            everyoneLines.append(line)
            return .success([])
        }
        var added = people
        var sharers: [Int] = []
        for part in parts {
            if let known = added.index(of: part) {
                guard !sharers.contains(known) else { return .failure(.name(.duplicate(part))) }
                sharers.append(known)
                continue
            }
            switch PeopleNames.checked(part) {
            case .failure(let problem): return .failure(.name(problem))
            case .success(let stored):
                guard added.count < Int(BillRules.peopleRange.upperBound) else { return .failure(.tooManyPeople(part)) }
                added.append(stored)
                sharers.append(added.count - 1)
            }
        }
        people = added
        return .success(sharers.sorted())
    }
}
