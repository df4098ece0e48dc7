// tally, tillcount and portfolio run in-process against the run's cluster with the server
// named only by the run's PG* variables (PGHOST, PGUSER): the store is "dbname=…" alone,
// and this test process sets no PG* variable, so only the run's environment can lead
// libpq to the server (PostgresRunEnvironment).

import Foundation
import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitProcess
import PostgresTestSupport
import Testing
@testable import portfolio
@testable import tally
@testable import tillcount

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct PostgresRunEnvironmentToolTests {
    /// A sandbox whose store is a new database of the cluster, reached by the run's PG* variables.
    static func environment(_ variable: String) throws -> [String: String] {
        let process = ProcessControl.environment()
        try #require(["PGHOST", "PGUSER", "PGDATABASE"].allSatisfy { (process[$0] ?? "").isEmpty }, "the test process sets PG* variables")
        let cluster = try sharedCluster()
        let database = try cluster.newDatabase("runenv")
        let keywords = database.split(separator: " ").filter { $0.hasPrefix("dbname=") }.joined()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("runenv-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return [
            "HOME": folder, "XDG_DATA_HOME": folder, "XDG_STATE_HOME": folder, "XDG_CONFIG_HOME": folder,
            "PGHOST": cluster.folder, "PGUSER": "postgres", "PGPASSWORD": "run-only-secret", variable: keywords,
            "MONEYKIT_ACTOR": "run@test", "TZ": "UTC", "LANG": "en_GB.UTF-8",
        ]
    }

    /// Runs `entry` in-process with `environment`: exit code, stdout, stderr.
    static func run(_ entry: any ToolEntry.Type, _ arguments: [String], _ environment: [String: String]) -> (code: ExitCode, out: String, err: String) {
        LocalZoneSharing.within("UTC", apply: InProcessTools.setZone) {
            let io = ToolIO.inMemory(environment: environment)
            let code = entry.run(arguments: arguments, io: io)
            return (code, io.out.text, io.err.text)
        }
    }

    @Test func tallyConnectsWithTheRunsVariables() throws {
        let environment = try Self.environment("TALLY_FILE")
        #expect(Self.run(TallyTool.self, ["new", "door"], environment).code == .ok)
        #expect(Self.run(TallyTool.self, ["inc", "door"], environment).out == "1\n")
        let list = Self.run(TallyTool.self, ["list", "--format", "csv"], environment)
        #expect(list.code == .ok && list.out.contains("door"))
        #expect(!(list.out + list.err).contains("run-only-secret"))
    }

    @Test func tillcountConnectsWithTheRunsVariables() throws {
        let environment = try Self.environment("TILLCOUNT_DB")
        let added = Self.run(TillcountTool.self, ["add", "20=2", "--currency", "EUR"], environment)
        #expect(added.code == .ok && (added.out + added.err).contains("40,00"), "\(added.out) \(added.err)")
        // The tables were made in the database the run's variables lead to.
        let database = try #require(environment["TILLCOUNT_DB"])
        let tables = try sharedCluster().execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
            on: "host=\(try sharedCluster().folder) user=postgres \(database)")
        #expect(try tables.first?.integer(0) ?? 0 > 0)
    }

    @Test func portfolioConnectsWithTheRunsVariables() throws {
        let environment = try Self.environment("PORTFOLIO_DB")
        #expect(Self.run(PortfolioTool.self, ["add", "cash", "100", "--currency", "GBP"], environment).code == .ok)
        let list = Self.run(PortfolioTool.self, ["list", "--format", "csv"], environment)
        #expect(list.code == .ok && list.out.contains("cash"), "\(list.err)")
    }

    @Test func aServerTheRunDoesNotNameIsNotReached() throws {
        var environment = try Self.environment("TALLY_FILE")
        environment["PGHOST"] = "/nonexistent-run-socket"
        let result = Self.run(TallyTool.self, ["list"], environment)
        #expect(result.code.rawValue == 69, "\(result.err)")
        #expect(result.err.contains("/nonexistent-run-socket") && !result.err.contains("run-only-secret"))
    }
}
