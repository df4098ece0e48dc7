// Whether a tool's schema is one we may trust, read in one query of the catalogs at every
// open. A role with CREATE on the database could make the schema first, with our tables,
// a version row and a trigger of its own (the trigger then runs as whoever uses the store,
// changing counts or copying rows out). So the schema is adopted only when:
//  - the schema and every table, index and sequence in it belong to one role, the one
//    that made the tables (recorded in schema_version.owner by the migration that made
//    them; for a store made before the record existed: the owner of schema_version),
//  - that role, and the schema's owner, are ones the user already trusts with the data:
//    the user's own role, the database's owner or a superuser (a superuser is never
//    enough for the user's own role to trust everyone: roles are compared, not rights),
//  - nothing in it runs code we did not write: no trigger (other than the internal ones
//    of foreign keys), rule, row-level security policy or function, and no view.
// The tools make none of those, so any one of them is someone else's.
// The same query also sets the session's search_path to pg_catalog alone (then pg_temp):
// every table the tools name is named with its schema, so no function or operator of a
// schema someone made under the user's name ("$user") or in public can stand in for a
// built-in one. Done here, it costs no round trip of its own.

import MoneyKitPlatform
import MoneyKitStorage

/// What the catalogs say about a tool's schema and who owns what in it.
struct PostgresSchemaAudit {
    /// One thing in the schema, or the schema itself.
    struct Object {
        /// "schema", "table", "index", "sequence", "view", "trigger", "rule", …
        let kind: String
        /// Its name ("counters", "t on counters" for a trigger on a table).
        let name: String
        /// The role that owns it (a trigger: its function's owner).
        let owner: String
        /// Whether that role is the user's own, the database's owner or a superuser.
        let ownerIsTrusted: Bool
    }

    /// The user's role (current_user).
    let currentUser: String
    /// The schema itself; nil when there is none.
    let schema: Object?
    /// Its tables, indexes, sequences and other relations.
    let relations: [Object]
    /// Code or row filters someone attached: triggers, rules, policies, functions.
    let attachments: [Object]

    /// The relation kinds a tool makes: tables, their indexes and identity sequences.
    static let ownKinds: Set<String> = ["table", "index", "sequence"]

    /// Reads the catalogs about `schema` in one query.
    /// - Throws: the server's errors.
    static func read(schema: String, on connection: PostgresConnection) throws(StoreError) -> PostgresSchemaAudit {
        let rows = try connection.query(query, [.text(schema)])
        var currentUser = ""
        var schemaObject: Object?
        var relations: [Object] = []
        var attachments: [Object] = []
        for row in rows {
            let object = Object(
                kind: row.text(0) ?? "", name: row.text(1) ?? "", owner: row.text(2) ?? "",
                ownerIsTrusted: (try? row.boolean(3)) == true)
            switch object.kind {
            case "user": currentUser = object.name
            case "schema": schemaObject = object
            case let kind where kind.hasPrefix("relation "):
                let relkind = kind.dropFirst("relation ".count)
                relations.append(Object(kind: relationKinds[String(relkind)] ?? "relation of kind '\(relkind)'",
                                        name: object.name, owner: object.owner, ownerIsTrusted: object.ownerIsTrusted))
            default: attachments.append(object)
            }
        }
        return PostgresSchemaAudit(currentUser: currentUser, schema: schemaObject, relations: relations, attachments: attachments)
    }

    /// pg_class.relkind in words.
    private static let relationKinds: [String: String] = [
        "r": "table", "i": "index", "S": "sequence", "v": "view", "m": "materialized view",
        "c": "composite type", "f": "foreign table", "p": "partitioned table", "I": "partitioned index", "t": "TOAST table",
    ]

    /// One row per object: kind, name, owner's name, whether the owner is trusted; first,
    /// the user's row (which sets the search_path).
    private static let query = """
        WITH ns AS (SELECT oid, nspowner FROM pg_namespace WHERE nspname = $1),
        rel AS (
            SELECT c.oid, c.relname, c.relkind, c.relowner, c.relrowsecurity OR c.relforcerowsecurity AS rls
            FROM pg_class c JOIN ns ON c.relnamespace = ns.oid),
        found (kind, name, owner) AS (
            SELECT 'schema', $1::text, ns.nspowner FROM ns
            UNION ALL SELECT 'relation ' || rel.relkind::text, rel.relname::text, rel.relowner FROM rel
            UNION ALL SELECT 'trigger', t.tgname || ' on ' || rel.relname, p.proowner
                FROM pg_trigger t JOIN rel ON t.tgrelid = rel.oid JOIN pg_proc p ON p.oid = t.tgfoid
                WHERE NOT t.tgisinternal
            UNION ALL SELECT 'rule', r.rulename || ' on ' || rel.relname, rel.relowner
                FROM pg_rewrite r JOIN rel ON r.ev_class = rel.oid
                WHERE NOT (r.rulename = '_RETURN' AND rel.relkind IN ('v', 'm'))
            UNION ALL SELECT 'row security policy', pol.polname || ' on ' || rel.relname, rel.relowner
                FROM pg_policy pol JOIN rel ON pol.polrelid = rel.oid
            UNION ALL SELECT 'row security', rel.relname::text, rel.relowner FROM rel WHERE rel.rls
            UNION ALL SELECT 'function', p.proname::text, p.proowner FROM pg_proc p JOIN ns ON p.pronamespace = ns.oid)
        SELECT 'user', current_user::text, set_config('search_path', 'pg_catalog, pg_temp', false), true
        UNION ALL
        SELECT found.kind, found.name, pg_get_userbyid(found.owner)::text,
            found.owner = (SELECT oid FROM pg_roles WHERE rolname = current_user)
            OR found.owner = (SELECT datdba FROM pg_database WHERE datname = current_database())
            OR coalesce((SELECT rolsuper FROM pg_roles WHERE oid = found.owner), false)
        FROM found
        """

    /// The role the version table belongs to: the one that made the tables (nil: no
    /// version table).
    var versionTableOwner: String? {
        relations.first { $0.kind == "table" && $0.name == "schema_version" }?.owner
    }

    /// Why the schema is not to be trusted before its version row is read: an owner the
    /// user does not trust, or something in it `tool` never makes. Nil: nothing found.
    func problemBeforeVersion(tool: String) -> String? {
        guard let schema else { return nil }
        if !schema.ownerIsTrusted {
            return "its schema '\(schema.name)' belongs to the role '\(schema.owner)', \(Self.untrusted(tool))"
        }
        if let added = attachments.first ?? relations.first(where: { !Self.ownKinds.contains($0.kind) }) {
            return "its schema '\(schema.name)' holds a \(added.kind) '\(added.name)' (owner '\(added.owner)') that \(tool) never makes"
        }
        return nil
    }

    /// Why the schema is not to be trusted, given the role that made its tables:
    /// `recordedOwner`, else (a store made before owners were recorded) the version
    /// table's. Nil: every object is that role's, and the user trusts it.
    func problem(tool: String, recordedOwner: String?) -> String? {
        guard let schema, let expected = recordedOwner ?? versionTableOwner else { return nil }
        let source = recordedOwner == nil ? "the owner of \(schema.name).schema_version" : "recorded as their owner by '\(tool) db init'"
        if let stray = relations.first(where: { $0.owner != expected }) {
            return "its \(stray.kind) '\(schema.name).\(stray.name)' belongs to the role '\(stray.owner)', not to '\(expected)', \(source)"
        }
        if let versionTable = relations.first(where: { $0.name == "schema_version" }), !versionTable.ownerIsTrusted {
            return "its tables belong to the role '\(expected)', \(Self.untrusted(tool))"
        }
        return nil
    }

    private static func untrusted(_ tool: String) -> String {
        "which is neither you, this database's owner nor a superuser; run '\(tool) db init' as the database's owner, or make that role the owner"
    }
}
