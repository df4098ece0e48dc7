// tillcount count: the app's counting screen. The denominations in their two sections
// (loose in green, rolls in red), ↑/↓ to move, +/- to change, digits to type a quantity,
// f to set the float, s to save, u to undo, q to quit, and a totals bar at the bottom.
// The header names the till. Every change is saved before the screen shows it; the keys
// that edit one line's quantity (digits, backspace, +/-) make one undo step, ended by
// moving to another line or by f, s or u.

import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitProcess
import TillKit

struct CountScreen {
    let context: TillContext

    func run() throws -> ExitCode {
        let terminal = try RawTerminal(commandName: "tillcount count", terminal: context.invocation.terminal)
        defer { terminal.restore() }
        var selected = 0
        var typed = ""
        var floatEntry: FloatEntry?
        var message = ""
        // The field being edited: its keys make one undo step, until the selection moves
        // or another key (f, s, u) ends the edit (issue 26, item 38).
        var edit: Till.FieldEdit?
        while true {
            let choice = context.currencyChoice()
            let standing = try context.till.standing(choice) { _ in StandingRequest(blind: context.arguments.flag(TillcountSpec.blind)) }
            let (count, summary) = (standing.count, standing.summary)
            let (state, currency) = (count.state, count.currency)
            selected = min(max(0, selected), max(0, summary.lines.count - 1))
            draw(standing, view: CountScreenView(selected: selected, typed: typed, floatEntry: floatEntry, message: message), on: terminal)
            guard let key = terminal.readKey(timeoutMilliseconds: 250) else {
                if SignalFlags.stopRequested || terminal.inputEnded { return .ok }
                _ = SignalFlags.takeResize()
                continue
            }
            message = ""
            guard !summary.lines.isEmpty || key == .character("q") else {
                if case .character("q") = key { return .ok }
                message = "No denominations are known for \(currency.code)"
                if key == .escape || key == .interrupt { return .ok }
                continue
            }
            do {
                if var entry = floatEntry {
                    // Typed as text and read as `tillcount float` reads it (FloatEntry).
                    switch entry.handle(key, currency: currency) {
                    case .editing:
                        floatEntry = entry
                        message = entry.refusal?.terminalSafe ?? ""
                    case .set(let float):
                        _ = try context.till.setFloat(action: "count: float \(float.plainString)", currency: choice) { _ in float }
                        floatEntry = nil
                    case .cancelled: floatEntry = nil
                    }
                    continue
                }
                let line = summary.lines[selected]
                switch key {
                case .character("q"), .character("Q"), .escape, .interrupt:
                    return .ok
                case .up, .character("k"):
                    selected -= 1; typed = ""; edit = nil
                case .down, .character("j"):
                    selected += 1; typed = ""; edit = nil
                case .character("+"), .character("="), .right:
                    edit = try setQuantity(line, choice, continuing: edit, to: { quantity throws(TillError) in
                        let (next, overflow) = quantity.addingReportingOverflow(1)
                        if overflow { throw .quantityAtLargest(token: line.token) }
                        return next
                    })
                    typed = ""
                case .character("-"), .left:
                    guard line.quantity > 0 else { message = "Already 0"; continue }
                    edit = try setQuantity(line, choice, continuing: edit, to: { $0 - 1 })
                    typed = ""
                case .character(let c) where c.isASCII && c.isNumber:
                    typed.append(c)
                    guard let quantity = Int64(typed) else { typed = ""; message = "Too large"; continue }
                    edit = try setQuantity(line, choice, continuing: edit, to: { _ in quantity })
                case .backspace, .delete:
                    _ = typed.popLast()
                    edit = try setQuantity(line, choice, continuing: edit, to: { _ in Int64(typed) ?? 0 })
                case .enter:
                    typed = ""; selected += 1; edit = nil
                case .character("f"), .character("F"):
                    floatEntry = FloatEntry(); edit = nil
                case .character("u"), .character("U"):
                    edit = nil
                    var skipped: [String] = []
                    switch try context.till.undo(skipped: { skipped.append(TillErrorMessages.skipped($0, $1)) }) {
                    case .liveCount(let action): message = "Undid: \(action ?? "the last change")"
                    case .history(let step, let reversal): message = "Undid: \(step.action)" + TillErrorMessages.effect(of: reversal)
                    case .till(let removal, let restored): message = "Undid: \(removal.action)" + TillErrorMessages.effect(of: removal, restored: restored)
                    }
                    if !skipped.isEmpty { message += " · " + skipped.joined(separator: " · ") }
                    message = message.terminalSafe
                    typed = ""
                case .character("s"), .character("S"):
                    edit = nil
                    // Filed with the expected cash; over/short is shown now, even on a blind count.
                    let expected = try context.till.expectedToFile(state, currency: currency, given: nil, sales: nil)
                    let filed = try TillSummary(state: state, set: count.set, currency: currency, expected: expected)
                    let id = try context.till.save(filed, notes: state.notes, label: nil, expected: expected, action: "count: save")
                    let said = ExpectedRendering.saved(filed, tolerance: state.tolerance(currency), rendering: context.rendering)
                    message = "Saved as count \(id)" + (said.map { " · " + $0 } ?? "")
                default:
                    break
                }
            } catch {
                message = TillErrorMessages.cliError(error).message.terminalSafe
            }
        }
    }

    /// Sets `line`'s quantity; a change continuing `edit` joins its undo step, named
    /// by the quantity the field ends with ("count: set 20=125").
    private func setQuantity(
        _ line: TillLine, _ choice: CurrencyChoice, continuing edit: Till.FieldEdit?, to transform: (Int64) throws(TillError) -> Int64
    ) throws -> Till.FieldEdit {
        try context.till.setQuantity(
            line.item, action: { _, quantity in "count: set \(line.token)=\(quantity)" }, currency: choice, continuing: edit, to: transform)
    }

    /// Draws the frame (CountScreenFrame.swift) of the terminal's size.
    private func draw(_ standing: CashStanding, view: CountScreenView, on terminal: RawTerminal) {
        let (columns, rows) = terminal.size
        let styler = Styler(enabled: context.invocation.terminal.colorEnabled(context.invocation.colorChoice))
        var screen = "\u{1B}[H\u{1B}[2J"
        // The header names the till (CountScreenHeader): the name shrinks, the currency stays.
        let till = standing.count.state.tillName.map(TillName.init(stored:)) ?? context.till.name
        let header = DisplayWidth.truncate(CountScreenHeader.line(till: till, currency: standing.summary.currency, width: columns, styler: styler), to: columns)
        for (row, line) in Self.frame(standing, view: view, header: header, styler: styler, width: columns, height: rows).enumerated() where row < rows {
            screen += "\u{1B}[\(row + 1);1H" + line
        }
        terminal.write(screen)
    }
}
