// tillcount count: the app's counting screen. The denominations in their two sections
// (loose in green, rolls in red), ↑/↓ to move, +/- to change, digits to type a quantity,
// f to set the float, s to save, u to undo, q to quit, and a totals bar at the bottom.
// Every change is saved before the screen shows it.

import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
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
        while true {
            let choice = context.currencyChoice()
            let standing = try context.till.standing(choice) { _ in StandingRequest(blind: context.arguments.flag(TillcountSpec.blind)) }
            let (count, summary) = (standing.count, standing.summary)
            let (state, currency) = (count.state, count.currency)
            selected = min(max(0, selected), max(0, summary.lines.count - 1))
            draw(summary, standing: standing, selected: selected, typed: typed, floatEntry: floatEntry, message: message, on: terminal)
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
                    selected -= 1; typed = ""
                case .down, .character("j"):
                    selected += 1; typed = ""
                case .character("+"), .character("="), .right:
                    try setQuantity(line.item, choice, to: { quantity throws(TillError) in
                        let (next, overflow) = quantity.addingReportingOverflow(1)
                        if overflow { throw .quantityAtLargest(token: line.token) }
                        return next
                    })
                    typed = ""
                case .character("-"), .left:
                    guard line.quantity > 0 else { message = "Already 0"; continue }
                    try setQuantity(line.item, choice, to: { $0 - 1 })
                    typed = ""
                case .character(let c) where c.isASCII && c.isNumber:
                    typed.append(c)
                    guard let quantity = Int64(typed) else { typed = ""; message = "Too large"; continue }
                    try setQuantity(line.item, choice, to: { _ in quantity })
                case .backspace, .delete:
                    _ = typed.popLast()
                    try setQuantity(line.item, choice, to: { _ in Int64(typed) ?? 0 })
                case .enter:
                    typed = ""; selected += 1
                case .character("f"), .character("F"):
                    floatEntry = FloatEntry()
                case .character("u"), .character("U"):
                    var skipped: [String] = []
                    switch try context.till.undo(skipped: { skipped.append(TillErrorMessages.skipped($0, $1)) }) {
                    case .liveCount(let action): message = "Undid: \(action ?? "the last change")"
                    case .history(let step, let reversal): message = "Undid: \(step.action)" + TillErrorMessages.effect(of: reversal)
                    }
                    if !skipped.isEmpty { message += " · " + skipped.joined(separator: " · ") }
                    message = message.terminalSafe
                    typed = ""
                case .character("s"), .character("S"):
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

    private func setQuantity(_ item: TillItem, _ choice: CurrencyChoice, to transform: (Int64) throws(TillError) -> Int64) throws {
        try context.till.setQuantity(
            item, action: { "count: \(item.kind.rawValue) \(Money.plainString(minorUnits: item.minorUnits, exponent: $0.minorUnitExponent))" },
            currency: choice, to: transform)
    }

    private func draw(_ summary: TillSummary, standing: CashStanding, selected: Int, typed: String, floatEntry: FloatEntry?, message: String, on terminal: RawTerminal) {
        let (columns, rows) = terminal.size
        let styler = Styler(enabled: context.invocation.terminal.colorEnabled(context.invocation.colorChoice))
        let rendering = TillRendering(styler: styler, width: columns)
        var lines: [String] = [styler.bold("tillcount") + "  " + styler.dim("\(summary.currency.code) · ↑/↓ move  +/- change  0-9 type  f float  s save  u undo  q quit")]
        // The rows through the one table mechanism: the label gives way on a narrow
        // terminal, quantities and values are never cut.
        var table = TextTable(columns: [.init("", importance: 100), .text("", minimum: 10), .amount(""), .amount("")], showsHeader: false)
        var sectionTitles: [Int: String] = [:]  // table row → the title printed above it
        var selectedRow = 0
        for (index, line) in summary.lines.enumerated() {
            if index == 0 || (line.item.kind == .roll) != (summary.lines[index - 1].item.kind == .roll) {
                sectionTitles[table.rows.count] = styler.bold(line.item.kind == .roll ? "Rolls and bags" : "Loose notes and coins")
            }
            let color: Styler.Color = line.item.kind == .roll ? .red : .green
            let isSelected = index == selected
            // What is typed is text from outside: escaped, though the column holds numbers.
            let quantity = isSelected && !typed.isEmpty ? typed.terminalSafe + "▏" : String(line.quantity)
            let emphasis: (String) -> String = { isSelected ? styler.bold($0) : $0 }
            if isSelected { selectedRow = table.rows.count }
            table.append([
                TextTable.Cell(isSelected ? "›" : " ", style: emphasis), TextTable.Cell(line.label, style: { emphasis(styler.color($0, color)) }),
                TextTable.Cell(quantity, style: emphasis), TextTable.Cell(rendering.money(line.value), style: emphasis),
            ])
        }
        var rowOfSelected = 0
        for (row, text) in table.render(maxWidth: columns).enumerated() {
            if let title = sectionTitles[row] { lines.append(title) }
            if row == selectedRow { rowOfSelected = lines.count }
            lines.append(text)
        }
        // Keep the selected line visible above the totals bar.
        let available = max(3, rows - 4)
        var visible = lines
        if lines.count > available {
            let start = min(max(1, rowOfSelected - available / 2), lines.count - available + 1)
            visible = [lines[0]] + Array(lines[start..<min(lines.count, start + available - 1)])
        }
        let (label, amount) = rendering.standing(summary)
        var bar = "Total \(styler.bold(rendering.money(summary.total)))   Float \(rendering.money(summary.float))   \(label) \(rendering.money(amount))"
        bar += ExpectedRendering.bar(standing, rendering: rendering)
        if let floatEntry { bar = "New float: \(floatEntry.field.text.terminalSafe)▏  (Enter to set, Esc to cancel)" }
        var screen = "\u{1B}[H\u{1B}[2J"
        for (row, line) in visible.enumerated() {
            screen += "\u{1B}[\(row + 1);1H" + DisplayWidth.truncate(line, to: columns)
        }
        if !message.isEmpty { screen += "\u{1B}[\(rows - 1);1H" + styler.color(DisplayWidth.truncate(message, to: columns), .yellow) }
        screen += "\u{1B}[\(rows);1H" + DisplayWidth.truncate(bar, to: columns)
        terminal.write(screen)
    }
}
