// Itemised bills: reading the lines (header, comments, people in order, names in any
// case, everyone), every bad line named, and the split: own items, shared items rounded
// once per person, tip in proportion, ties to the earlier person, totals adding up to the
// bill for random bills.

import Testing
import MoneyKit
@testable import BillKit

struct ItemisedBillTests {
    static let usd = Currency(code: "USD")!

    static func read(_ lines: [[String]], people: String? = nil, currency: Currency = usd) throws -> ItemisedBill {
        var reader = ItemisedBillReader(currency: currency, people: try people.map { try PeopleNames(parsing: $0) } ?? PeopleNames())
        for (index, fields) in lines.enumerated() { reader.read(fields, line: index + 1) }
        return try reader.finish()
    }

    static func split(_ bill: ItemisedBill, tip: Int64) throws -> ItemisedResult {
        try ItemisedSplitter.split(bill, charges: BillRequest(bill: .zero(bill.currency), tipPercent: Percentage(tip), weights: [1]))
    }

    static func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: usd) }

    // MARK: reading

    @Test func theHeaderCommentsAndBlankLinesAreSkippedAndPeopleKeepTheirOrder() throws {
        let bill = try Self.read([
            ["Item", "Amount", "Who"], ["# starters"], [""], ["Soup", "6.50", "bob"], ["Pizza", "20", "everyone"],
            ["Wine", "10,00", "Alice; BOB"],
        ], people: "Cara")
        #expect(bill.people.names == ["Cara", "bob", "Alice"])
        #expect(bill.items.map(\.name) == ["Soup", "Pizza", "Wine"])
        #expect(bill.items.map(\.amount) == [Self.usd(650), Self.usd(2000), Self.usd(1000)])
        // everyone is every person known at the end; sharers are in people order.
        #expect(bill.items.map(\.sharers) == [[1], [0, 1, 2], [1, 2]])
        #expect(bill.items.map(\.line) == [4, 5, 6])
    }

    static func faults(_ lines: [[String]], people: String? = nil) -> (faults: [ItemLineFault], count: Int)? {
        do {
            _ = try read(lines, people: people)
        } catch let BillError.invalidItemLines(faults, count) {
            return (faults, count)
        } catch {
            Issue.record("unexpected \(error)")
        }
        return nil
    }

    @Test func aHeaderIsOnlyTheFirstLine() {
        let found = Self.faults([["Soup", "5", "Ann"], ["item", "amount", "who"]])
        #expect(found?.faults.map(\.line) == [2])
        #expect(found?.count == 1)
        if case .amount("amount", _)? = found?.faults.first?.problem {} else { Issue.record("\(String(describing: found))") }
    }

    @Test func everyBadLineIsNamedInOrder() {
        let lines: [[String]] = [
            ["Soup", "5", "Ann"],
            ["Two", "fields"],
            ["", "5", "Ann"],
            ["Tea", "1.234", "Ann"],
            ["Tea", "-1", "Ann"],
            ["Cake", "4", ""],
            ["Cake", "4", "everyone;Ann"],
            ["Cake", "4", "Ann;ann"],
            ["Cake", "4", "A,B"],
            ["Fine", "3", "Bob"],
        ]
        let found = Self.faults(lines)
        #expect(found?.count == 8)
        #expect(found?.faults.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9])
        let problems = found?.faults.map(\.problem) ?? []
        #expect(problems.count == 8)
        guard problems.count == 8 else { return }
        #expect(problems[0] == .fieldCount(2))
        // A spreadsheet's ';'-separated line is one field: the separator it used is named.
        let semicolons = Self.faults([["Pizza;24;everyone"], ["Wine\t30\tAlice"], ["Soup"]])
        #expect(semicolons?.faults.map(\.problem) == [.fieldCount(1, otherSeparator: ";"), .fieldCount(1, otherSeparator: "\t"), .fieldCount(1)])
        #expect(problems[1] == .noItem)
        // 1.234 could be 1234 (issue 26, item 1).
        if case .amount("1.234", .ambiguousSeparator) = problems[2] {} else { Issue.record("\(problems[2])") }
        #expect(problems[3] == .negativeAmount("-1"))
        #expect(problems[4] == .nobody)
        #expect(problems[5] == .everyoneWithNames)
        #expect(problems[6] == .name(.duplicate("ann")))
        #expect(problems[7] == .name(.separator("A,B", ",")))
    }

    @Test func everyoneWithNoOneNamedIsABadLineAndAnEmptyBillIsRefused() throws {
        #expect(throws: BillError.invalidItemLines([ItemLineFault(line: 2, problem: .everyoneButNoPeople)], count: 1)) {
            try Self.read([["# only shared"], ["Pizza", "20", "everyone"]])
        }
        // With --people, everyone has people.
        #expect(try Self.read([["Pizza", "20", "everyone"]], people: "Ann,Bo").items[0].sharers == [0, 1])
        #expect(throws: BillError.emptyItemisedBill) { try Self.read([["item", "amount", "who"], [""]]) }
        #expect(throws: BillError.emptyItemisedBill) { try Self.read([]) }
    }

    @Test func aTwentyFirstPersonIsABadLine() {
        var lines = (1...20).map { ["Tea", "1", "P\($0)"] }
        lines.append(["Tea", "1", "P21"])
        #expect(throws: BillError.invalidItemLines([ItemLineFault(line: 21, problem: .tooManyPeople("P21"))], count: 1)) {
            try Self.read(lines)
        }
    }

    @Test func onlyTheFirstFaultsAreKeptButAllCounted() {
        let lines = Array(repeating: ["Tea", "x", "Ann"], count: 30)
        do {
            _ = try Self.read(lines)
            Issue.record("read a bad bill")
        } catch let BillError.invalidItemLines(faults, count) {
            #expect(faults.count == ItemisedBillReader.faultsShown)
            #expect(count == 30)
            #expect(faults.map(\.line) == Array(1...20))
        } catch {
            Issue.record("\(error)")
        }
    }

    // MARK: splitting

    @Test func aWorkedExample() throws {
        let bill = try Self.read([
            ["Burger", "12.00", "Alice"], ["Salad", "9.00", "Bob"], ["Pizza", "20.00", "everyone"], ["Wine", "10.00", "Alice;Bob"],
        ], people: "Alice,Bob,Cara")
        let result = try Self.split(bill, tip: 10)
        #expect(result.bill.request.bill == Self.usd(5100))
        #expect(result.bill.tip == Self.usd(510))
        #expect(result.total == Self.usd(5610))
        #expect(result.people.map(\.name) == ["Alice", "Bob", "Cara"])
        #expect(result.people.map(\.items) == [Self.usd(1200), Self.usd(900), Self.usd(0)])
        // Pizza 6.666…, wine 5: Alice and Bob 11.666…, Cara 6.666…; the two extra cents of
        // the tie go to the earlier people.
        #expect(result.people.map(\.shared) == [Self.usd(1167), Self.usd(1167), Self.usd(666)])
        // Tip 5.10 in proportion to 23.67, 20.67 and 6.66: 2.367, 2.067, 0.666.
        #expect(result.people.map(\.tip) == [Self.usd(237), Self.usd(207), Self.usd(66)])
        #expect(result.people.map(\.tax) == [Self.usd(0), Self.usd(0), Self.usd(0)])
        #expect(result.people.map(\.total) == [Self.usd(2604), Self.usd(2274), Self.usd(732)])
        #expect(result.people[0].ownItems.map(\.name) == ["Burger"])
        #expect(result.people[2].ownItems.isEmpty)
    }

    /// Rounding each shared item on its own would give the first person 0.34 + 0.34; the
    /// parts are summed exactly and rounded once.
    @Test func sharedItemsAreRoundedOncePerPersonNotPerItem() throws {
        let bill = try Self.read([["Tea", "1.00", "everyone"], ["Coffee", "1.00", "everyone"]], people: "A,B,C")
        let result = try Self.split(bill, tip: 0)
        #expect(result.people.map(\.shared) == [Self.usd(67), Self.usd(67), Self.usd(66)])
        #expect(result.people.map(\.total) == [Self.usd(67), Self.usd(67), Self.usd(66)])
    }

    @Test func aZeroBillSharesNothingAndSomeoneWithNothingPaysNothing() throws {
        let bill = try Self.read([["Water", "0", "everyone"], ["Tea", "3", "Ann"]], people: "Ann,Bo")
        let result = try Self.split(bill, tip: 20)
        #expect(result.people.map(\.total) == [Self.usd(360), Self.usd(0)])
        let zero = try Self.split(try Self.read([["Water", "0", "everyone"]], people: "Ann,Bo"), tip: 20)
        #expect(zero.people.map(\.total) == [Self.usd(0), Self.usd(0)])
    }

    @Test func aCurrencyWithoutDecimalsSplitsInWholeUnits() throws {
        let jpy = try #require(Currency(code: "JPY"))
        let bill = try Self.read([["Sushi", "1000", "A;B;C"], ["Tea", "301", "C"]], currency: jpy)
        let result = try Self.split(bill, tip: 10)
        #expect(result.people.map(\.shared.minorUnits) == [334, 333, 333])
        #expect(result.people.map(\.total.minorUnits).reduce(0, +) == result.total.minorUnits)
        #expect(result.total.minorUnits == 1301 + 130)
    }

    @Test func tooLargeItemsAreABadLine() {
        #expect(throws: BillError.invalidItemLines([ItemLineFault(line: 2, problem: .tooLarge)], count: 1)) {
            try Self.read([["A", "90000000000000000", "Ann"], ["B", "90000000000000000", "Ann"]])
        }
    }

    @Test func theProportionalShareSplitsEquallyWhenNoOneSpentAnything() throws {
        let parts = try ProportionalShares.allocate(Self.usd(100), bySubtotals: [Self.usd(0), Self.usd(0), Self.usd(0)])
        #expect(parts == [Self.usd(34), Self.usd(33), Self.usd(33)])
        let tie = try ProportionalShares.allocate(Self.usd(1), bySubtotals: [Self.usd(500), Self.usd(500)])
        #expect(tie == [Self.usd(1), Self.usd(0)])
        #expect(throws: MoneyError.self) { try ProportionalShares.allocate(Self.usd(1), bySubtotals: []) }
    }

    /// Random bills: every part adds up to its whole, each total is its parts, each shared
    /// part is within one minor unit of its exact value.
    @Test func randomBillsAddUpExactly() throws {
        var random = BillRandomSplitTests.Random(state: 0x17E3_5B11_0000_0016)
        for _ in 0..<2000 {
            let currency = random.pick([Self.usd, Currency(code: "JPY")!, Currency(code: "KWD")!])
            let names = (0..<random.int(1...20)).map { "P\($0)" }
            var lines: [[String]] = []
            var exact = Array(repeating: 0.0, count: names.count)
            for _ in 0..<random.int(1...15) {
                let amount = Int64(random.int(0...2_000_000))
                let who: [Int] = random.int(0...3) == 0 ? Array(names.indices) : Array(Set((0..<random.int(1...names.count)).map { _ in random.int(0...(names.count - 1)) })).sorted()
                for person in who { exact[person] += Double(amount) / Double(who.count) }
                let text = Money(minorUnits: amount, currency: currency).plainString
                lines.append(["item", text, who.count == names.count && who.count > 1 ? "everyone" : who.map { names[$0] }.joined(separator: ";")])
            }
            let bill = try Self.read(lines, people: names.joined(separator: ","), currency: currency)
            let result = try Self.split(bill, tip: Int64(random.int(0...50)))
            let sum = { (parts: [Money]) in parts.map(\.minorUnits).reduce(0, +) }
            #expect(sum(result.people.map(\.total)) == result.total.minorUnits)
            #expect(sum(result.people.map(\.tip)) == result.bill.tip.minorUnits)
            #expect(sum(result.people.map(\.items)) + sum(result.people.map(\.shared)) == result.bill.request.bill.minorUnits)
            for (index, person) in result.people.enumerated() {
                #expect(person.total.minorUnits == person.items.minorUnits + person.shared.minorUnits + person.tip.minorUnits + person.tax.minorUnits)
                let own = person.ownItems.map(\.amount.minorUnits).reduce(0, +)
                #expect(person.items.minorUnits == own)
                #expect(abs(Double(person.items.minorUnits + person.shared.minorUnits) - exact[index]) < 1.0 + 1e-6)
            }
        }
    }
}
