// The specs of portfolio's store commands (db init, db copy) and the manual's text on a
// shared store in PostgreSQL (issue 17). The command tree (PortfolioCommandTree.tree) lists them.

import MoneyKitCLI
import MoneyKitPostgres
import PortfolioKit
import PortfolioPostgres

extension PortfolioSpec {
    /// The GRANTs a least-privilege role needs, as `db init --grant` runs them.
    static var grantText: String {
        let layout = PostgresPortfolioRepository.layout
        return "Everyday use: " + layout.grantStatements(readOnly: false).joined(separator: " ")
            + " Reports only: " + layout.grantStatements(readOnly: true).joined(separator: " ")
    }

    static let postgresHelp = """
        A shared store in PostgreSQL: --db and $PORTFOLIO_DB also take a postgresql:// or postgres:// \
        URI (postgresql://ann@db.example/household) or a libpq keyword string (host=db.example dbname=household \
        user=ann; service=household); anything else is a file path (a file really named host=x is reached as ./host=x). \
        libpq reads its own variables (PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE, PGSSLMODE, PGPASSFILE…), \
        ~/.pgpass and service files (~/.pg_service.conf) as psql does; TLS is libpq's sslmode (sslmode=verify-full \
        sslrootcert=FILE checks the server's certificate). A password belongs in ~/.pgpass or the file PGPASSFILE \
        names, never on the command line, where the process list shows it; messages never show it. \
        The tables live in the schema portfolio: accounts, updates, contributions and goals as in the SQLite \
        file (bigint ids, instants in seconds since 1970 UTC and amounts in minor units; text as text), the undo \
        journal every MoneyKit tool keeps (journal_steps with the actor user@host of each change, journal_records as \
        in the SQLite file; schema version 2 carried version 1's undo_steps, undo_accounts and the like over), and the bookkeeping of every \
        tool (schema_version, applied_changes: the id of each change, so a change whose COMMIT went unanswered \
        is never applied twice). 'portfolio db init' makes them (or brings them up to date) once, as the \
        database's owner; then a role without DDL rights runs every command: \(grantText) (ROLE: the role; \
        'portfolio db init --grant ROLE [--read-only]' runs them). The first change makes the tables itself when \
        the role may; otherwise it stops (73) and says to run 'portfolio db init'. A newer schema, or a schema \
        portfolio of another program, is refused (65), untouched. Reports read one consistent snapshot and never \
        create anything (a database without the tables reads as empty); each change is one transaction with \
        bound parameters only, and changes to one portfolio take turns (an advisory lock), so several people \
        and machines may change it at once and none is lost. Undo in a shared store reverts the last change made by \
        the same user on the same machine (user@host), never someone else's; when someone else changed one of \
        its accounts after it, undo refuses (65) and changes nothing. Each user and machine keeps its last \
        \(PortfolioUndo.limit) changes. Exit codes: 69 when the server cannot be reached (the message names the \
        host or socket), 75 when it is busy or the connection broke mid-command (the message says whether the \
        change may have been saved), 78 for a connection string libpq cannot read (shown with its password hidden).
        """

    static let dbCommand = CommandSpec(
        name: "db", abstract: "Make the store's tables, or copy the whole store to another",
        discussion: "db init makes or migrates the store (a SQLite file or portfolio's tables in PostgreSQL); db copy copies it.")

    static let dbInitCommand = CommandSpec(
        name: "init", abstract: "Make the store's tables or bring them up to date (once, as the database's owner)",
        discussion: """
            With a PostgreSQL store: makes the schema portfolio and its tables, or migrates them, \
            under an advisory lock (several clients may run it at once) and prints what it did; with \
            --grant ROLE also gives ROLE what the everyday commands need and nothing more \
            (\(grantText)); with --read-only, reading only. With a SQLite file: creates it (or \
            migrates it) and says so; --grant is for PostgreSQL only (64).
            """,
        options: [.option("grant", value: "ROLE", help: "Give ROLE the rights of the everyday commands (reading and writing rows, no DDL)."),
                  .flag("read-only", help: "With --grant: the rights of the reports only."), StandardOptions.force])

    static let dbCopyCommand = CommandSpec(
        name: "copy", abstract: "Copy the whole store into an empty or new one (file or PostgreSQL)",
        discussion: """
            Copies every account (its name, currency, creation and close), every update, deposit and \
            withdrawal, and every goal from the store --db names into TARGET: a SQLite file path \
            (created) or a PostgreSQL URI or keyword string whose tables are empty or missing. Any \
            backend to any other, read in one snapshot and written in one transaction: all or \
            nothing. A TARGET that holds anything is refused (73), never merged into or overwritten. \
            Ids are TARGET's own; the order of updates at one instant is kept. The undo history \
            stays behind: in TARGET the copy is one change ('portfolio undo' there removes it).
            """,
        options: [.option("to", value: "TARGET", help: "Where to copy: a file path, or a postgresql:// URI or keyword string.", completion: .file)])
}
