// A schema of the tool's name that someone else made, or changed, is refused untouched
// (65, naming the owner): its owner must be the role that made the tables, one the user
// trusts (the user, the database's owner, a superuser), and nothing in it may run code or
// filter rows that the tool did not put there. Part of PostgresStoreTests' suite, so it
// shares its cluster.

import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitStorage
import PostgresTestSupport
import Testing
@testable import MoneyKitPostgres

extension PostgresStoreTests {
    /// A new login role, unique in the cluster, and the connection text of `database` as it.
    private func newRole(_ prefix: String, on database: String, createOnDatabase: Bool = false) throws -> (name: String, text: String) {
        let name = "\(prefix)_\(UInt32.random(in: 0...UInt32.max))"
        try sharedCluster().execute("CREATE ROLE \(name) LOGIN", on: database)
        if createOnDatabase {
            let databaseName = try sharedCluster().execute("SELECT current_database()", on: database).first?.text(0) ?? ""
            try sharedCluster().execute("GRANT CREATE ON DATABASE \(databaseName) TO \(name)", on: database)
        }
        return (name, database.replacingOccurrences(of: "user=postgres", with: "user=\(name)"))
    }

    /// The reason of the `foreign` error a first change on `text` throws (nil: it ran).
    private func refusal(_ text: String) -> String? {
        do {
            _ = try PostgresStore(connectionText: text, layout: layout, actor: "ann@till-1").change { connection, _ in
                try connection.execute("INSERT INTO demo.items VALUES ('probe', 1) ON CONFLICT DO NOTHING")
            }
            return nil
        } catch let error as StoreError {
            guard case .foreign(_, _, let reason) = error else { return "not foreign: \(error)" }
            #expect(error.exitCode == .dataError)
            return reason
        } catch {
            return "not a StoreError: \(error)"
        }
    }

    private func itemCount(_ database: String) throws -> String? {
        try sharedCluster().execute("SELECT count(*) FROM demo.items", on: database).first?.text(0)
    }

    @Test func aSchemaMadeFirstByARoleWithCreateOnTheDatabaseIsRefusedNamingIt() throws {
        let database = try sharedCluster().newDatabase()
        let mallory = try newRole("mallory", on: database, createOnDatabase: true)
        // Mallory makes the tool's very tables and version row, and a trigger of her own
        // that adds 1000 to every amount and copies the row out.
        try PostgresStore(connectionText: mallory.text, layout: layout, actor: "ann@till-1").initialize()
        try sharedCluster().execute("CREATE TABLE public.stolen (name text, amount bigint)", on: database)
        try sharedCluster().execute("GRANT INSERT ON public.stolen TO \(mallory.name)", on: database)
        try sharedCluster().execute(
            """
            CREATE FUNCTION demo.skim() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
            BEGIN NEW.amount := NEW.amount + 1000; INSERT INTO public.stolen VALUES (NEW.name, NEW.amount); RETURN NEW; END $$
            """, on: database)
        try sharedCluster().execute("ALTER FUNCTION demo.skim() OWNER TO \(mallory.name)", on: database)
        try sharedCluster().execute(
            "CREATE TRIGGER skim BEFORE INSERT OR UPDATE ON demo.items FOR EACH ROW EXECUTE FUNCTION demo.skim()", on: database)
        // The superuser, the database's owner, and `db init` itself all refuse it.
        let reason = refusal(database)
        #expect(reason?.contains("'\(mallory.name)'") == true, "\(reason ?? "adopted")")
        #expect(reason?.contains("neither you, this database's owner nor a superuser") == true, "\(reason ?? "")")
        #expect(throws: StoreError.self) { try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize() }
        #expect(try itemCount(database) == "0")
        #expect(try sharedCluster().execute("SELECT count(*) FROM public.stolen", on: database).first?.text(0) == "0")
    }

    @Test(arguments: [
        ("holds a trigger 'skim on items'", [
            "CREATE FUNCTION public.skim() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.amount := NEW.amount + 1000; RETURN NEW; END $$",
            "CREATE TRIGGER skim BEFORE INSERT ON demo.items FOR EACH ROW EXECUTE FUNCTION public.skim()",
        ]),
        ("holds a rule 'nothing on items'", ["CREATE RULE nothing AS ON INSERT TO demo.items DO INSTEAD NOTHING"]),
        ("holds a row", ["ALTER TABLE demo.items ENABLE ROW LEVEL SECURITY", "CREATE POLICY only_mine ON demo.items USING (name = 'x')"]),
        ("holds a function 'helper'", ["CREATE FUNCTION demo.helper() RETURNS int LANGUAGE sql AS 'SELECT 1'"]),
        ("holds a view 'peek'", ["CREATE VIEW demo.peek AS SELECT * FROM demo.items"]),
    ])
    func whatTheToolNeverMakesIsRefusedEvenFromATrustedOwner(named: String, statements: [String]) throws {
        let database = try sharedCluster().newDatabase()
        try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize()
        for statement in statements { try sharedCluster().execute(statement, on: database) }
        let reason = refusal(database)
        #expect(reason?.contains(named) == true, "\(reason ?? "adopted")")
        #expect(reason?.contains("owner 'postgres'") == true, "\(reason ?? "")")
        #expect(try itemCount(database) == "0")
    }

    @Test func aTableHandedToAnotherRoleIsRefusedNamingBoth() throws {
        let database = try sharedCluster().newDatabase()
        try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize()
        let other = try newRole("other", on: database)
        try sharedCluster().execute("ALTER TABLE demo.items OWNER TO \(other.name)", on: database)
        let reason = refusal(database)
        #expect(reason?.contains("table 'demo.items' belongs to the role '\(other.name)', not to 'postgres'") == true, "\(reason ?? "adopted")")
    }

    @Test func theRecordedOwnerIsTheOneChecked() throws {
        let database = try sharedCluster().newDatabase()
        try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize()
        #expect(try sharedCluster().execute("SELECT owner FROM demo.schema_version", on: database).first?.text(0) == "postgres")
        try sharedCluster().execute("UPDATE demo.schema_version SET owner = 'someone_else'", on: database)
        let reason = refusal(database)
        #expect(reason?.contains("not to 'someone_else', recorded as their owner by 'demo db init'") == true, "\(reason ?? "adopted")")
        // Another role's db init changes nothing; the owner's records it again (a renamed role).
        let clerk = try newRole("clerk", on: database)
        #expect(throws: StoreError.self) { try PostgresStore(connectionText: clerk.text, layout: layout, actor: "ann@till-1").initialize() }
        try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize()
        #expect(try sharedCluster().execute("SELECT owner FROM demo.schema_version", on: database).first?.text(0) == "postgres")
        #expect(refusal(database) == nil)
    }

    @Test func aStoreMadeBeforeOwnersWereRecordedIsCheckedAgainstItsVersionTableAndRecordedAtDbInit() throws {
        let database = try sharedCluster().newDatabase()
        try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize()
        try sharedCluster().execute("ALTER TABLE demo.schema_version DROP COLUMN owner", on: database)
        // Everyday use goes on; a role that is not the owner records nothing.
        #expect(refusal(database) == nil)
        let clerk = try newRole("clerk", on: database)
        try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").grant(to: .role(clerk.name), readOnly: false)
        _ = try PostgresStore(connectionText: clerk.text, layout: layout, actor: "ann@till-1").change { connection, _ in
            try connection.execute("INSERT INTO demo.items VALUES ('clerk', 1)")
        }
        // The owner's db init records itself.
        try PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1").initialize()
        #expect(try sharedCluster().execute("SELECT owner FROM demo.schema_version", on: database).first?.text(0) == "postgres")
        // Tables of another owner than the version table's are refused as before.
        try sharedCluster().execute("ALTER TABLE demo.schema_version DROP COLUMN owner", on: database)
        try sharedCluster().execute("ALTER TABLE demo.items OWNER TO \(clerk.name)", on: database)
        let reason = refusal(database)
        #expect(reason?.contains("not to 'postgres', the owner of demo.schema_version") == true, "\(reason ?? "adopted")")
    }

    @Test func anEmptySchemaTheDatabasesOwnerMadeIsFilledAndUsedByOthers() throws {
        let database = try sharedCluster().newDatabase()
        let owner = try newRole("owner", on: database)
        let databaseName = try sharedCluster().execute("SELECT current_database()", on: database).first?.text(0) ?? ""
        try sharedCluster().execute("ALTER DATABASE \(databaseName) OWNER TO \(owner.name)", on: database)
        let asOwner = try PostgresConnection.open(owner.text)
        try asOwner.execute("CREATE SCHEMA demo")
        asOwner.close()
        // The owner's schema, the tables made by it: trusted by another role it grants.
        try PostgresStore(connectionText: owner.text, layout: layout, actor: "ann@till-1").initialize()
        let clerk = try newRole("clerk", on: database)
        try PostgresStore(connectionText: owner.text, layout: layout, actor: "ann@till-1").grant(to: .role(clerk.name), readOnly: false)
        #expect(refusal(clerk.text) == nil)
        #expect(refusal(database) == nil)
    }

    @Test func theStoresSessionSearchesOnlyTheCatalogForFunctions() throws {
        let database = try sharedCluster().newDatabase()
        let store = PostgresStore(connectionText: database, layout: layout, actor: "ann@till-1")
        let path = try store.read { connection, _ in try connection.query("SHOW search_path").first?.text(0) }
        #expect(path == "pg_catalog, pg_temp")
    }
}
