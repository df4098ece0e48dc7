// The app's single screen on a terminal: type the bill, choose a tip preset with ←/→ or
// a custom tip with c, people with +/-, Tab cycles the currency and $ opens a field for
// any ISO 4217 code; the results card updates as you type, each share by name when
// --people named them. Enter leaves and prints the card; q or Esc leaves quietly.
// The choices are remembered (unless --no-save). What each key does is the reducer
// SplitScreenState; this is the loop that reads keys and draws, on the terminal the run
// opens (a scripted one in-process).

import BillKit
import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitFormatting

struct SplitScreen {
    let invocation: Invocation
    let repository: any PreferencesRepository
    let options: BillOptions
    let saved: Preferences

    func run() throws -> ExitCode {
        let start = SplitScreenState(
            tipIndex: BillRules.tipPresets.firstIndex { options.tip.value == DecimalText(significand: $0, scale: 0) } ?? BillRules.tipPresets.count,
            customTip: ScreenField(saved.customTipPercent ?? (BillRules.isPreset(options.tip) ? BillRules.defaultCustomTip.description : options.tip.description)),
            people: options.people, currency: options.currency)
        let terminal = try invocation.io.openScreen("billsplit", invocation.terminal)
        // Nothing is kept until the screen is left: no command to perform.
        var session = ScreenSession(start) { (command: Never, _) -> Never in }
        draw(session.state, on: terminal)
        while true {
            guard let key = terminal.readKey(timeoutMilliseconds: 250) else {
                if SignalFlags.stopRequested || terminal.inputEnded { break }
                if SignalFlags.takeResize() { draw(session.state, on: terminal) }
                continue
            }
            let step = session.press(key)
            if step.quits { break }
            if step.redraws { draw(session.state, on: terminal) }
        }
        terminal.restore()
        let state = session.state
        let tip = state.tip
        if state.printsCard, let result = Self.result(for: state) {
            let rendering = BillRendering(localeIdentifier: options.localeIdentifier, styler: invocation.styler, width: invocation.terminal.width)
            for line in rendering.card(result, names: options.shareNames) {
                invocation.out.line(line)
            }
        }
        if !invocation.arguments.flag(BillsplitOptions.noSave) {
            try repository.remember(PreferencesChange(
                currency: state.currency.code, tipPercent: tip?.description,
                customTipPercent: BillEntry.customTip(state.customTip.text).value?.description, people: state.people))
        }
        return .ok
    }

    /// Draws the frame (SplitScreenFrame.swift) of the terminal's size.
    private func draw(_ state: SplitScreenState, on terminal: any ScreenTerminal) {
        let styler = Styler(enabled: invocation.terminal.colorEnabled(invocation.colorChoice))
        let (columns, rows) = terminal.size
        terminal.draw(Self.frame(state, names: options.shareNames, localeIdentifier: options.localeIdentifier, styler: styler, width: columns, height: rows))
    }
}
