// A run in-process carries an environment of its own: libpq, which reads PG* variables
// from the process, is given the run's where they differ (as keywords ahead of the
// connection text), so the connection follows the run. The rule on made-up options, then
// on the run's cluster with a process that has none of the variables set.

import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitStorage
import PostgresTestSupport
import Testing
@testable import MoneyKitPostgres

@Suite struct PostgresRunEnvironmentTests {
    static let options: [PostgresRunEnvironment.Option] = [
        .init(keyword: "host", variable: "PGHOST", compiled: nil),
        .init(keyword: "password", variable: "PGPASSWORD", compiled: nil),
        .init(keyword: "passfile", variable: "PGPASSFILE", compiled: nil),
        .init(keyword: "connect_timeout", variable: "PGCONNECT_TIMEOUT", compiled: nil),
        .init(keyword: "sslmode", variable: "PGSSLMODE", compiled: "prefer"),
        .init(keyword: "dbname", variable: "PGDATABASE", compiled: nil),
        .init(keyword: "fallback_application_name", variable: nil, compiled: nil),
    ]

    static func settings(run: [String: String], process: [String: String]) -> [String] {
        PostgresRunEnvironment(run: run, process: process).settings(for: options).map { "\($0.keyword)=\($0.value)" }
    }

    @Test func theSameEnvironmentAddsNothing() {
        let both = ["PGHOST": "/tmp/x", "PGPASSWORD": "s3cret", "PGSSLMODE": "require", "HOME": "/home/a"]
        #expect(Self.settings(run: both, process: both).isEmpty)
    }

    @Test func theRunsVariablesBecomeKeywords() {
        let settings = Self.settings(
            run: ["PGHOST": "/run/sock", "PGPASSWORD": "s3cret", "PGSSLMODE": "require", "PGCONNECT_TIMEOUT": "3"],
            process: ["PGHOST": "/var/run/postgresql"])
        #expect(settings == ["host=/run/sock", "password=s3cret", "connect_timeout=3", "sslmode=require"])
    }

    @Test func aProcessVariableTheRunLacksFallsBackToTheCompiledDefault() {
        // sslmode has one; host has none, so libpq still reads the process's PGHOST.
        let settings = Self.settings(run: [:], process: ["PGSSLMODE": "disable", "PGHOST": "/elsewhere"])
        #expect(settings == ["sslmode=prefer"])
        // An empty value is unset, as libpq reads it.
        #expect(Self.settings(run: ["PGSSLMODE": ""], process: [:]).isEmpty)
    }

    @Test func thePasswordFileIsUnderTheRunsHome() {
        #expect(Self.settings(run: ["HOME": "/home/run"], process: ["HOME": "/home/process"]) == ["passfile=/home/run/.pgpass"])
        #expect(Self.settings(run: ["HOME": "/home/run", "PGPASSFILE": "/p"], process: ["HOME": "/home/process"]) == ["passfile=/p"])
        #expect(Self.settings(run: ["HOME": "/home/same"], process: ["HOME": "/home/same"]).isEmpty)
    }

    @Test func theDatabaseVariableNamesADatabaseOnlyWhenTheTextNamesNone() {
        let environment = PostgresRunEnvironment(run: ["PGDATABASE": "shop"], process: [:])
        #expect(environment.database(given: nil) == "shop")
        #expect(environment.database(given: "other") == nil)
        #expect(PostgresRunEnvironment(run: ["PGDATABASE": "shop"], process: ["PGDATABASE": "shop"]).database(given: nil) == nil)
    }
}

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct PostgresRunEnvironmentConnectionTests {
    /// This test process sets none of the variables the runs below set.
    static var processIsClean: Bool {
        let process = ProcessControl.environment()
        return ["PGHOST", "PGUSER", "PGDATABASE", "PGAPPNAME", "PGOPTIONS"].allSatisfy { (process[$0] ?? "").isEmpty }
    }

    @Test func theRunsVariablesReachTheServer() throws {
        try #require(Self.processIsClean, "the test process sets PG* variables")
        let cluster = try sharedCluster()
        let database = try cluster.newDatabase("runenv")
        let name = String(try #require(database.split(separator: " ").last?.split(separator: "=").last))
        let run = ["PGHOST": cluster.folder, "PGUSER": "postgres", "PGDATABASE": name, "PGAPPNAME": "from-the-run",
                   "PGOPTIONS": "-c search_path=run_path"]
        // An empty text: everything comes from the run's variables, none from the process's.
        let connection = try PostgresConnection.open("", environment: run)
        defer { connection.close() }
        let row = try #require(try connection.query(
            "SELECT current_database(), current_user, current_setting('application_name'), current_setting('search_path')").first)
        #expect(row.text(0) == name && row.text(1) == "postgres")
        #expect(row.text(2) == "from-the-run" && row.text(3) == "run_path")
        // The text still overrides the run's variables, as it overrides them for psql.
        let named = try PostgresConnection.open("dbname=postgres application_name=typed", environment: run)
        defer { named.close() }
        let typed = try #require(try named.query("SELECT current_database(), current_setting('application_name')").first)
        #expect(typed.text(0) == "postgres" && typed.text(1) == "typed")
    }

    @Test func withoutTheRunsVariablesTheProcessDecides() throws {
        try #require(Self.processIsClean, "the test process sets PG* variables")
        // The run names a socket folder with no server: the connection fails there, naming
        // it, rather than going to the process's default.
        #expect {
            try PostgresConnection.open("dbname=postgres", environment: ["PGHOST": "/nonexistent-run-socket", "PGUSER": "postgres"])
        } throws: { error in
            guard case StoreError.unavailable(let server, _)? = error as? StoreError else { return false }
            return server.contains("/nonexistent-run-socket")
        }
    }
}
