// A count filed in the history, with its lines as they were counted: a saved count never
// changes, whatever the denominations say later.

import MoneyKit

/// One saved line, as it was counted: the face value, the kind, how many, the roll size
/// (1 for notes and coins) and the value.
public struct SavedLine: Equatable, Sendable {
    /// How the roll size of a line became known: recorded when saved, or (for counts saved
    /// before schema version 2) worked out from the saved total or taken from the
    /// denominations current at migration.
    public enum SizeSource: String, Sendable {
        case saved, total, definitions
    }

    public let item: TillItem
    public let quantity: Int64
    public let rollSize: Int64
    public let packaging: CoinRoll.Packaging
    public let valueMinorUnits: Int64
    public let sizeSource: SizeSource
    /// The token and label shown when it was saved (nil for lines saved before version 2,
    /// until they are filled in).
    public var token: String? = nil
    public var label: String? = nil

    public init(
        item: TillItem, quantity: Int64, rollSize: Int64, packaging: CoinRoll.Packaging, valueMinorUnits: Int64,
        sizeSource: SizeSource, token: String? = nil, label: String? = nil
    ) {
        self.item = item
        self.quantity = quantity
        self.rollSize = rollSize
        self.packaging = packaging
        self.valueMinorUnits = valueMinorUnits
        self.sizeSource = sizeSource
        self.token = token
        self.label = label
    }
}

public struct SavedCount: Equatable, Sendable {
    public let id: Int64
    /// When it was saved (ISO 8601, UTC).
    public let savedAt: String
    public let label: String?
    public let currency: Currency
    public let total: Money
    public let float: Money
    public let expected: Money?
    public let notes: [String]
    /// The counted lines (quantities above 0), when asked for.
    public var lines: [SavedLine]

    public init(
        id: Int64, savedAt: String, label: String?, currency: Currency, total: Money, float: Money, expected: Money?,
        notes: [String], lines: [SavedLine]
    ) {
        self.id = id
        self.savedAt = savedAt
        self.label = label
        self.currency = currency
        self.total = total
        self.float = float
        self.expected = expected
        self.notes = notes
        self.lines = lines
    }

    /// The count `summary` as it is filed: each counted line with its roll size, packaging,
    /// value, token and label; `id` is given by the history when it is saved.
    public init(filing summary: TillSummary, notes: [String], label: String?, expected: Money?, at: String) {
        let lines = summary.counted.map { line in
            SavedLine(
                item: line.item, quantity: line.quantity, rollSize: line.piecesPerUnit,
                packaging: summary.set.rolls.first { $0.coinMinorUnits == line.item.minorUnits }?.packaging ?? .roll,
                valueMinorUnits: line.value.minorUnits, sizeSource: .saved, token: line.token, label: line.label)
        }
        self.init(id: 0, savedAt: at, label: label, currency: summary.currency, total: summary.total, float: summary.float,
                  expected: expected, notes: notes, lines: lines)
    }

    // The loader checks that these fit (total and float are 0 or more; total − expected fits).
    public var difference: Money { (try? total - float) ?? total }
    public var overShort: Money? { expected.flatMap { try? total - $0 } }

    /// The same count without its lines (what the history list holds).
    public var header: SavedCount {
        var copy = self
        copy.lines = []
        return copy
    }
}
