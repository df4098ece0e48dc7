// Where tally keeps its counters, and with what permissions.

import Foundation
import Testing

@Suite struct TallyFilesTests {
    static func mode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    /// Runs tally with exactly `environment` (nothing of the sandbox added).
    static func run(_ arguments: [String], environment: [String: String]) throws -> ToolResult {
        try ToolProcess.run("tally", arguments, environment: environment)
    }

    @Test func theStoreIsPrivateUnderXDGDataHome() throws {
        let sandbox = try Sandbox()
        let folder = sandbox.path("data/tally")
        let store = folder + "/counters.db"
        // Reading creates nothing.
        #expect(try Self.run(["list"], environment: sandbox.environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("data")))

        #expect(try Self.run(["new", "x"], environment: sandbox.environment).status == 0)
        #expect(try Self.mode(store) == 0o600)
        #expect(try Self.mode(folder) == 0o700)
        // SQLite's lock files go when the command ends; no JSON file is made.
        for leftover in [store + "-wal", store + "-shm", store + "-journal", folder + "/counters.json"] {
            #expect(!FileManager.default.fileExists(atPath: leftover), "\(leftover)")
        }
        #expect(try SQLiteShell.query(store, "SELECT name FROM counters") ?? "x" == "x")
        #expect(try SQLiteShell.query(store, "PRAGMA journal_mode") ?? "wal" == "wal")
        #expect(try SQLiteShell.query(store, "PRAGMA application_id") ?? "1296782401" == "1296782401")
        // Still private after changes replace the file.
        #expect(try Self.run(["inc", "x"], environment: sandbox.environment).status == 0)
        #expect(try Self.mode(store) == 0o600)
        #expect(try Self.run(["get", "x"], environment: sandbox.environment).stdout == "1\n")
    }

    @Test func withoutXDGDataHomeTheStoreIsUnderHome() throws {
        let sandbox = try Sandbox()
        var environment = sandbox.environment
        environment["XDG_DATA_HOME"] = nil
        #expect(try Self.run(["new", "x"], environment: environment).status == 0)
        let store = sandbox.path(".local/share/tally/counters.db")
        #expect(try Self.mode(store) == 0o600)
        #expect(try Self.mode(sandbox.path(".local/share/tally")) == 0o700)
        // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
        environment["XDG_DATA_HOME"] = "relative/data"
        #expect(try Self.run(["get", "x"], environment: environment).stdout == "0\n")
    }

    @Test func withNeitherHomeNorXDGItIsAConfigurationError() throws {
        let result = try Self.run(["new", "x"], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(result.status == 78)
        #expect(result.stderr.contains("HOME"), "\(result.stderr)")
    }

    /// --file wins over TALLY_FILE, which wins over the XDG default; --file works
    /// before or after the command.
    @Test func fileOptionThenVariableThenDefault() throws {
        let sandbox = try Sandbox()
        let fromOption = sandbox.path("option/c.json")
        let fromVariable = sandbox.path("variable/c.json")
        // Named paths need existing folders; only the default location gets its own.
        for folder in ["option", "variable"] {
            try FileManager.default.createDirectory(atPath: sandbox.path(folder), withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: sandbox.path(folder))
        }
        var environment = sandbox.environment
        environment["TALLY_FILE"] = fromVariable
        #expect(try Self.run(["--file", fromOption, "new", "a"], environment: environment).status == 0)
        #expect(try Self.run(["new", "b", "--file", fromOption], environment: environment).status == 0)
        #expect(try Self.run(["new", "c", "--file=" + fromOption], environment: environment).status == 0)
        #expect(try Self.run(["new", "d"], environment: environment).status == 0)
        #expect(try Self.run(["list", "--names", "--file", fromOption], environment: environment).stdout == "c\nb\na\n")
        #expect(try Self.run(["list", "--names"], environment: environment).stdout == "d\n")
        // A name ending in .json stands for the database beside it, .db in place of .json.
        #expect(try Self.mode(sandbox.path("option/c.db")) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: fromOption))
        #expect(try Self.mode(sandbox.path("option")) == 0o700)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("data/tally")))
    }
}
