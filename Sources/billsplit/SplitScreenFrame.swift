// One frame of billsplit's screen: a function of (state, width, height) → lines, one per
// row, tested in process. No amount is cut: the card goes through the table mechanism
// (its notes left out when narrow), a line too wide is wrapped at its spaces, the tip
// presets go on as many lines as they need, and a bill too long for its line goes on the
// lines below its label. On a narrow screen the labels shrink; on a short one the blank
// lines, the title and the key help give way before the card, and the card's last lines
// before the fields being typed and a refusal.

import BillKit
import MoneyKit
import MoneyKitCLI
import MoneyKitFormatting

extension SplitScreen {
    /// The split the screen shows for `state`: nil while the bill or the custom tip does
    /// not read.
    static func result(for state: SplitScreenState) -> BillResult? {
        guard let tip = state.tip, let bill = state.billReading.value else { return nil }
        return try? BillCalculator.calculate(BillRequest(
            bill: bill, tipPercent: tip, weights: Array(repeating: 1, count: state.people)))
    }

    /// The rows of the screen for `state`, at most `height` of them (more only when the
    /// fields and a refusal alone need more), none wider than `width` (an amount wider than
    /// the whole screen goes on over the next row). `names` are --people's names,
    /// `localeIdentifier` formats the money.
    static func frame(_ state: SplitScreenState, names: [String], localeIdentifier: String?, styler: Styler, width: Int, height: Int) -> [String] {
        let frame = frame(state, names: names, localeIdentifier: localeIdentifier, styler: styler, width: width, allTips: true)
        // On a short screen the tip shows only the one chosen, before the card gives way.
        let needed = frame.entries.filter { $0.role >= .content }.count
        let fitted = needed > height ? self.frame(state, names: names, localeIdentifier: localeIdentifier, styler: styler, width: width, allTips: false) : frame
        return fitted.lines(height: height, width: width)
    }

    /// The frame's lines before they are fitted to a height, every tip preset shown or only
    /// the one chosen.
    private static func frame(_ state: SplitScreenState, names: [String], localeIdentifier: String?, styler: Styler, width: Int, allTips: Bool) -> ScreenFrame {
        var frame = ScreenFrame()
        frame.add(DisplayWidth.truncate(styler.bold("billsplit") + "  " + styler.dim("\(state.currency.code) · \(state.currency.name)"), to: width), as: .chrome)
        frame.add("", as: .spacing)
        // The labels' column: "Currency " wide, or "People " on a narrow screen.
        let labelWidth = width >= 40 ? 9 : 7
        func label(_ text: String) -> String { DisplayWidth.pad(text, to: max(labelWidth, text.count + 1)) }
        let indent = String(repeating: " ", count: labelWidth)

        let symbol = CurrencyFormatterCache.shared.symbol(for: state.currency, localeIdentifier: localeIdentifier)
        let typed = state.bill.text.isEmpty ? styler.dim("type the bill") : state.bill.text.terminalSafe
        let billText = typed + (state.editingCustomTip ? "" : "▏")
        frame.add(ScreenText.field(label: label("Bill") + symbol + " ", text: billText, width: width), as: .essential)

        // Every preset, the chosen one in brackets; narrow, without the padding that lines them up.
        let pad = width >= 40 ? " " : ""
        let customText = state.customTip.text.isEmpty ? "…" : state.customTip.text.terminalSafe
        let custom = "custom \(customText)%\(state.editingCustomTip ? "▏" : "")"
        let options = state.presets.map { "\($0)%" } + [custom]
        let tips = options.indices.compactMap { index -> String? in
            if index == state.tipIndex { return styler.bold("[\(options[index])]") }
            return allTips ? pad + options[index] + pad : nil
        }
        if !allTips {
            frame.add(ScreenText.field(label: label("Tip"), text: tips.joined(), width: width), as: .essential)
        } else {
            // The presets are figures too: on more lines rather than cut.
            let tipLines = ScreenText.pack(tips, width: max(1, width - labelWidth), separator: " ")
            frame.add(tipLines.enumerated().map { ($0.offset == 0 ? label("Tip") : indent) + $0.element }, as: .essential)
        }
        frame.add(label("People") + String(state.people), as: .essential)
        if let code = state.currencyCode {
            let field = label("Currency") + code + "▏ "
            let hint = "type an ISO 4217 code, Enter to use it, Esc to keep \(state.currency.code)"
            let room = width - DisplayWidth.of(field)
            frame.add(field + (room >= 8 ? styler.dim(DisplayWidth.truncate(hint, to: room)) : ""), as: .essential)
        }
        frame.add("", as: .spacing)
        if let result = result(for: state) {
            let rendering = BillRendering(localeIdentifier: localeIdentifier, styler: styler, width: max(1, width - 2))
            for line in rendering.card(result, names: names) {
                if line.isEmpty { frame.add("", as: .spacing); continue }
                frame.add(BillRendering.wrapped("  " + line, width: width), as: .content)
            }
        } else {
            frame.add(ScreenText.wrap(styler.dim(state.tip == nil ? "  Custom tip: 0 to 50 %" : "  Type the amount of the bill"), width: width), as: .content)
        }
        frame.add("", as: .spacing)
        if !state.message.isEmpty {
            frame.add(ScreenText.wrap(state.message.terminalSafe, width: width).map { styler.color($0, .yellow) }, as: .essential)
        }
        frame.add(styler.dim(DisplayWidth.truncate("0-9 . , ⌫ amount  ←/→ tip  c custom tip  +/- people  Tab currency  $ code  Enter done  q quit", to: width)), as: .chrome)
        return frame
    }
}
