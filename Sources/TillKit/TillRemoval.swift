// `tillcount tills rm NAME`: removing a till that holds nothing, and bringing it back
// with undo (issue 26, item 38).
//
// Nothing in it: every quantity 0, no movements (sales, paid-in, paid-out, drops), no
// notes, a float of 0. Its settings (currency, blind, tolerance) are not what it holds:
// they go with it and come back with undo. Its saved counts stay in the history, under
// its name; a till of that name started later lists them again.
//
// The undo step goes on the stack of the till the command runs in, as every history step
// does (the removed till's own stack goes with it): a till cannot remove itself. The
// step keeps the till's live count without its undo stack, so undo brings it back with
// its settings and its (empty) count, not its old steps. Those steps are gone for good:
// saved counts its 'history rm' steps hid can no longer come back, and are purged.
//
// Crash safety, by the order of the writes: the step is pushed first, then the till is
// removed (under its own lock, checked again to hold nothing); killed in between, undo
// finds the till still there and says so. Undo brings the till back first (only where no
// till of that name is kept), then takes the step off; killed in between, the next undo
// finds the till there and says so.

import MoneyKit

/// A removed till, as the undo step that brings it back keeps it.
public struct TillRemoval: Equatable, Sendable {
    /// The till's name as first given.
    public let name: TillName
    /// Its live count when removed, without undo stack (a snapshot, as live-count steps keep).
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
        snapshot.undoBlockedBy = nil
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

    /// The keys of the saved counts that can no longer come back once `state`'s undo
    /// stack is gone: its pending purges and the counts its 'history rm' steps hid.
    public static func keysToPurge(leaving state: TillState) -> [String] {
        let hidden = state.undo.compactMap { step -> String? in
            guard case .history(let history) = step, history.change == .rm else { return nil }
            return history.key
        }
        return state.purge + hidden.filter { !state.purge.contains($0) }
    }
}
