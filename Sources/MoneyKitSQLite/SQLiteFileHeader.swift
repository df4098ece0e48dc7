// The first 100 bytes of a database file, read by us before SQLite opens it: whose file it
// is (application id) and whether the file is whole (its size against the page size and
// the page count its header gives). SQLite, given a file cut short, reads the missing
// pages as zeros and writes on; a file cut to a byte it even takes for a new database.
//
// The layout (https://www.sqlite.org/fileformat2.html, "The Database Header"):
//   0   16  "SQLite format 3\0"
//   16   2  page size, big-endian; 1 means 65536
//   18   2  file format write/read versions: 1 rollback journal, 2 WAL
//   24   4  file change counter
//   28   4  in-header database size in pages: valid when non-zero and the change counter
//           equals the version-valid-for number at 92 (always, for SQLite 3.7.0 and later)
//   60   4  user version (PRAGMA user_version)
//   68   4  application id (PRAGMA application_id)
//   92   4  version-valid-for number
//
// In WAL mode the main file is brought up to date only by a checkpoint, which writes page
// 1 (with the new page count) before the pages that make the file longer: a file shorter
// than its header's count is whole while a -wal file still holds those pages (a checkpoint
// under way, or cut short by a crash that the next open finishes). A file whose size is
// not a whole number of pages is never whole.

import MoneyKitPlatform
import MoneyKitStorage

/// What a database file's header says, and the file's size.
package struct SQLiteFileHeader: Equatable, Sendable {
    /// The 16 bytes every SQLite database starts with.
    static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]
    /// How long a header is.
    static let length = 100

    /// The page size in bytes (512 to 65536, a power of two).
    package let pageSize: Int64
    /// The page count the header gives, when it is valid.
    package let pageCount: Int64?
    /// `PRAGMA user_version`.
    package let userVersion: Int32
    /// `PRAGMA application_id` (0: unmarked).
    package let applicationID: Int32
    /// True when the file format versions say WAL (2).
    package let isWriteAheadLogged: Bool

    /// Reads the header from `bytes` (the file's first bytes); nil when they are not a
    /// SQLite database's (too short, another magic, an impossible page size).
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= Self.length, Array(bytes[0..<16]) == Self.magic else { return nil }
        func integer(_ offset: Int, _ count: Int) -> UInt32 {
            bytes[offset..<offset + count].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        let rawPageSize = Int64(integer(16, 2))
        let size = rawPageSize == 1 ? 65536 : rawPageSize
        // A power of two from 512 to 65536.
        guard size >= 512, size <= 65536, size & (size - 1) == 0 else { return nil }
        pageSize = size
        let count = Int64(integer(28, 4))
        pageCount = count != 0 && integer(24, 4) == integer(92, 4) ? count : nil
        userVersion = Int32(bitPattern: integer(60, 4))
        applicationID = Int32(bitPattern: integer(68, 4))
        isWriteAheadLogged = bytes[18] == 2 && bytes[19] == 2
    }

    /// Why a file of `size` bytes with this header is not whole, said for people; nil
    /// when it is. `pagesInLog`: a -wal file with frames lies beside it, which may hold
    /// the pages a checkpoint has not yet written to it.
    package func damage(fileSize size: Int64, pagesInLog: Bool) -> String? {
        if size % pageSize != 0 {
            return "it is \(size) bytes long, not a whole number of its \(pageSize)-byte pages: it was cut short or damaged"
        }
        if let pageCount, !pagesInLog, size / pageSize < pageCount {
            return "it is \(size / pageSize) pages long but its header says \(pageCount): it was cut short"
        }
        return nil
    }

    /// Reads and checks the header of the database file at `path`: nil when there is no
    /// file or it is empty (a store not made yet).
    /// - Throws: `StoreError.corrupt` for a file that is not a whole SQLite database (too
    ///   short for a header, not SQLite's, cut short); what reading throws.
    package static func read(_ path: String, displayPath: String) throws(StoreError) -> SQLiteFileHeader? {
        guard let bytes = try StoreError.mapping(PosixFile.readPrefix(path, count: length)), !bytes.isEmpty else { return nil }
        guard bytes.count >= length else {
            let length = bytes.count == 1 ? "1 byte" : "\(bytes.count) bytes"
            throw StoreError.corrupt(path: displayPath, reason: "it is \(length) long, too short for a database")
        }
        guard let header = SQLiteFileHeader(bytes) else {
            throw StoreError.corrupt(path: displayPath, reason: "it is not a SQLite database (no database header)")
        }
        let size = try StoreError.mapping(PosixFile.fileSize(path)) ?? 0
        // A -wal file longer than its own 32-byte header holds frames.
        let pagesInLog = (try StoreError.mapping(PosixFile.fileSize(path + "-wal")) ?? 0) > 32
        if let damage = header.damage(fileSize: size, pagesInLog: pagesInLog) {
            throw StoreError.corrupt(path: displayPath, reason: damage)
        }
        return header
    }
}
