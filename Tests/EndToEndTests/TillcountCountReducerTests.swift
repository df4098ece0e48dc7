// tillcount count's reducer in-process (issue 27, item 5): (state, key) → (state, effects)
// on a GBP count held in memory. A key that changes the count asks the loop for a command
// (kept through TillKit before the screen shows it); moving, f, u and s end the field edit
// so that its keys are one undo step; the float field reads as `tillcount float` reads;
// outcomes come back into the state.

@testable import tillcount
import MoneyKit
import MoneyKitCLI
import TillKit
import Testing

@Suite struct TillcountCountReducerTests {
    typealias State = CountScreenState

    /// A GBP count with two £20 notes, in memory.
    static func standing(_ quantities: [TillItem: Int64] = [TillItem(kind: .note, minorUnits: 2_000): 2], currency: String = "GBP") throws -> CashStanding {
        var state = TillState()
        state.currencyCode = currency
        state.quantities = quantities
        let till = Till(live: InMemoryTillRepository(state), history: InMemoryTillHistory(), denominations: InMemoryDenominations())
        let code = try #require(Currency(code: currency))
        return try till.standing(CurrencyChoice(asked: code, fallback: code)) { _ in StandingRequest() }
    }

    static func state(selected: Int = 1) throws -> State {
        var state = State(standing: try standing())
        state.view.selected = selected
        return state
    }

    static func line(_ state: State) -> TillLine { state.standing.summary.lines[state.view.selected] }

    @Test func theSelectionStaysOnALine() throws {
        var state = try Self.state(selected: 0)
        #expect(Self.line(state).label == "£50")
        _ = state.handle(.up)
        state.show(state.standing)
        #expect(state.view.selected == 0)
        let last = state.standing.summary.lines.count - 1
        for _ in 0...last { _ = state.handle(.character("j")) }
        state.show(state.standing)
        #expect(state.view.selected == last)
    }

    @Test func plusAndMinusAskForAChangeOfTheSelectedLine() throws {
        let state = try Self.state()
        let line = Self.line(state)
        #expect(line.label == "£20" && line.quantity == 2)
        for key in [Key.character("+"), .character("="), .right] {
            #expect(State.reduce(state, key).1 == [.run(.setQuantity(line, .add, continuing: nil, clearsTyped: true))])
        }
        for key in [Key.character("-"), .left] {
            #expect(State.reduce(state, key).1 == [.run(.setQuantity(line, .subtract, continuing: nil, clearsTyped: true))])
        }
        // At 0, - asks for nothing and says so.
        let atZero = try Self.state(selected: 2)
        let (next, effects) = State.reduce(atZero, .character("-"))
        #expect(effects.isEmpty)
        #expect(next.view.message == "Already 0")
    }

    @Test func digitsTypeAQuantityThatEachKeySets() throws {
        var state = try Self.state()
        let line = Self.line(state)
        #expect(state.handle(.character("1")) == [.run(.setQuantity(line, .set(1), continuing: nil, clearsTyped: false))])
        #expect(state.handle(.character("2")) == [.run(.setQuantity(line, .set(12), continuing: nil, clearsTyped: false))])
        #expect(state.view.typed == "12")
        #expect(state.handle(.backspace) == [.run(.setQuantity(line, .set(1), continuing: nil, clearsTyped: false))])
        #expect(state.handle(.delete) == [.run(.setQuantity(line, .set(0), continuing: nil, clearsTyped: false))])
        #expect(state.view.typed == "")
        // More digits than a quantity holds: refused, the field emptied, nothing asked.
        for digit in "9223372036854775807" { _ = state.handle(.character(digit)) }
        #expect(state.handle(.character("0")) == [])
        #expect(state.view.typed == "" && state.view.message == "Too large")
    }

    @Test func anEditContinuesUntilTheSelectionMovesOrFSOrUEndIt() throws {
        var state = try Self.state()
        let line = Self.line(state)
        let edit = try Self.fieldEdit(line)
        #expect(state.handle(.quantitySet(edit, clearsTyped: false)) == [])
        #expect(state.edit == edit)
        #expect(state.handle(.character("3")) == [.run(.setQuantity(line, .set(3), continuing: edit, clearsTyped: false))])
        for key in [Key.up, .down, .character("k"), .character("j"), .enter, .character("f"), .character("u"), .character("s")] {
            var moved = state
            _ = moved.handle(key)
            #expect(moved.edit == nil, "\(key) ends the edit")
        }
        var entered = state
        _ = entered.handle(.enter)
        #expect(entered.view.selected == 2 && entered.view.typed == "")
        // A quantity set by + or - forgets what was typed; one typed keeps it.
        var plus = state
        _ = plus.handle(.quantitySet(edit, clearsTyped: true))
        #expect(plus.view.typed == "")
        var typed = state
        _ = typed.handle(.quantitySet(edit, clearsTyped: false))
        #expect(typed.view.typed == "3")
    }

    @Test func fOpensTheFloatFieldReadAsTheOptionReadsIt() throws {
        var state = try Self.state()
        #expect(state.handle(.character("f")) == [])
        #expect(state.view.floatEntry == FloatEntry())
        // Inside the field, q and s are typed, not commands.
        for character in "1q" { #expect(state.handle(.character(character)) == []) }
        #expect(state.handle(.enter) == [])
        #expect(state.view.message.hasPrefix("the float: "), "\(state.view.message)")
        _ = state.handle(.backspace)
        for character in "20,50" { _ = state.handle(.character(character)) }
        #expect(state.handle(.enter) == [.run(.setFloat(Money(minorUnits: 12_050, currency: .gbp)))])
        #expect(state.view.floatEntry != nil, "the field stays open until the float is kept")
        _ = state.handle(.floatSet)
        #expect(state.view.floatEntry == nil)
        _ = state.handle(.character("f"))
        #expect(state.handle(.escape) == [])
        #expect(state.view.floatEntry == nil)
    }

    @Test func uUndoesSSavesAndQuitKeysLeave() throws {
        var state = try Self.state()
        state.view.typed = "4"
        #expect(State.reduce(state, .character("u")).1 == [.run(.undo)])
        #expect(State.reduce(state, .character("U")).1 == [.run(.undo)])
        #expect(State.reduce(state, .character("s")).1 == [.run(.save)])
        #expect(State.reduce(state, .character("S")).1 == [.run(.save)])
        for key in [Key.character("q"), .character("Q"), .escape, .interrupt] { #expect(State.reduce(state, key).1 == [.quit]) }
        for key in [Key.home, .tab, .function(3), .unknown, .character("x")] { #expect(State.reduce(state, key).1 == []) }
        // An undo forgets what was typed; a save and a refusal keep it.
        let undone = State.reduce(state, .undid("Undid: count: set 20=4")).0
        #expect(undone.view.message == "Undid: count: set 20=4" && undone.view.typed == "")
        let saved = State.reduce(state, .saved("Saved as count 1")).0
        #expect(saved.view.message == "Saved as count 1" && saved.view.typed == "4")
        #expect(State.reduce(state, .failed("refused")).0.view.message == "refused")
    }

    @Test func aKeyClearsTheLastMessage() throws {
        var state = try Self.state()
        state.view.message = "Saved as count 1"
        #expect(State.reduce(state, .home).0.view.message == "")
    }

    /// A Till.FieldEdit of `line`, as setQuantity returns it.
    static func fieldEdit(_ line: TillLine) throws -> Till.FieldEdit {
        var state = TillState()
        state.currencyCode = "GBP"
        let till = Till(live: InMemoryTillRepository(state), history: InMemoryTillHistory(), denominations: InMemoryDenominations())
        return try till.setQuantity(line.item, action: { _, _ in "edit" }, currency: CurrencyChoice(asked: .gbp, fallback: .gbp), to: { _ in 3 })
    }
}
