// tally tap: the app's counter screen on a terminal. The name at the top, the count in
// large digits in the middle, the progress toward its goal under them, the creation date
// at the bottom (the frame: TapScreenFrame.swift); every key press is saved before the
// screen shows it. A counter that does not exist is offered to be created
// (TapScreen+Create.swift).

import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitCLI
import TallyKit

struct TapScreen {
    let commands: TallyCommands

    func run() throws -> ExitCode {
        let name = commands.name
        var counter = try counterOrOfferToCreate(name)
        let terminal = try RawTerminal(commandName: "tally tap", terminal: commands.invocation.terminal)
        defer { terminal.restore() }
        var message = ""
        draw(counter, message: message, on: terminal)
        while true {
            let key = terminal.readKey(timeoutMilliseconds: 250)
            if SignalFlags.stopRequested || terminal.inputEnded { break }
            if SignalFlags.takeResize() { draw(counter, message: message, on: terminal) }
            guard let key else { continue }
            message = ""
            do {
                switch key {
                case .character(" "), .character("+"), .character("="), .enter, .up:
                    (counter, message) = try apply(name: counter.name, sign: 1)
                case .backspace, .delete, .character("-"), .character("_"), .down:
                    (counter, message) = try apply(name: counter.name, sign: -1)
                case .character("u"), .character("U"):
                    message = "Undid: " + (try commands.tally.undo(concerning: counter.name))
                    counter = try commands.tally.counter(named: counter.name)
                case .character("q"), .character("Q"), .escape, .interrupt:
                    return .ok
                default:
                    continue
                }
            } catch {
                // Shown on the screen; the count stays as stored.
                message = CLIError.tally(error).message
                if let fresh = try? commands.tally.counter(named: counter.name) { counter = fresh }
            }
            draw(counter, message: message, on: terminal)
        }
        return .ok
    }

    /// One step up or down, saved; returns the counter as stored and what to say about it
    /// (that the goal was reached).
    private func apply(name: String, sign: Int64) throws -> (Counter, String) {
        let change = sign > 0 ? try commands.tally.increment(name) : try commands.tally.decrement(name)
        return (change.counter, change.reachedGoal ? "Goal reached!" : "")
    }

    /// Draws the frame (TapScreenFrame.swift) of the terminal's size.
    private func draw(_ counter: Counter, message: String, on terminal: RawTerminal) {
        let (columns, rows) = terminal.size
        let styler = Styler(enabled: commands.invocation.terminal.colorEnabled(commands.invocation.colorChoice))
        var screen = "\u{1B}[H\u{1B}[2J"
        for (row, line) in Self.frame(counter, message: message, styler: styler, width: columns, height: rows).enumerated() where row < rows {
            screen += "\u{1B}[\(row + 1);1H" + line
        }
        terminal.write(screen)
    }

    /// "12/50  [#####-----]  24%", the bar fitted to `width` (left out when narrow).
    static func progressLine(_ counter: Counter, _ progress: GoalProgress, width: Int) -> String {
        let figures = "\(counter.count)/\(progress.goal)"
        let percent = progress.reached ? "reached" : "\(progress.percent)%"
        let barWidth = min(30, width - DisplayWidth.of(figures) - percent.count - 8)
        guard barWidth >= 5 else { return "\(figures)  \(percent)" }
        let filled = min(barWidth, Int((progress.fraction * Double(barWidth)).rounded(.down)))
        return "\(figures)  [" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]  \(percent)"
    }
}
