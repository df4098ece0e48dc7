// The spec of tillcount's shared store on PostgreSQL (issue 17): db init, db copy, and the
// manual's words on the database, its tables, rights, connection and undo per person.

import MoneyKitCLI
import TillKit
import TillPostgres

extension TillcountSpec {
    static let grantRole = OptionSpec.option("grant", value: "ROLE", help: """
        Also give ROLE the everyday rights: reading and writing tillcount's rows, no DDL (PostgreSQL \
        only).
        """)
    static let readOnly = OptionSpec.flag("read-only", help: "With --grant: reading only (a back office that reports, never counts).")
    static let copyTarget = OptionSpec.option("to", value: "TARGET", help: """
        Where to copy: a postgresql:// URI or libpq keyword string, or a folder that is new or \
        empty.
        """, completion: .file)

    static let dbSpec = CommandSpec(
        name: "db", abstract: "Make a store ready (init) or copy a whole store (copy)",
        subcommands: [])

    static let dbInitSpec = CommandSpec(
        name: "init", abstract: "Make or migrate the store's tables; --grant gives a role the everyday rights",
        discussion: """
            On PostgreSQL: creates the schema tillcount and its tables (or brings them to this version) \
            under an advisory lock, and prints what it did; run it once as the database's owner, so the \
            everyday role needs no right to create anything. --grant ROLE then runs, in one transaction: \
            \(PostgresTillStore.grantStatements(readOnly: false).joined(separator: " ")) (with --read-only: \
            \(PostgresTillStore.grantStatements(readOnly: true).joined(separator: " "))). A role without \
            them is refused with 66 ("this role lacks a right"); a role that may not create the tables, \
            when they are missing or older, is told to run 'tillcount db init'. On a file store: creates \
            or migrates the database of the live counts and the history and says so; --grant is a usage error (64).
            """,
        options: [grantRole, readOnly, StandardOptions.force])

    static let dbCopySpec = CommandSpec(
        name: "copy", abstract: "Copy the whole store (every till's live count, every saved count) into an empty or new store",
        discussion: """
            Copies from the store --db (and --state) name into TARGET: every till's live count (lines, \
            float, notes, movements, blind, tolerance, its name) and every saved count with its id, \
            time, till, kind, Z number, label, lines and added notes. TARGET is a PostgreSQL database \
            (a URI or keyword string: its tables are made if missing) or a folder, made if missing, \
            that receives history.sqlite, holding both (use it with --db FOLDER/history.sqlite). TARGET must be new or empty: a folder with \
            files in it, or a database holding any till or saved count, is refused (73), never merged \
            into. Left behind: the undo stacks and the counts 'history rm' hid (they exist only for undo). \
            The saved counts are copied in one transaction, then each till's live count in one of its \
            own: a copy that fails part way leaves a target to delete before copying again. \
            Files to PostgreSQL, PostgreSQL to files and PostgreSQL to PostgreSQL work alike.
            """,
        options: [copyTarget])

    static let sharedStoreDiscussion = """
        A shared store on PostgreSQL: when --db or $TILLCOUNT_DB is a postgresql:// or postgres:// URI, \
        or a libpq keyword string (host=/run/postgresql dbname=shop), every till's live count, float and \
        notes and every saved count live in that database, so a shop's tills count and save at the same \
        time from several machines and the back office sees them all ('tillcount tills', 'tillcount \
        history', which names each count's till). --state and $TILLCOUNT_STATE are then not used (the \
        files stay as they are; 'tillcount db copy' moves them in). libpq's own PG* variables (PGHOST, \
        PGPORT, PGUSER, PGDATABASE, PGSSLMODE…), ~/.pgpass, PGPASSFILE and service files \
        (PGSERVICE, ~/.pg_service.conf) work as with psql, and sslmode=verify-full in the URI checks the \
        server's certificate. Passwords belong in ~/.pgpass or PGPASSFILE, never in --db: the process \
        list shows a command's arguments; messages never show a password.

        The tables are in the schema tillcount: \(PostgresTillStore.tableNames.joined(separator: ", ")), \
        with schema_version and applied_changes (the ids of recent changes: a change whose COMMIT was \
        not answered is looked up, so a retried command never counts twice). tills holds one row per \
        till (till, its name as first given; till_key, its lower-case form; currency, float, notes, \
        updated; count, the live count in its JSON form, see count.json in FILES); journal_steps and \
        journal_records are the undo journal every MoneyKit tool keeps (schema version 4; a step's actor is the \
        till's key, a tab and user@host; each step records the live count before it, the history step, or the \
        till 'tills rm' removed; the undo_steps and pending_purges of versions 1 to 3 are taken into it and \
        dropped by the first command that opens the store); counts, count_lines, count_labels and count_notes are the history's \
        tables with saved_actor and each label's and note's actor. Amounts are bigint minor units. Run \
        'tillcount db init' once as the database's owner (a role with no right to create tables is told \
        to); the everyday role needs only the rights 'db init --grant ROLE' gives. A newer schema, or a \
        schema tillcount that is not tillcount's, is refused (65), untouched.

        Each command is one transaction, a save or rm with its undo step; a till's row is locked while it changes, so \
        counts from several machines into one till all land. Undo in a shared store is per till and per \
        person: it reverts the newest step this user made from this machine (user@host) in that till, \
        never someone else's; when another person changed the till since that step (or relabelled or \
        noted the saved count a save step made), undo refuses (65) rather than revert their change too. \
        Exit codes: 69 when the server cannot be reached (the message names the host or socket), 75 when \
        it is busy or the connection was lost (the message says whether the change may have been \
        saved), 78 for a connection string libpq cannot read (the password hidden).
        """

    static let sharedEnvironment = EnvironmentSpec(
        "PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSFILE, PGSERVICE, PGSSLMODE",
        "libpq's own variables, for a --db or $TILLCOUNT_DB that names PostgreSQL (see libpq's documentation).")
    static let actorEnvironment = EnvironmentSpec(
        "MONEYKIT_ACTOR",
        "For tests: who makes the changes to a shared store, instead of user@host (undo reverts only that actor's steps).")
}
