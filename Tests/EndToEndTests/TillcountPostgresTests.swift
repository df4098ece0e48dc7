// tillcount on a shared PostgreSQL store, run as real processes against a throwaway
// server: the shared behaviour on both backends, db init with a least-privilege role,
// db copy both ways, undo per person, three tills counting and saving at once, many
// processes counting into one till, kill -9 during a save, the server halted and resumed,
// a bad connection string, a newer schema.

import Foundation
import PostgresTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct TillcountPostgresTests {
    enum Backend: String, CaseIterable, Sendable { case files, postgres }

    /// A sandbox whose TILLCOUNT_DB is a new database (postgres) or the file (files).
    static func sandbox(_ backend: Backend) throws -> (TillcountSandbox, [String: String]) {
        let till = try TillcountSandbox()
        guard backend == .postgres else { return (till, [:]) }
        return (till, ["TILLCOUNT_DB": try sharedCluster().newDatabase()])
    }

    /// The live count's total (show --format json), for `env`.
    static func total(_ till: TillcountSandbox, _ env: [String: String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let show = try till.ok("show", "--format", "json", environment: env, sourceLocation: sourceLocation)
        return (json(show.stdout) as? [String: Any])?["total"] as? String
    }

    static func json(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    // MARK: the shared behaviour on both backends

    @Test(arguments: Backend.allCases)
    func tillsCountSaveListAndUndoAlikeOnBothBackends(backend: Backend) throws {
        let (till, env) = try Self.sandbox(backend)
        try till.ok("currency", "GBP", environment: env)
        try till.ok("--till", "Front", "add", "20=3", "5=2", environment: env)
        try till.ok("--till", "Bar", "add", "10=1", environment: env)
        try till.ok("--till", "Front", "float", "20", environment: env)
        let saved = try till.ok("--till", "Front", "save", "--label", "noon", environment: env)
        #expect(saved.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
        let tills = try till.ok("tills", "--format", "json", environment: env)
        let rows = try #require(Self.json(tills.stdout) as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["main", "Bar", "Front"])
        #expect(rows.map { $0["total"] as? String } == ["0.00", "10.00", "70.00"])
        let history = try till.ok("history", "--format", "json", environment: env)
        let counts = try #require(Self.json(history.stdout) as? [[String: Any]])
        #expect(counts.count == 1)
        #expect(counts.first?["till"] as? String == "Front")
        #expect(counts.first?["total"] as? String == "70.00")
        // Undo is per till: Front's save goes first, then its float.
        try till.ok("--till", "Front", "undo", environment: env)
        #expect((Self.json(try till.ok("history", "--format", "json", environment: env).stdout) as? [Any])?.isEmpty == true)
        try till.ok("--till", "Front", "undo", environment: env)
        let front = try #require(Self.json(try till.ok("--till", "Front", "show", "--format", "json", environment: env).stdout) as? [String: Any])
        #expect(front["float"] as? String == "0.00")
        #expect(try till.ok("--till", "Bar", "show", "--format", "json", environment: env).stdout.contains("\"10.00\""))
    }

    @Test func aStateFileGivenWithAPostgresDbIsNotUsedAndTheCommandSaysSo() throws {
        let till = try TillcountSandbox()
        let env = ["TILLCOUNT_DB": try sharedCluster().newDatabase()]
        let other = till.path("till/other.json")
        let result = try till.run(["--state", other, "add", "20=1", "--currency", "GBP"], environment: env)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("warning: --state is not used"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other))
        #expect(!till.stateExists, "$TILLCOUNT_STATE is not used either")
        #expect(try Self.total(till, env) == "20.00")
    }

    // MARK: db init and a least-privilege role

    @Test func dbInitGrantsALeastPrivilegeRoleTheEverydayCommands() throws {
        let cluster = try sharedCluster()
        let database = try cluster.newDatabase()
        let role = "clerk_\(UInt32.random(in: 0...UInt32.max))"
        try cluster.execute("CREATE ROLE \(role) LOGIN", on: database)
        try cluster.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC", on: database)
        try cluster.execute("REVOKE CREATE ON DATABASE \(database.split(separator: "=").last ?? "") FROM PUBLIC", on: database)
        let clerk = ["TILLCOUNT_DB": database.replacingOccurrences(of: "user=postgres", with: "user=\(role)")]
        let till = try TillcountSandbox()
        // Before db init, the clerk may not make the tables: told to run db init.
        let refused = try till.run(["add", "20=1", "--currency", "GBP"], environment: clerk)
        #expect(refused.status == 73, "\(refused.stderr)")
        #expect(refused.stderr.contains("tillcount db init"), "\(refused.stderr)")
        let initialised = try till.ok("db", "init", "--grant", role, environment: ["TILLCOUNT_DB": database])
        // Messages, on stderr as every tool's.
        #expect(initialised.stdout.isEmpty, "\(initialised.stdout)")
        #expect(initialised.stderr.contains("made tillcount's tables (version 5)"), "\(initialised.stderr)")
        #expect(initialised.stderr.contains("granted \(role) reading and writing tillcount's rows (no right to create or drop tables)"))
        let again = try till.ok("db", "init", environment: ["TILLCOUNT_DB": database])
        #expect(again.stderr.contains("up to date"), "\(again.stderr)")
        // The everyday commands work for the clerk.
        try till.ok("--till", "Front", "add", "20=2", "--currency", "GBP", environment: clerk)
        try till.ok("--till", "Front", "save", environment: clerk)
        try till.ok("--till", "Front", "undo", environment: clerk)
        try till.ok("tills", environment: clerk)
        // DDL stays refused to the clerk.
        let ddl = try cluster.execute("SELECT has_schema_privilege('\(role)', 'tillcount', 'CREATE')", on: database)
        #expect(ddl.first?.text(0) == "f")
        // The audit trail: the clerk adds to it (blind on), never changes or deletes it.
        try till.ok("--till", "Front", "blind", "on", environment: clerk)
        let audit = try cluster.execute("""
            SELECT has_table_privilege('\(role)', 'tillcount.audit', 'INSERT'), has_table_privilege('\(role)', 'tillcount.audit', 'UPDATE'),
                has_table_privilege('\(role)', 'tillcount.audit', 'DELETE')
            """, on: database)
        #expect(audit.first.map { [$0.text(0), $0.text(1), $0.text(2)] } == ["t", "f", "f"])
        // db init on a file store makes the history; --grant there is a usage error.
        let files = try till.ok("db", "init")
        #expect(files.stderr.contains("made"), "\(files.stderr)")
        #expect(FileManager.default.fileExists(atPath: till.dbPath))
        #expect(try till.run("db", "init", "--grant", role).status == 64)
        // --read-only alone is named as such, as in tally and portfolio.
        let readOnlyAlone = try till.run("db", "init", "--read-only")
        #expect(readOnlyAlone.status == 64)
        #expect(readOnlyAlone.stderr.contains("--read-only needs --grant ROLE"), "\(readOnlyAlone.stderr)")
    }

    // MARK: db copy

    @Test func dbCopyMovesAWholeStoreToPostgresAndBackWithoutLoss() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2", "roll:1=1", "0.50=3")
        try till.ok("float", "25")
        try till.ok("note", "opened by Ann")
        try till.ok("save", "--label", "Friday", "--expected", "70")
        try till.ok("history", "label", "1", "Friday", "close")
        try till.ok("history", "note", "1", "banked")
        try till.ok("--till", "Front", "add", "5=7")
        try till.ok("--till", "Front", "sales", "35")
        try till.ok("--till", "Front", "save", "--kind", "z")
        try till.ok("--till", "Front", "blind", "on")
        try till.ok("--till", "Front", "blind", "off")
        let export = try till.ok("history", "export", "--format", "json").stdout
        let tills = try till.ok("tills", "--format", "json").stdout
        let front = try till.ok("--till", "Front", "show", "--format", "json").stdout
        let audit = try till.ok("audit", "--format", "json").stdout

        let database = try sharedCluster().newDatabase()
        let copied = try till.ok("db", "copy", "--to", database)
        #expect(copied.stdout.contains("copied 2 till(s) and 2 saved count(s)"), "\(copied.stdout)")
        let shared = ["TILLCOUNT_DB": database]
        #expect(try till.ok("history", "export", "--format", "json", environment: shared).stdout == export)
        #expect(try till.ok("tills", "--format", "json", environment: shared).stdout == tills)
        #expect(try till.ok("--till", "Front", "show", "--format", "json", environment: shared).stdout == front)
        #expect(try till.ok("audit", "--format", "json", environment: shared).stdout == audit, "the audit trail goes with the counts")

        // A second copy into the same database is refused: never merged.
        let twice = try till.run(["db", "copy", "--to", database])
        #expect(twice.status == 73, "\(twice.stderr)")
        #expect(twice.stderr.contains("already holds"), "\(twice.stderr)")

        // And back to files, in a new folder.
        let folder = till.path("copy")
        try till.ok("db", "copy", "--to", folder, environment: shared)
        let back = ["TILLCOUNT_DB": folder + "/history.sqlite", "TILLCOUNT_STATE": folder + "/count.json"]
        #expect(try till.ok("history", "export", "--format", "json", environment: back).stdout == export)
        #expect(try till.ok("tills", "--format", "json", environment: back).stdout == tills)
        #expect(try till.ok("--till", "Front", "show", "--format", "json", environment: back).stdout == front)
        #expect(try till.ok("audit", "--format", "json", environment: back).stdout == audit)
        let full = try till.run(["db", "copy", "--to", folder], environment: shared)
        #expect(full.status == 73, "a folder with files in it is refused: \(full.stderr)")
    }

    // MARK: undo per person

    @Test func undoNeverRevertsAnotherPersonsChange() throws {
        let database = try sharedCluster().newDatabase()
        let till = try TillcountSandbox()
        let ann = ["TILLCOUNT_DB": database, "MONEYKIT_ACTOR": "ann@till-1"]
        let bob = ["TILLCOUNT_DB": database, "MONEYKIT_ACTOR": "bob@till-2"]
        try till.ok("add", "20=1", "--currency", "GBP", environment: ann)
        try till.ok("add", "10=2", environment: bob)
        let refused = try till.run(["undo"], environment: ann)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("bob@till-2 changed this till since"), "\(refused.stderr)")
        #expect(try Self.total(till, ann) == "40.00", "Ann's £20 and Bob's two £10 stay")
        // Bob undoes his own; Ann's undo then reverts only hers.
        try till.ok("undo", environment: bob)
        let bobAgain = try till.run(["undo"], environment: bob)
        #expect(bobAgain.status == 66, "Bob has nothing left to undo: \(bobAgain.stderr)")
        #expect(try Self.total(till, ann) == "20.00", "Bob's undo took only his coins")
        try till.ok("undo", environment: ann)
        #expect(try Self.total(till, ann) == "0.00")
        let rows = try sharedCluster().execute("SELECT count(*) FROM tillcount.journal_steps", on: database)
        #expect(rows.first?.text(0) == "0")
    }

    // MARK: concurrency

    @Test(.timeLimit(.minutes(5)))
    func threeTillsCountingAndSavingAtOnceKeepEveryCountAttributed() throws {
        let database = try sharedCluster().newDatabase()
        let env = ["TILLCOUNT_DB": database]
        let till = try TillcountSandbox()
        try till.ok("db", "init", environment: env)
        let names = ["Front", "Bar", "Terrace"]
        for name in names { try till.ok("--till", name, "currency", "GBP", environment: env) }
        let rounds = ReliabilityLoops.size(quick: 6, full: 20)
        let results = try TillcountConcurrencyTests.hammer(till, environment: env, commands: names.map { name in
            #""$TILLCOUNT" --till \#(name) add 1=1 2>>"$HOME/\#(name).log" && "$TILLCOUNT" --till \#(name) save --label \#(name) >/dev/null 2>>"$HOME/\#(name).log""#
        }, times: rounds)
        for (index, (status, errors)) in results.enumerated() { #expect(status == 0, "worker \(index): \(errors)") }
        let rows = try #require(Self.json(try till.ok("tills", "--format", "json", environment: env).stdout) as? [[String: Any]])
        for name in names {
            #expect(rows.first { $0["name"] as? String == name }?["total"] as? String == "\(rounds).00", "\(name)'s live count")
        }
        let counts = try #require(Self.json(try till.ok("history", "--format", "json", environment: env).stdout) as? [[String: Any]])
        #expect(counts.count == names.count * rounds)
        for name in names {
            let own = counts.filter { $0["till"] as? String == name }
            #expect(own.count == rounds, "\(name)'s saved counts")
            #expect(own.allSatisfy { $0["label"] as? String == name }, "each saved count attributed to its till")
            // One till is one worker: its saves hold 1, 2, … coins, each exactly once.
            #expect(Set(own.compactMap { $0["total"] as? String }) == Set((1...rounds).map { "\($0).00" }))
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func processesAddingToOneTillAtOnceLoseNothing() throws {
        let database = try sharedCluster().newDatabase()
        let env = ["TILLCOUNT_DB": database]
        let till = try TillcountSandbox()
        try till.ok("--till", "Front", "currency", "GBP", environment: env)
        let times = ReliabilityLoops.size(quick: 12, full: 40)
        let results = try TillcountConcurrencyTests.hammer(till, environment: env, commands: (0..<4).map { index in
            #"MONEYKIT_ACTOR=worker\#(index)@test "$TILLCOUNT" --till Front add 1=1 2>/dev/null"#
        }, times: times)
        for (index, (status, errors)) in results.enumerated() { #expect(status == 0, "worker \(index): \(errors)") }
        let front = try #require(Self.json(try till.ok("--till", "Front", "show", "--format", "json", environment: env).stdout) as? [String: Any])
        #expect(front["total"] as? String == "\(4 * times).00", "4 × \(times) £1 coins")
    }

    // MARK: faults

    @Test(.timeLimit(.minutes(3)))
    func killingASaveLeavesNothingPartial() throws {
        let database = try sharedCluster().newDatabase()
        let env = ["TILLCOUNT_DB": database]
        let till = try TillcountSandbox()
        let tokens = ["50", "20", "10", "5", "2", "1", "0.50", "0.20", "0.10", "0.05", "0.02", "0.01"]
        let added = try till.run(["add", "--currency", "GBP"] + tokens.map { $0 + "=3" }, environment: env)
        #expect(added.status == 0, "\(added.stderr)")
        let environment = till.environment.merging(env) { $1 }
        var killed = 0
        var completed = 0
        // A save takes about 50 ms here: a window of 80 ms lands kills before, during and
        // after it (about half of them kill); run.sh keeps the long window, 30 rounds.
        let (rounds, window) = ReliabilityLoops.size(quick: (20, UInt32(80_000)), full: (30, UInt32(250_000)))
        for _ in 0..<rounds {
            let ending = try TillcountSpawn.startAndKill(TillcountSandbox.executable, ["save"], environment: environment, maxMicroseconds: window)
            if ending == .signaled(SIGKILL) { killed += 1 } else { completed += 1; #expect(ending == .exited(0), "\(ending)") }
        }
        // Every count saved is whole: its lines add up to its total (the export checks each).
        let export = try till.ok("history", "export", "--format", "json", environment: env)
        let counts = try #require(Self.json(export.stdout) as? [[String: Any]])
        #expect(counts.count >= completed && counts.count <= completed + killed, "every finished save is kept")
        for count in counts { #expect((count["lines"] as? [Any])?.count == tokens.count, "a count with some of its lines") }
        let orphans = try sharedCluster().execute(
            "SELECT count(*) FROM tillcount.counts c WHERE (SELECT count(*) FROM tillcount.count_lines l WHERE l.count_id = c.id) <> \(tokens.count)", on: database)
        #expect(orphans.first?.text(0) == "0")
        // The live count is as it was, and still changes.
        #expect(try Self.total(till, env) == "266.64")
        try till.ok("add", "50=1", environment: env)
        #expect(try Self.total(till, env) == "316.64")
        #expect(killed > 0, "no kill landed (\(completed) completed)")
    }

    @Test(.ownPostgresCluster) func aHaltedServerIs69NamingTheSocketAndTheNextCommandWorksOnceItIsBack() throws {
        let cluster = try sharedCluster()
        let database = try cluster.newDatabase()
        let env = ["TILLCOUNT_DB": database]
        let till = try TillcountSandbox()
        try till.ok("add", "20=1", "--currency", "GBP", environment: env)
        try cluster.halt()
        let down: ToolResult
        do {
            down = try till.run(["add", "20=1"], environment: env)
        } catch {
            try cluster.resume()
            throw error
        }
        try cluster.resume()
        #expect(down.status == 69, "\(down.stderr)")
        #expect(down.stderr.contains(cluster.folder), "names the socket: \(down.stderr)")
        try till.ok("add", "20=1", environment: env)
        let show = try #require(Self.json(try till.ok("show", "--format", "json", environment: env).stdout) as? [String: Any])
        #expect(show["total"] as? String == "40.00", "the refused add changed nothing; the next one counted")
    }

    @Test func aBadConnectionStringIs78WithThePasswordHidden() throws {
        let till = try TillcountSandbox()
        let result = try till.run(["show"], environment: ["TILLCOUNT_DB": "host=/nowhere password=hunter2secret colour=red"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(!result.stderr.contains("hunter2secret"), "\(result.stderr)")
        #expect(!result.stdout.contains("hunter2secret"))
    }

    @Test func aNewerSchemaIsRefusedUntouched() throws {
        let cluster = try sharedCluster()
        let database = try cluster.newDatabase()
        let env = ["TILLCOUNT_DB": database]
        let till = try TillcountSandbox()
        try till.ok("add", "20=1", "--currency", "GBP", environment: env)
        try cluster.execute("UPDATE tillcount.schema_version SET version = 9", on: database)
        let refused = try till.run(["add", "20=1"], environment: env)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(try till.run(["show"], environment: env).status == 65)
        let version = try cluster.execute("SELECT version FROM tillcount.schema_version", on: database)
        #expect(version.first?.text(0) == "9")
        let count = try cluster.execute("SELECT float, count FROM tillcount.tills", on: database)
        #expect(count.first?.text(1)?.contains("\"quantity\":1") == true, "untouched")
    }
}
