// tally tap: the app's counter screen on a terminal. The name at the top, the count in
// large digits in the middle, the progress toward its goal under them, the creation date
// at the bottom (the frame: TapScreenFrame.swift); every key press is saved before the
// screen shows it. What each key does is the reducer TapScreenState; this is the loop that
// reads keys, runs the store's commands through TallyKit and draws. A counter that does
// not exist is offered to be created (TapScreen+Create.swift).

import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitCLI
import TallyKit

struct TapScreen {
    let commands: TallyCommands

    func run() throws -> ExitCode {
        let counter = try counterOrOfferToCreate(commands.name)
        let invocation = commands.invocation
        let terminal = try invocation.io.openScreen("tally tap", invocation.terminal)
        defer { terminal.restore() }
        var session = ScreenSession(TapScreenState(counter: counter), perform: perform)
        draw(session.state, on: terminal)
        while true {
            let key = terminal.readKey(timeoutMilliseconds: 250)
            if SignalFlags.stopRequested || terminal.inputEnded { break }
            if SignalFlags.takeResize() { draw(session.state, on: terminal) }
            guard let key else { continue }
            let step = session.press(key)
            if step.quits { return .ok }
            if step.redraws { draw(session.state, on: terminal) }
        }
        return .ok
    }

    /// Runs `command` through TallyKit: the step or the undo saved, then the counter as
    /// stored; a refusal is an outcome the screen shows.
    func perform(_ command: TapScreenState.Command, on state: TapScreenState) -> TapScreenState.Outcome {
        let tally = commands.tally
        do {
            switch command {
            case .increment(let name):
                let change = try tally.increment(name)
                return .stepped(change.counter, reachedGoal: change.reachedGoal)
            case .decrement(let name):
                let change = try tally.decrement(name)
                return .stepped(change.counter, reachedGoal: change.reachedGoal)
            case .undo(let name):
                let action = try tally.undo(concerning: name)
                return .undid(action, try tally.counter(named: name))
            }
        } catch {
            return .failed(CLIError.tally(error).message, try? tally.counter(named: state.counter.name))
        }
    }

    /// Draws the frame (TapScreenFrame.swift) of the terminal's size.
    private func draw(_ state: TapScreenState, on terminal: any ScreenTerminal) {
        let (columns, rows) = terminal.size
        let styler = Styler(enabled: commands.invocation.terminal.colorEnabled(commands.invocation.colorChoice))
        terminal.draw(Self.frame(state.counter, message: state.message, styler: styler, width: columns, height: rows))
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
