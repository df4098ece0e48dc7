// `tillcount tills rm NAME`: removing a till that holds nothing, and bringing it back
// with undo (issue 26, item 38).
//
// Nothing in it: every quantity 0, no movements (sales, paid-in, paid-out, drops), no
// notes, a float of 0. Its settings (currency, blind, tolerance) are not what it holds:
// they go with it and come back with undo. Its saved counts stay in the history, under
// its name; a till of that name started later lists them again.
//
// The undo step is a step of the till the command runs in (TillUndo.swift): a till cannot
// remove itself. It keeps the till's live count, so undo brings it back with its settings
// and its (empty) count, not its old steps: those, of every person, are forgotten with
// it, and the saved counts its 'history rm' steps hid are purged (they can no longer come
// back). Undo brings the till back only where no till of that name is kept since. The
// removal and its step are one transaction.

import MoneyKit

/// A removed till, as the undo step that brings it back keeps it.
public struct TillRemoval: Equatable, Sendable {
    /// The till's name as first given.
    public let name: TillName
    /// Its live count when removed (a snapshot, as live-count steps keep).
    public let state: TillState
    /// What undo says it reverted ("tills rm Front").
    public let action: String

    /// The removal of till `name`, whose live count was `state`.
    public init(name: TillName, state: TillState, action: String) {
        self.name = name
        var snapshot = state
        snapshot.undo = []
        snapshot.purge = []
        snapshot.tillName = nil
        self.state = snapshot
        self.action = action
    }

    /// What a till holds, each a reason it is not removed.
    public enum Holding: Equatable, Sendable {
        /// Notes, coins or rolls counted (how many lines).
        case counted(lines: Int)
        /// A float above 0.
        case float(Money)
        /// Movements recorded (how many).
        case movements(Int)
        /// Notes written (how many lines).
        case notes(Int)
    }

    /// What `state` holds, in `currency`: empty when there is nothing in it.
    public static func holdings(of state: TillState, currency: Currency) -> [Holding] {
        var held: [Holding] = []
        let counted = state.quantities.values.filter { $0 > 0 }.count
        if counted > 0 { held.append(.counted(lines: counted)) }
        if state.floatMinorUnits != 0 { held.append(.float(Money(minorUnits: state.floatMinorUnits, currency: currency))) }
        if !state.movements.isEmpty { held.append(.movements(state.movements.count)) }
        if !state.notes.isEmpty { held.append(.notes(state.notes.count)) }
        return held
    }
}
