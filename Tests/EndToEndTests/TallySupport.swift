// Helpers for the tally end-to-end tests: a sandbox with its own store file, the store
// and export shapes decoded for comparisons, waiting for processes with a deadline, and a
// tmux pane for the full-screen `tally tap`.

import Foundation
import Testing

/// One counter as `tally list --format json`, `show --format json` and `export` give it.
struct TallyCounter: Codable, Equatable, Hashable, Sendable {
    var name: String
    var count: Int64
    var start: Int64
    var step: Int64
    var pinned: Bool
    var created: String

    init(_ name: String, count: Int64 = 0, start: Int64 = 0, step: Int64 = 1, pinned: Bool = false, created: String = "2024-05-06T07:08:09Z") {
        self.name = name
        self.count = count
        self.start = start
        self.step = step
        self.pinned = pinned
        self.created = created
    }
}

/// A counter as the store file keeps it: the exported fields and the creation serial.
struct TallyStoredCounter: Codable, Equatable, Hashable, Sendable {
    var name: String
    var count: Int64
    var start: Int64
    var step: Int64
    var pinned: Bool
    var created: String
    var serial: Int64

    var record: TallyCounter {
        TallyCounter(name, count: count, start: start, step: step, pinned: pinned, created: created)
    }
}

/// What the store holds, read from the database with the sqlite3 tool (see `tally
/// --help`, FILES): the counters, the next serial and the undo history (oldest first).
struct TallyStoreFile {
    struct Content {
        var counters: [TallyStoredCounter]
        var nextSerial: Int64
        var undo: [UndoEntry]
    }

    struct UndoEntry: Decodable {
        var action: String
    }

    var content: Content
}

/// One row of the events table.
struct TallyStoredEvent: Decodable, Equatable {
    var serial: Int64
    var kind: String
    var count_before: Int64
    var count_after: Int64
    var old_value: String?
    var new_value: String?
    var change_id: Int64
}

/// The JSON export: `{"format": "tally-export", "version": 1, "counters": [...]}`.
struct TallyExport: Decodable {
    var format: String
    var version: Int
    var counters: [TallyCounter]
}

/// A private sandbox with one tally store in it (TALLY_FILE), and ways to run tally on it.
final class TallyBox {
    let sandbox: Sandbox
    /// The store every run names (through TALLY_FILE): the JSON document of an older tally,
    /// and the name the database beside it is derived from.
    let storePath: String
    /// The database (store/counters.db).
    let databasePath: String

    init() throws {
        sandbox = try Sandbox()
        storePath = sandbox.path("store/counters.json")
        databasePath = sandbox.path("store/counters.db")
        // A path the user names must be in an existing folder.
        try FileManager.default.createDirectory(atPath: sandbox.path("store"), withIntermediateDirectories: true)
    }

    /// The sandbox environment plus TALLY_FILE.
    var environment: [String: String] {
        var environment = sandbox.environment
        environment["TALLY_FILE"] = storePath
        return environment
    }

    var tallyPath: String { ToolProcess.path(of: "tally") }

    /// Runs `tally arguments…` on the sandbox's store.
    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil) throws -> ToolResult {
        try run(arguments: arguments, stdin: stdin)
    }

    @discardableResult
    func run(arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:]) throws -> ToolResult {
        try TallyProcess.run(arguments, environment: environment.merging(extraEnvironment) { $1 }, stdin: stdin, sandbox: sandbox)
    }

    /// Runs tally, requires exit 0, and returns its stdout without the last newline.
    @discardableResult
    func ok(_ arguments: String..., stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try ok(arguments: arguments, stdin: stdin, sourceLocation: sourceLocation)
    }

    @discardableResult
    func ok(arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments: arguments, stdin: stdin)
        try #require(
            result.status == 0 && !result.killedBySignal,
            "tally \(arguments) exited \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout
    }

    /// Creates counters with exactly these fields (created included) by importing them;
    /// they get serials in the order given.
    func seed(_ counters: [TallyCounter], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try ok(arguments: ["import", "-"], stdin: Self.exportJSON(counters), sourceLocation: sourceLocation)
    }

    /// Writes a store holding exactly these counters (serials in the order given), as a
    /// store written before the name rule may hold them: any name, newlines included. It
    /// is written as the JSON store of an older tally; unless `legacy`, a change that
    /// changes nothing (pinning a pinned counter) then takes it over into the database and
    /// the JSON file is removed, so the tests start from the database alone.
    func seedStored(_ counters: [TallyCounter], legacy: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try writeLegacyStore(counters)
        guard !legacy, let first = counters.first else { return }
        try ok(arguments: [first.pinned ? "pin" : "unpin", first.name], sourceLocation: sourceLocation)
        try FileManager.default.removeItem(atPath: storePath)
    }

    private func writeLegacyStore(_ counters: [TallyCounter]) throws {
        struct Stored: Encodable {
            let name: String, count: Int64, start: Int64, step: Int64, pinned: Bool, created: String, serial: Int64
        }
        struct Content: Encodable { let counters: [Stored]; let nextSerial: Int64; let undo: [String] }
        struct Document: Encodable { let format = "tally"; let version = 1; let content: Content }
        let stored = counters.enumerated().map { index, counter in
            Stored(
                name: counter.name, count: counter.count, start: counter.start, step: counter.step, pinned: counter.pinned,
                created: counter.created, serial: Int64(index + 1))
        }
        let document = Document(content: Content(counters: stored, nextSerial: Int64(counters.count + 1), undo: []))
        try writeStore(String(decoding: try JSONEncoder().encode(document), as: UTF8.self))
    }

    static func exportJSON(_ counters: [TallyCounter]) throws -> String {
        struct Export: Encodable {
            let format = "tally-export"
            let version = 1
            let counters: [TallyCounter]
        }
        return String(decoding: try JSONEncoder().encode(Export(counters: counters)), as: UTF8.self)
    }

    /// The store's bytes (the JSON document's, then the database's with its -wal file),
    /// nil when there is neither.
    func storeBytes() -> Data? {
        let parts = [storePath, databasePath, databasePath + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }
        return parts.isEmpty ? nil : parts.reduce(Data(), +)
    }

    /// Writes a JSON document where an older tally kept its store.
    func writeStore(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: sandbox.path("store"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: storePath))
    }

    /// Rows of `sql` on the database, as sqlite3 -json gives them.
    func query<Row: Decodable>(_ sql: String, as type: Row.Type, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Row] {
        try #require(FileManager.default.fileExists(atPath: databasePath), "no database at \(databasePath)", sourceLocation: sourceLocation)
        let data = try SQLiteShell.json(databasePath, sql)
        if data.allSatisfy({ $0 == 10 || $0 == 32 }) { return [] }
        return try JSONDecoder().decode([Row].self, from: data)
    }

    func storeFile(sourceLocation: SourceLocation = #_sourceLocation) throws -> TallyStoreFile {
        struct Serial: Decodable { var value: Int64 }
        struct Row: Decodable {
            var name: String, count: Int64, start: Int64, step: Int64, pinned: Int64, created: String, serial: Int64
        }
        let counters = try query("SELECT name, count, start, step, pinned, created, serial FROM counters ORDER BY serial", as: Row.self, sourceLocation: sourceLocation)
            .map { TallyStoredCounter(name: $0.name, count: $0.count, start: $0.start, step: $0.step, pinned: $0.pinned != 0, created: $0.created, serial: $0.serial) }
        let next = try query("SELECT value FROM meta WHERE key = 'next_serial'", as: Serial.self, sourceLocation: sourceLocation).first?.value ?? 1
        let undo = try query("SELECT label AS action FROM journal_steps ORDER BY id", as: TallyStoreFile.UndoEntry.self, sourceLocation: sourceLocation)
        return TallyStoreFile(content: .init(counters: counters, nextSerial: next, undo: undo))
    }

    /// Every event in the log, in the order recorded.
    func events(sourceLocation: SourceLocation = #_sourceLocation) throws -> [TallyStoredEvent] {
        try query(
            "SELECT serial, kind, count_before, count_after, old_value, new_value, change_id FROM events ORDER BY id",
            as: TallyStoredEvent.self, sourceLocation: sourceLocation)
    }

    /// The stored counters in creation order (none when there is no database yet).
    func stored() throws -> [TallyStoredCounter] {
        guard FileManager.default.fileExists(atPath: databasePath) else { return [] }
        return try storeFile().content.counters
    }

    func stored(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TallyStoredCounter {
        try #require(try stored().first { $0.name == name }, "no stored counter '\(name)'", sourceLocation: sourceLocation)
    }

    /// The count of `name` as the database holds it.
    func count(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int64 {
        try stored(name, sourceLocation: sourceLocation).count
    }

    /// `tally list --format json`, decoded, in list order.
    func listed(sourceLocation: SourceLocation = #_sourceLocation) throws -> [TallyCounter] {
        let text = try ok("list", "--format", "json", sourceLocation: sourceLocation)
        return try JSONDecoder().decode([TallyCounter].self, from: Data(text.utf8))
    }

    func exported(sourceLocation: SourceLocation = #_sourceLocation) throws -> TallyExport {
        let text = try ok("export", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(TallyExport.self, from: Data(text.utf8))
    }

    /// Runs `body` and expects the store file to be byte for byte what it was before.
    func expectStoreUnchanged(
        _ what: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) rethrows {
        let before = storeBytes()
        try body()
        #expect(storeBytes() == before, what ?? "the store file changed", sourceLocation: sourceLocation)
    }
}

/// Runs tally like `ToolProcess.run` (in-process unless `process` or the environment needs
/// one); a process gets its standard input from a file: a child that exits without reading
/// its input cannot raise SIGPIPE in the test runner.
enum TallyProcess {
    static func run(
        _ arguments: [String], environment: [String: String], stdin: String?, sandbox: Sandbox, process runsProcess: Bool = false
    ) throws -> ToolResult {
        if !runsProcess, let result = InProcessTools.run("tally", arguments, environment: environment, stdin: stdin) {
            return result
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ToolProcess.path(of: "tally"))
        process.arguments = arguments
        process.environment = environment
        if let stdin {
            let file = sandbox.path("stdin-\(UUID().uuidString)")
            try Data(stdin.utf8).write(to: URL(fileURLWithPath: file))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        return try ToolProcess.collect(process)
    }
}

/// The last newline of a tool's output removed.
extension ToolResult {
    var tallyOutput: String { stdout.hasSuffix("\n") ? String(stdout.dropLast()) : stdout }
}

// MARK: waiting

enum TallyWait {
    /// Polls `condition` every 20 ms until it holds or `timeout` seconds pass; returns
    /// whether it held.
    @discardableResult
    static func until(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if try condition() { return true }
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Waits for `process` to end; kills it (by its own pid) and records an issue when it
    /// outlives `timeout`.
    static func exit(of process: Process, timeout: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        if !until(timeout: timeout, { !process.isRunning }) {
            Issue.record("process \(process.processIdentifier) still running after \(timeout) s; killing it", sourceLocation: sourceLocation)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }
}

// MARK: the tap screen

/// Big block digits as `tally tap` draws them: five rows, one space between glyphs.
enum TallyBlockDigits {
    static let glyphs: [Character: [String]] = [
        "0": ["█████", "█   █", "█   █", "█   █", "█████"],
        "1": ["  █  ", " ██  ", "  █  ", "  █  ", " ███ "],
        "2": ["█████", "    █", "█████", "█    ", "█████"],
        "3": ["█████", "    █", " ████", "    █", "█████"],
        "4": ["█   █", "█   █", "█████", "    █", "    █"],
        "5": ["█████", "█    ", "█████", "    █", "█████"],
        "6": ["█████", "█    ", "█████", "█   █", "█████"],
        "7": ["█████", "    █", "   █ ", "  █  ", "  █  "],
        "8": ["█████", "█   █", "█████", "█   █", "█████"],
        "9": ["█████", "█   █", "█████", "    █", "█████"],
        "-": ["     ", "     ", "█████", "     ", "     "],
    ]

    /// The five rows of `number`, centred on a screen `columns` wide, trailing spaces cut
    /// (as `tmux capture-pane` gives them).
    static func rows(_ number: Int64, columns: Int = 80) -> [String] {
        let text = String(number)
        let width = text.count * 6 - 1
        let indent = String(repeating: " ", count: max(0, (columns - width) / 2))
        return (0..<5).map { row in
            let line = text.map { glyphs[$0]![row] }.joined(separator: " ")
            return (indent + line).tallyTrimmingTrailingSpaces
        }
    }

    /// Whether `screen` shows `number` in block digits.
    static func screen(_ screen: [String], shows number: Int64, columns: Int = 80) -> Bool {
        let expected = rows(number, columns: columns)
        let lines = screen.map(\.tallyTrimmingTrailingSpaces)
        guard lines.count >= expected.count else { return false }
        return (0...(lines.count - expected.count)).contains { Array(lines[$0..<$0 + expected.count]) == expected }
    }
}

extension String {
    var tallyTrimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    var tallyTrimmed: String { trimmingCharacters(in: .whitespaces) }

    /// Quoted for a POSIX shell.
    var tallyShellQuoted: String { "'" + replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// A detached tmux session of 80×24 on a private server, running a shell script in its
/// only pane. The server is killed by `stop()`.
final class TallyTmuxPane {
    let socket = "tally-e2e-\(UUID().uuidString.prefix(8))"
    let environment: [String: String]
    /// Where the tmux output files go.
    let folder: String
    /// The `tmux new-session` client. Foundation sees it end only when the server it
    /// forked (which keeps Foundation's watch socket) is gone, so it is waited for in `stop()`.
    private var starter: Process?

    /// Starts `script` (a file run by /bin/sh) in a new pane.
    init(script: String, sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws {
        folder = sandbox.home
        environment = [
            "PATH": "/usr/bin:/bin", "HOME": sandbox.home, "LANG": "C.UTF-8", "TERM": "xterm-256color",
            // The server's socket lives in the sandbox, away from any other tmux.
            "TMUX_TMPDIR": sandbox.home,
        ]
        starter = try launch(["new-session", "-d", "-s", "tap", "-x", "80", "-y", "24", "/bin/sh " + script.tallyShellQuoted])
        let up = TallyWait.until(timeout: 10) { (try? tmux("has-session", "-t", "tap", quiet: true)) != nil }
        try #require(up, "the tmux session did not start", sourceLocation: sourceLocation)
    }

    /// Starts a tmux client with its output in files; returns it and the files.
    private func launch(_ arguments: [String], output: String? = nil, errors: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = ["-u", "-f", "/dev/null", "-L", socket] + arguments
        process.environment = environment
        // Files, not pipes: nothing this process reads may be held open by the server.
        process.standardOutput = try output.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
        process.standardError = try errors.map { try FileHandle(forWritingTo: URL(fileURLWithPath: $0)) } ?? FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try ToolProcess.start(process)
        return process
    }

    /// Runs a tmux command (never one that starts a server) and returns its output.
    @discardableResult
    func tmux(_ arguments: String..., quiet: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let outFile = folder + "/tmux-\(UUID().uuidString).out"
        let errFile = outFile + ".err"
        _ = FileManager.default.createFile(atPath: outFile, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outFile)
            try? FileManager.default.removeItem(atPath: errFile)
        }
        let process = try launch(arguments, output: outFile, errors: errFile)
        TallyWait.exit(of: process, timeout: 10, sourceLocation: sourceLocation)
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
            if !quiet { Issue.record("tmux \(arguments) failed: \(errors)", sourceLocation: sourceLocation) }
            throw POSIXError(.EIO)
        }
        return try String(contentsOfFile: outFile, encoding: .utf8)
    }

    /// Sends tmux key names (`Space`, `Up`, `BSpace`, `q`, `C-c`…).
    func send(_ keys: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
        for key in keys {
            // -l would take names literally; a lone "-" must not be read as an option.
            try tmux("send-keys", "-t", "tap", "--", key, sourceLocation: sourceLocation)
        }
    }

    /// The pane's lines as shown now.
    func screen() throws -> [String] {
        try tmux("capture-pane", "-p", "-t", "tap").components(separatedBy: "\n")
    }

    /// Polls the screen until `condition` holds (up to `timeout` s); records an issue with
    /// the last screen when it never does. Returns the last screen.
    @discardableResult
    func waitForScreen(
        _ what: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: ([String]) -> Bool
    ) throws -> [String] {
        var last: [String] = []
        let held = try TallyWait.until(timeout: timeout) {
            last = try screen()
            return condition(last)
        }
        if !held {
            Issue.record("the screen never showed \(what); it shows:\n\(last.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
        return last
    }

    /// Kills the server (and so the pane), and waits for the client that started it.
    func stop() {
        let serverPID = (try? tmux("display-message", "-p", "#{pid}", quiet: true)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        _ = try? tmux("kill-server", quiet: true)
        guard let starter else { return }
        if !TallyWait.until(timeout: 5, { !starter.isRunning }), let serverPID {
            kill(serverPID, SIGKILL)
        }
        TallyWait.exit(of: starter, timeout: 5)
        #expect(starter.terminationStatus == 0, "tmux new-session failed")
        self.starter = nil
    }
}
