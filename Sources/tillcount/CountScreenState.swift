// What tillcount count shows, and how each key changes it: a reducer, (state, key) →
// (state, effects), tested in process. A key that changes the count asks the loop to run
// a command through TillKit (CountScreen.perform); what it came to comes back as an
// outcome, and the loop reads the count again before drawing, so every change is saved
// before the screen shows it. The keys that edit one line's quantity (digits, backspace,
// +/-) make one undo step, ended by moving to another line or by f, s or u.

import MoneyKit
import MoneyKitCLI
import TillKit

struct CountScreenState: ScreenReducer {
    /// The live count against the expected cash, as last read.
    private(set) var standing: CashStanding
    /// The selection, what is typed, the float field and the message.
    var view = CountScreenView()
    /// The field being edited: its keys make one undo step, until the selection moves or
    /// another key (f, s, u) ends the edit (issue 26, item 38).
    var edit: Till.FieldEdit?

    init(standing: CashStanding) {
        self.standing = standing
        show(standing)
    }

    /// How a key changes the selected line's quantity.
    enum QuantityChange: Equatable {
        /// One more (+, =, →); refused at the largest quantity.
        case add
        /// One fewer (-, ←).
        case subtract
        /// The quantity typed.
        case set(Int64)
    }

    /// What the screen asks of the till.
    enum Command: Equatable {
        /// Change `line`'s quantity, continuing `edit`'s undo step; a typed quantity is
        /// forgotten once done when `clearsTyped`.
        case setQuantity(TillLine, QuantityChange, continuing: Till.FieldEdit?, clearsTyped: Bool)
        /// Set the float.
        case setFloat(Money)
        /// Undo the last change.
        case undo
        /// Save the count to the history with the expected cash.
        case save
    }

    /// What a command came to.
    enum Outcome: Equatable {
        /// The quantity is kept: the edit to continue.
        case quantitySet(Till.FieldEdit, clearsTyped: Bool)
        /// The float is kept.
        case floatSet
        /// Undone: what the screen says about it.
        case undid(String)
        /// Saved: what the screen says about it.
        case saved(String)
        /// Refused: the message, ready for the screen.
        case failed(String)
    }

    /// The count as read again (after a change, or every moment the keys rest): the
    /// selection is kept on a line that exists.
    mutating func show(_ standing: CashStanding) {
        self.standing = standing
        view.selected = min(max(0, view.selected), max(0, standing.summary.lines.count - 1))
    }

    mutating func handle(_ key: Key) -> [ScreenEffect<Command>] {
        let lines = standing.summary.lines
        let currency = standing.count.currency
        view.message = ""
        if lines.isEmpty {
            // Nothing to count in this currency: the keys only say so, and q, Esc, ^C leave.
            switch key {
            case .character("q"), .escape, .interrupt: return [.quit]
            default:
                view.message = "No denominations are known for \(currency.code)"
                return []
            }
        }
        if var entry = view.floatEntry {
            // Typed as text and read as `tillcount float` reads it (FloatEntry).
            switch entry.handle(key, currency: currency) {
            case .editing:
                view.floatEntry = entry
                view.message = entry.refusal?.terminalSafe ?? ""
                return []
            case .set(let float): return [.run(.setFloat(float))]
            case .cancelled:
                view.floatEntry = nil
                return []
            }
        }
        let line = lines[min(max(0, view.selected), lines.count - 1)]
        switch key {
        case .character("q"), .character("Q"), .escape, .interrupt:
            return [.quit]
        case .up, .character("k"):
            view.selected -= 1; view.typed = ""; edit = nil
        case .down, .character("j"):
            view.selected += 1; view.typed = ""; edit = nil
        case .character("+"), .character("="), .right:
            return [.run(.setQuantity(line, .add, continuing: edit, clearsTyped: true))]
        case .character("-"), .left:
            guard line.quantity > 0 else {
                view.message = "Already 0"
                return []
            }
            return [.run(.setQuantity(line, .subtract, continuing: edit, clearsTyped: true))]
        case .character(let c) where c.isASCII && c.isNumber:
            view.typed.append(c)
            guard let quantity = Int64(view.typed) else {
                view.typed = ""
                view.message = "Too large"
                return []
            }
            return [.run(.setQuantity(line, .set(quantity), continuing: edit, clearsTyped: false))]
        case .backspace, .delete:
            _ = view.typed.popLast()
            return [.run(.setQuantity(line, .set(Int64(view.typed) ?? 0), continuing: edit, clearsTyped: false))]
        case .enter:
            view.typed = ""; view.selected += 1; edit = nil
        case .character("f"), .character("F"):
            view.floatEntry = FloatEntry(); edit = nil
        case .character("u"), .character("U"):
            edit = nil
            return [.run(.undo)]
        case .character("s"), .character("S"):
            edit = nil
            return [.run(.save)]
        default:
            break
        }
        return []
    }

    mutating func handle(_ outcome: Outcome) -> [ScreenEffect<Command>] {
        switch outcome {
        case .quantitySet(let next, let clearsTyped):
            edit = next
            if clearsTyped { view.typed = "" }
        case .floatSet:
            view.floatEntry = nil
        case .undid(let said):
            view.message = said
            view.typed = ""
        case .saved(let said), .failed(let said):
            view.message = said
        }
        // The loop reads the count again and draws after every key.
        return []
    }
}
