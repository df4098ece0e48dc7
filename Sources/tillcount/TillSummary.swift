// The arithmetic of a count: each line's value, the loose and roll sections with their
// subtotals and piece counts, the total, and how it stands against the float (and the
// expected cash, when given). Checked arithmetic throughout: an overflow is an error.

import MoneyKit
import MoneyKitCLI

struct TillLine: Equatable {
    let item: TillItem
    let token: String
    let label: String
    let quantity: Int64
    /// Coins in one roll (1 for notes and loose coins).
    let piecesPerUnit: Int64
    let value: Money

    var pieces: Int64 { quantity &* piecesPerUnit }
}

struct TillSummary {
    let currency: Currency
    let set: DenominationSet
    /// Every denomination of the set, counted or not, loose first then rolls.
    let lines: [TillLine]
    let looseTotal: Money
    let rollTotal: Money
    let total: Money
    let float: Money
    /// total − float: positive is what to deposit, negative the shortage.
    let difference: Money
    let expected: Money?

    var loose: [TillLine] { lines.filter { $0.item.kind != .roll } }
    var rolls: [TillLine] { lines.filter { $0.item.kind == .roll } }
    var counted: [TillLine] { lines.filter { $0.quantity > 0 } }

    /// total − expected, when the expected cash was given.
    var overShort: Money? {
        guard let expected else { return nil }
        return try? total - expected
    }

    init(state: TillState, set: DenominationSet, currency: Currency, expected: Money? = nil) throws(CLIError) {
        self.currency = currency
        self.set = set
        var items: [TillItem] = set.denominations.map { TillItem(kind: $0.kind == .note ? .note : .coin, minorUnits: $0.minorUnits) }
        items += set.rolls.map { TillItem(kind: .roll, minorUnits: $0.coinMinorUnits) }
        // Keep counted items the set no longer lists (a removed override), so nothing vanishes.
        for (item, quantity) in state.quantities where quantity > 0 && !items.contains(item) { items.append(item) }
        items.sort()
        do {
            var lines: [TillLine] = []
            var loose = Money.zero(currency)
            var rolled = Money.zero(currency)
            for item in items {
                let quantity = state.quantities[item] ?? 0
                let perUnit = item.kind == .roll ? (set.rolls.first { $0.coinMinorUnits == item.minorUnits }?.count ?? 0) : 1
                let unitValue = try Money(minorUnits: item.minorUnits, currency: currency).multiplied(by: perUnit)
                let value = try unitValue.multiplied(by: quantity)
                if item.kind == .roll { rolled = try rolled + value } else { loose = try loose + value }
                lines.append(TillLine(
                    item: item, token: item.token(in: set, currency: currency), label: Self.label(item, set: set, currency: currency),
                    quantity: quantity, piecesPerUnit: perUnit, value: value))
            }
            self.lines = lines
            looseTotal = loose
            rollTotal = rolled
            total = try loose + rolled
            float = Money(minorUnits: state.floatMinorUnits, currency: currency)
            difference = try total - float
        } catch {
            throw CLIError.data("the count is too large: \(error)")
        }
        self.expected = expected
    }

    static func label(_ item: TillItem, set: DenominationSet, currency: Currency) -> String {
        let coinOrNote = set.denominations.first {
            $0.minorUnits == item.minorUnits && ($0.kind == .note ? item.kind == .note : item.kind != .note)
        }
        let base = coinOrNote?.label ?? Money.plainString(minorUnits: item.minorUnits, exponent: currency.minorUnitExponent)
        guard item.kind == .roll else { return base }
        let roll = set.rolls.first { $0.coinMinorUnits == item.minorUnits }
        let packaging = roll?.packaging == .bag ? "bag" : "roll"
        return "\(base) \(packaging)" + (roll.map { " of \($0.count)" } ?? "")
    }
}
