// A database file cut short (issue 26 item 24) is refused untouched, for reading and
// writing: SQLite itself reads the missing pages as zeros and writes on, and took a file
// cut to one byte for a new database. The header is read by us first (SQLiteFileHeader).

import Foundation
import MoneyKitPlatform
@testable import MoneyKitSQLite
import Testing

@Suite("SQLite: damaged files")
struct SQLiteDamagedFileTests {
    /// A header with `pageSize` (as stored), `pageCount`, and counters that make the count valid or not.
    static func header(pageSize: UInt16 = 0x1000, pageCount: UInt32 = 3, valid: Bool = true) -> [UInt8] {
        var bytes = SQLiteFileHeader.magic + [UInt8](repeating: 0, count: 84)
        bytes[16] = UInt8(pageSize >> 8)
        bytes[17] = UInt8(pageSize & 0xFF)
        func put(_ value: UInt32, at offset: Int) {
            for index in 0..<4 { bytes[offset + index] = UInt8((value >> (24 - 8 * UInt32(index))) & 0xFF) }
        }
        put(7, at: 24)
        put(pageCount, at: 28)
        put(valid ? 7 : 6, at: 92)
        put(0x4D4B_5445, at: 68)
        return bytes
    }

    @Test func theHeaderIsReadAsSQLiteDocumentsIt() throws {
        let header = try #require(SQLiteFileHeader(Self.header()))
        #expect(header.pageSize == 4096 && header.pageCount == 3 && header.applicationID == 0x4D4B_5445)
        #expect(SQLiteFileHeader(Self.header(pageSize: 1))?.pageSize == 65536, "1 stands for 65536")
        #expect(SQLiteFileHeader(Self.header(valid: false))?.pageCount == nil, "a count whose change counters differ is not valid")
        #expect(SQLiteFileHeader(Self.header(pageCount: 0))?.pageCount == nil, "nor is a count of 0")
        for size: UInt16 in [0, 256, 768, 3000] { #expect(SQLiteFileHeader(Self.header(pageSize: size)) == nil, "page size \(size)") }
        #expect(SQLiteFileHeader(Array(Self.header().prefix(99))) == nil)
        var other = Self.header()
        other[0] = UInt8(ascii: "X")
        #expect(SQLiteFileHeader(other) == nil)
        // Whole: a whole number of pages, at least as many as the header counts (or the
        // rest in a -wal a checkpoint has not finished with).
        #expect(header.damage(fileSize: 3 * 4096, pagesInLog: false) == nil)
        #expect(header.damage(fileSize: 4 * 4096, pagesInLog: false) == nil)
        #expect(header.damage(fileSize: 2 * 4096, pagesInLog: false) != nil)
        #expect(header.damage(fileSize: 2 * 4096, pagesInLog: true) == nil)
        #expect(header.damage(fileSize: 2 * 4096 + 1, pagesInLog: true) != nil)
    }

    @Test func everyCutIsRefusedUntouchedForReadingAndWriting() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path, rows: 400)
        let whole = try #require(scratch.bytes("c.db"))
        let pageSize = 4096
        #expect(whole.count % pageSize == 0 && whole.count >= 3 * pageSize, "\(whole.count)")
        // One byte, a header cut short, cuts inside the last page (every 97th byte) and at
        // each page boundary below the count.
        var cuts = [1, 50, 99, 100, 101]
        cuts += stride(from: whole.count - pageSize + 1, to: whole.count, by: 97)
        cuts += stride(from: pageSize, to: whole.count, by: pageSize)
        for cut in cuts {
            FileManager.default.createFile(atPath: path, contents: Data(whole.prefix(cut)))
            for access in [SQLiteAccess.read, .change, .write(createFolders: false)] {
                let error = storeError { try openAndClose(path, access) }
                guard case .corrupt? = error else {
                    Issue.record("cut at \(cut), \(access): expected corrupt, got \(String(describing: error))")
                    continue
                }
                #expect(scratch.bytes("c.db") == Array(whole.prefix(cut)), "cut at \(cut): written to")
            }
            #expect(scratch.names() == ["c.db"], "cut at \(cut): \(scratch.names())")
        }
        FileManager.default.createFile(atPath: path, contents: Data(whole))
        try openAndClose(path, .read)
        try openAndClose(path, .write(createFolders: false))
    }

    @Test func aFileShorterThanItsCountWithTheRestInItsLogIsWhole() throws {
        // What a crash in the middle of a checkpoint leaves: page 1 (with the new count)
        // written, the file not yet as long, the pages still in the -wal.
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        try makeStore(path, rows: 10)
        let raw = try RawSQLite(path)
        try raw.execute("PRAGMA wal_autocheckpoint = 0")
        try raw.execute("INSERT INTO counters SELECT 'more' || value, value FROM counters")
        for round in 0..<30 { try raw.execute("INSERT INTO counters VALUES ('x\(round)', zeroblob(2000))") }
        raw.keepWriteAheadLogOnClose()
        raw.close()
        #expect(try #require(scratch.bytes("c.db-wal")).count > 32)
        // The main file's header counts more pages than it has, as page 1 written first
        // by a checkpoint says.
        var main = try #require(scratch.bytes("c.db"))
        let pages = main.count / 4096 + 5
        for index in 0..<4 { main[28 + index] = UInt8((pages >> (24 - 8 * index)) & 0xFF) }
        FileManager.default.createFile(atPath: path, contents: Data(main))
        // Without its -wal, the same file is cut short.
        let alone = scratch.path("alone.db")
        FileManager.default.createFile(atPath: alone, contents: Data(main))
        if case .corrupt(_, let reason)? = storeError({ try openAndClose(alone, .read) }) {
            #expect(reason.contains("its header says \(pages)"), "\(reason)")
        }
        let database = try SQLiteDatabase.open(path, schema: testSchema, access: .read)
        #expect(try database.scalarInteger("SELECT count(*) FROM counters") == 50)
        database.close()
    }

    @Test func textThatIsNoDatabaseIsRefused() throws {
        let scratch = try Scratch()
        let path = scratch.path("c.db")
        FileManager.default.createFile(atPath: path, contents: Data(String(repeating: "not a database ", count: 20).utf8))
        for access in [SQLiteAccess.read, .write(createFolders: false)] {
            guard case .corrupt(_, let reason)? = storeError({ try openAndClose(path, access) }) else { continue }
            #expect(reason.contains("not a SQLite database"), "\(reason)")
        }
    }
}
