// One frame of tally board: a function of (state, width, height, styler) → lines, tested
// in process. A title line (how many counters, the order, the filter, whether paused),
// one row per counter (name, count, and a bar: how full for a counter with a maximum, a
// capacity; how far toward the goal for one with only a goal), the key help at the bottom.
// Rows that do not fit are counted on the last line; names give way to the counts.

import MoneyKitCLI
import TallyKit

extension BoardScreen {
    /// The rows of the board, at most `height`, none wider than `width`.
    static func frame(_ state: BoardScreenState, styler: Styler, width: Int, height: Int) -> [String] {
        let rows = state.rows
        var title = "tally board  \(rows.count) of \(state.counters.count)  sort: \(state.sort.rawValue)"
        if !state.filter.isEmpty { title += "  filter: \(state.filter.terminalSafe)" }
        if state.paused { title += state.missed ? "  PAUSED: changes waiting" : "  PAUSED" }
        let help: String
        if let typed = state.typing {
            help = "filter: \(typed.terminalSafe)_   Enter keep  Esc drop"
        } else {
            help = "p pause  s sort  / filter  c clear  r read again  q quit"
        }
        var lines = [styler.bold(DisplayWidth.truncate(title, to: width))]
        if !state.message.isEmpty { lines.append(DisplayWidth.truncate(TerminalText.formatted(state.message), to: width)) }
        let room = max(0, height - lines.count - 1)
        let shown = rows.count > room ? Array(rows.prefix(max(0, room - 1))) : rows
        let counts = shown.map(countText)
        let countWidth = counts.map(DisplayWidth.of).max() ?? 0
        let nameWidth = min(shown.map { DisplayWidth.of($0.name.terminalSafe) }.max() ?? 0, max(4, width - countWidth - 3))
        for (counter, count) in zip(shown, counts) {
            let cut = DisplayWidth.truncate(counter.name.terminalSafe, to: nameWidth)
            let name = cut + String(repeating: " ", count: max(0, nameWidth - DisplayWidth.of(cut)))
            var line = name + "  " + String(repeating: " ", count: countWidth - DisplayWidth.of(count)) + count
            let beyond = counter.boundCrossed(by: counter.count)
            // Room for the bar's brackets and, past a bound, FULL or LOW after it.
            let barWidth = min(30, width - DisplayWidth.of(line) - 4 - (beyond == nil ? 0 : 6))
            if let fraction = fill(of: counter), barWidth >= 5 {
                let filled = min(barWidth, Int((fraction * Double(barWidth)).rounded(.down)))
                line += "  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
            }
            if let (bound, _) = beyond {
                line = DisplayWidth.truncate(line + (bound == .maximum ? "  FULL" : "  LOW"), to: width)
                lines.append(styler.bold(line))
            } else {
                lines.append(DisplayWidth.truncate(line, to: width))
            }
        }
        if shown.count < rows.count { lines.append(styler.dim("… \(rows.count - shown.count) more")) }
        if rows.isEmpty { lines.append(state.counters.isEmpty ? "No counters yet." : "No counter matches the filter.") }
        while lines.count < height - 1 { lines.append("") }
        lines.append(styler.dim(DisplayWidth.truncate(help, to: width)))
        return Array(lines.prefix(max(1, height)))
    }

    /// `152/200` for a counter with a maximum, `12/50` toward a goal, else the count.
    static func countText(_ counter: Counter) -> String {
        if let maximum = counter.maximum { return "\(counter.count)/\(maximum)" }
        return CounterColumns.countWithGoal(counter)
    }

    /// How full the bar is: the count over the maximum (a capacity), else the progress
    /// toward the goal; nil for a counter with neither.
    static func fill(of counter: Counter) -> Double? {
        if let maximum = counter.maximum, maximum > 0 {
            // In Double: a count may be anywhere in the 64-bit range; a bar needs no exactness.
            return min(1, max(0, Double(counter.count) / Double(maximum)))
        }
        return GoalProgress(counter)?.fraction
    }
}
