// The live count: the quantities of each note, coin and roll, the float, the notes, and
// the undo stack an older tillcount kept with it (now the shared journal's: TillUndo.swift). How it is
// kept in a file is TillStateJSON.swift; what keeps it is a TillRepository.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// The live count (see the top of this file).
public struct TillState: Equatable, Sendable {
    /// How many steps undo can go back (the live count's changes and the history's saves
    /// and deletions, in one sequence per till and person): the shared convention.
    public static let undoLimit = UndoHistory.stepsKept
    /// The largest roll or bag, as the denominations file allows it.
    public static let rollSizes: ClosedRange<Int64> = 1...100_000

    /// The count's currency code, once it has one.
    public var currencyCode: String?
    /// The starting float, in minor units (0 or more).
    public var floatMinorUnits: Int64 = 0
    /// How many of each item (0 or more).
    public var quantities: [TillItem: Int64] = [:]
    /// The roll definitions the counted rolls were counted with, by coin (minor units).
    /// Kept only while the roll's quantity is above 0.
    public var rollDefinitions: [Int64: CoinRoll] = [:]
    /// The notes, one line each.
    public var notes: [String] = []
    /// ISO 8601 time of the last change.
    public var updated: String?
    /// The undo stack an older tillcount kept with the live count, newest last, as read
    /// from its files: the store takes it into the undo journal (UndoJournal) at its first
    /// write. Nothing pushes onto it now.
    public var undo: [TillUndoStep] = []
    /// Keys of rm steps that had left that older stack: their saved counts are purged
    /// when the store takes the stack over.
    public var purge: [String] = []
    /// The till this count is kept for, as first named; nil in the default till's file
    /// (see TillName and JSONTillDirectory). Kept by the file, not by undo snapshots.
    public var tillName: String?

    // Expected cash, blind count and tolerance (TillMovement.swift, TillMovements.swift,
    // CashStanding.swift); kept in the file by TillCashFields.swift.
    /// The cash sales, paid-ins, paid-outs and drops recorded with this count, oldest first.
    public var movements: [TillMovement] = []
    /// Whether the till hides the expected cash and over/short until a count is saved.
    public var isBlind = false
    /// How far over or short the till may be without being flagged (minor units), when set.
    public var toleranceMinorUnits: Int64?

    /// An empty count with no currency, float 0 and nothing to undo.
    public init() {}

    /// Whether nothing is counted (every quantity 0).
    public var isEmpty: Bool { quantities.values.allSatisfy { $0 == 0 } }

    /// The currency of the count: its own, else `fallback`.
    public func currency(fallback: Currency) -> Currency {
        currencyCode.flatMap(Currency.init(code:)) ?? fallback
    }

    /// `set` with the rolls this count keeps its own definitions of: what its lines are
    /// read with, so a roll counted as 25 coins stays 25 coins. Everything else of `set`
    /// (coin masses, notes, source) is kept as it is: only the rolls differ.
    public func countingSet(_ set: DenominationSet) -> DenominationSet {
        guard !rollDefinitions.isEmpty else { return set }
        let rolls = set.rolls.filter { rollDefinitions[$0.coinMinorUnits] == nil } + rollDefinitions.values
        // Every field passed on: a field left out here (the coin masses once were) makes
        // the count forget it as soon as it holds a roll.
        return DenominationSet(
            currencyCode: set.currencyCode, denominations: set.denominations, rolls: rolls,
            hasStandardRolls: set.hasStandardRolls, rollNote: set.rollNote,
            coinMasses: set.coinMasses, massNote: set.massNote, source: set.source)
    }

    /// Keeps with the count the definition of every roll it holds (from `set`, the
    /// counting set), and forgets those of rolls no longer held.
    public mutating func keepRollDefinitions(from set: DenominationSet) {
        for (item, quantity) in quantities where item.kind == .roll {
            if quantity > 0, rollDefinitions[item.minorUnits] == nil,
                let roll = set.rolls.first(where: { $0.coinMinorUnits == item.minorUnits }) {
                rollDefinitions[item.minorUnits] = roll
            }
        }
        rollDefinitions = rollDefinitions.filter { (quantities[TillItem(kind: .roll, minorUnits: $0.key)] ?? 0) > 0 }
    }

    /// Makes `snapshot` (the live count an undo step recorded) the live count again,
    /// keeping its name and any older stack, `updated` at `stamp` (ISO 8601;
    /// the system clock's now unless given).
    public mutating func restore(_ snapshot: TillState, at stamp: String = Instant.iso8601UTC(Instant.preciseNow())) {
        var previous = snapshot
        previous.undo = undo
        previous.purge = purge
        previous.tillName = tillName
        previous.updated = stamp
        self = previous
    }

    /// A saved count as a live count: its lines with the roll sizes they were saved with.
    public init(saved: SavedCount) {
        currencyCode = saved.currency.code
        floatMinorUnits = saved.float.minorUnits
        for line in saved.lines {
            quantities[line.item] = line.quantity
            if line.item.kind == .roll {
                rollDefinitions[line.item.minorUnits] = CoinRoll(coinMinorUnits: line.item.minorUnits, count: line.rollSize, packaging: line.packaging)
            }
        }
        notes = saved.notes
    }
}
