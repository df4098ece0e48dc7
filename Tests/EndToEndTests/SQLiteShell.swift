// Reading (and, for a test's set-up, writing) the tools' SQLite stores from outside, as an
// independent reader: integrity checks and raw rows. In-process through the SQLite C
// library, printing as the sqlite3 command-line tool does (list mode: fields joined by
// '|', NULL empty; or its -json rows), so a check starts no process. `path` stays for the
// tests that run the sqlite3 tool itself.

import CSQLite
import Foundation

enum SQLiteShell {
    static let path = "/usr/bin/sqlite3"
    /// Always: the library is linked.
    static var available: Bool { true }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `SQL` (one or more statements) on `file` as `sqlite3 FILE SQL` does; the rows
    /// printed in list mode, trimmed.
    /// As the tool, a failed statement ends the output there and is no error here (tests
    /// check what they read), and a read of a missing file makes none.
    static func query(_ file: String, _ sql: String) throws -> String? {
        // A dot-command (.dump) is the tool's own, not SQL: the tool runs it.
        if sql.hasPrefix(".") { return try tool(file, sql) }
        if !FileManager.default.fileExists(atPath: file), !sql.uppercased().contains("CREATE ") { return "" }
        let database = try open(file, readOnly: false)
        defer { sqlite3_close_v2(database) }
        final class Lines {
            var lines: [String] = []
        }
        let lines = Lines()
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(database, sql, { context, count, values, _ in
            let lines = Unmanaged<Lines>.fromOpaque(context!).takeUnretainedValue()
            let fields = (0..<Int(count)).map { index in values?[index].map { String(cString: $0) } ?? "" }
            lines.lines.append(fields.joined(separator: "|"))
            return 0
        }, Unmanaged.passUnretained(lines).toOpaque(), &message)
        if code != SQLITE_OK { sqlite3_free(message) }
        return lines.lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs the sqlite3 tool itself: `sqlite3 FILE COMMAND`, its output trimmed; nil when
    /// it is not installed.
    static func tool(_ file: String, _ command: String) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [file, command]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        ProcessCount.record(process)
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The rows of one read-only statement as `sqlite3 -json` gives them (waiting up to
    /// 10 s for a writer's lock), as JSON data.
    static func json(_ file: String, _ sql: String) throws -> Data {
        let database = try open(file, readOnly: true)
        defer { sqlite3_close_v2(database) }
        sqlite3_busy_timeout(database, 10_000)
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "sqlite: \(String(cString: sqlite3_errmsg(database))) in \(sql)")
        }
        defer { sqlite3_finalize(statement) }
        var rows: [[String: Any]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw Failure(description: "sqlite: \(String(cString: sqlite3_errmsg(database))) in \(sql)")
            }
            var row: [String: Any] = [:]
            for column in 0..<sqlite3_column_count(statement) {
                let name = String(cString: sqlite3_column_name(statement, column))
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: row[name] = sqlite3_column_int64(statement, column)
                case SQLITE_FLOAT: row[name] = sqlite3_column_double(statement, column)
                case SQLITE_NULL: row[name] = NSNull()
                default: row[name] = sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
                }
            }
            rows.append(row)
        }
        return try JSONSerialization.data(withJSONObject: rows)
    }

    private static func open(_ file: String, readOnly: Bool) throws -> OpaquePointer {
        var database: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        guard sqlite3_open_v2(file, &database, flags, nil) == SQLITE_OK, let database else {
            let text = database.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(database)
            throw Failure(description: "sqlite: \(text): \(file)")
        }
        return database
    }
}
