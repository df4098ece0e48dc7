// A store migrates by itself when the first write opens it, in a transaction of its own
// before the write's: killed at any instant of that write (schema version 4 to 5 drops the
// index in time order, issue 28), a store is at version 4 with its index, or at version 5
// without it, with or without the write's update; whole, and read by every command.

import Foundation
import Testing

struct PortfolioMigrationKillTests {
    @Test(.timeLimit(.minutes(2)), .enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"))
    func killingTheFirstWriteOfAVersionFourStoreLeavesItWhole() throws {
        let box = try PortfolioBox()
        try box.ok("add", "A", "1", "--date", "2020-01-01")
        // A version 4 store of 200,001 updates: what version 5 makes, with the index in time
        // order back (migration 1's own text) and the version before.
        let rows = 200_000
        _ = try SQLiteShell.query(box.database, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO updates (account_id, at, value) SELECT 1, 1600000000 + i, i FROM n;
            UPDATE accounts SET update_count = (SELECT count(*) FROM updates);
            CREATE INDEX updates_by_time ON updates(at, id);
            PRAGMA user_version = 4;
            """)
        let template = box.sandbox.path("version4.sqlite")
        try FileManager.default.copyItem(atPath: box.database, toPath: template)
        let portfolio = ToolProcess.path(of: "portfolio")
        var killed = 0
        for round in 1...ReliabilityLoops.size(quick: 6, full: 40) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: box.database + suffix) }
            try FileManager.default.copyItem(atPath: template, toPath: box.database)
            let pid = try TillcountSpawn.spawn(portfolio, ["update", "A", "2", "--date", "2030-01-01"], environment: box.environment)
            usleep(UInt32.random(in: 2_000...120_000))
            kill(pid, SIGKILL)
            let ending = TillcountSpawn.wait(pid)
            if ending == .signaled(SIGKILL) { killed += 1 }
            #expect(ending == .signaled(SIGKILL) || ending == .exited(0), "round \(round): \(ending)")
            #expect(try box.sqlite("PRAGMA integrity_check") == "ok", "round \(round)")
            let version = try box.sqlite("PRAGMA user_version")
            let index = try box.sqlite("SELECT count(*) FROM sqlite_master WHERE name = 'updates_by_time'")
            #expect((version == "4" && index == "1") || (version == "5" && index == "0"), "round \(round): version \(version ?? "-"), index \(index ?? "-")")
            let count = try box.sqlite("SELECT count(*) || ' ' || (SELECT update_count FROM accounts) FROM updates")
            #expect(count == "\(rows + 1) \(rows + 1)" || (version == "5" && count == "\(rows + 2) \(rows + 2)"), "round \(round): \(count ?? "-")")
            #expect(try box.ok("list", "--names").stdout == "A\n", "round \(round)")
        }
        #expect(killed > 0)
        // Whatever a kill left, the next write finishes the migration and its change.
        try box.ok("update", "A", "3", "--date", "2031-01-01")
        #expect(try box.sqlite("PRAGMA user_version") == "5")
    }
}
