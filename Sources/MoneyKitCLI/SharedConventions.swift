// The conventions the four tools share, worded once for their help and man pages, so
// that every page says the same thing the shared code does (ItemName, LocaleCurrency).

import MoneyKit
import MoneyKitStorage

package enum SharedConventions {
    /// The name rule (MoneyKit's ItemName), for a tool whose things are `thing` with its
    /// article ("a counter", "an account").
    package static func names(of thing: String) -> String {
        """
        Names: \(thing) name has at most 100 characters (and 400 bytes of UTF-8), a \
        visible character, no space at either end, and no control or invisible formatting \
        character (tab and newline included); another name is refused (exit 64 when empty \
        or with a space at an end, 65 otherwise) and nothing is stored. Names are stored in \
        Unicode NFC, and letter case does not tell them apart: 'Cash ISA' and 'cash isa' are \
        one name, kept as first typed, and an exact match wins. A name stored before this \
        rule stays readable and is shown escaped. tally and portfolio share this rule.
        """
    }

    /// The undo rule (MoneyKit's UndoHistory) for `tool`.
    package static func undo(_ tool: String) -> String {
        """
        Undo: every command that changes what \(tool) stores is one step; '\(tool) undo' \
        reverts the newest step exactly and says what it was, and can go back \
        \(UndoHistory.stepsKept) steps. An undo is not itself a step (there is no redo); \
        with nothing to undo it exits 66. tally, tillcount and portfolio share this rule.
        """
    }

    /// Where a tool's currency comes from when none is given: `saved` says what the tool
    /// remembers first ("the live count's currency"), or nil.
    package static func defaultCurrency(after saved: String?) -> String {
        let remembered = saved.map { "else \($0), " } ?? ""
        return """
            Currency: when --currency is not given, \(remembered)else the currency of the \
            locale's region (the first of LC_ALL, LC_MONETARY and LANG that is set: en_GB \
            gives GBP), else \(LocaleCurrency.fallback.code) (a C or POSIX locale names no region). \
            billsplit, portfolio and tillcount share this rule.
            """
    }

    /// The shared store (PostgreSQL) for `tool`, whose store is named by `option` and
    /// `variable`, for its man page: how to name the database, where the tables are, the
    /// GRANTs of a least-privilege role, undo per user and machine, and the exit codes.
    package static func sharedStore(tool: String, option: String, variable: String, example: String, grants: [String]) -> String {
        """
        Sharing a store: \(option) and $\(variable) also take a PostgreSQL database, as a \
        postgresql:// or postgres:// URI (postgresql://\(example)) or a libpq keyword string \
        (host=/run/postgresql dbname=shop). libpq's own variables (PGHOST, PGPORT, PGDATABASE, \
        PGUSER, PGSERVICE, PGSSLMODE, PGSSLROOTCERT, PGCONNECT_TIMEOUT, the default 10 seconds), \
        ~/.pgpass and service files work as with psql; sslmode=verify-full with sslrootcert=FILE \
        checks the server's certificate and name. Passwords belong in ~/.pgpass or PGPASSFILE: \
        the process list shows every command line to every user of the machine (a password \
        typed in a connection string is hidden from it as \(tool) starts, and from every \
        message, but not before). \(tool)'s tables live in the schema '\(tool)': '\(tool) db \
        init' makes them, or brings them to this version, as a role that may create them \
        (clients starting at once wait for one another); a newer version or a schema of that \
        name that is not \(tool)'s is refused (65) and left untouched. '\(tool) db init --grant \
        ROLE' then gives ROLE what the everyday commands need and no more: \
        \(grants.joined(separator: " ")) (with --read-only: reading only). Every command is one \
        transaction; clients that collide are run again, and a change whose commit went \
        unanswered is looked up by its own id before it is tried again, so it never counts \
        twice. Undo in a shared store reverts the last change made by this user from this \
        machine (user@host), never anyone else's. Exit codes: 69 the server cannot be reached \
        or refuses the connection (the message names the host or socket); 75 busy, or the \
        connection was lost during the command (the message says whether the change may have \
        been saved); 78 a connection string that cannot be read (shown with its password \
        hidden).
        """
    }
}
