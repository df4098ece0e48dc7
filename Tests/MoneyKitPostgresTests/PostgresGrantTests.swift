// db init --grant: an unknown role is named before anything is made, and "public" means
// every role (PUBLIC), which the commands confirm first. Part of PostgresStoreTests' suite,
// so it shares its cluster.

import MoneyKitPlatform
import PostgresTestSupport
import Testing
@testable import MoneyKitPostgres

extension PostgresStoreTests {
    @Test func anUnknownRoleIsNamedAndNothingIsMade() throws {
        let database = try sharedCluster().newDatabase()
        do {
            _ = try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initializeReporting(granting: .role("no_such_role"), readOnly: false)
            Issue.record("granted an unknown role")
        } catch let unknown as PostgresUnknownRole {
            #expect(unknown.role == "no_such_role")
            #expect(unknown.known.contains("postgres"))
            #expect(!unknown.known.contains { $0.hasPrefix("pg_") })
        }
        let schemas = try sharedCluster().execute("SELECT count(*) FROM pg_namespace WHERE nspname = 'demo'", on: database)
        #expect(schemas.first?.text(0) == "0")
    }

    @Test func publicInAnyCaseIsEveryRole() throws {
        #expect(PostgresGrantee("public") == .everyone)
        #expect(PostgresGrantee("PUBLIC") == .everyone)
        #expect(PostgresGrantee("publican") == .role("publican"))
        let database = try sharedCluster().newDatabase()
        let lines = try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initializeReporting(granting: .everyone, readOnly: true)
        #expect(lines.last == "granted every role (PUBLIC) reading demo's rows")
        // A role made afterwards, given nothing, reads the rows.
        let late = "late_\(UInt32.random(in: 0...UInt32.max))"
        try sharedCluster().execute("CREATE ROLE \(late) LOGIN", on: database)
        let asLate = database.replacingOccurrences(of: "user=postgres", with: "user=\(late)")
        #expect(try PostgresStore(connectionText: asLate, layout: layout, actor: "ann@till-1").read { c, _ in try c.scalarInteger("SELECT count(*) FROM demo.items") } == 0)
    }
}
