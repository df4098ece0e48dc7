// tillcount count: the app's counting screen. The denominations in their two sections
// (loose in green, rolls in red), ↑/↓ to move, +/- to change, digits to type a quantity,
// f to set the float, s to save, u to undo, q to quit, and a totals bar at the bottom.
// The header names the till. What each key does is the reducer CountScreenState; this is
// the loop that reads keys, runs the till's commands through TillKit, reads the count
// again and draws it (CountScreenFrame.swift), so every change is saved before the screen
// shows it.

import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitProcess
import TillKit

struct CountScreen {
    let context: TillContext

    func run() throws -> ExitCode {
        let invocation = context.invocation
        let terminal = try invocation.io.openScreen("tillcount count", invocation.terminal)
        defer { terminal.restore() }
        var session = ScreenSession(CountScreenState(standing: try standing()), perform: perform)
        while true {
            draw(session.state, on: terminal)
            guard let key = terminal.readKey(timeoutMilliseconds: 250) else {
                if SignalFlags.stopRequested || terminal.inputEnded { return .ok }
                _ = SignalFlags.takeResize()
                // Read again: a change made elsewhere shows while the keys rest.
                refresh(&session.state)
                continue
            }
            if session.press(key).quits { return .ok }
            refresh(&session.state)
        }
    }

    /// Reads the count again for the screen. A store that cannot be read just now is said
    /// on the screen, which keeps showing the count it read last (as tally tap does).
    func refresh(_ state: inout CountScreenState) {
        do {
            state.show(try standing())
        } catch {
            _ = state.handle(.failed(TillErrorMessages.cliError(error).message.terminalSafe))
        }
    }

    /// The live count against the expected cash, as `count --blind` asks.
    /// - Throws: what `Till.standing` throws.
    func standing() throws -> CashStanding {
        try context.till.standing(context.currencyChoice()) { _ in StandingRequest(blind: context.arguments.flag(TillcountSpec.blind)) }
    }

    /// Runs `command` through TillKit against the count `state` shows; a refusal is an
    /// outcome the screen shows.
    func perform(_ command: CountScreenState.Command, on state: CountScreenState) -> CountScreenState.Outcome {
        let choice = context.currencyChoice()
        do {
            switch command {
            case .setQuantity(let line, let change, let edit, let clearsTyped):
                let next = try context.till.setQuantity(
                    line.item, action: { _, quantity in "count: set \(line.token)=\(quantity)" }, currency: choice, continuing: edit,
                    to: { quantity throws(TillError) in
                        switch change {
                        case .add:
                            let (next, overflow) = quantity.addingReportingOverflow(1)
                            if overflow { throw .quantityAtLargest(token: line.token) }
                            return next
                        case .subtract: return quantity - 1
                        case .set(let typed): return typed
                        }
                    })
                return .quantitySet(next, clearsTyped: clearsTyped)
            case .setFloat(let float):
                _ = try context.till.setFloat(action: "count: float \(float.plainString)", currency: choice) { _ in float }
                return .floatSet
            case .undo:
                var skipped: [String] = []
                var message: String
                switch try context.till.undo(skipped: { skipped.append(TillErrorMessages.skipped($0, $1)) }) {
                case .liveCount(let action): message = "Undid: \(action ?? "the last change")"
                case .history(let step, let reversal): message = "Undid: \(step.action)" + TillErrorMessages.effect(of: reversal)
                case .till(let removal, let restored): message = "Undid: \(removal.action)" + TillErrorMessages.effect(of: removal, restored: restored)
                }
                if !skipped.isEmpty { message += " · " + skipped.joined(separator: " · ") }
                return .undid(message.terminalSafe)
            case .save:
                // Filed with the expected cash; over/short is shown now, even on a blind count.
                let count = state.standing.count
                let (live, currency) = (count.state, count.currency)
                let expected = try context.till.expectedToFile(live, currency: currency, given: nil, sales: nil)
                let filed = try TillSummary(state: live, set: count.set, currency: currency, expected: expected)
                let id = try context.till.save(
                    filed, notes: live.notes, label: nil, expected: expected, action: "count: save",
                    blind: context.arguments.flag(TillcountSpec.blind))
                let said = ExpectedRendering.saved(filed, tolerance: live.tolerance(currency), rendering: context.rendering)
                return .saved("Saved as count \(id)" + (said.map { " · " + $0 } ?? ""))
            }
        } catch {
            return .failed(TillErrorMessages.cliError(error).message.terminalSafe)
        }
    }

    /// Draws the frame (CountScreenFrame.swift) of the terminal's size.
    private func draw(_ state: CountScreenState, on terminal: any ScreenTerminal) {
        let (columns, rows) = terminal.size
        let styler = Styler(enabled: context.invocation.terminal.colorEnabled(context.invocation.colorChoice))
        let standing = state.standing
        // The header names the till (CountScreenHeader): the name shrinks, the currency stays.
        let till = standing.count.state.tillName.map(TillName.init(stored:)) ?? context.till.name
        let header = DisplayWidth.truncate(CountScreenHeader.line(till: till, currency: standing.summary.currency, width: columns, styler: styler), to: columns)
        terminal.draw(Self.frame(standing, view: state.view, header: header, styler: styler, width: columns, height: rows))
    }
}
