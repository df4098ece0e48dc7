// Watching a store for other writers' changes (tally board): in memory, on a SQLite file
// (made later, at the newest schema, and at an older one that a read sees migrated in
// memory), and on PostgreSQL through LISTEN/NOTIFY. A watch says "changed" once per
// batch of changes, never for its own reads.

import Foundation
import MoneyKitPostgres
import PostgresTestSupport
import Testing
import TallyKit
@testable import TallySQLite
@testable import TallyPostgres

@Suite(.postgresCluster)
struct TallyChangeWatchTests {
    @Test func aMemoryStoreSaysWhenItChanged() throws {
        let repository = InMemoryTallyRepository()
        let watch = try repository.watch()
        #expect(try !watch.hasChanged())
        _ = try makeTally(repository).create(name: "a")
        #expect(try watch.hasChanged())
        #expect(try !watch.hasChanged())
        _ = try makeTally(repository).list()
        #expect(try !watch.hasChanged())
    }

    @Test func aSQLiteFileIsWatchedFromBeforeItExistsAndAtAnOlderSchema() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/t.db"
        let reader = SQLiteTallyRepository(paths: TallyStorePaths(path: path, isDefault: false), actor: "")
        let writer = Tally(repository: SQLiteTallyRepository(paths: TallyStorePaths(path: path, isDefault: false), actor: ""), now: { testNow })
        let watch = try reader.watch()
        defer { watch.close() }
        #expect(try !watch.hasChanged())
        _ = try writer.create(name: "a")
        #expect(try watch.hasChanged())
        #expect(try !watch.hasChanged())
        try writer.increment("a")
        #expect(try watch.hasChanged())
        _ = try Tally(repository: reader).list()
        #expect(try !watch.hasChanged())

        // A store of schema 1: a read sees it migrated in memory, the watch the file itself.
        let old = folder.path + "/old.db"
        try TallyMigrationTests.makeSQLiteVersion1(old)
        let oldWatch = try SQLiteTallyRepository(paths: TallyStorePaths(path: old, isDefault: false), actor: "").watch()
        defer { oldWatch.close() }
        #expect(try !oldWatch.hasChanged())
        try Tally(repository: SQLiteTallyRepository(paths: TallyStorePaths(path: old, isDefault: false), actor: ""), now: { testNow }).increment("a")
        #expect(try oldWatch.hasChanged())
    }

    @Test func aSharedStoreIsWatchedThroughNotify() throws {
        guard PostgresTestCluster.shouldRun else { return }
        let database = try sharedCluster().newDatabase("tally")
        let writer = Tally(repository: PostgresTallyRepository(connectionText: database, actor: "ann@door-1"), now: { testNow })
        let watch = try PostgresTallyRepository(connectionText: database, actor: "bob@board").watch()
        defer { watch.close() }
        #expect(try !watch.hasChanged())
        _ = try writer.create(name: "a")
        try writer.increment("a")
        // A NOTIFY arrives when the server sends it, after its COMMIT: waited for.
        var seen = false
        for _ in 0..<100 where !seen {
            seen = try watch.hasChanged()
            if !seen { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(seen)
        Thread.sleep(forTimeInterval: 0.2)
        _ = try watch.hasChanged()
        #expect(try !watch.hasChanged(), "nothing more without a change")
    }
}
