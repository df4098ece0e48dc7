// A count filed in the history, with its lines as they were counted: a saved count never
// changes, whatever the denominations say later.

import MoneyKit
import MoneyKitStorage

/// One saved line, as it was counted: the face value, the kind, how many, the roll size
/// (1 for notes and coins) and the value.
public struct SavedLine: Equatable, Sendable {
    /// How the roll size of a line became known: recorded when saved, or (for counts saved
    /// before schema version 2) worked out from the saved total or taken from the
    /// denominations current at migration.
    public enum SizeSource: String, Sendable {
        /// Recorded when saved; worked out from the saved total; taken from the definitions then current.
        case saved, total, definitions
    }

    /// The note, coin or roll.
    public let item: TillItem
    /// How many (above 0).
    public let quantity: Int64
    /// Coins in one roll (1 for notes and coins).
    public let rollSize: Int64
    /// Roll or bag (rolls only).
    public let packaging: CoinRoll.Packaging
    /// face × quantity × roll size, in minor units.
    public let valueMinorUnits: Int64
    /// How the roll size became known.
    public let sizeSource: SizeSource
    /// The token and label shown when it was saved (nil for lines saved before version 2,
    /// until they are filled in).
    public var token: String? = nil
    /// The label shown when it was saved (see `token`).
    public var label: String? = nil

    /// A line as saved.
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

/// A note added to a saved count after it was saved (`history note`): the counted lines
/// never change, notes are only added.
public struct SavedNote: Equatable, Sendable {
    /// When it was added (ISO 8601, UTC).
    public let at: String
    /// The note as typed.
    public let text: String

    /// A note `text` added at `at`.
    public init(at: String, text: String) {
        self.at = at
        self.text = text
    }
}

/// A saved count: its header (time, till, kind, label, amounts, notes) and, when read, its lines.
public struct SavedCount: Equatable, Sendable {
    /// What kind of count it is: X, a count during the shift (the default), or Z, the
    /// closing count, which is final (never deleted or relabelled) and numbered in
    /// sequence per till.
    public enum Kind: String, Sendable, CaseIterable {
        /// A count during the shift: can be relabelled, deleted and undone.
        case x
        /// A closing count: final, numbered Z1, Z2, … per till.
        case z
    }

    /// The id the history gave it (1 and up).
    public let id: Int64
    /// When it was saved (ISO 8601, UTC).
    public let savedAt: String
    /// The label: as given when saving, or as last changed with `history label`; nil for none.
    public var label: String?
    /// The count's currency.
    public let currency: Currency
    /// The total as saved (0 or more).
    public let total: Money
    /// The float (0 or more).
    public let float: Money
    /// The cash the till should have held, when given.
    public let expected: Money?
    /// The notes filed with it.
    public let notes: [String]
    /// The counted lines (quantities above 0), when asked for.
    public var lines: [SavedLine]
    /// The till it was counted in (counts saved before tills: "main").
    public var till: String = TillName.main.display
    /// X or Z.
    public var kind: Kind = .x
    /// A Z count's number in its till's sequence (1 and up); nil for an X count.
    public var zNumber: Int64? = nil
    /// Notes added after saving, oldest first (the notes filed with it are `notes`).
    public var addedNotes: [SavedNote] = []
    /// The cash sales, paid-ins, paid-outs and drops recorded with the count when it was
    /// saved, oldest first (none for counts saved before schema version 5).
    public var movements: [TillMovement] = []
    /// The tolerance over/short was judged by when it was saved, if any.
    public var tolerance: Money? = nil

    /// A saved count with every field given.
    public init(
        id: Int64, savedAt: String, label: String?, currency: Currency, total: Money, float: Money, expected: Money?,
        notes: [String], lines: [SavedLine], till: String = TillName.main.display, kind: Kind = .x, zNumber: Int64? = nil,
        addedNotes: [SavedNote] = [], movements: [TillMovement] = [], tolerance: Money? = nil
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
        self.till = till
        self.kind = kind
        self.zNumber = zNumber
        self.addedNotes = addedNotes
        self.movements = movements
        self.tolerance = tolerance
    }

    /// The count `summary` as it is filed: each counted line with its roll size, packaging,
    /// value, token and label, the movements recorded with it and the tolerance it is
    /// judged by; `id` is given by the history when it is saved.
    public init(
        filing summary: TillSummary, notes: [String], label: String?, expected: Money?, at: String, till: TillName = .main, kind: Kind = .x,
        movements: [TillMovement] = [], tolerance: Money? = nil
    ) {
        let lines = summary.counted.map { line in
            SavedLine(
                item: line.item, quantity: line.quantity, rollSize: line.piecesPerUnit,
                packaging: summary.set.rolls.first { $0.coinMinorUnits == line.item.minorUnits }?.packaging ?? .roll,
                valueMinorUnits: line.value.minorUnits, sizeSource: .saved, token: line.token, label: line.label)
        }
        self.init(id: 0, savedAt: at, label: label, currency: summary.currency, total: summary.total, float: summary.float,
                  expected: expected, notes: notes, lines: lines, till: till.display, kind: kind, movements: movements, tolerance: tolerance)
    }

    // The loader checks that these fit (total and float are 0 or more; total − expected fits).
    /// total − float: the deposit, or below 0 the shortage.
    public var difference: Money { (try? total - float) ?? total }
    /// total − expected, when the expected cash was given.
    public var overShort: Money? { expected.flatMap { try? total - $0 } }

    /// Whether over/short is beyond the tolerance it was saved with; nil without both.
    public var isBeyondTolerance: Bool? {
        guard let tolerance, let overShort, let rule = try? Tolerance(tolerance) else { return nil }
        return rule.isExceeded(by: overShort)
    }

    /// The figures the movements make (float + sales + paid in − paid out − refunds − drops), when
    /// any were recorded; nil when they do not fit (the loader refuses such a count).
    public var expectedCash: ExpectedCash? {
        var state = TillState()
        state.currencyCode = currency.code
        state.floatMinorUnits = float.minorUnits
        state.movements = movements
        return try? ExpectedCash.of(state, currency: currency)
    }

    /// What breaks a rule the code relies on, in words ("has a negative float"), or nil:
    /// checked by every history adapter when it reads a count and by `Till.save` before it
    /// files one, so no store keeps a count its readers would refuse.
    public var invariantFault: String? {
        if float.isNegative { return "has a negative float" }
        if total.isNegative { return "has a negative total" }
        // What history shows is total − float and total − expected: both must fit.
        if let expected, total.minorUnits.subtractingReportingOverflow(expected.minorUnits).overflow {
            return "has an expected amount too far from its total"
        }
        if let tolerance, tolerance.isNegative { return "has a negative tolerance" }
        // The movements as the history keeps them, read back as the loader reads them.
        do {
            _ = try SavedMovementsText.movements(SavedMovementsText.text(movements, currency: currency), currency: currency, place: "the count")
        } catch {
            return "has movements that break a rule (\(error.message))"
        }
        if !movements.isEmpty, expectedCash == nil { return "has movements too large: the expected cash does not fit in an amount" }
        return nil
    }

    /// "X", or "Z" and its number ("Z3"), as history shows the kind.
    public var kindText: String {
        switch kind {
        case .x: return "X"
        case .z: return "Z" + (zNumber.map(String.init) ?? "")
        }
    }

    /// The notes filed with it, then those added since.
    public var allNotes: [String] { notes + addedNotes.map(\.text) }

    /// The same count without its lines (what the history list holds).
    public var header: SavedCount {
        var copy = self
        copy.lines = []
        return copy
    }
}
