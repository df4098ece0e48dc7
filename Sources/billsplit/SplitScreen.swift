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

    /// What the screen edits.
    struct State {
        var amountText = ""
        /// Index into the presets; `presets.count` means the custom tip.
        var tipIndex: Int
        var customTipText: String
        var people: Int
        var currency: Currency
        var editingCustomTip = false
        /// The custom tip before `c` started a new one, kept for Esc or an empty entry.
        var previousCustomTip = ""
        /// The currency code being typed after `$`; nil when the field is closed.
        var currencyCode: String?
        var message = ""

        var presets: [Int64] { BillRules.tipPresets }
        var usesCustomTip: Bool { tipIndex == presets.count }
    }

    func run() throws -> ExitCode {
        var state = State(
            tipIndex: BillRules.tipPresets.firstIndex { options.tip.value == DecimalText(significand: $0, scale: 0) } ?? BillRules.tipPresets.count,
            customTipText: saved.customTipPercent ?? (BillRules.isPreset(options.tip) ? BillRules.defaultCustomTip.description : options.tip.description),
            people: options.people, currency: options.currency)
        let terminal = try RawTerminal(commandName: "billsplit", terminal: invocation.terminal)
        var printCard = false
        screen: while true {
            draw(state, on: terminal)
            guard let key = terminal.readKey(timeoutMilliseconds: 250) else {
                if SignalFlags.stopRequested || terminal.inputEnded { break }
                _ = SignalFlags.takeResize()
                continue
            }
            state.message = ""
            if state.currencyCode != nil {
                if key == .interrupt { break screen }
                editCurrencyCode(key, state: &state)
                continue
            }
            switch key {
            case .character("q"), .character("Q"), .escape, .interrupt:
                if state.editingCustomTip && key == .escape {
                    state.customTipText = state.previousCustomTip
                    state.editingCustomTip = false
                    continue
                }
                break screen
            case .enter:
                if state.editingCustomTip {
                    if state.customTipText.isEmpty { state.customTipText = state.previousCustomTip }
                    state.editingCustomTip = false
                    continue
                }
                printCard = true
                break screen
            case .left: state.tipIndex = max(0, state.tipIndex - 1)
            case .right: state.tipIndex = min(state.presets.count, state.tipIndex + 1)
            case .character("c"), .character("C"):
                // Typing replaces the custom tip; Esc (or Enter on nothing) keeps the old one.
                state.tipIndex = state.presets.count
                if !state.editingCustomTip { state.previousCustomTip = state.customTipText }
                state.customTipText = ""
                state.editingCustomTip = true
            case .character("+"), .up: state.people = min(Int(BillRules.peopleRange.upperBound), state.people + 1)
            case .character("-"), .down: state.people = max(Int(BillRules.peopleRange.lowerBound), state.people - 1)
            case .tab:
                state.currency = BillRules.nextAppCurrency(after: state.currency)
                checkBill(&state)
            case .character("$"):
                state.editingCustomTip = false
                state.currencyCode = ""
            case .backspace, .delete:
                if state.editingCustomTip { _ = state.customTipText.popLast() } else { _ = state.amountText.popLast() }
            case .character(let character) where character.isASCII && (character.isNumber || character == "." || character == ","):
                type(character, into: &state)
            default:
                continue
            }
        }
        terminal.restore()
        let tip = currentTip(state)
        if printCard, let result = result(for: state, tip: tip) {
            for line in BillRendering(localeIdentifier: options.localeIdentifier, styler: invocation.styler).card(result, names: options.shareNames) {
                invocation.out.line(line)
            }
        }
        if !invocation.arguments.flag(BillsplitOptions.noSave) {
            try repository.remember(PreferencesChange(
                currency: state.currency.code, tipPercent: tip?.description,
                customTipPercent: BillRules.tipIfValid(state.customTipText)?.description, people: state.people))
        }
        return .ok
    }

    /// Adds a typed digit or point, refusing what the field cannot hold.
    private func type(_ character: Character, into state: inout State) {
        let typed = state.editingCustomTip
            ? BillEntry.customTip(state.customTipText, typing: character)
            : BillEntry.amount(state.amountText, typing: character, currency: state.currency)
        switch typed {
        case .success(let text) where state.editingCustomTip: state.customTipText = text
        case .success(let text): state.amountText = text
        case .failure(let refusal): state.message = Self.message(refusal)
        }
    }

    /// A key while the currency code field is open: letters fill it, Enter takes the code
    /// (an unknown or withdrawn one is refused with a message and the field stays open),
    /// Esc closes it keeping the currency.
    private func editCurrencyCode(_ key: Key, state: inout State) {
        let field = state.currencyCode ?? ""
        switch key {
        case .escape: state.currencyCode = nil
        case .backspace, .delete: state.currencyCode = String(field.dropLast())
        case .enter:
            do throws(MoneyError) {
                state.currency = try CurrencyCodeEntry.currency(field)
                state.currencyCode = nil
                checkBill(&state)
            } catch {
                state.message = field.isEmpty ? "Type a currency code such as EUR" : "\(error)".terminalSafe
            }
        case .character(let character):
            switch CurrencyCodeEntry.code(field, typing: character) {
            case .success(let text): state.currencyCode = text
            case .failure(.full): state.message = "A currency code has \(CurrencyCodeEntry.codeLength) letters"
            case .failure(.notALetter): state.message = "A currency code is letters, such as EUR"
            }
        default: break
        }
    }

    /// After a change of currency: a bill typed with more decimals than the new currency
    /// has is no longer an amount; say so, rather than only losing the card.
    private func checkBill(_ state: inout State) {
        guard !state.amountText.isEmpty, BillEntry.bill(state.amountText, currency: state.currency) == nil,
            let point = state.amountText.firstIndex(where: BillEntry.isDecimalPoint),
            state.amountText[state.amountText.index(after: point)...].count > state.currency.minorUnitExponent
        else { return }
        let refusal: BillEntry.Refusal = state.currency.minorUnitExponent == 0 ? .noDecimals(state.currency) : .tooManyDecimals(state.currency)
        state.message = Self.message(refusal) + ": ⌫ to correct the bill"
    }

    /// What the screen says when a key is refused.
    static func message(_ refusal: BillEntry.Refusal) -> String {
        switch refusal {
        case .noDecimals(let currency): return "\(currency.code) has no decimals"
        case .secondDecimalPoint: return "Only one decimal point"
        case .tooManyDecimals(let currency):
            let exponent = currency.minorUnitExponent
            return "\(currency.code) has \(exponent) decimal\(exponent == 1 ? "" : "s")"
        case .tooLong: return "That is as large as a bill gets here"
        case .invalidTip: return "A custom tip is \(BillsplitSpec.range(BillRules.tipRange)) % with up to two decimals"
        }
    }

    private func currentTip(_ state: State) -> Percentage? {
        state.usesCustomTip ? BillRules.tipIfValid(state.customTipText) : Percentage(state.presets[state.tipIndex])
    }

    private func result(for state: State, tip: Percentage?) -> BillResult? {
        guard let tip, let bill = BillEntry.bill(state.amountText, currency: state.currency) else { return nil }
        return try? BillCalculator.calculate(BillRequest(
            bill: bill, tipPercent: tip, weights: Array(repeating: 1, count: state.people)))
    }

    private func draw(_ state: State, on terminal: RawTerminal) {
        let styler = Styler(enabled: invocation.terminal.colorEnabled(invocation.colorChoice))
        let rendering = BillRendering(localeIdentifier: options.localeIdentifier, styler: styler)
        var lines: [String] = []
        lines.append(styler.bold("billsplit") + "  " + styler.dim("\(state.currency.code) · \(state.currency.name)"))
        lines.append("")
        let symbol = CurrencyFormatterCache.shared.symbol(for: state.currency, localeIdentifier: options.localeIdentifier)
        let amountField = state.amountText.isEmpty ? styler.dim("type the bill") : state.amountText
        lines.append("Bill     \(symbol) \(amountField)\(state.editingCustomTip ? "" : "▏")")
        var tips = state.presets.enumerated().map { index, preset in
            index == state.tipIndex ? styler.bold("[\(preset)%]") : " \(preset)% "
        }
        let customText = state.customTipText.isEmpty ? "…" : state.customTipText
        let custom = "custom \(customText)%\(state.editingCustomTip ? "▏" : "")"
        tips.append(state.usesCustomTip ? styler.bold("[\(custom)]") : " \(custom) ")
        lines.append("Tip      " + tips.joined(separator: " "))
        lines.append("People   \(state.people)")
        if let code = state.currencyCode {
            lines.append("Currency \(code)▏ " + styler.dim("type an ISO 4217 code, Enter to use it, Esc to keep \(state.currency.code)"))
        }
        lines.append("")
        if let result = result(for: state, tip: currentTip(state)) {
            lines += rendering.card(result, names: options.shareNames).map { "  " + $0 }
        } else {
            lines.append(styler.dim(currentTip(state) == nil ? "  Custom tip: 0 to 50 %" : "  Type the amount of the bill"))
        }
        lines.append("")
        if !state.message.isEmpty { lines.append(styler.color(state.message, .yellow)) }
        lines.append(styler.dim("0-9 . ⌫ amount  ←/→ tip  c custom tip  +/- people  Tab currency  $ code  Enter done  q quit"))
        let width = terminal.size.columns
        var screen = "\u{1B}[H\u{1B}[2J"
        for (row, line) in lines.enumerated() {
            screen += "\u{1B}[\(row + 1);1H" + DisplayWidth.truncate(line, to: width)
        }
        terminal.write(screen)
    }
}
