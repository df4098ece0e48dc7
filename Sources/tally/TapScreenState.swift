// What tally tap shows, and how each key changes it: a reducer, (state, key) → (state,
// effects), tested in process. A key that changes the count asks the loop to save the step
// (TapScreen.perform); what the store says comes back as an outcome, and only then is the
// new count shown, so every key press is saved before the screen shows it.

import MoneyKitCLI
import TallyKit

struct TapScreenState: Equatable, ScreenReducer {
    /// The counter as last stored.
    var counter: Counter
    /// What the last key came to ("Goal reached!", "Undid: …", a refusal); "" for none.
    var message = ""

    /// What the screen asks of the store, by the counter's name.
    enum Command: Equatable {
        /// One step up (the counter's step), saved.
        case increment(String)
        /// One step down, saved.
        case decrement(String)
        /// Undo the last change, when it was to this counter.
        case undo(String)
    }

    /// What a command came to.
    enum Outcome: Equatable {
        /// A step saved: the counter as stored, and whether it reached its goal.
        case stepped(Counter, reachedGoal: Bool)
        /// An undo done: what it undid, and the counter as stored after it.
        case undid(String, Counter)
        /// A refusal to show; the counter as stored now, when it could be read.
        case failed(String, Counter?)
    }

    mutating func handle(_ key: Key) -> [ScreenEffect<Command>] {
        // A key clears the last message; one the screen does not use draws nothing.
        message = ""
        switch key {
        case .character(" "), .character("+"), .character("="), .enter, .up: return [.run(.increment(counter.name))]
        case .backspace, .delete, .character("-"), .character("_"), .down: return [.run(.decrement(counter.name))]
        case .character("u"), .character("U"): return [.run(.undo(counter.name))]
        case .character("q"), .character("Q"), .escape, .interrupt: return [.quit]
        default: return []
        }
    }

    mutating func handle(_ outcome: Outcome) -> [ScreenEffect<Command>] {
        switch outcome {
        case .stepped(let stored, let reachedGoal):
            counter = stored
            message = reachedGoal ? "Goal reached!" : ""
        case .undid(let action, let stored):
            counter = stored
            message = "Undid: " + action
        case .failed(let refusal, let stored):
            // Shown on the screen; the count stays as stored.
            message = refusal
            if let stored { counter = stored }
        }
        return [.redraw]
    }
}
