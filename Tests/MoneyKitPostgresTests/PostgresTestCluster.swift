// A throwaway PostgreSQL cluster for these tests, started by Tests/Support/pg-cluster.sh
// and stopped afterwards, also when a test fails. Without the server programs the tests
// are skipped, unless MONEYKIT_REQUIRE_POSTGRES=1 makes that a failure.

import Foundation
import Testing

struct PostgresTestCluster: Sendable {
    /// The cluster's folder: its socket is FOLDER/.s.PGSQL.5432.
    let folder: String

    /// A keyword string reaching the cluster as the superuser `postgres`.
    var connectionText: String { "host=\(folder) user=postgres dbname=postgres" }

    static let serverPrograms = ProcessInfo.processInfo.environment["PG_BIN"] ?? "/usr/lib/postgresql/15/bin"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: serverPrograms + "/initdb") }
    static var isRequired: Bool { ProcessInfo.processInfo.environment["MONEYKIT_REQUIRE_POSTGRES"] == "1" }
    /// Run the tests when the server is installed, or when it must be (then they fail).
    static var shouldRun: Bool { isInstalled || isRequired }
    static let skipReason: Comment =
        "PostgreSQL 15's server programs (initdb) are not installed: install postgresql-15, or set MONEYKIT_REQUIRE_POSTGRES=1 to make this a failure"

    static let script: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/pg-cluster.sh").path

    /// The cluster the running suite shares (see `PostgresClusterTrait`).
    @TaskLocal static var shared: PostgresTestCluster?

    /// Starts a new cluster.
    static func start() throws -> PostgresTestCluster {
        guard isInstalled else {
            throw ClusterError("\(serverPrograms)/initdb is missing but MONEYKIT_REQUIRE_POSTGRES=1 requires PostgreSQL")
        }
        let (status, output, errors) = try run([script, "start"])
        let folder = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, folder.hasPrefix("/") else {
            throw ClusterError("pg-cluster.sh start failed (\(status)): \(errors)")
        }
        return PostgresTestCluster(folder: folder)
    }

    /// Stops the server and removes its folder.
    func stop() {
        _ = try? Self.run([Self.script, "stop", folder])
    }

    private static func run(_ arguments: [String]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}

struct ClusterError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Starts one cluster around a whole suite and stops it afterwards, whatever happens.
struct PostgresClusterTrait: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let cluster = try PostgresTestCluster.start()
        defer { cluster.stop() }
        try await PostgresTestCluster.$shared.withValue(cluster) { try await function() }
    }
}

extension Trait where Self == PostgresClusterTrait {
    /// The suite runs against a throwaway PostgreSQL cluster.
    static var postgresCluster: PostgresClusterTrait { PostgresClusterTrait() }
}

/// The suite's cluster.
func sharedCluster() throws -> PostgresTestCluster {
    guard let cluster = PostgresTestCluster.shared else { throw ClusterError("no cluster: the suite lacks .postgresCluster") }
    return cluster
}
