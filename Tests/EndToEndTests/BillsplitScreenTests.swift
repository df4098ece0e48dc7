// The interactive screen on a real terminal: one smoke test through tmux (a private socket
// runs billsplit in a 100×30 pane; send-keys in, capture-pane out, polling until the screen
// shows what is expected), and two on a pseudo-terminal (one that goes away, one without a
// size). The screen run whole in-process: BillsplitScreenRunTests; what the keys do alone:
// BillsplitScreenDriver, BillsplitScreenCurrencyTests.

import Foundation
import Testing
@testable import billsplit

/// One tmux server with one pane running billsplit; killed when released.
final class BillsplitTmuxPane {
    let sandbox: Sandbox
    let socket = "bs-\(UUID().uuidString.prefix(8))"

    init(sandbox: Sandbox, arguments: [String]) throws {
        self.sandbox = sandbox
        // The pane stays (dead) after billsplit exits, so what it printed can be read.
        let configuration = sandbox.path("tmux.conf")
        try Data("set -g remain-on-exit on\nset -g history-limit 100\n".utf8).write(to: URL(fileURLWithPath: configuration))
        let environment = sandbox.environment.merging(["TERM": "xterm-256color"]) { $1 }
        let command = (["env", "-i"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            + [ToolProcess.path(of: "billsplit")] + arguments).map(Self.quoted).joined(separator: " ")
        // The tmux server this client starts inherits the client's stdout and stderr (so
        // no pipes) and Foundation's exit-watching socket, so Foundation cannot see this
        // client end while the server runs (swift-corelibs-foundation#4795): do not wait
        // for it; poll has-session instead.
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        client.arguments = ["-L", socket, "-f", configuration, "new-session", "-d", "-x", "100", "-y", "30", command]
        client.environment = tmuxEnvironment
        client.standardInput = FileHandle.nullDevice
        client.standardOutput = FileHandle.nullDevice
        client.standardError = FileHandle.nullDevice
        ProcessCount.record(client)
        try client.run()
        newSessionClient = client
        let deadline = Date().addingTimeInterval(5)
        while try tmux(["has-session"]).status != 0 {
            try #require(Date() < deadline, "tmux new-session did not start a session")
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Kept so Foundation still watches it; it is reaped once the server is gone.
    private var newSessionClient: Process?
    private var tmuxEnvironment: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": sandbox.home, "TMUX_TMPDIR": sandbox.home, "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    }

    deinit {
        // tmux and billsplit inherit the test runner's blocked signals (SIGHUP, SIGTERM,
        // SIGCHLD), so kill-server alone may leave them running: SIGKILL what is left.
        let state = ((try? tmux(["display-message", "-p", "#{pid} #{pane_pid}"]).stdout) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").compactMap { Int32($0) }
        if state.count == 2, state[1] > 1, Self.zombieExitStatus(state[1]) == nil { kill(state[1], SIGKILL) }
        _ = try? tmux(["kill-server"])
        if state.count == 2, state[0] > 1 {
            // A server that inherited a blocked SIGCHLD never reaps its pane and so never
            // ends by itself (it waited out a whole second in every test): a short grace.
            let deadline = Date().addingTimeInterval(0.1)
            while kill(state[0], 0) == 0, Self.zombieExitStatus(state[0]) == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if kill(state[0], 0) == 0 { kill(state[0], SIGKILL) }
        }
    }

    static func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs a tmux client command against the running server (never one that starts it).
    @discardableResult
    func tmux(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-L", socket] + arguments
        process.environment = tmuxEnvironment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// Types text literally (digits, +, -, c, q).
    func type(_ text: String) throws { try tmux(["send-keys", "-l", text]) }

    /// Presses named keys: Right, Left, Tab, Enter, BSpace.
    func press(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

    /// The pane's lines with its history (tmux may scroll the normal screen when it
    /// notes that the pane died), spaces squeezed.
    func screen() throws -> [String] {
        BillsplitE2E.squeezedLines(try tmux(["capture-pane", "-p", "-S", "-"]).stdout)
    }

    /// Polls until every one of `texts` is on the screen (each within one line), or the
    /// time is up; records a failure with the last screen then.
    @discardableResult
    func waitFor(_ texts: String..., timeout: TimeInterval = 5, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines: [String] = []
        repeat {
            lines = try screen()
            if texts.allSatisfy({ text in lines.contains { $0.contains(text) } }) { return lines }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        Issue.record("timed out waiting for \(texts) on the screen:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        return lines
    }

    /// Waits until billsplit has exited; its exit status.
    func waitForExit(timeout: TimeInterval = 5) throws -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let state = try tmux(["display-message", "-p", "#{pane_dead} #{pane_pid} #{pane_dead_status}"]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
            if state.count == 3, state[0] == "1" { return Int(state[2]) }
            // tmux fills in the status once it has reaped the process, which it cannot do
            // when it inherited a blocked SIGCHLD from the test runner: then read it from
            // the zombie's /proc/PID/stat (field 52, the wait status).
            if state.count == 2, state[0] == "1", let pid = Int32(state[1]), let status = Self.zombieExitStatus(pid) {
                return status
            }
            Thread.sleep(forTimeInterval: 0.05)
        } while Date() < deadline
        Issue.record("billsplit did not exit:\n\(try screen().joined(separator: "\n"))")
        return nil
    }

    /// The exit status of a process that has ended but not been reaped; nil otherwise
    /// (or -1 when a signal ended it).
    static func zombieExitStatus(_ pid: Int32) -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        // fields[0] is field 3 (the state); field 52 is fields[49].
        guard fields.first == "Z", fields.count >= 50, let wait = Int(fields[49].trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        return wait & 0x7F == 0 ? (wait >> 8) & 0xFF : -1
    }
}

@Suite struct BillsplitScreenTests {
    /// The one test on a real terminal (raw mode, keys as a terminal sends them, the screen
    /// put back): type a bill, → a tip, Enter prints the card on the normal screen and the
    /// choices are remembered. Every key's frame is tested in-process (BillsplitScreenRunTests).
    @Test func smokeOnARealTerminal() throws {
        let sandbox = try Sandbox()
        let pane = try BillsplitTmuxPane(sandbox: sandbox, arguments: ["--currency", "USD"])
        try pane.waitFor("billsplit USD · US Dollar", "type the bill", "[15%]", "People 1", BillsplitScreenRunTests.helpLine)
        try pane.type("100")
        try pane.waitFor("Bill $ 100", "Total $115.00")
        try pane.press("Right")
        try pane.waitFor("[20%]", "Total $120.00")
        try pane.press("Enter")
        #expect(try pane.waitForExit() == 0)
        let lines = try pane.screen()
        // The screen is gone; the card is printed on the normal screen.
        #expect(lines.contains("Total $120.00"))
        #expect(lines.contains("1 person pays: $120.00"))
        #expect(!lines.contains { $0.contains("Tab currency") })
        let saved = try BillsplitE2E.preferences(BillsplitE2E.preferencesPath(sandbox))
        #expect(saved["currency"] as? String == "USD")
        #expect(saved["tipPercent"] as? String == "20")
    }

    /// In-process (BillsplitScreenDriver): what the keys do needs no terminal.
    @Test func typingAfterCReplacesTheCustomTip() throws {
        var screen = try BillsplitScreenDriver(currency: "USD")
        screen.expectShows("type the bill")
        screen.type("100")
        screen.expectShows("Total $115.00")
        screen.type("c12")
        screen.press(.enter)
        #expect(screen.left == nil)
        screen.expectShows("[custom 12%]", "Tip (12%) $12.00")
        screen.type("q")
        #expect(screen.left == false)
    }

    /// When the terminal goes away (its other end is closed: input ends, reads fail),
    /// the screen must end, not keep redrawing. Run on a pseudo-terminal that is not the
    /// controlling one, so no SIGHUP comes: only the input ending tells.
    @Test func theScreenEndsWhenItsTerminalGoesAway() throws {
        let sandbox = try Sandbox()
        let terminal = try BillsplitPseudoTerminal(sandbox: sandbox, arguments: ["--currency", "USD", "--no-save"], columns: 100, rows: 30)
        #expect(terminal.read(until: "type the bill"))
        terminal.closeTerminal()
        let ended = terminal.waitForExit(timeout: 2)
        #expect(ended)
    }

    /// A terminal that reports no size (0×0, as a fresh pseudo-terminal does) still shows the screen.
    @Test func aTerminalWithoutASizeStillShowsTheScreen() throws {
        let sandbox = try Sandbox()
        let terminal = try BillsplitPseudoTerminal(sandbox: sandbox, arguments: ["--currency", "USD", "--no-save"], columns: 0, rows: 0)
        let shown = terminal.read(until: "type the bill", timeout: 1.5)
        #expect(shown, "\(terminal.output.suffix(300))")
        terminal.write("q")
        #expect(terminal.waitForExit(timeout: 3))
    }
}

/// billsplit run directly on a pseudo-terminal that is not its controlling terminal.
final class BillsplitPseudoTerminal {
    let process = Process()
    private var master: Int32
    private(set) var output = ""

    init(sandbox: Sandbox, arguments: [String], columns: UInt16, rows: UInt16) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        // unlockpt and ptsname by hand (TIOCSPTLCK, TIOCGPTN): Glibc does not export them to Swift.
        var unlock: CInt = 0
        var number: CInt = 0
        try #require(ioctl(master, UInt(0x4004_5431), &unlock) == 0)
        try #require(ioctl(master, UInt(0x8004_5430), &number) == 0)
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        try #require(ioctl(master, UInt(TIOCSWINSZ), &size) == 0)
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: ToolProcess.path(of: "billsplit"))
        process.arguments = arguments
        process.environment = sandbox.environment.merging(["TERM": "xterm"]) { $1 }
        process.standardInput = slaveHandle
        process.standardOutput = slaveHandle
        process.standardError = slaveHandle
        ProcessCount.record(process)
        try process.run()
        try slaveHandle.close()
    }

    deinit {
        closeTerminal()
        // SIGKILL: the child may have inherited blocked SIGTERM and SIGHUP from the runner.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Reads what billsplit writes until `text` shows up or the time is up.
    func read(until text: String, timeout: TimeInterval = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !output.contains(text), master >= 0, Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = Glibc.read(master, &buffer, buffer.count)
            if count <= 0 { break }
            output += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return output.contains(text)
    }

    func write(_ text: String) {
        guard master >= 0 else { return }
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Closes the terminal's other end, as when a terminal window is closed.
    func closeTerminal() {
        if master >= 0 { close(master) }
        master = -1
    }

    func waitForExit(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return !process.isRunning
    }
}
