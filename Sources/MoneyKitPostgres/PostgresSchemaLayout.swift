// A tool's tables in a PostgreSQL database: one schema named after the tool, versioned
// migrations, and the bookkeeping every tool shares (the schema's version, the role that
// made the tables, and the ids of the changes already applied). Migrations run under an
// advisory lock, so several clients may start at once; a newer schema, or a schema of that
// name that is not the tool's or that the user cannot trust (PostgresSchemaAudit), is
// refused untouched.

import MoneyKitPlatform
import MoneyKitStorage

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
    /// Whether every change NOTIFYs `SCHEMA_changes` when it commits, for a reader that
    /// stays (tally board). Only where one listens: PostgreSQL commits the transactions
    /// that notify one after another.
    package let notifiesChanges: Bool
    /// Tables rows are only ever added to (an audit trail): a granted role may read and
    /// insert, never update or delete.
    package let appendOnlyTables: [String]

    package init(schema: String, tool: String, migrations: [[String]], notifiesChanges: Bool = false, appendOnlyTables: [String] = []) {
        self.schema = schema
        self.tool = tool
        self.migrations = migrations
        self.notifiesChanges = notifiesChanges
        self.appendOnlyTables = appendOnlyTables
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
                version integer NOT NULL CHECK (version > 0),
                owner text
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

    /// What `connection`'s database holds under the schema's name, after checking that it
    /// may be trusted (PostgresSchemaAudit): two queries, the catalogs and the version row.
    /// - Throws: `StoreError.foreign` for a schema that is not the tool's (tables but no
    ///   version, another tool's version row, an owner the user does not trust, tables of
    ///   another owner than the one that made them, a trigger, rule, policy, function or
    ///   view the tool never makes), naming the owner; `StoreError.newerVersion`; the
    ///   server's errors.
    package func state(on connection: PostgresConnection) throws(StoreError) -> State {
        try inspect(on: connection).state
    }

    /// What `state(on:)` found, with whether the owner is recorded and who the user is.
    struct Inspection {
        let state: State
        /// schema_version.owner (nil: none recorded, a store made before the record).
        let recordedOwner: String?
        /// The owner of the tables, as checked.
        let owner: String?
        /// The user's role.
        let currentUser: String
    }

    /// `state(on:)` with what was found. `recordingOwner` (db init): tables that all
    /// belong to the user, though another owner is recorded (the role was renamed, or the
    /// tables handed over with REASSIGN OWNED), are accepted with no recorded owner, so
    /// that `migrate` records the user; their owner vouches for them.
    func inspect(on connection: PostgresConnection, recordingOwner: Bool = false) throws(StoreError) -> Inspection {
        let audit = try PostgresSchemaAudit.read(schema: schema, on: connection)
        let missing = Inspection(state: .missing, recordedOwner: nil, owner: nil, currentUser: audit.currentUser)
        guard audit.schema != nil else { return missing }
        if let problem = audit.problemBeforeVersion(tool: tool) { throw foreign(connection, problem) }
        guard audit.versionTableOwner != nil else {
            // An empty schema a trusted role made for us is ours to fill.
            if audit.relations.isEmpty { return missing }
            throw foreign(connection, "its schema '\(schema)' holds tables that are not \(tool)'s")
        }
        // to_jsonb reads the owner column when there is one (stores made before it have none).
        let rows = try connection.query("SELECT tool, version, to_jsonb(v) ->> 'owner' FROM \(schema).schema_version v")
        guard rows.count == 1, let row = rows.first, row.text(0) == tool, let version = try row.integer(1) else {
            throw foreign(connection, "its schema '\(schema)' is marked as another program's")
        }
        var recorded = row.text(2)
        if let problem = audit.problem(tool: tool, recordedOwner: recorded) {
            guard recordingOwner, recorded != nil, audit.problem(tool: tool, recordedOwner: audit.currentUser) == nil else {
                throw foreign(connection, problem)
            }
            recorded = nil
        }
        guard version <= Int64(self.version) else {
            throw StoreError.newerVersion(path: connection.server, found: Int(clamping: version), supported: self.version)
        }
        return Inspection(
            state: .version(Int(clamping: version)), recordedOwner: recorded,
            owner: recorded ?? audit.versionTableOwner, currentUser: audit.currentUser)
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
                let found = try inspect(on: connection, recordingOwner: true)
                switch found.state {
                case .missing:
                    before = nil
                    for statement in bootstrap { try connection.execute(statement) }
                case .version(let version):
                    before = version
                    // A store made before owners were recorded, or whose owner was
                    // renamed: its owner (checked above) records itself, so that a later
                    // change of owner is noticed. Other roles may not alter the table.
                    if found.recordedOwner == nil, found.owner == found.currentUser {
                        try connection.execute("ALTER TABLE \(schema).schema_version ADD COLUMN IF NOT EXISTS owner text")
                        try connection.execute("UPDATE \(schema).schema_version SET owner = current_user")
                    }
                }
                for step in (before ?? 0)..<version {
                    for statement in migrations[step] { try connection.execute(statement) }
                }
                if before == nil {
                    try connection.execute(
                        "INSERT INTO \(schema).schema_version (tool, version, owner) VALUES ($1, $2, current_user)",
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

    /// Gives `grantee` what the everyday commands need and no more: the schema, reading and
    /// writing its rows (`readOnly`: reading only). Run by the tables' owner.
    /// - Throws: `PostgresUnknownRole` when no role has that name; the server's errors.
    package func grant(to grantee: PostgresGrantee, readOnly: Bool, on connection: PostgresConnection) throws {
        try connection.transaction { connection in
            let target = try Self.grantTarget(grantee, on: connection)
            try connection.execute("GRANT USAGE ON SCHEMA \(schema) TO \(target)")
            if readOnly {
                try connection.execute("GRANT SELECT ON ALL TABLES IN SCHEMA \(schema) TO \(target)")
            } else {
                try connection.execute("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA \(schema) TO \(target)")
                try connection.execute("GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA \(schema) TO \(target)")
                for table in appendOnlyTables {
                    try connection.execute("REVOKE UPDATE, DELETE, TRUNCATE ON \(schema).\(table) FROM \(target)")
                }
            }
        }
    }

    /// A statement for a migration that adds tables to an existing schema: the roles given
    /// `privileges` on `table` (`db init --grant`) get the same on `targets`, and with
    /// INSERT `sequencePrivileges` on the id sequence of `sequenceOf`, so a shared store
    /// keeps working for them. Never edited once shipped (migrations run its text).
    package static func grants(
        likeThoseOn table: String, to targets: [String], privileges: [String], sequenceOf: String, sequencePrivileges: String, in schema: String
    ) -> String {
        """
        DO $$
        DECLARE granted record;
        BEGIN
            FOR granted IN
                SELECT DISTINCT CASE a.grantee WHEN 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END AS role,
                    a.privilege_type AS privilege
                FROM pg_class AS c, aclexplode(c.relacl) AS a
                WHERE c.oid = '\(schema).\(table)'::regclass AND a.grantee <> c.relowner
                    AND a.privilege_type IN (\(privileges.map { "'\($0)'" }.joined(separator: ", ")))
            LOOP
                EXECUTE format('GRANT %s ON \(targets.map { "\(schema).\($0)" }.joined(separator: ", ")) TO %s', granted.privilege, granted.role);
                IF granted.privilege = 'INSERT' THEN
                    EXECUTE format('GRANT \(sequencePrivileges) ON SEQUENCE %s TO %s',
                        pg_get_serial_sequence('\(schema).\(sequenceOf)', 'id'), granted.role);
                END IF;
            END LOOP;
        END
        $$
        """
    }

    /// The grantee as GRANT names it: PUBLIC, or the role's name quoted by the server.
    /// - Throws: `PostgresUnknownRole` when no role has that name; the server's errors.
    static func grantTarget(_ grantee: PostgresGrantee, on connection: PostgresConnection) throws -> String {
        guard case .role(let role) = grantee else { return "PUBLIC" }
        let found = try connection.query(
            "SELECT quote_ident($1), EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)", [.text(role)]).first
        guard let found, let quoted = found.text(0) else {
            throw StoreError.rejected(path: connection.server, reason: "cannot quote the role name")
        }
        guard try found.boolean(1) == true else {
            let known = try connection.query("SELECT rolname FROM pg_roles WHERE rolname !~ '^pg_' ORDER BY rolname")
            throw PostgresUnknownRole(role: role, known: known.compactMap { $0.text(0) })
        }
        return quoted
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
        ] + appendOnlyTables.map { "REVOKE UPDATE, DELETE, TRUNCATE ON \(schema).\($0) FROM ROLE;" }
    }

    private func foreign(_ connection: PostgresConnection, _ reason: String) -> StoreError {
        .foreign(path: connection.server, expected: "a \(tool) store", reason: reason)
    }
}
