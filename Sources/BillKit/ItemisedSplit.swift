// What each person of an itemised bill pays, exactly, in the order users are told in
// --help and the man page:
//   1. items: the items a person has alone, at their price;
//   2. shared: each shared item is split equally among its people; a person's part of all
//      shared items is summed exactly (as fractions) and rounded once, by largest
//      remainder, so the parts add up to the shared items to the minor unit;
//   3. the whole bill's charges (tip, and the tax once given) are worked out as for a
//      single bill of the items' sum (BillCalculator), then each is shared in proportion
//      to each person's items + shared (ProportionalShares);
//   4. total = items + shared + tax + tip; the totals add up to the bill's total.
// Every extra minor unit whose remainders tie goes to the earlier person in the order
// of the people (`--people` first, then the order names first appear in the bill).

import MoneyKit

/// What one person of an itemised bill pays, part by part.
public struct PersonBill: Equatable, Sendable {
    /// The person's name, as first written.
    public var name: String
    /// The items this person has alone.
    public var ownItems: [BillItem]
    /// The sum of `ownItems`.
    public var items: Money
    /// Their part of the items they share with others.
    public var shared: Money
    /// Their part of the tax (zero while the bill has none).
    public var tax: Money
    /// Their part of the tip.
    public var tip: Money
    /// items + shared + tax + tip.
    public var total: Money

    /// A person's bill with each part; `total` is their sum.
    public init(name: String, ownItems: [BillItem], items: Money, shared: Money, tax: Money, tip: Money, total: Money) {
        self.name = name
        self.ownItems = ownItems
        self.items = items
        self.shared = shared
        self.tax = tax
        self.tip = tip
        self.total = total
    }
}

/// The split of an itemised bill: the whole bill's figures and each person's part.
public struct ItemisedResult: Equatable, Sendable {
    /// The whole bill as a single bill of the items' sum: its tip and total.
    public var bill: BillResult
    /// The tax of the whole bill (zero while the bill has none).
    public var tax: Money
    /// The items, in the order of the bill.
    public var items: [BillItem]
    /// One per person, in people order; their totals add up to `total`.
    public var people: [PersonBill]

    /// A result with each of its parts (`ItemisedSplitter.split` makes them).
    public init(bill: BillResult, tax: Money, items: [BillItem], people: [PersonBill]) {
        self.bill = bill
        self.tax = tax
        self.items = items
        self.people = people
    }

    /// The currency of every amount.
    public var currency: Currency { bill.currency }
    /// What the group pays: the sum of everyone's total.
    public var total: Money { bill.total }
}

/// Splits itemised bills person by person, exactly.
public enum ItemisedSplitter {
    /// The split of `bill` with the charges of `charges` (a single-bill request whose
    /// tip, and tax options where there are any, apply to the whole bill; its amount,
    /// weights and round-up unit are replaced: the bill is the items' sum).
    /// - Throws: `BillError.calculation` when an amount does not fit in 64-bit minor units.
    public static func split(_ bill: ItemisedBill, charges: BillRequest) throws(BillError) -> ItemisedResult {
        do {
            return try calculate(bill, charges: charges)
        } catch let error as BillError {
            throw error
        } catch let error as MoneyError {
            throw BillError.calculation(error)
        } catch {
            throw BillError.calculation(.overflow(operation: "splitting the items"))
        }
    }

    private static func calculate(_ bill: ItemisedBill, charges: BillRequest) throws -> ItemisedResult {
        let currency = bill.currency
        let count = bill.people.count
        var own = Array(repeating: [BillItem](), count: count)
        var items = Array(repeating: CheckedSum(), count: count)
        for item in bill.items where item.sharers.count == 1 {
            own[item.sharers[0]].append(item)
            items[item.sharers[0]].add(item.amount.minorUnits)
        }
        let itemParts = try items.map { sum throws(MoneyError) in try sum.amount(in: currency) }
        let shared = try sharedParts(bill)
        var subtotals: [Money] = []
        for (itemsPart, sharedPart) in zip(itemParts, shared) { subtotals.append(try itemsPart + sharedPart) }

        var request = charges
        request.bill = try Money.sum(subtotals, currency: currency)
        request.weights = [1]
        request.roundUpUnit = nil
        let whole = try BillCalculator.calculate(request)
        // Seam for the tax options: the tax of the whole bill joins here, shared like the tip.
        let tax = Money.zero(currency)
        let taxParts = try ProportionalShares.allocate(tax, bySubtotals: subtotals)
        let tipParts = try ProportionalShares.allocate(try whole.tip + whole.roundingExtra, bySubtotals: subtotals)

        var people: [PersonBill] = []
        for index in 0..<count {
            let total = try subtotals[index] + taxParts[index] + tipParts[index]
            people.append(PersonBill(
                name: bill.people.names[index], ownItems: own[index], items: itemParts[index], shared: shared[index],
                tax: taxParts[index], tip: tipParts[index], total: total))
        }
        return ItemisedResult(bill: whole, tax: tax, items: bill.items, people: people)
    }

    /// Each person's part of the shared items (those with two or more people): the exact
    /// sum of amount / sharers over their items, rounded once by largest remainder (ties
    /// to the earlier person), so the parts add up to the shared items exactly.
    static func sharedParts(_ bill: ItemisedBill) throws(MoneyError) -> [Money] {
        let count = bill.people.count
        let sharedItems = bill.items.filter { $0.sharers.count > 1 }
        // The fractions a / n are counted in 1/denominator minor units: the least common
        // multiple of the sharer counts (at most lcm(2…20) = 232,792,560).
        var denominator: Int64 = 1
        for item in sharedItems { denominator = try leastCommonMultiple(denominator, Int64(item.sharers.count)) }
        var wholes = Array(repeating: CheckedSum(), count: count)
        var fractions = Array(repeating: CheckedSum(), count: count)
        var total = CheckedSum()
        for item in sharedItems {
            let sharers = Int64(item.sharers.count)
            let (whole, remainder) = item.amount.minorUnits.quotientAndRemainder(dividingBy: sharers)
            let (fraction, overflow) = remainder.multipliedReportingOverflow(by: denominator / sharers)
            if overflow { throw MoneyError.overflow(operation: "sharing the items") }
            for person in item.sharers {
                wholes[person].add(whole)
                fractions[person].add(fraction)
            }
            total.add(item.amount.minorUnits)
        }
        guard let sharedTotal = total.value else { throw MoneyError.overflow(operation: "adding the shared items") }
        var parts: [Int64] = []
        var remainders: [Int64] = []
        var assigned = CheckedSum()
        for person in 0..<count {
            guard let whole = wholes[person].value, let fraction = fractions[person].value else {
                throw MoneyError.overflow(operation: "sharing the items")
            }
            let (units, remainder) = fraction.quotientAndRemainder(dividingBy: denominator)
            let (part, overflow) = whole.addingReportingOverflow(units)
            if overflow { throw MoneyError.overflow(operation: "sharing the items") }
            parts.append(part)
            remainders.append(remainder)
            assigned.add(part)
        }
        guard let assignedTotal = assigned.value else { throw MoneyError.overflow(operation: "sharing the items") }
        // Fewer units are left than people with a remainder: one each, largest first.
        var leftover = sharedTotal - assignedTotal
        let order = remainders.indices.sorted { a, b in remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a < b }
        for person in order where leftover > 0 {
            parts[person] += 1
            leftover -= 1
        }
        return parts.map { Money(minorUnits: $0, currency: bill.currency) }
    }

    private static func leastCommonMultiple(_ a: Int64, _ b: Int64) throws(MoneyError) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        let (product, overflow) = (a / x).multipliedReportingOverflow(by: b)
        if overflow { throw MoneyError.overflow(operation: "sharing the items") }
        return product
    }
}
