// tally board: several counters on one screen, kept up to date as other processes (other
// doors, other machines) change them. It reads only. Between keys (every 250 ms) it asks
// the store's watch whether anyone has changed it (TallyChangeWatch: SQLite's
// data_version on the file store, LISTEN/NOTIFY on PostgreSQL) and reads the counters
// again when so. What each key does is the reducer BoardScreenState; the frame is
// BoardScreenFrame.swift.

import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitCLI
import TallyKit

struct BoardScreen {
    let commands: TallyCommands

    func run() throws -> ExitCode {
        let arguments = commands.arguments
        let tags = arguments.values(TallySpec.tagFilter.long)
        let sort = try commands.option(TallySpec.sort)
        // Watched from before the first read: a change between them is not missed.
        let watch = try (commands.tally.repository as? any WatchableTallyRepository)?.watch()
        defer { watch?.close() }
        let first = try commands.tally.list(tags: tags)
        let invocation = commands.invocation
        let terminal = try invocation.io.openScreen("tally board", invocation.terminal)
        defer { terminal.restore() }
        var session = ScreenSession(BoardScreenState(counters: first.rows, sort: sort)) { command, _ in
            switch command {
            case .reload: return Self.read(commands.tally, tags: tags)
            }
        }
        draw(session.state, on: terminal)
        while true {
            let key = terminal.readKey(timeoutMilliseconds: 250)
            if SignalFlags.stopRequested || terminal.inputEnded { break }
            if SignalFlags.takeResize() { draw(session.state, on: terminal) }
            if let key {
                let step = session.press(key)
                if step.quits { return .ok }
                if step.redraws { draw(session.state, on: terminal) }
            }
            if let outcome = Self.news(from: watch), session.receive(outcome).redraws {
                draw(session.state, on: terminal)
            }
        }
        return .ok
    }

    /// The counters holding `tags`, read now, or why not.
    static func read(_ tally: Tally, tags: [String]) -> BoardScreenState.Outcome {
        do {
            return .loaded(try tally.list(tags: tags).rows)
        } catch {
            return .failed(CLIError.tally(error).message)
        }
    }

    /// What the watch says: a change, a failure to ask, or nothing new.
    static func news(from watch: (any TallyChangeWatch)?) -> BoardScreenState.Outcome? {
        guard let watch else { return nil }
        do {
            return try watch.hasChanged() ? .changed : nil
        } catch {
            return .failed(CLIError.tally(error).message)
        }
    }

    /// Draws the frame of the terminal's size.
    private func draw(_ state: BoardScreenState, on terminal: any ScreenTerminal) {
        let (columns, rows) = terminal.size
        let styler = Styler(enabled: commands.invocation.terminal.colorEnabled(commands.invocation.colorChoice))
        terminal.draw(Self.frame(state, styler: styler, width: columns, height: rows))
    }
}
