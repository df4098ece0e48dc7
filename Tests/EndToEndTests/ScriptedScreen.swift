// A full screen run in-process (issue 27, item 5): the tool runs whole on injected I/O, its
// terminal facts say both ends are a terminal of a given size, and its screen is this one:
// scripted keys in, every frame drawn kept as the rows a terminal would show (colours taken
// out, as tmux's capture-pane shows them). A check between two keys sees the frame the
// first one left and the store as it was then. Only what a real tty shows (raw mode,
// signals, the terminal put back) is left to one tmux smoke test per screen.

import Foundation
import MoneyKitCLI
import MoneyKitPlatform
import Testing

/// A terminal for a screen in-process: the keys of a script, the frames drawn.
final class ScriptedScreen: ScreenTerminal, @unchecked Sendable {
    /// What the screen reads next: a key, or a check run before the next key is read,
    /// given the rows of the last frame drawn.
    enum Step {
        case key(Key)
        case check(([String]) throws -> Void)
    }

    private var steps: [Step]
    let size: (columns: Int, rows: Int)
    /// Every frame drawn, each as its rows.
    private(set) var frames: [[String]] = []
    /// Whether the screen put its terminal back (on every way out).
    private(set) var restored = false
    /// Set once the script has no key left: the screen must then end, as on a lost terminal.
    private(set) var inputEnded = false
    /// The keys the screen read.
    private(set) var keysRead = 0

    init(columns: Int = 80, rows: Int = 24, _ steps: [Step]) {
        self.size = (columns, rows)
        self.steps = steps
    }

    /// The steps the screen never read (it left before the script's end).
    var unread: Int { steps.count }

    /// The last frame drawn, its rows.
    var screen: [String] { frames.last ?? [] }

    func readKey(timeoutMilliseconds: Int32) -> Key? {
        while !steps.isEmpty {
            switch steps.removeFirst() {
            case .key(let key):
                keysRead += 1
                return key
            case .check(let check):
                do { try check(screen) } catch { Issue.record(error, "a check between keys") }
            }
        }
        inputEnded = true
        return nil
    }

    func write(_ text: String) {
        frames.append(Self.rows(of: text, rows: size.rows))
    }

    func restore() { restored = true }

    /// `text` without its colours and styles (SGR sequences), as a terminal shows it.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// The rows a frame puts on the screen: it clears it (ESC[H ESC[2J), then places each
    /// row with ESC[ROW;1H; colours and styles are taken out.
    static func rows(of text: String, rows: Int) -> [String] {
        var screen = Array(repeating: "", count: rows)
        let plain = Self.plain(text)
        for part in plain.components(separatedBy: "\u{1B}[").dropFirst() {
            guard let h = part.firstIndex(of: "H") else { continue }
            let position = part[..<h].split(separator: ";")
            guard let row = position.first.flatMap({ Int($0) }), (1...rows).contains(row) else { continue }
            screen[row - 1] = String(part[part.index(after: h)...])
        }
        return screen
    }
}

enum ScreenRun {
    /// Runs `tool` with `arguments` in-process on a terminal of `columns`×`rows` (TERM
    /// xterm-256color unless `environment` names one) whose keys are `steps`; `stdin` is
    /// what a prompt before the screen reads. Returns the run's result and the screen.
    static func run(
        _ tool: String, _ arguments: [String], environment: [String: String], stdin: String = "",
        columns: Int = 80, rows: Int = 24, _ steps: [ScriptedScreen.Step], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (ToolResult, ScriptedScreen) {
        let entry = try #require(InProcessTools.entry(tool))
        let screen = ScriptedScreen(columns: columns, rows: rows, steps)
        var environment = environment
        if environment["TERM"] == nil { environment["TERM"] = "xterm-256color" }
        let terminal = Terminal(
            environment: environment, stdinIsTerminal: true, stdoutIsTerminal: true, stderrIsTerminal: true, stdoutSize: (columns, rows))
        // Refused where RawTerminal refuses (no terminal, TERM=dumb), in its words.
        let io = ToolIO.inMemory(
            stdin: Array(stdin.utf8), environment: environment, terminal: terminal,
            openScreen: { name, facts throws(CLIError) in
                try RawTerminal.checkCanDraw(commandName: name, terminal: facts)
                return screen
            })
        // Dates are shown in local time: the run is in UTC, as the sandboxes' processes are.
        let code = LocalZoneSharing.within("UTC", apply: InProcessTools.setZone) { entry.run(arguments: arguments, io: io) }
        // A screen that was drawn reads its whole script: a check never reached proves nothing.
        if !screen.frames.isEmpty && screen.unread > 0 {
            Issue.record("the screen ended with \(screen.unread) steps of its script unread", sourceLocation: sourceLocation)
        }
        return (ToolResult(status: code.rawValue, killedBySignal: false, stdout: io.out.text, stderr: io.err.text), screen)
    }
}
