// The fast path of opening a store: the SQL text SQLite keeps in sqlite_master for each
// table and index, foretold from the schema's migrations. A store whose sqlite_master holds
// exactly that text has exactly the tables the migrations build, so the full check (which
// builds them in a scratch database in memory, about 4 million instructions per open) is
// skipped. Anything else (a hand-made index, an altered table, a migration that is not a
// plain CREATE TABLE or CREATE INDEX) takes the full check, which decides as before.

import MoneyKitPlatform

extension SQLiteSchema {
    /// The sqlite_master SQL of every table and index the migrations up to `version`
    /// create, sorted; nil when a migration does anything else (ALTER TABLE, a view, a
    /// trigger), whose stored text cannot be foretold.
    package func storedSQL(atVersion version: Int64) -> [String]? {
        guard version >= 0, version <= self.version else { return nil }
        var result: [String] = []
        for migration in migrations.prefix(Int(version)) {
            for statement in SQLiteSchemaText.statements(migration) {
                guard let stored = SQLiteSchemaText.storedForm(of: statement) else { return nil }
                result.append(stored)
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
            let trimmed = trimmed(text)
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

    /// `text` without whitespace at either end.
    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
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
