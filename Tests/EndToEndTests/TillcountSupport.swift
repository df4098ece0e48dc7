// Helpers for the tillcount end-to-end tests: a sandbox whose live count, history and
// denominations file sit inside it, JSON readers for the tool's output, a raw process
// spawner for the kill -9 tests, and a tmux driver for the counting screen.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A private sandbox for tillcount: TILLCOUNT_STATE, TILLCOUNT_DB and
/// TILLCOUNT_DENOMINATIONS all point inside it.
final class TillcountSandbox {
    let sandbox: Sandbox

    /// A sandbox with an empty count; with `currency`, the count is first set to it.
    init(currency: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        sandbox = try Sandbox()
        // The files are named by variables: their folder must exist (only the default
        // location gets its folders made).
        try FileManager.default.createDirectory(atPath: sandbox.path("till"), withIntermediateDirectories: true)
        if let currency {
            let result = try run(["currency", currency])
            #expect(result.status == 0, "tillcount currency \(currency): \(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    var home: String { sandbox.home }
    func path(_ relative: String) -> String { sandbox.path(relative) }

    var statePath: String { sandbox.path("till/count.json") }
    var dbPath: String { sandbox.path("till/history.sqlite") }
    var denominationsPath: String { sandbox.path("till/denominations.json") }

    /// The sandbox's environment with tillcount's three files inside it.
    var environment: [String: String] {
        sandbox.environment.merging([
            "TILLCOUNT_STATE": statePath,
            "TILLCOUNT_DB": dbPath,
            "TILLCOUNT_DENOMINATIONS": denominationsPath,
        ]) { $1 }
    }

    static var executable: String { ToolProcess.path(of: "tillcount") }

    /// Runs `tillcount arguments…`.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> ToolResult {
        try ToolProcess.run("tillcount", arguments, environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:]) throws -> ToolResult {
        try run(arguments, stdin: stdin, environment: extra)
    }

    /// Runs `tillcount arguments…` and expects exit 0 (the failure names the command and
    /// its stderr).
    @discardableResult
    func ok(
        _ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ToolResult {
        let result = try run(arguments, stdin: stdin, environment: extra)
        #expect(
            result.status == 0 && !result.killedBySignal,
            "tillcount \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// `history --ids`: the saved counts' ids, one a line; "" while the history has not
    /// been made, whose read is then refused as a store named but not there (66, issue 26
    /// item 36), which is checked here.
    func savedIDs(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(["history", "--ids"])
        if !FileManager.default.fileExists(atPath: dbPath) {
            #expect(result.status == 66 && result.stderr.contains("no such file"), "history: \(result.stderr)", sourceLocation: sourceLocation)
            return ""
        }
        #expect(result.status == 0, "history: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The default till's live count as tillcount keeps it, or nil when none is kept: its
    /// row of the history database (the state file's bytes) once the first change took
    /// the live count files over, else the state file (read by sqlite3).
    func stateBytes() -> Data? {
        guard isTakenOver else { return FileManager.default.contents(atPath: statePath) }
        guard let hex = try? SQLiteShell.query(dbPath, "SELECT hex(state) FROM tills WHERE till_key = 'main'"), !hex.isEmpty else { return nil }
        var bytes: [UInt8] = []
        var digits = hex.utf8.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            guard let byte = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return Data(bytes)
    }

    var stateExists: Bool { stateBytes() != nil }

    /// Whether the history database holds the live counts (the first change took the
    /// live count files over).
    var isTakenOver: Bool {
        guard FileManager.default.fileExists(atPath: dbPath) else { return false }
        return (try? SQLiteShell.query(dbPath, "SELECT count(*) FROM live_count_files")) == "1"
    }

    /// `tillcount show --format json`, parsed.
    func showJSON(_ extra: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try run(["show", "--format", "json"] + extra)
        #expect(result.status == 0, "show --format json: \(result.stderr)", sourceLocation: sourceLocation)
        return try TillcountJSON.object(result.stdout, sourceLocation: sourceLocation)
    }

    /// The counted lines of the live count: token → quantity.
    func quantities(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Int] {
        try TillcountJSON.quantities(try showJSON(sourceLocation: sourceLocation), sourceLocation: sourceLocation)
    }

    /// The live count's total as `show --format json` gives it ("187.00").
    func total(sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        try showJSON(sourceLocation: sourceLocation)["total"] as? String
    }

    /// Writes a script into the sandbox and makes it executable.
    func writeScript(_ name: String, _ text: String) throws -> String {
        let path = sandbox.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    /// Writes the user's denominations file.
    func writeDenominations(_ json: String) throws {
        try FileManager.default.createDirectory(
            atPath: (denominationsPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: URL(fileURLWithPath: denominationsPath))
    }

    /// An empty live count in `currency` as an older tillcount's state file keeps it.
    static func emptyState(currency: String) -> String {
        #"{"format": "tillcount-state", "version": 4, "content": {"currency": "\#(currency)", "float": "0.00", "lines": [], "notes": [], "updated": null, "undo": [], "purge": []}}"# + "\n"
    }

    /// Writes raw bytes as the default till's live count: its row once the live count
    /// files are taken over, else the file.
    func writeState(_ text: String) throws {
        if isTakenOver {
            let hex = text.utf8.map { String(format: "%02X", $0) }.joined()
            _ = try SQLiteShell.query(
                dbPath, "INSERT INTO tills (till_key, till, state) VALUES ('main', 'main', CAST(X'\(hex)' AS TEXT)) ON CONFLICT (till_key) DO UPDATE SET state = excluded.state")
            return
        }
        try FileManager.default.createDirectory(
            atPath: (statePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: statePath))
    }

    /// Runs the sqlite3 command-line tool on the history, or nil when it is not installed.
    func sqlite(_ sql: String) throws -> String? {
        try SQLiteShell.query(dbPath, sql)
    }

    /// The undo steps the database's journal keeps for the default till, oldest first, in
    /// the shape the older stack had: {"kind": "count", "action", "count": the count before},
    /// the history step ({"kind": "history", "change", "id", "key", "at", "action"}), or
    /// {"kind": "till", "action", "till", "count"} for a removed till.
    func undoSteps() throws -> [[String: Any]] {
        let rows = try #require(try sqlite("""
            SELECT json_object('label', s.label, 'kind', r.kind, 'before', json(r.before))
            FROM journal_steps s JOIN journal_records r ON r.step_id = s.id
            WHERE s.actor = 'main' || char(9) ORDER BY s.id
            """))
        return try rows.split(separator: "\n").map { line in
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let label = row["label"] as? String ?? ""
            let action: Any = label.isEmpty ? NSNull() : label
            let before = row["before"] as? [String: Any] ?? [:]
            switch row["kind"] as? String {
            case "history": return before
            case "removed-till": return ["kind": "till", "action": action, "till": before["till"] ?? NSNull(), "count": before["count"] ?? NSNull()]
            default: return ["kind": "count", "action": action, "count": before]
            }
        }
    }
}

/// Reading tillcount's JSON output and state file.
enum TillcountJSON {
    static func any(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            Issue.record("not JSON: \(text.prefix(300))", sourceLocation: sourceLocation)
            throw error
        }
    }

    static func object(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(try any(text, sourceLocation: sourceLocation) as? [String: Any], sourceLocation: sourceLocation)
    }

    static func array(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try #require(try any(text, sourceLocation: sourceLocation) as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// token → quantity from an object with `lines` (show, total, history show).
    static func quantities(_ object: [String: Any], key: String = "lines", sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Int] {
        let lines = try #require(object[key] as? [[String: Any]], "no '\(key)' in \(object)", sourceLocation: sourceLocation)
        var result: [String: Int] = [:]
        for line in lines {
            let token = try #require(line["token"] as? String, sourceLocation: sourceLocation)
            result[token] = try #require((line["quantity"] as? NSNumber)?.intValue, sourceLocation: sourceLocation)
        }
        return result
    }

    /// The state file's content object, or nil when the bytes are not a whole
    /// tillcount-state document.
    static func stateContent(_ data: Data) -> [String: Any]? {
        guard let envelope = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            envelope["format"] as? String == "tillcount-state", [3, 4].contains((envelope["version"] as? NSNumber)?.intValue ?? 0)
        else { return nil }
        return envelope["content"] as? [String: Any]
    }

    /// The state file's lines as "kind:value" → quantity ("note:20.00" → 4).
    static func stateLines(_ content: [String: Any]) -> [String: Int]? {
        guard let lines = content["lines"] as? [[String: Any]] else { return nil }
        var result: [String: Int] = [:]
        for line in lines {
            guard let kind = line["kind"] as? String, let value = line["value"] as? String,
                let quantity = (line["quantity"] as? NSNumber)?.intValue else { return nil }
            result["\(kind):\(value)"] = quantity
        }
        return result
    }

    /// The top-level keys of the first JSON object in `text`, in the order written.
    static func keyOrder(_ text: String, among keys: [String]) -> [String] {
        keys.compactMap { key in text.range(of: "\n  \"\(key)\":").map { (key, $0.lowerBound) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
    }
}

/// Starts processes with posix_spawn (stdio on /dev/null, no inherited descriptors) so a
/// test can kill -9 them at a chosen instant and reap them itself.
enum TillcountSpawn {
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// Starts `path arguments…` with exactly `environment`; stdin is /dev/null, stdout and
    /// stderr go to the files named (else /dev/null). Signals are reset to their defaults
    /// and unblocked, whatever the test runner's thread had.
    static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String], stdout: String = "/dev/null", stderr: String = "/dev/null"
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // No descriptor of the test runner (other tests' pipes) leaks into the child: close
        // every one above stderr (glibc ignores the ones closed meanwhile).
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        for descriptor in 3...max(3, (open.max() ?? 0) + 8) {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigemptyset(&all)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD, SIGUSR1, SIGUSR2, SIGWINCH, SIGALRM] { sigaddset(&all, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        ProcessCount.record()
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        return pid
    }

    /// Waits for `pid` and says how it ended.
    static func wait(_ pid: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .exited(-1) }
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    /// Starts the command, sleeps a random 0–`maxMicroseconds`, kills it with SIGKILL
    /// and reaps it. Returns how it ended (signaled when the kill landed first).
    static func startAndKill(
        _ path: String, _ arguments: [String], environment: [String: String], maxMicroseconds: UInt32 = 15_000
    ) throws -> Ending {
        let pid = try spawn(path, arguments, environment: environment)
        usleep(UInt32.random(in: 0...maxMicroseconds))
        kill(pid, SIGKILL)
        return wait(pid)
    }
}

/// A tmux server of its own (-L with a unique name) running one window, for the
/// counting screen. `stop()` kills the server.
final class TillcountTmux {
    let socket = "tillcount-e2e-\(UUID().uuidString.prefix(8))"
    let session = "till"
    private var started = false

    static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> ToolResult {
        let tmux = try #require(Self.path, "tmux is not installed")
        // Files, not pipes, and our own spawn: the server that new-session forks keeps
        // every descriptor the client had, so neither a pipe's end nor Foundation's
        // termination notice would ever come.
        let base = NSTemporaryDirectory() + "/tillcount-tmux-\(UUID().uuidString)"
        defer {
            try? FileManager.default.removeItem(atPath: base + ".out")
            try? FileManager.default.removeItem(atPath: base + ".err")
        }
        // A minimal environment: no TMUX (the tests may run inside tmux themselves).
        let environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let pid = try TillcountSpawn.spawn(
            tmux, ["-f", "/dev/null", "-L", socket] + arguments, environment: environment, stdout: base + ".out", stderr: base + ".err")
        let ending = TillcountSpawn.wait(pid)
        let status: Int32
        switch ending {
        case .exited(let code): status = code
        case .signaled(let signal): status = 128 + signal
        }
        return ToolResult(
            status: status, killedBySignal: ending != .exited(status),
            stdout: (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? "")
    }

    /// Starts a 100×40 window running `command` (a shell command line).
    func start(_ command: String) throws {
        let result = try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "40", command])
        #expect(result.status == 0, "tmux new-session: \(result.stderr)")
        started = result.status == 0
    }

    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Sends characters literally (-l), one send-keys per call.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    func capture() throws -> String {
        try tmux(["capture-pane", "-p", "-t", session]).stdout
    }

    /// Captures until `condition` holds or `timeout` seconds pass; returns the last capture.
    @discardableResult
    func waitForScreen(
        timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation, _ what: String = "",
        _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        repeat {
            screen = try capture()
            if condition(screen) { return screen }
            usleep(40_000)
        } while Date() < deadline
        Issue.record("the screen never showed \(what); last capture:\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }

    func stop() {
        guard started else { return }
        _ = try? tmux(["kill-server"])
        started = false
    }

    deinit { stop() }
}

/// Polls `condition` until it holds or `timeout` seconds pass.
func tillcountEventually(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
        if try condition() { return true }
        usleep(30_000)
    } while Date() < deadline
    return try condition()
}

/// Single-quotes `text` for a POSIX shell.
func tillcountShellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension TillcountSandbox {
    /// The live count file's envelope version and content, whatever the version.
    func stateEnvelope() -> (version: Int, content: [String: Any])? {
        guard let data = stateBytes(), let envelope = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            envelope["format"] as? String == "tillcount-state", let version = (envelope["version"] as? NSNumber)?.intValue,
            let content = envelope["content"] as? [String: Any]
        else { return nil }
        return (version, content)
    }

    /// The history database's bytes (with its write-ahead log, when there is one).
    func historyBytes() -> [Data?] {
        [FileManager.default.contents(atPath: dbPath), FileManager.default.contents(atPath: dbPath + "-wal")]
    }

    /// The history's tables as tillcount's schema version 1 made them (before roll
    /// sizes), without the version mark: the fixture later versions build on.
    static let version1Tables = """
        CREATE TABLE counts (id INTEGER PRIMARY KEY AUTOINCREMENT, saved_at TEXT NOT NULL, label TEXT,
            currency TEXT NOT NULL, total INTEGER NOT NULL, float INTEGER NOT NULL, expected INTEGER,
            notes TEXT NOT NULL DEFAULT '');
        CREATE TABLE count_lines (count_id INTEGER NOT NULL REFERENCES counts(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('note', 'coin', 'roll')), value INTEGER NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity > 0));
        CREATE INDEX count_lines_by_count ON count_lines(count_id);

        """

    /// Writes a schema-version-1 history (as tillcount before roll sizes made it) with
    /// `inserts` run after the schema; nil when the sqlite3 CLI is missing.
    func writeVersion1History(_ inserts: String) throws -> Bool {
        try FileManager.default.createDirectory(
            atPath: (dbPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        return try SQLiteShell.query(dbPath, Self.version1Tables + "PRAGMA user_version = 1;\n" + inserts) != nil
    }
}
