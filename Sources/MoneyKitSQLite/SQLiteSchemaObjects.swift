// Everything in sqlite_schema besides the tables: indexes, triggers and views. A trigger
// or a view is code that runs inside our statements (a trigger that adds 1000 to every
// count, relabels a saved count, copies rows out), so a store holds exactly the ones its
// migrations make (today: none) and exactly their indexes. The tables are compared apart
// (SQLiteTableShape), by their columns, as stores made by older releases differ in the
// text of their CREATE TABLE.

import MoneyKitPlatform
import MoneyKitStorage

/// The indexes, triggers and views of a database, by name.
struct SQLiteSchemaObjects: Equatable {
    /// Indexes made by CREATE INDEX (not those SQLite makes for UNIQUE and PRIMARY KEY
    /// constraints, which follow from the tables): name → "on TABLE", "unique", "partial".
    var indexes: [String: String] = [:]
    /// Triggers: name → the table it is on.
    var triggers: [String: String] = [:]
    /// View names.
    var views: Set<String> = []

    /// The objects of `database` (SQLite's own excluded).
    static func all(in database: SQLiteDatabase) throws(StoreError) -> SQLiteSchemaObjects {
        var objects = SQLiteSchemaObjects()
        let rows = try database.query("""
            SELECT type, name, tbl_name FROM sqlite_master
            WHERE type IN ('index', 'trigger', 'view') AND name NOT LIKE 'sqlite~_%' ESCAPE '~'
            """)
        for row in rows {
            guard row.count == 3, case .text(let type) = row[0], case .text(let name) = row[1] else { continue }
            var table = ""
            if case .text(let text) = row[2] { table = text.lowercased() }
            let key = name.lowercased()
            switch type {
            case "trigger": objects.triggers[key] = table
            case "view": objects.views.insert(key)
            default: objects.indexes[key] = "on \(table)"
            }
        }
        // Uniqueness and a WHERE clause change what a write may do: part of an index's identity.
        let flags = try database.query("""
            SELECT l.name, l."unique", l.partial FROM sqlite_master AS m, pragma_index_list(m.name) AS l
            WHERE m.type = 'table' AND l.origin = 'c'
            """)
        for row in flags {
            guard row.count == 3, case .text(let name) = row[0], let shape = objects.indexes[name.lowercased()] else { continue }
            var description = shape
            if case .integer(1) = row[1] { description += ", unique" }
            if case .integer(1) = row[2] { description += ", partial" }
            objects.indexes[name.lowercased()] = description
        }
        return objects
    }

    /// The first difference between `found` and `expected`, said for people; nil when equal.
    static func difference(found: SQLiteSchemaObjects, expected: SQLiteSchemaObjects) -> String? {
        for name in found.triggers.keys.sorted() where expected.triggers[name] == nil {
            return "it has a trigger '\(name)' on table '\(found.triggers[name] ?? "")' that is not ours"
        }
        for name in found.views.sorted() where !expected.views.contains(name) {
            return "it has a view '\(name)' that is not ours"
        }
        for name in found.indexes.keys.sorted() where expected.indexes[name] == nil {
            return "it has an index '\(name)' \(found.indexes[name] ?? "") that is not ours"
        }
        for name in expected.indexes.keys.sorted() {
            guard let want = expected.indexes[name] else { continue }
            guard let have = found.indexes[name] else { return "it has no index '\(name)'" }
            if have != want { return "its index '\(name)' is \(have), ours is \(want)" }
        }
        for name in expected.triggers.keys.sorted() where found.triggers[name] == nil {
            return "it has no trigger '\(name)'"
        }
        for name in expected.views.sorted() where !found.views.contains(name) {
            return "it has no view '\(name)'"
        }
        return nil
    }
}
