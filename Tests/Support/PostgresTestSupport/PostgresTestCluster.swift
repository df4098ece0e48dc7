// The throwaway PostgreSQL cluster of a test run: one per test process (kit, tool and
// end-to-end suites alike), started by Tests/Support/pg-cluster.sh for the first test that
// asks, shared by every suite, each test in a database of its own copied from a template
// (CREATE DATABASE … TEMPLATE), so suites and tests run in parallel without seeing each
// other's tables. A watchdog stops the server when the test process ends, however it ends.
// A test that stops the server (halt) or needs other settings (TLS) starts a cluster of its
// own. Without the server programs the tests are skipped, unless MONEYKIT_REQUIRE_POSTGRES=1
// makes that a failure.

import Foundation
import MoneyKitPostgres
// A plain `swift build` builds this target too, without the Testing module: the parts
// that need it are only compiled when the tests are.
#if canImport(Testing)
import Testing
#endif
#if canImport(Glibc)
import Glibc
#endif

package struct PostgresTestCluster: Sendable {
    /// The cluster's folder: its socket is FOLDER/.s.PGSQL.5432.
    package let folder: String

    /// A keyword string reaching the cluster as the superuser `postgres`.
    package var connectionText: String { "host=\(folder) user=postgres dbname=postgres" }

    /// PG_BIN, else the newest PostgreSQL installed the Debian way (/usr/lib/postgresql/N/bin).
    package static let serverPrograms: String = {
        if let named = ProcessInfo.processInfo.environment["PG_BIN"] { return named }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        let newest = versions.compactMap(Int.init).max() ?? 15
        return "/usr/lib/postgresql/\(newest)/bin"
    }()
    package static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: serverPrograms + "/initdb") }
    package static var isRequired: Bool { ProcessInfo.processInfo.environment["MONEYKIT_REQUIRE_POSTGRES"] == "1" }
    /// Run the tests when the server is installed, or when it must be (then they fail).
    package static var shouldRun: Bool { isInstalled || isRequired }
#if canImport(Testing)
    package static let skipReason: Comment =
        "PostgreSQL's server programs (initdb) are not installed: install postgresql, or set MONEYKIT_REQUIRE_POSTGRES=1 to make this a failure"
#endif

    static let script: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("pg-cluster.sh").path

    /// A cluster of its own for the running test, when it has one (see `OwnPostgresClusterTrait`).
    @TaskLocal package static var ownCluster: PostgresTestCluster?

    /// The test run's cluster, started by the first test that needs it; how that start
    /// went is kept, so a failed start fails every test that needs it without another try.
    private static let ofThisRun: Result<PostgresTestCluster, any Error> = Result { try start() }

    /// The cluster of this test process, started on first use.
    /// - Throws: `ClusterError` when it cannot be started.
    package static func shared() throws -> PostgresTestCluster {
        try ofThisRun.get()
    }

    /// The template each test's database is copied from (made by pg-cluster.sh).
    package static let templateDatabase = "moneykit_template"

    /// The read end of a pipe whose write end this process holds open until it ends (both
    /// close-on-exec, so no child keeps the pipe alive): each cluster's watchdog reads it
    /// and stops its server at the end of file, when this process is gone.
    private static let lifeline: Int32 = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return -1 }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends[0]
    }()

    /// Starts a new cluster of its own (the test run's is `shared()`); `serverOptions`
    /// adds server settings ("-c ssl=on …"). It stops with `stop()`, or when this process ends.
    package static func start(serverOptions: String = "") throws -> PostgresTestCluster {
        guard isInstalled else {
            throw ClusterError("\(serverPrograms)/initdb is missing but MONEYKIT_REQUIRE_POSTGRES=1 requires PostgreSQL")
        }
        guard lifeline >= 0 else { throw ClusterError("cannot make the pipe that stops the cluster with this process: error \(errno)") }
        let (status, output, errors) = try run(
            [script, "start"], environment: ["PG_CLUSTER_OPTIONS": serverOptions, "PG_CLUSTER_LIFELINE": "3"], lifeline: lifeline)
        let folder = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard status == 0, folder.hasPrefix("/") else {
            throw ClusterError("pg-cluster.sh start failed (\(status)): \(errors)")
        }
        return PostgresTestCluster(folder: folder)
    }

    /// Stops the server and removes its folder.
    package func stop() {
        _ = try? Self.run([Self.script, "stop", folder])
    }

    /// Stops the server and keeps its files: the tests of a server that is down.
    package func halt() throws {
        let (status, _, errors) = try Self.run([Self.script, "halt", folder])
        guard status == 0 else { throw ClusterError("pg-cluster.sh halt failed (\(status)): \(errors)") }
    }

    /// Starts a halted server again.
    package func resume() throws {
        let (status, _, errors) = try Self.run([Self.script, "resume", folder])
        guard status == 0 else { throw ClusterError("pg-cluster.sh resume failed (\(status)): \(errors)") }
    }

    /// A keyword string for a new, empty database of its own (named `prefix_N`, copied
    /// from the template), so that tests sharing the cluster never see each other's tables.
    package func newDatabase(_ prefix: String = "test") throws -> String {
        let name = "\(prefix)_\(UInt32.random(in: 0...UInt32.max))"
        let connection = try PostgresConnection.open(connectionText)
        defer { connection.close() }
        try connection.execute("CREATE DATABASE \(name) TEMPLATE \(Self.templateDatabase)")
        return "host=\(folder) user=postgres dbname=\(name)"
    }

    /// Runs `sql` (one statement) as the superuser on `database` (a keyword string).
    @discardableResult
    package func execute(_ sql: String, on database: String) throws -> [PostgresRow] {
        let connection = try PostgresConnection.open(database)
        defer { connection.close() }
        return try connection.query(sql)
    }

    /// Runs `/bin/sh arguments…` and waits for it. posix_spawn and waitpid rather than
    /// Foundation's Process: the child starts with no signal blocked (the test runner's
    /// threads block several, and the server must see pg_ctl's), and nothing waits on a
    /// run loop. Output goes through files, so no pipe can fill up. `lifeline`, when given,
    /// is the child's descriptor 3.
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], lifeline: Int32? = nil
    ) throws -> (Int32, String, String) {
        let folder = NSTemporaryDirectory() + "pg-cluster-run-" + UUID().uuidString
        let outPath = folder + ".out"
        let errPath = folder + ".err"
        defer {
            try? FileManager.default.removeItem(atPath: outPath)
            try? FileManager.default.removeItem(atPath: errPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let lifeline { posix_spawn_file_actions_adddup2(&actions, lifeline, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["/bin/sh"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw ClusterError("cannot start /bin/sh: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw ClusterError("waitpid failed: error \(errno)") }
        }
        let exited = status & 0x7F == 0
        let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return (code, output, errors)
    }
}

package struct ClusterError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

#if canImport(Testing)
/// A suite runs against the test run's cluster: started here if no suite has yet (so a
/// start that fails fails the suite once, with the reason), never stopped by the suite.
package struct PostgresClusterTrait: SuiteTrait, TestScoping {
    package init() {}
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        _ = try PostgresTestCluster.shared()
        try await function()
    }
}

/// A test gets a cluster of its own, started before it and stopped after it whatever
/// happens: for a test that stops the server, which would fail every other suite's tests.
package struct OwnPostgresClusterTrait: TestTrait, TestScoping {
    package init() {}
    package func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let cluster = try PostgresTestCluster.start()
        defer { cluster.stop() }
        try await PostgresTestCluster.$ownCluster.withValue(cluster) { try await function() }
    }
}

extension Trait where Self == PostgresClusterTrait {
    /// The suite runs against the test run's throwaway PostgreSQL cluster.
    package static var postgresCluster: PostgresClusterTrait { PostgresClusterTrait() }
}

extension Trait where Self == OwnPostgresClusterTrait {
    /// The test runs against a throwaway PostgreSQL cluster of its own (`sharedCluster()`
    /// gives it): one it may halt and resume.
    package static var ownPostgresCluster: OwnPostgresClusterTrait { OwnPostgresClusterTrait() }
}
#endif

/// The running test's cluster: its own (`.ownPostgresCluster`), else the test run's.
/// - Throws: `ClusterError` when the test run's cluster cannot be started.
package func sharedCluster() throws -> PostgresTestCluster {
    if let own = PostgresTestCluster.ownCluster { return own }
    return try PostgresTestCluster.shared()
}
