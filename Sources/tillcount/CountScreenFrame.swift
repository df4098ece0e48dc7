// One frame of tillcount count: a function of (what is counted, the selection, what is
// being typed, width, height) → lines, one per row, tested in process. The rows go through
// the one table mechanism (labels give way, quantities and values never); the totals bar
// is labelled figures on as many lines as the width needs, never cut; a message is
// wrapped, never cut. On a short screen the rows scroll to keep the selected one in sight,
// and the key help at the top gives way first.

import MoneyKit
import MoneyKitCLI
import TillKit

/// What the counting screen shows besides the count itself.
struct CountScreenView {
    /// The index of the selected line of the summary.
    var selected = 0
    /// The quantity being typed on the selected line.
    var typed = ""
    /// The float being typed after f, if any.
    var floatEntry: FloatEntry?
    /// What the last key came to (a refusal, "Saved as count 3").
    var message = ""
}

extension CountScreen {
    /// The rows of the counting screen for `standing` under `header` (already fitted to the
    /// width), at most `height` of them (more only when the totals bar and the message alone
    /// need more), none wider than `width`.
    static func frame(_ standing: CashStanding, view: CountScreenView, header: String, styler: Styler, width: Int, height: Int) -> [String] {
        let summary = standing.summary
        let rendering = TillRendering(styler: styler, width: width)
        let (rows, rowOfSelected) = tableLines(summary, view: view, styler: styler, rendering: rendering, width: width)
        let message = view.message.isEmpty ? [] : ScreenText.wrap(view.message, width: width).map { styler.color($0, .yellow) }
        let bar = bar(standing, floatEntry: view.floatEntry, rendering: rendering, width: width)

        // The rows left for the table; the header gives way before the table has none.
        var frame = ScreenFrame()
        let fixed = message.count + bar.count
        let withHeader = height - fixed - 1 >= min(3, rows.count)
        if withHeader { frame.add(header, as: .chrome) }
        // The bar and a message come first: on a tiny screen they may leave the table no row.
        let available = max(0, height - fixed - (withHeader ? 1 : 0))
        // Keep the selected line in sight: the window around it.
        var start = 0
        if rows.count > available {
            start = min(max(0, rowOfSelected - available / 2), rows.count - available)
        }
        frame.add(Array(rows[start..<min(rows.count, start + available)]), as: .essential)
        // Blank rows between the table and the bar, so the bar stays at the bottom.
        let used = frame.entries.count + fixed
        for _ in 0..<max(0, height - used) { frame.add("", as: .spacing) }
        frame.add(message, as: .essential)
        frame.add(bar, as: .essential)
        return frame.lines(height: height, width: width)
    }

    /// The table's lines (section titles and one row per denomination) fitted to `width`,
    /// and the index of the selected one among them.
    private static func tableLines(_ summary: TillSummary, view: CountScreenView, styler: Styler, rendering: TillRendering, width: Int) -> ([String], Int) {
        var table = TextTable(columns: [.init("", importance: 100), .text("", minimum: 10), .amount(""), .amount("")], showsHeader: false)
        var sectionTitles: [Int: String] = [:]  // table row → the title printed above it
        var selectedRow = 0
        for (index, line) in summary.lines.enumerated() {
            if index == 0 || (line.item.kind == .roll) != (summary.lines[index - 1].item.kind == .roll) {
                sectionTitles[table.rows.count] = styler.bold(DisplayWidth.truncate(line.item.kind == .roll ? "Rolls and bags" : "Loose notes and coins", to: width))
            }
            let color: Styler.Color = line.item.kind == .roll ? .red : .green
            let isSelected = index == view.selected
            // What is typed is text from outside: escaped, though the column holds numbers.
            let quantity = isSelected && !view.typed.isEmpty ? view.typed.terminalSafe + "▏" : String(line.quantity)
            let emphasis: (String) -> String = { isSelected ? styler.bold($0) : $0 }
            if isSelected { selectedRow = table.rows.count }
            table.append([
                TextTable.Cell(isSelected ? "›" : " ", style: emphasis), TextTable.Cell(line.label, style: { emphasis(styler.color($0, color)) }),
                TextTable.Cell(quantity, style: emphasis), TextTable.Cell(rendering.money(line.value), style: emphasis),
            ])
        }
        var lines: [String] = []
        var lineOfSelected = 0
        for (row, text) in table.render(maxWidth: width).enumerated() {
            if let title = sectionTitles[row] { lines.append(title) }
            if row == selectedRow { lineOfSelected = lines.count }
            lines.append(text)
        }
        return (lines, lineOfSelected)
    }

    /// The totals bar: total, float, deposit or shortage and the expected cash, each
    /// labelled figure whole, on as many lines as `width` needs; while a float is typed,
    /// its field instead.
    static func bar(_ standing: CashStanding, floatEntry: FloatEntry?, rendering: TillRendering, width: Int) -> [String] {
        if let floatEntry {
            let field = ScreenText.field(label: "New float: ", text: floatEntry.field.text.terminalSafe + "▏", width: width)
            let hint = DisplayWidth.truncate("(Enter to set, Esc to cancel)", to: width)
            return field.count == 1 ? ScreenText.pack(field + [hint], width: width, separator: "  ") : field + [hint]
        }
        let summary = standing.summary
        let (label, amount) = rendering.standing(summary)
        let figures = [("Total", rendering.styler.bold(rendering.money(summary.total))), ("Float", rendering.money(summary.float)),
                       (label, rendering.money(amount))] + ExpectedRendering.barFigures(standing, rendering: rendering)
        return ScreenText.figures(figures, width: width)
    }
}
