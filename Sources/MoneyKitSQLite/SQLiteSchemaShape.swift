// The quickest check of a store at open: a fingerprint of everything sqlite_master holds
// (each table, index, trigger and view: its type, name, table and SQL text), compared with
// the fingerprint of what this build's migrations make at the newest version, pinned in
// the source beside the migrations (a unit test of each tool builds the schema and
// checks the pin). A store marked as ours at the newest version whose fingerprint matches
// holds exactly the objects the migrations make, so nothing is rebuilt or parsed at open.
//
// Anything else (an older version, a store with an object of its own, an SQLite that
// writes an altered table's text differently) takes the slower checks, which decide as
// before; a fingerprint that differs never refuses a store by itself. The fingerprint is
// not a defence against a store crafted to collide with it: triggers and views never run
// on our connections whatever a store holds (SQLiteDatabase turns them off), and the
// tables are what our statements name.

import MoneyKitStorage

/// The objects of a schema at one version, as a fingerprint (see the top of this file).
package struct SQLiteSchemaShape: Equatable, Sendable, CustomStringConvertible {
    /// The schema version the shape is of.
    package let version: Int64
    /// How many objects sqlite_master holds (SQLite's own left out).
    package let objects: Int
    /// FNV-1a (64 bits) of the objects' type, name, table and SQL, in name order.
    package let hash: UInt64

    /// A shape of `objects` objects at `version` with the fingerprint `hash`.
    package init(version: Int64, objects: Int, hash: UInt64) {
        self.version = version
        self.objects = objects
        self.hash = hash
    }

    /// The shape as Swift source, to pin it: `SQLiteSchemaShape(version: 6, objects: 9, hash: 0x…)`.
    package var description: String {
        let digits = String(hash, radix: 16)
        return "SQLiteSchemaShape(version: \(version), objects: \(objects), hash: 0x\(String(repeating: "0", count: 16 - digits.count))\(digits))"
    }

    /// The shape of `database`, at its schema version unless `version` is given.
    /// - Throws: `StoreError` from reading sqlite_master.
    package static func of(_ database: SQLiteDatabase, version: Int64? = nil) throws(StoreError) -> SQLiteSchemaShape {
        let rows = try database.query("""
            SELECT type, name, tbl_name, sql FROM sqlite_master
            WHERE name NOT LIKE 'sqlite~_%' ESCAPE '~' ORDER BY name, type
            """)
        var fingerprint = Fingerprint()
        for row in rows {
            for value in row {
                switch value {
                case .text(let text): fingerprint.add(text)
                case .null: fingerprint.add(0xFF)
                default: fingerprint.add(0xFE)
                }
                // A byte no SQL text holds between fields: "ab" + "c" and "a" + "bc" differ.
                fingerprint.add(0)
            }
            fingerprint.add(1)
        }
        let atVersion: Int64
        if let version { atVersion = version } else { atVersion = try database.userVersion }
        return SQLiteSchemaShape(version: atVersion, objects: rows.count, hash: fingerprint.hash)
    }

    /// The shape `schema`'s migrations make at its newest version, built in a database in
    /// memory (what a tool's unit test compares its pin with).
    /// - Throws: `StoreError` when a migration fails.
    package static func built(_ schema: SQLiteSchema) throws(StoreError) -> SQLiteSchemaShape {
        let scratch = try SQLiteDatabase.scratch(schema, atVersion: schema.version)
        defer { scratch.close() }
        return try of(scratch, version: schema.version)
    }
}

/// FNV-1a, 64 bits: a fingerprint of bytes, not a defence (see the top of this file).
private struct Fingerprint {
    private(set) var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3  // wrapping: FNV-1a's multiply is modulo 2^64 by definition
    }

    mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
    }
}
