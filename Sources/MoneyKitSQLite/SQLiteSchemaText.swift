// The fast path of opening a store: the SQL text SQLite keeps in sqlite_master for each
// table and index, foretold from the schema's migrations. A store whose sqlite_master holds
// exactly that text has exactly the tables the migrations build, so the full check (which
// builds them in a scratch database in memory, about 4 million instructions per open) is
// skipped. Anything else (a hand-made index, an altered table, a migration that is not a
// plain CREATE or DROP of a table or an index) takes the full check, which decides as before.

import MoneyKitPlatform
import MoneyKitStorage

extension SQLiteSchema {
    /// The sqlite_master SQL of every table and index the migrations up to `version`
    /// create (and do not drop), sorted; nil when a migration does anything else to the
    /// schema (ALTER TABLE, a view, a trigger), whose stored text cannot be foretold. A
    /// statement on rows (INSERT, UPDATE, DELETE: a migration carrying data over) leaves
    /// the schema as it was.
    package func storedSQL(atVersion version: Int64) -> [String]? {
        guard version >= 0, version <= self.version else { return nil }
        var result: [String] = []
        for migration in migrations.prefix(Int(version)) {
            for statement in SQLiteSchemaText.statements(migration) {
                if let stored = SQLiteSchemaText.storedForm(of: statement) {
                    result.append(stored)
                } else if let dropped = SQLiteSchemaText.droppedTable(by: statement) {
                    // The table goes, and its indexes with it.
                    result.removeAll { SQLiteSchemaText.names(inStored: $0).contains(dropped) }
                } else if let dropped = SQLiteSchemaText.droppedIndex(by: statement) {
                    result.removeAll { SQLiteSchemaText.indexName(inStored: $0) == dropped }
                } else if !SQLiteSchemaText.changesRowsOnly(statement) {
                    return nil
                }
            }
        }
        return result.sorted()
    }
}

/// Splitting migration scripts into statements, and the form SQLite stores them in.
enum SQLiteSchemaText {
    /// The statements of `script`, split at semicolons outside quotes and comments, trimmed.
    static func statements(_ script: String) -> [String] {
        let bytes = Array(script.utf8)
        var statements: [String] = []
        var start = 0
        var index = 0
        func flush(upTo end: Int) {
            let text = String(decoding: bytes[start..<end], as: UTF8.self)
            let trimmed = text.trimmingSpaces
            if !trimmed.isEmpty { statements.append(trimmed) }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["):
                // A quoted name or string: to its closing mark (a doubled quote reopens it).
                let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
                index += 1
                while index < bytes.count, bytes[index] != close { index += 1 }
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 1
            case UInt8(ascii: ";"):
                flush(upTo: index)
                start = index + 1
            default:
                break
            }
            index += 1
        }
        if start < bytes.count { flush(upTo: bytes.count) }
        return statements
    }

    /// How SQLite keeps `statement` in sqlite_master: "CREATE TABLE " or "CREATE [UNIQUE]
    /// INDEX " followed by the statement's text from the object's name on (IF NOT EXISTS
    /// dropped). Nil for any other statement.
    static func storedForm(of statement: String) -> String? {
        var rest = Substring(statement)
        func word() -> String {
            rest = rest.drop { $0.isWhitespace }
            let taken = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(taken.count)
            return taken.uppercased()
        }
        guard word() == "CREATE" else { return nil }
        var kind = word()
        var unique = false
        if kind == "UNIQUE" {
            unique = true
            kind = word()
            guard kind == "INDEX" else { return nil }
        }
        guard kind == "TABLE" || kind == "INDEX" else { return nil }
        rest = rest.drop { $0.isWhitespace }
        var probe = rest
        let ifWords = ["IF", "NOT", "EXISTS"].allSatisfy { expected in
            probe = probe.drop { $0.isWhitespace }
            let taken = probe.prefix { $0.isLetter }
            probe = probe.dropFirst(taken.count)
            return taken.uppercased() == expected
        }
        if ifWords { rest = probe.drop { $0.isWhitespace } }
        guard !rest.isEmpty else { return nil }
        return "CREATE" + (unique ? " UNIQUE" : "") + " " + kind + " " + rest
    }

    /// The words of `statement` from the start: letters, digits and underscores each,
    /// upper-cased, after the comments before it.
    private static func words(_ statement: String, count: Int) -> [String] {
        var rest = Substring(statement)
        var found: [String] = []
        while found.count < count {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
                continue
            }
            let taken = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            guard !taken.isEmpty else { break }
            found.append(taken.uppercased())
            rest = rest.dropFirst(taken.count)
        }
        return found
    }

    /// Whether `statement` changes rows only (INSERT, UPDATE, DELETE), not the schema.
    static func changesRowsOnly(_ statement: String) -> Bool {
        ["INSERT", "UPDATE", "DELETE", "REPLACE"].contains(words(statement, count: 1).first ?? "")
    }

    /// The table (upper-cased) that `statement` drops ("DROP TABLE name"), nil for any other statement.
    static func droppedTable(by statement: String) -> String? {
        let found = words(statement, count: 3)
        // DROP TABLE IF EXISTS is not foretold (IF is no name): the full check decides.
        guard found.count == 3, found[0] == "DROP", found[1] == "TABLE", found[2] != "IF" else { return nil }
        return found[2]
    }

    /// The index (upper-cased) that `statement` drops ("DROP INDEX name"), nil for any other statement.
    static func droppedIndex(by statement: String) -> String? {
        let found = words(statement, count: 3)
        guard found.count == 3, found[0] == "DROP", found[1] == "INDEX", found[2] != "IF" else { return nil }
        return found[2]
    }

    /// The index (upper-cased) a stored CREATE [UNIQUE] INDEX makes, nil for a table.
    static func indexName(inStored stored: String) -> String? {
        var found = words(stored, count: 4)
        if found.count > 1, found[1] == "UNIQUE" { found.remove(at: 1) }
        guard found.count >= 3, found[0] == "CREATE", found[1] == "INDEX" else { return nil }
        return found[2]
    }

    /// The names (upper-cased) a stored CREATE names: the table, or the index and its table.
    static func names(inStored stored: String) -> Set<String> {
        var found = words(stored, count: 6)
        found.removeAll { ["CREATE", "UNIQUE", "TABLE", "INDEX", "ON"].contains($0) }
        return Set(found)
    }
}

extension SQLiteDatabase {
    /// Whether the database's tables and indexes are exactly what `schema`'s migrations
    /// create at `version`, told from their SQL text alone (the fast path of `verify`).
    package func storedSchemaMatches(_ schema: SQLiteSchema, atVersion version: Int64) throws(StoreError) -> Bool {
        guard let expected = schema.storedSQL(atVersion: version) else { return false }
        let rows = try query("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite~_%' ESCAPE '~'")
        var found: [String] = []
        for row in rows {
            guard case .text(let sql)? = row.first else { return false }
            found.append(sql)
        }
        return found.sorted() == expected
    }
}
