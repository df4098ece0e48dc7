// The app's single screen on a terminal: type the bill, choose a tip preset with ←/→ or
// a custom tip with c, people with +/-, Tab cycles the currency and $ opens a field for
// any ISO 4217 code; the results card updates as you type, each share by name when
// --people named them. Enter leaves and prints the card; q or Esc leaves quietly.
// The choices are remembered (unless --no-save).

import BillKit
import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitFormatting

struct SplitScreen {
    let invocation: Invocation
    let repository: any PreferencesRepository
    let options: BillOptions
    let saved: Preferences

    func run() throws -> ExitCode {
        var state = SplitScreenState(
            tipIndex: BillRules.tipPresets.firstIndex { options.tip.value == DecimalText(significand: $0, scale: 0) } ?? BillRules.tipPresets.count,
            customTip: ScreenField(saved.customTipPercent ?? (BillRules.isPreset(options.tip) ? BillRules.defaultCustomTip.description : options.tip.description)),
            people: options.people, currency: options.currency)
        let terminal = try RawTerminal(commandName: "billsplit", terminal: invocation.terminal)
        var printCard = false
        while true {
            draw(state, on: terminal)
            guard let key = terminal.readKey(timeoutMilliseconds: 250) else {
                if SignalFlags.stopRequested || terminal.inputEnded { break }
                _ = SignalFlags.takeResize()
                continue
            }
            if case .leave(let print) = state.handle(key) {
                printCard = print
                break
            }
        }
        terminal.restore()
        let tip = state.tip
        if printCard, let result = result(for: state, tip: tip) {
            for line in BillRendering(localeIdentifier: options.localeIdentifier, styler: invocation.styler).card(result, names: options.shareNames) {
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

    private func result(for state: SplitScreenState, tip: Percentage?) -> BillResult? {
        guard let tip, let bill = state.billReading.value else { return nil }
        return try? BillCalculator.calculate(BillRequest(
            bill: bill, tipPercent: tip, weights: Array(repeating: 1, count: state.people)))
    }

    private func draw(_ state: SplitScreenState, on terminal: RawTerminal) {
        let styler = Styler(enabled: invocation.terminal.colorEnabled(invocation.colorChoice))
        let rendering = BillRendering(localeIdentifier: options.localeIdentifier, styler: styler)
        var lines: [String] = []
        lines.append(styler.bold("billsplit") + "  " + styler.dim("\(state.currency.code) · \(state.currency.name)"))
        lines.append("")
        let symbol = CurrencyFormatterCache.shared.symbol(for: state.currency, localeIdentifier: options.localeIdentifier)
        let amountField = state.bill.text.isEmpty ? styler.dim("type the bill") : state.bill.text.terminalSafe
        lines.append("Bill     \(symbol) \(amountField)\(state.editingCustomTip ? "" : "▏")")
        var tips = state.presets.enumerated().map { index, preset in
            index == state.tipIndex ? styler.bold("[\(preset)%]") : " \(preset)% "
        }
        let customText = state.customTip.text.isEmpty ? "…" : state.customTip.text.terminalSafe
        let custom = "custom \(customText)%\(state.editingCustomTip ? "▏" : "")"
        tips.append(state.usesCustomTip ? styler.bold("[\(custom)]") : " \(custom) ")
        lines.append("Tip      " + tips.joined(separator: " "))
        lines.append("People   \(state.people)")
        if let code = state.currencyCode {
            lines.append("Currency \(code)▏ " + styler.dim("type an ISO 4217 code, Enter to use it, Esc to keep \(state.currency.code)"))
        }
        lines.append("")
        if let result = result(for: state, tip: state.tip) {
            lines += rendering.card(result, names: options.shareNames).map { "  " + $0 }
        } else {
            lines.append(styler.dim(state.tip == nil ? "  Custom tip: 0 to 50 %" : "  Type the amount of the bill"))
        }
        lines.append("")
        if !state.message.isEmpty { lines.append(styler.color(state.message.terminalSafe, .yellow)) }
        lines.append(styler.dim("0-9 . , ⌫ amount  ←/→ tip  c custom tip  +/- people  Tab currency  $ code  Enter done  q quit"))
        let width = terminal.size.columns
        var screen = "\u{1B}[H\u{1B}[2J"
        for (row, line) in lines.enumerated() {
            screen += "\u{1B}[\(row + 1);1H" + DisplayWidth.truncate(line, to: width)
        }
        terminal.write(screen)
    }
}
