// What tally board shows, and how each key changes it: a reducer, (state, key) → (state,
// effects), tested in process. The board only reads: its one command is to read the
// counters again, which the loop also does when another process changes the store
// (BoardScreen). Keys: p or space pause (the counters shown stay as they were until
// unpaused), s the next sort order, / a name filter typed (Enter keeps it, Esc drops it),
// c clears it, r reads again, q quits.

import MoneyKitCLI
import TallyKit

struct BoardScreenState: Equatable, ScreenReducer {
    /// The counters as last read (derived ones worked out), in list order.
    var counters: [Counter]
    /// The order shown.
    var sort: CounterSort
    /// While paused, what another process changes is not shown.
    var paused = false
    /// The name filter applied: the counters whose name holds it, in any letter case.
    var filter = ""
    /// The filter being typed after /, nil when none is.
    var typing: String?
    /// What the last read came to when it failed; "" otherwise.
    var message = ""
    /// Changes seen while paused, shown when unpaused.
    var missed = false

    /// What the board asks of the store.
    enum Command: Equatable {
        /// Read the counters again.
        case reload
    }

    /// What a read came to.
    enum Outcome: Equatable {
        /// The counters as stored now.
        case loaded([Counter])
        /// The store changed (another process): read again unless paused.
        case changed
        /// A read that failed, its message.
        case failed(String)
    }

    /// The orders `s` steps through, in turn.
    static let sortCycle: [CounterSort] = [.created, .name, .count, .updated]

    /// The counters shown: the filter's, in the order chosen.
    var rows: [Counter] {
        let key = CounterTags.matchKey(filter)
        let kept = filter.isEmpty ? counters : counters.filter { CounterTags.matchKey($0.name).contains(key) }
        return sort == .created ? kept : kept.sorted(by: sort.precedes)
    }

    mutating func handle(_ key: Key) -> [ScreenEffect<Command>] {
        if let typed = typing {
            switch key {
            case .enter:
                filter = typed
                typing = nil
            case .escape, .interrupt:
                typing = nil
            case .backspace, .delete:
                typing = String(typed.dropLast())
            case .character(let character) where !character.isNewline:
                typing = typed + String(character)
            default:
                return []
            }
            return [.redraw]
        }
        switch key {
        case .character("q"), .character("Q"), .escape, .interrupt:
            return [.quit]
        case .character("p"), .character("P"), .character(" "):
            paused.toggle()
            if !paused && missed {
                missed = false
                return [.run(.reload)]
            }
            return [.redraw]
        case .character("s"), .character("S"):
            let index = Self.sortCycle.firstIndex(of: sort) ?? 0
            sort = Self.sortCycle[(index + 1) % Self.sortCycle.count]
            return [.redraw]
        case .character("/"):
            typing = ""
            return [.redraw]
        case .character("c"), .character("C"):
            filter = ""
            return [.redraw]
        case .character("r"), .character("R"):
            return [.run(.reload)]
        default:
            return []
        }
    }

    mutating func handle(_ outcome: Outcome) -> [ScreenEffect<Command>] {
        switch outcome {
        case .changed:
            if paused {
                missed = true
                return [.redraw]
            }
            return [.run(.reload)]
        case .loaded(let stored):
            counters = stored
            message = ""
        case .failed(let reason):
            message = reason
        }
        return [.redraw]
    }
}
