// A full-screen view as a reducer: a state value, and what a key does to it, (state, key) →
// (state, effects). The effects are what the loop does: run a command of the screen (a
// write to the store through the kit), whose outcome comes back to the reducer the same
// way, redraw, or quit. The reducer touches no store and no terminal, so a screen's keys
// are tested in process; the loop that reads keys and performs effects stays thin
// (ScreenSession, and a screen's run() around it).

/// What a key (or a command's outcome) asks of the loop besides the new state.
package enum ScreenEffect<Command> {
    /// Run one of the screen's commands (a write through the kit); its outcome is fed
    /// back to the reducer.
    case run(Command)
    /// Draw the frame again.
    case redraw
    /// Leave the screen.
    case quit
}

extension ScreenEffect: Equatable where Command: Equatable {}

/// A screen's state and how keys, and the outcomes of its commands, change it.
package protocol ScreenReducer {
    /// What the screen asks the loop to do beyond drawing and leaving (a write to the store).
    associatedtype Command
    /// What running a command came to (the counter as stored, a message, a refusal).
    associatedtype Outcome

    /// Applies `key`; returns what the loop is to do.
    mutating func handle(_ key: Key) -> [ScreenEffect<Command>]

    /// Applies what a command came to; returns what the loop is to do next.
    mutating func handle(_ outcome: Outcome) -> [ScreenEffect<Command>]
}

extension ScreenReducer {
    /// (state, key) → (state, effects): `handle(_:)` as a function.
    package static func reduce(_ state: Self, _ key: Key) -> (Self, [ScreenEffect<Command>]) {
        var next = state
        let effects = next.handle(key)
        return (next, effects)
    }

    /// (state, outcome) → (state, effects): `handle(_:)` of an outcome as a function.
    package static func reduce(_ state: Self, _ outcome: Outcome) -> (Self, [ScreenEffect<Command>]) {
        var next = state
        let effects = next.handle(outcome)
        return (next, effects)
    }
}

/// A screen's reducer with the one thing that runs its commands: keys in, the state and
/// what the loop must do (draw, leave) out. The same session runs under a terminal and in
/// a test.
package struct ScreenSession<Screen: ScreenReducer> {
    /// The screen as the keys so far left it.
    package var state: Screen
    private let perform: (Screen.Command, Screen) -> Screen.Outcome

    /// What a key came to, for the loop.
    package struct Step: Equatable, Sendable {
        /// The screen is to be left.
        package var quits = false
        /// The frame is to be drawn again.
        package var redraws = false

        /// A step that leaves or not, draws again or not.
        package init(quits: Bool = false, redraws: Bool = false) {
            self.quits = quits
            self.redraws = redraws
        }
    }

    /// A session from `state`; `perform` runs a command against the state it was asked in
    /// and says what it came to (an error is an outcome too: the screen shows it).
    package init(_ state: Screen, perform: @escaping (Screen.Command, Screen) -> Screen.Outcome) {
        self.state = state
        self.perform = perform
    }

    /// Applies `key`, runs the commands it asks for (feeding their outcomes back) in order,
    /// and says whether to draw again or leave.
    package mutating func press(_ key: Key) -> Step {
        follow(state.handle(key))
    }

    /// Applies an outcome that came from outside the keys (a store another process changed,
    /// read again by the loop), then as `press`.
    package mutating func receive(_ outcome: Screen.Outcome) -> Step {
        follow(state.handle(outcome))
    }

    /// Performs `effects` in order, feeding the outcomes of the commands back.
    private mutating func follow(_ effects: [ScreenEffect<Screen.Command>]) -> Step {
        var step = Step()
        var pending = effects[...]
        while let effect = pending.popFirst() {
            switch effect {
            case .quit:
                step.quits = true
                return step
            case .redraw:
                step.redraws = true
            case .run(let command):
                pending.append(contentsOf: state.handle(perform(command, state)))
            }
        }
        return step
    }
}
