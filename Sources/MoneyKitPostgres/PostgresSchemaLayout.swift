// A tool's tables in a PostgreSQL database: one schema named after the tool, versioned
// migrations, and the bookkeeping every tool shares (the schema's version and the ids of
// the changes already applied). Migrations run under an advisory lock, so several clients
// may start at once; a newer schema, or a schema of that name that is not the tool's, is
// refused untouched.

import MoneyKitPlatform

/// Where a tool keeps its tables and how they came to be.
package struct PostgresSchemaLayout: Sendable {
    /// The schema's name: the tool's name (a plain lowercase identifier).
    package let schema: String
    /// The tool, named in messages (`tally db init`).
    package let tool: String
    /// `migrations[n]` brings the tables from version n to n + 1: statements run in order,
    /// in the transaction that also records the new version. Tables are named with the
    /// schema (`tally.counters`).
    package let migrations: [[String]]

    package init(schema: String, tool: String, migrations: [[String]]) {
        self.schema = schema
        self.tool = tool
        self.migrations = migrations
    }

    /// The version this tool writes.
    package var version: Int { migrations.count }

    /// What a database holds under the schema's name.
    package enum State: Equatable, Sendable {
        /// No schema yet (or an empty one a database owner made for us).
        case missing
        /// The tool's tables at `version`.
        case version(Int)
    }

    /// The bookkeeping tables, made before the tool's first migration.
    var bootstrap: [String] {
        [
            "CREATE SCHEMA IF NOT EXISTS \(schema)",
            """
            CREATE TABLE \(schema).schema_version (
                tool text PRIMARY KEY,
                version integer NOT NULL CHECK (version > 0)
            )
            """,
            // One row per change, made in the change's own transaction: whether a change
            // whose COMMIT went unanswered was saved. Kept a day.
            """
            CREATE TABLE \(schema).applied_changes (
                id text PRIMARY KEY,
                actor text NOT NULL,
                at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX applied_changes_at ON \(schema).applied_changes (at)",
        ]
    }

    /// What `connection`'s database holds under the schema's name.
    /// - Throws: `StoreError.foreign` for a schema that is not the tool's (tables but no
    ///   version, or another tool's version row); `StoreError.newerVersion`; the server's errors.
    package func state(on connection: PostgresConnection) throws(StoreError) -> State {
        let names = [PostgresValue.text(schema), .text("\(schema).schema_version")]
        guard let found = try connection.query(
            "SELECT to_regnamespace($1) IS NOT NULL, to_regclass($2) IS NOT NULL", names
        ).first else { return .missing }
        guard try found.boolean(0) == true else { return .missing }
        guard try found.boolean(1) == true else {
            let tables = try connection.scalarInteger(
                "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1",
                [.text(schema)]) ?? 0
            if tables == 0 { return .missing }
            throw foreign(connection, "its schema '\(schema)' holds tables that are not \(tool)'s")
        }
        let rows = try connection.query("SELECT tool, version FROM \(schema).schema_version")
        guard rows.count == 1, let row = rows.first, row.text(0) == tool, let version = try row.integer(1) else {
            throw foreign(connection, "its schema '\(schema)' is marked as another program's")
        }
        guard version <= Int64(self.version) else {
            throw StoreError.newerVersion(path: connection.server, found: Int(clamping: version), supported: self.version)
        }
        return .version(Int(clamping: version))
    }

    /// Brings the tables to this tool's version, in one transaction under an advisory lock
    /// (clients starting at once wait for the first, then find the work done). Returns
    /// the versions before and after (nil before: there were no tables).
    /// - Throws: `StoreError.cannotCreate` when the role may not create them (naming
    ///   `TOOL db init`); what `state(on:)` throws; the server's errors.
    @discardableResult
    package func migrate(on connection: PostgresConnection) throws -> (before: Int?, after: Int) {
        do {
            return try connection.transaction { connection in
                try connection.execute("SELECT pg_advisory_xact_lock(hashtext($1))", [.text("moneykit schema \(schema)")])
                let before: Int?
                switch try state(on: connection) {
                case .missing:
                    before = nil
                    for statement in bootstrap { try connection.execute(statement) }
                case .version(let found):
                    before = found
                }
                for step in (before ?? 0)..<version {
                    for statement in migrations[step] { try connection.execute(statement) }
                }
                if before == nil {
                    try connection.execute(
                        "INSERT INTO \(schema).schema_version (tool, version) VALUES ($1, $2)",
                        [.text(tool), .integer(Int64(version))])
                } else if before != version {
                    try connection.execute("UPDATE \(schema).schema_version SET version = $1", [.integer(Int64(version))])
                }
                return (before, version)
            }
        } catch StoreError.unreadable(let server, let reason) where connection.lastSQLState == "42501" {
            throw StoreError.cannotCreate(
                path: server,
                reason: "this role may not create or change \(tool)'s tables (\(reason)); run '\(tool) db init' once as the database's owner")
        }
    }

    /// Gives `role` what the everyday commands need and no more: the schema, reading and
    /// writing its rows (`readOnly`: reading only). Run by the tables' owner.
    /// - Throws: the server's errors (an unknown role).
    package func grant(to role: String, readOnly: Bool, on connection: PostgresConnection) throws {
        try connection.transaction { connection in
            guard let quoted = try connection.query("SELECT quote_ident($1)", [.text(role)]).first?.text(0) else {
                throw StoreError.rejected(path: connection.server, reason: "cannot quote the role name")
            }
            try connection.execute("GRANT USAGE ON SCHEMA \(schema) TO \(quoted)")
            if readOnly {
                try connection.execute("GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(quoted)")
            } else {
                try connection.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(schema) TO \(quoted)")
                try connection.execute("GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(quoted)")
            }
        }
    }

    /// The statements `grant(to:readOnly:on:)` runs, for the manual: ROLE stands for the role.
    package func grantStatements(readOnly: Bool) -> [String] {
        if readOnly {
            return ["GRANT USAGE ON SCHEMA \(schema) TO ROLE;", "GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO ROLE;"]
        }
        return [
            "GRANT USAGE ON SCHEMA \(schema) TO ROLE;",
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(schema) TO ROLE;",
            "GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA \(schema) TO ROLE;",
        ]
    }

    private func foreign(_ connection: PostgresConnection, _ reason: String) -> StoreError {
        .foreign(path: connection.server, expected: "a \(tool) store", reason: reason)
    }
}
