// The sqlite3 command-line tool, for reading the tools' SQLite stores from outside (an
// independent reader: integrity checks and raw rows). Optional: tests that need it skip
// when it is absent; .ci/run installs it.

import Foundation

enum SQLiteShell {
    static let path = "/usr/bin/sqlite3"
    static var available: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `sqlite3 FILE SQL`; its output trimmed, or nil when sqlite3 is not installed.
    static func query(_ file: String, _ sql: String) throws -> String? {
        guard available else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [file, sql]
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
}
