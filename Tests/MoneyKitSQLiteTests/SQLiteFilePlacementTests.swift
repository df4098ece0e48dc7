// Where a store's files are and who made them (issue 26 items 23, 26 and 36): companion
// files another user planted, or with a second name, are refused before SQLite opens
// them; a folder every user may write to without the sticky bit is refused; a store the
// tool makes is never made through a link at its name; a named store that is not there
// is an error for a read, while the default one reads as empty.

import Foundation
import MoneyKitPlatform
@testable import MoneyKitSQLite
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("SQLite: files we did not make")
struct SQLiteFilePlacementTests {
    /// Plants `name` beside the store: empty, mode 0666.
    static func plant(_ scratch: Scratch, _ name: String) throws {
        FileManager.default.createFile(atPath: scratch.path(name), contents: Data())
        #expect(chmod(scratch.path(name), 0o666) == 0)
    }

    static let accesses: [SQLiteAccess] = [.read, .write(createFolders: false)]

    @Test(.enabled(if: runningAsRoot, "needs root to give a file to another user"), arguments: SQLiteCompanionFiles.suffixes)
    func aCompanionOfAnotherUserIsRefused(suffix: String) throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        try Self.plant(scratch, "c.db" + suffix)
        #expect(chown(scratch.path("c.db" + suffix), 54321, 54321) == 0)
        for access in Self.accesses {
            guard case .foreign(let named, _, let reason)? = storeError({ try openAndClose(path, access) }) else { continue }
            #expect(named == path + suffix)
            #expect(reason.contains("another user (uid 54321)"), "\(reason)")
        }
        #expect(scratch.bytes("c.db" + suffix) == [], "nothing written into it")
        // A new store beside planted companions is not made either.
        let fresh = scratch.path("new.db")
        try Self.plant(scratch, "new.db-wal")
        #expect(chown(scratch.path("new.db-wal"), 54321, 54321) == 0)
        #expect(storeError { try openAndClose(fresh, .write(createFolders: false)) } != nil)
        #expect(!scratch.exists("new.db"), "the store made for it is removed again")
        #expect(scratch.exists("new.db-wal"), "the planted file is left for its owner")
    }

    @Test func aCompanionWithASecondNameOrALinkIsRefused() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        try Self.plant(scratch, "c.db-wal")
        #expect(link(scratch.path("c.db-wal"), scratch.path("kept")) == 0)
        for access in Self.accesses {
            guard case .foreign(_, _, let reason)? = storeError({ try openAndClose(path, access) }) else { continue }
            #expect(reason.contains("2 names"), "\(reason)")
        }
        try FileManager.default.removeItem(atPath: scratch.path("c.db-wal"))
        #expect(symlink(scratch.path("kept"), scratch.path("c.db-shm")) == 0)
        for access in Self.accesses {
            guard case .foreign(_, _, let reason)? = storeError({ try openAndClose(path, access) }) else { continue }
            #expect(reason.contains("symbolic link"), "\(reason)")
        }
        #expect(scratch.bytes("kept") == [])
    }

    @Test func aCompanionOfOursThatOthersMayReadIsMadePrivate() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        try Self.plant(scratch, "c.db-journal")
        try openAndClose(path, .read)
        #expect(try PosixFile.facts(of: path + "-journal")?.permissions == 0o600)
    }

    @Test func aFolderEveryoneMayWriteToIsRefusedUnlessSticky() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path)
        #expect(chmod(scratch.folder, 0o777) == 0)
        for access in Self.accesses {
            guard case .foreign(_, _, let reason)? = storeError({ try openAndClose(path, access) }) else { continue }
            #expect(reason.contains("writable by all and not sticky"), "\(reason)")
        }
        #expect(chmod(scratch.folder, 0o1777) == 0)
        try openAndClose(path, .read)
        try openAndClose(path, .write(createFolders: false))
        #expect(chmod(scratch.folder, 0o700) == 0)
    }

    @Test func aStoreIsNeverMadeThroughALinkAtItsName() throws {
        let scratch = try Scratch()
        // A link to an empty file: the database would fill it.
        FileManager.default.createFile(atPath: scratch.path("e"), contents: Data())
        #expect(symlink(scratch.path("e"), scratch.path("c.db")) == 0)
        guard case .cannotCreate(_, let reason)? = storeError({ try openAndClose(scratch.path("c.db"), .write(createFolders: false)) }) else { return }
        #expect(reason.contains("symbolic link"), "\(reason)")
        #expect(scratch.bytes("e") == [])
        // A link to a missing file: nothing made where it points.
        #expect(symlink(scratch.path("missing"), scratch.path("d.db")) == 0)
        guard case .cannotCreate(_, let other)? = storeError({ try openAndClose(scratch.path("d.db"), .write(createFolders: false)) }) else { return }
        #expect(other.contains("does not exist"), "\(other)")
        #expect(!scratch.exists("missing"))
        // A store that exists may be reached through a link its user made.
        try makeStore(scratch.path("real.db"))
        #expect(symlink(scratch.path("real.db"), scratch.path("mine.db")) == 0)
        let writer = try SQLiteDatabase.open(scratch.path("mine.db"), schema: testSchema, access: .write(createFolders: false))
        try writer.transaction { db in try db.query("INSERT INTO counters VALUES ('via link', 9)") }
        writer.close()
        let database = try SQLiteDatabase.open(scratch.path("real.db"), schema: testSchema, access: .read)
        defer { database.close() }
        #expect(try database.scalarInteger("SELECT count(*) FROM counters") == 4)
        #expect(try PosixFile.facts(of: scratch.path("mine.db"))?.isSymbolicLink == true)
        #expect(!scratch.exists("mine.db-wal"), "the -wal is beside the file the link leads to")
    }

    @Test func aNewStoreIsPrivateAndAnEmptyFileOfAnotherKindIsNotFilled() throws {
        let scratch = try Scratch()
        try makeStore(scratch.path("c.db"))
        #expect(try PosixFile.facts(of: scratch.path("c.db"))?.permissions == 0o600)
        // An empty file with a second name is not filled: the data would be readable there.
        FileManager.default.createFile(atPath: scratch.path("e.db"), contents: Data())
        #expect(link(scratch.path("e.db"), scratch.path("other")) == 0)
        #expect(storeError { try openAndClose(scratch.path("e.db"), .write(createFolders: false)) } != nil)
        #expect(scratch.bytes("other") == [])
    }

    @Test func aNamedStoreThatIsNotThereIsAnErrorForAReadOnly() throws {
        let scratch = try Scratch()
        let path = scratch.path("typo.db")
        guard case .unreadable(let named, let reason)? = storeError({ try openAndClose(path, .read, mustExist: true) }) else { return }
        #expect(named == path)
        #expect(reason.contains("no such file"), "\(reason)")
        // Unnamed (the default store, not made yet): empty; and nothing created either way.
        let empty = try SQLiteDatabase.open(path, schema: testSchema, access: .read)
        #expect(!empty.exists)
        empty.close()
        #expect(scratch.names().isEmpty)
        // An empty file the user made is there: it reads as an empty store.
        FileManager.default.createFile(atPath: path, contents: Data())
        try openAndClose(path, .read, mustExist: true)
    }
}
