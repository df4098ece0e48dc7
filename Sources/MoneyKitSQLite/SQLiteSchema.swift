// What makes a database one tool's own: an application id in the file's header and
// the tables its migrations build. A database is opened against its schema, for
// reading or for writing (see SQLiteDatabase+Opening.swift).

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// A tool's database: its mark, its migrations and what it is called in messages.
package struct SQLiteSchema: Sendable {
    /// What the file is, for messages: "a portfolio database".
    package let name: String
    /// Written to `PRAGMA application_id` when the store is created or first written.
    package let applicationID: Int32
    /// Migration `n` takes the schema from version `n` to `n + 1`.
    package let migrations: [String]
    /// What the migrations make at the newest version, pinned (SQLiteSchemaShape.swift):
    /// a store marked as ours that has it is opened without rebuilding the schema. Nil:
    /// every open checks the long way.
    package let shape: SQLiteSchemaShape?
    /// The oldest version a read takes as it is: the migrations after it change only what
    /// makes queries fast (an index dropped), never what they return. An older store is
    /// read from a migrated copy in memory, which at a million rows costs seconds and
    /// megabytes on every read until a write migrates the file. Nil: the newest version.
    package let readsAsItIsFrom: Int64?

    package init(name: String, applicationID: Int32, migrations: [String], shape: SQLiteSchemaShape? = nil, readsAsItIsFrom: Int64? = nil) {
        self.name = name
        self.applicationID = applicationID
        self.migrations = migrations
        self.shape = shape
        self.readsAsItIsFrom = readsAsItIsFrom
    }

    /// The newest version, kept in `PRAGMA user_version`.
    package var version: Int64 { Int64(migrations.count) }

    /// Whether a store at `stored` (not newer than `version`) is read from a migrated copy.
    package func readsFromMigratedCopy(at stored: Int64) -> Bool {
        stored < min(readsAsItIsFrom ?? version, version)
    }
}

/// How a command uses its database.
package enum SQLiteAccess: Sendable, Equatable {
    /// Reading only: nothing is created, migrated, marked or switched to WAL. A missing
    /// (or empty) database reads as an empty store.
    case read
    /// Changing it: created when missing (with its folders only when `createFolders`,
    /// i.e. at the default location), migrated and marked as ours.
    case write(createFolders: Bool)
    /// Changing a store that must exist already (an update, a delete): written as with
    /// `write` when the file has content, else read as an empty store, where the change
    /// finds nothing to change and nothing is created.
    case change
}

/// A table as SQLite describes it: its name and its columns in order, each with its
/// declared type, NOT NULL and primary key position.
struct SQLiteTableShape: Equatable {
    struct Column: Equatable {
        let name: String
        let type: String
        let notNull: Bool
        let primaryKey: Int64
    }

    let name: String
    var columns: [Column]

    /// The tables of `database` (SQLite's own excluded), by name.
    static func all(in database: SQLiteDatabase) throws(StoreError) -> [String: SQLiteTableShape] {
        var tables: [String: SQLiteTableShape] = [:]
        let rows = try database.query("""
            SELECT m.name, p.name, p.type, p."notnull", p.pk FROM sqlite_master AS m, pragma_table_info(m.name) AS p
            WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite~_%' ESCAPE '~' ORDER BY m.name, p.cid
            """)
        for row in rows {
            guard row.count == 5, case .text(let table) = row[0], case .text(let column) = row[1] else { continue }
            let type: String
            if case .text(let text) = row[2] { type = text.uppercased() } else { type = "" }
            var notNull = false
            if case .integer(let flag) = row[3] { notNull = flag != 0 }
            var primaryKey: Int64 = 0
            if case .integer(let position) = row[4] { primaryKey = position }
            let key = table.lowercased()
            tables[key, default: SQLiteTableShape(name: table, columns: [])].columns.append(
                Column(name: column.lowercased(), type: type, notNull: notNull, primaryKey: primaryKey))
        }
        return tables
    }

    /// The first difference between `found` and `expected`, said for people; nil when equal.
    static func difference(found: [String: SQLiteTableShape], expected: [String: SQLiteTableShape]) -> String? {
        for name in expected.keys.sorted() where found[name] == nil {
            return "it has no table '\(name)'"
        }
        for name in found.keys.sorted() where expected[name] == nil {
            return "it has a table '\(found[name]?.name ?? name)' that is not ours"
        }
        for name in expected.keys.sorted() {
            guard let want = expected[name], let have = found[name], want != have else { continue }
            let wantNames = want.columns.map(\.name), haveNames = have.columns.map(\.name)
            if let missing = wantNames.first(where: { !haveNames.contains($0) }) {
                return "its table '\(name)' has no column '\(missing)'"
            }
            if let extra = haveNames.first(where: { !wantNames.contains($0) }) {
                return "its table '\(name)' has a column '\(extra)' that is not ours"
            }
            return "its table '\(name)' has columns of other types or order than ours"
        }
        return nil
    }
}

extension StoreError {
    /// The reason part of an error, for wrapping it in another.
    var reasonText: String {
        switch self {
        case let .corrupt(_, reason), let .unreadable(_, reason), let .cannotCreate(_, reason), let .io(_, reason),
            let .rejected(_, reason), let .foreign(_, _, reason):
            return reason
        default: return description
        }
    }
}
