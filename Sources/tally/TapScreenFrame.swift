// One frame of tally tap: a function of (counter, message, width, height) → lines, each
// centred with leading spaces, one per row, tested in process. The count is never cut and
// nothing is drawn over it: the name at the top, the progress toward the goal, a message,
// the key help and the creation date at the bottom, and the count in the rows between, in
// large digits where they fit (five rows, their width) and in plain digits where not.
// On a short screen the creation date, the key help and the name give way first.

import MoneyKitCLI
import TallyKit

extension TapScreen {
    /// The rows of tap's screen for `counter`, at most `height` of them (fewer only when
    /// the count and its progress alone need more), none wider than `width` unless a
    /// figure alone is.
    static func frame(_ counter: Counter, message: String, styler: Styler, width: Int, height: Int) -> [String] {
        func centred(_ text: String) -> String {
            String(repeating: " ", count: max(0, (width - DisplayWidth.of(text)) / 2)) + text
        }
        let name = DisplayWidth.truncate(counter.name.terminalSafe, to: max(1, width - 2))
        let countText = String(counter.count)
        let progress = GoalProgress(counter).map { progress in
            progressLines(counter, progress, width: width).map { progress.reached ? styler.bold($0) : $0 }
        } ?? []
        let said = message.isEmpty ? [] : ScreenText.wrap(TerminalText.formatted(message), width: width)
        let help = DisplayWidth.truncate("space/+/↑ add \(CounterColumns.signedStep(counter.step))  ⌫/-/↓ subtract  u undo  q quit", to: width)
        let created = DisplayWidth.truncate("Created \(CounterRendering.createdForPeople(counter))", to: width)

        // What is kept, from the least to the most needed: the date, the help, the name.
        var title = [styler.bold(name)]
        var bottom = [[styler.dim(help)], [created]]
        // A row is kept for a message even when there is none, so the layout does not jump.
        let messageRows = said.isEmpty ? [""] : said
        func middleRows() -> Int {
            height - title.count - progress.count - messageRows.count - bottom.joined().count
        }
        // Large digits need five rows and their width; else the count in plain digits.
        let big = BlockDigits.width(of: countText) <= width ? BlockDigits.render(countText) : nil
        while middleRows() < 1, !(bottom.isEmpty && title.isEmpty) {
            if bottom.isEmpty { title = [] } else { bottom.removeLast() }
        }
        let count = big.flatMap { middleRows() >= $0.count ? $0 : nil } ?? [styler.bold(countText)]
        let middle = max(count.count, middleRows())
        // The count in the middle of the rows between the name and the progress.
        let above = (middle - count.count) / 2
        var rows = title.map(centred)
        rows += Array(repeating: "", count: above)
        let digitsWidth = count.map(DisplayWidth.of).max() ?? 0
        let digitsIndent = String(repeating: " ", count: max(0, (width - digitsWidth) / 2))
        rows += count.map { digitsIndent + $0 }
        rows += Array(repeating: "", count: middle - count.count - above)
        rows += progress.map(centred)
        rows += messageRows.map { $0.isEmpty ? "" : centred($0) }
        rows += bottom.joined().map(centred)
        return rows
    }

    /// The progress line fitted to `width`: the bar shortened or left out, and where even
    /// the figures and the percentage do not fit on one line, each on its own, whole.
    static func progressLines(_ counter: Counter, _ progress: GoalProgress, width: Int) -> [String] {
        let line = progressLine(counter, progress, width: width)
        return ScreenText.wrap(line, width: width)
    }
}
