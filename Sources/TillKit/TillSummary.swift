// The arithmetic of a count: each line's value, the loose and roll sections with their
// subtotals and piece counts, the total, and how it stands against the float (and the
// expected cash, when given). Checked arithmetic throughout: an overflow is an error.

import MoneyKit
import MoneyKitFormatting

/// One denomination of a count, with its quantity and value.
public struct TillLine: Equatable, Sendable {
    /// The note, coin or roll.
    public let item: TillItem
    /// Its canonical token (or the one it was saved with).
    public let token: String
    /// How people name it (or the label it was saved with). Made when read: a label is an
    /// amount formatted through ICU, and most commands show only totals (every line of
    /// every denomination named cost tillcount add 1.8 M instructions of its start-up).
    public var label: String {
        savedLabel ?? TillSummary.label(item, set: set, currency: currency, roll: roll)
    }
    /// The label it was saved with, if any.
    private let savedLabel: String?
    /// What a label is made from: the set, the currency, and a roll's own definition.
    private let set: DenominationSet
    private let currency: Currency
    private let roll: CoinRoll?
    /// How many units.
    public let quantity: Int64
    /// Coins in one roll (1 for notes and loose coins).
    public let piecesPerUnit: Int64
    /// quantity × piecesPerUnit (checked when the line is made).
    public let pieces: Int64
    /// quantity × pieces per unit × face value.
    public let value: Money

    /// The line of `entry`, named with `set` in `currency`.
    init(_ entry: CountedLine, set: DenominationSet, currency: Currency, piecesPerUnit: Int64, pieces: Int64, value: Money) {
        item = entry.item
        token = entry.token ?? entry.item.token(in: set, currency: currency)
        savedLabel = entry.label
        self.set = set
        self.currency = currency
        roll = entry.roll
        quantity = entry.quantity
        self.piecesPerUnit = piecesPerUnit
        self.pieces = pieces
        self.value = value
    }

    /// Equal when they read the same: item, token, label, quantity, pieces and value.
    public static func == (lhs: TillLine, rhs: TillLine) -> Bool {
        lhs.item == rhs.item && lhs.token == rhs.token && lhs.quantity == rhs.quantity && lhs.piecesPerUnit == rhs.piecesPerUnit
            && lhs.pieces == rhs.pieces && lhs.value == rhs.value && lhs.label == rhs.label
    }
}

/// One line as a count holds it: the item, how many, and for a roll its definition.
struct CountedLine {
    /// The note, coin or roll.
    let item: TillItem
    /// How many units.
    let quantity: Int64
    /// The roll's definition (nil for notes and coins).
    let roll: CoinRoll?
    /// The token and label it was saved with (nil: from the set).
    var token: String? = nil
    var label: String? = nil
}

/// A count read with a denomination set: its lines, sections, totals and standing.
public struct TillSummary: Sendable {
    /// The count's currency.
    public let currency: Currency
    /// The set its lines are named and valued with.
    public let set: DenominationSet
    /// Every denomination of the set, counted or not, loose first then rolls.
    public let lines: [TillLine]
    /// The loose notes and coins together.
    public let looseTotal: Money
    /// The rolls and bags together.
    public let rollTotal: Money
    /// Loose pieces counted.
    public let loosePieces: Int64
    /// Coins in rolls counted.
    public let rollPieces: Int64
    /// The whole count (a saved count: its saved total).
    public let total: Money
    /// The starting float.
    public let float: Money
    /// total − float: positive is what to deposit, negative the shortage.
    public let difference: Money
    /// The cash the till should hold, when given.
    public let expected: Money?
    /// total − expected, when the expected cash was given (checked: too large is an error).
    public let overShort: Money?

    /// The loose lines (notes and coins).
    public var loose: [TillLine] { lines.filter { $0.item.kind != .roll } }
    /// The roll and bag lines.
    public var rolls: [TillLine] { lines.filter { $0.item.kind == .roll } }
    /// The lines with a quantity above 0.
    public var counted: [TillLine] { lines.filter { $0.quantity > 0 } }

    /// The live count (or a count not kept) read with `set`, the set it counts with
    /// (`TillState.countingSet`). A counted roll with no definition is an error naming
    /// it, never a roll worth nothing.
    /// - Throws: `TillError.rollNoLongerDefined`, `.countTooLarge`, `.expectedOutOfRange`.
    public init(state: TillState, set: DenominationSet, currency: Currency, expected: Money? = nil) throws(TillError) {
        var items: [TillItem] = set.denominations.map { TillItem(kind: $0.kind == .note ? .note : .coin, minorUnits: $0.minorUnits) }
        items += set.rolls.map { TillItem(kind: .roll, minorUnits: $0.coinMinorUnits) }
        // Keep counted items the set no longer lists (a removed override), so nothing vanishes.
        for (item, quantity) in state.quantities where quantity > 0 && !items.contains(item) { items.append(item) }
        var entries: [CountedLine] = []
        for item in Set(items).sorted() {
            let quantity = state.quantities[item] ?? 0
            guard item.kind == .roll else {
                entries.append(CountedLine(item: item, quantity: quantity, roll: nil))
                continue
            }
            guard let roll = set.rolls.first(where: { $0.coinMinorUnits == item.minorUnits }) else {
                throw .rollNoLongerDefined(quantity: quantity, token: item.token(in: set, currency: currency))
            }
            entries.append(CountedLine(item: item, quantity: quantity, roll: roll))
        }
        try self.init(entries: entries, set: set, currency: currency, floatMinorUnits: state.floatMinorUnits, expected: expected, total: nil)
    }

    /// A saved count, from its lines as they were saved (roll sizes, tokens and labels
    /// included) and its saved total; `set` only names lines saved without them.
    /// - Throws: `TillError.countTooLarge`, `.expectedOutOfRange`.
    public init(saved: SavedCount, set: DenominationSet) throws(TillError) {
        let entries = saved.lines.sorted { $0.item < $1.item }.map {
            CountedLine(item: $0.item, quantity: $0.quantity,
                        roll: $0.item.kind == .roll ? CoinRoll(coinMinorUnits: $0.item.minorUnits, count: $0.rollSize, packaging: $0.packaging) : nil,
                        token: $0.token, label: $0.label)
        }
        try self.init(entries: entries, set: set, currency: saved.currency, floatMinorUnits: saved.float.minorUnits,
                      expected: saved.expected, total: saved.total)
    }

    /// `total`, when given, is the saved total (it stands even when the lines of a count
    /// saved before roll sizes were stored add up differently).
    private init(entries: [CountedLine], set: DenominationSet, currency: Currency, floatMinorUnits: Int64, expected: Money?, total savedTotal: Money?) throws(TillError) {
        self.currency = currency
        self.set = set
        do {
            var lines: [TillLine] = []
            var loose = Money.zero(currency)
            var rolled = Money.zero(currency)
            var loosePieces: Int64 = 0
            var rollPieces: Int64 = 0
            for entry in entries {
                let perUnit = entry.roll?.count ?? 1
                let pieces = try CheckedCount.product(entry.quantity, perUnit, what: "the pieces of \(entry.item.token(in: set, currency: currency))")
                // A line of 0 is worth 0, however large one unit of it would be.
                let value = entry.quantity == 0 ? Money.zero(currency) : try Money(minorUnits: entry.item.minorUnits, currency: currency).multiplied(by: pieces)
                if entry.item.kind == .roll {
                    rolled = try rolled + value
                    rollPieces = try CheckedCount.sum(rollPieces, pieces, what: "the pieces in rolls")
                } else {
                    loose = try loose + value
                    loosePieces = try CheckedCount.sum(loosePieces, pieces, what: "the loose pieces")
                }
                lines.append(TillLine(entry, set: set, currency: currency, piecesPerUnit: perUnit, pieces: pieces, value: value))
            }
            self.lines = lines
            looseTotal = loose
            rollTotal = rolled
            self.loosePieces = loosePieces
            self.rollPieces = rollPieces
            if let savedTotal { total = savedTotal } else { total = try loose + rolled }
            float = Money(minorUnits: floatMinorUnits, currency: currency)
            difference = try total - float
        } catch {
            throw .countTooLarge(reason: "\(error)")
        }
        self.expected = expected
        if let expected {
            do {
                overShort = try total - expected
            } catch {
                // No figures: the expected cash may be hidden (a blind till).
                throw .expectedOutOfRange(reason: "the total counted less the expected cash does not fit in an amount")
            }
        } else {
            overShort = nil
        }
    }

    /// How people name `item`: "£20", "50p", "$1 coin", "£1 bag of 20" (`roll`: the roll's own
    /// definition, else the set's).
    public static func label(_ item: TillItem, set: DenominationSet, currency: Currency, roll: CoinRoll? = nil) -> String {
        let coinOrNote = set.denominations.first {
            $0.minorUnits == item.minorUnits && ($0.kind == .note ? item.kind == .note : item.kind != .note)
        }
        // Named as amounts are formatted (one symbol), "note"/"coin" where both exist.
        let base = coinOrNote.map { set.displayLabel(for: $0, currency: currency) }
            ?? Money.plainString(minorUnits: item.minorUnits, exponent: currency.minorUnitExponent)
        guard item.kind == .roll else { return base }
        let roll = roll ?? set.rolls.first { $0.coinMinorUnits == item.minorUnits }
        let packaging = roll?.packaging == .bag ? "bag" : "roll"
        return "\(base) \(packaging)" + (roll.map { " of \($0.count)" } ?? "")
    }

    /// How the count stands against the float: never a negative deposit.
    public var standing: Standing {
        if difference.isNegative, let short = try? difference.negated() { return .short(short) }
        return .deposit(difference)
    }

    /// Whether the till is short of the float, or of the expected cash when given.
    public var isShort: Bool { difference.isNegative || (overShort?.isNegative ?? false) }
}

/// What is above the float (to deposit) or below it (the shortage).
public enum Standing: Equatable, Sendable {
    /// The amount above the float.
    case deposit(Money)
    /// The amount below the float.
    case short(Money)

    /// The deposit or the shortage, 0 or more.
    public var amount: Money {
        switch self {
        case .deposit(let amount), .short(let amount): return amount
        }
    }
}
