// tally tap's reducer in-process (issue 27, item 5): (state, key) → (state, effects). The
// keys that change the count ask for a saved step and show nothing until the store has
// answered; q, Q, Esc and ^C leave; any other key changes nothing and draws nothing; an
// outcome puts the counter as stored and its message on the screen.

@testable import tally
import MoneyKitCLI
import TallyKit
import Testing

@Suite struct TallyTapReducerTests {
    static let counter = Counter(name: "cups", count: 7, start: 0, step: 2, pinned: false, created: "2026-11-01T10:00:00Z", serial: 1, goal: 8)
    typealias State = TapScreenState

    @Test(arguments: [Key.character(" "), .character("+"), .character("="), .enter, .up])
    func addKeysAskForAnIncrementAndShowNothingYet(key: Key) {
        let state = State(counter: Self.counter, message: "Undid: inc cups")
        let (next, effects) = State.reduce(state, key)
        #expect(effects == [.run(.increment("cups"))])
        #expect(next.counter == Self.counter, "the count changes only once stored")
        #expect(next.message == "", "a key clears the last message")
    }

    @Test(arguments: [Key.backspace, .delete, .character("-"), .character("_"), .down])
    func subtractKeysAskForADecrement(key: Key) {
        #expect(State.reduce(State(counter: Self.counter), key).1 == [.run(.decrement("cups"))])
    }

    @Test func uAsksForAnUndoOfThisCounter() {
        #expect(State.reduce(State(counter: Self.counter), .character("u")).1 == [.run(.undo("cups"))])
        #expect(State.reduce(State(counter: Self.counter), .character("U")).1 == [.run(.undo("cups"))])
    }

    @Test(arguments: [Key.character("q"), .character("Q"), .escape, .interrupt])
    func quitKeysLeave(key: Key) {
        #expect(State.reduce(State(counter: Self.counter), key).1 == [.quit])
    }

    @Test(arguments: [Key.home, .end, .pageUp, .pageDown, .insert, .function(1), .function(12), .backTab, .unknown, .left, .right, .tab, .character("x")])
    func otherKeysChangeNothingAndDrawNothing(key: Key) {
        let (next, effects) = State.reduce(State(counter: Self.counter, message: "Goal reached!"), key)
        #expect(effects.isEmpty)
        #expect(next.counter == Self.counter)
        #expect(next.message == "")
    }

    @Test func outcomesShowTheCounterAsStoredAndRedraw() {
        var stored = Self.counter
        stored.count = 9
        let reached = State.reduce(State(counter: Self.counter), .stepped(stored, reachedGoal: true))
        #expect(reached.0 == State(counter: stored, message: "Goal reached!"))
        #expect(reached.1 == [.redraw])
        #expect(State.reduce(State(counter: Self.counter), .stepped(stored, reachedGoal: false)).0.message == "")
        let undone = State.reduce(State(counter: Self.counter), .undid("inc cups", stored))
        #expect(undone.0 == State(counter: stored, message: "Undid: inc cups") && undone.1 == [.redraw])
        // A refusal keeps the count as it was when the store cannot be read.
        let refused = State.reduce(State(counter: Self.counter), .failed("cannot add 2 to 'cups': above its maximum 8", nil))
        #expect(refused.0 == State(counter: Self.counter, message: "cannot add 2 to 'cups': above its maximum 8") && refused.1 == [.redraw])
        #expect(State.reduce(State(counter: Self.counter), .failed("refused", stored)).0.counter == stored)
    }

    /// A session runs the command a key asks for and feeds its outcome back, in order.
    @Test func aSessionRunsTheCommandAndFeedsBackItsOutcome() {
        var asked: [State.Command] = []
        var session = ScreenSession(State(counter: Self.counter)) { command, state in
            asked.append(command)
            var stored = state.counter
            stored.count += 2
            return .stepped(stored, reachedGoal: stored.count >= 8)
        }
        #expect(session.press(.character(" ")) == .init(quits: false, redraws: true))
        #expect(asked == [.increment("cups")])
        #expect(session.state.counter.count == 9 && session.state.message == "Goal reached!")
        #expect(session.press(.home) == .init(quits: false, redraws: false))
        #expect(session.press(.character("q")) == .init(quits: true, redraws: false))
        #expect(asked.count == 1)
    }
}
