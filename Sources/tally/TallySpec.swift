// The command spec of tally: the single source of its parsing, help, man page and
// completions.

import MoneyKitCLI
import TallyKit
import TallyPostgres
import TallySQLite

enum TallySpec {
    static let name = ArgumentSpec("NAME", help: """
        The counter's name (quote it if it has spaces; letter case ignored, see Names).
        """, completion: .dynamic(["list", "--names"]))

    static let root = CommandSpec(
        name: "tally",
        abstract: "named counters with a step, for people at a terminal and for scripts",
        discussion: """
            Keeps any number of named counters. Each has a count, a start value it resets to, \
            a step (negative allowed) that inc adds and dec subtracts, a creation date and a pin. \
            Pinned counters list first, then the newest.

            A counter may have a goal (shown as COUNT/GOAL, e.g. 12/50; see 'tally goal'), a \
            lowest and a highest count allowed (see 'tally bounds': a change beyond them is \
            refused, exit 65, nothing stored) and tags (see 'tally tag'; 'tally list --tag T', \
            'tally sum --tag T' and 'tally reset --all --tag T' act on the counters with a tag).

            A derived counter ('tally new inside --from "in - out"') is a sum or difference of \
            other counters: never stored, worked out whenever list, get, show or tap shows it, \
            with a goal and tags of its own. Its --min and --max are thresholds, not limits: a \
            change of a source that leaves it beyond one is kept, and reported on standard error \
            (with --strict, the command then exits 1), so the door's count always goes in. A \
            source cannot be deleted while a derived counter names it; inc, dec, set and reset \
            refuse a derived counter (exit 65), and 'tally sum' leaves derived counters out.

            Commands that change a count print the new count alone, so $(tally inc NAME) works \
            in scripts; when a change reaches the counter's goal, a note says so on standard \
            error. Every change can be undone with 'tally undo', a removal included. Counts \
            and steps are 64-bit integers: a change that would overflow is refused (exit 65) and \
            nothing is stored.

            Counters live in one SQLite database (see FILES), or, shared by several users and \
            machines, in a PostgreSQL database: give --file or TALLY_FILE a postgresql:// URI or \
            a libpq keyword string (see 'tally db'). Every command is one transaction, \
            durable when the command returns, so concurrent invocations never lose an update and \
            a crash leaves the store as it was before or after a command. Every change is logged \
            with its time: 'tally log' lists a counter's changes, 'tally stats' sums them per \
            hour, day, week or month, and 'tally show' gives today's, this week's and all the net \
            change with a sparkline of the last 14 days.

            \(SharedConventions.undo("tally"))

            \(SharedConventions.names(of: "a counter"))
            """,
        options: [
            file,
            StandardOptions.color,
        ],
        subcommands: [],  // assembled from TallyCommandTree
        defaultSubcommand: "list",
        examples: [
            ExampleSpec("tally new coffee", "Create a counter called coffee, counting from 0 by 1."),
            ExampleSpec("tally inc coffee", "Add one and print the new count."),
            ExampleSpec("tally new push-ups --step 10 --pin", "A pinned counter that goes up by 10."),
            ExampleSpec("tail -f /var/log/app.log | grep --line-buffered ERROR | tally feed errors", "Count error lines as they arrive."),
            ExampleSpec("n=$(tally get coffee); echo \"$n cups\"", "Use a count in a script."),
            ExampleSpec("tally export > counters.json && tally import --on-clash replace counters.json", "Back up and restore."),
            ExampleSpec("tally new tubes --goal 96 --min 0 --tag lab", "A counter with a goal, no count below 0, tagged lab."),
            ExampleSpec("tally sum --tag lab", "The total of the counters tagged lab."),
            ExampleSpec(
                "tally new in && tally new out && tally new inside --from \"in - out\" --max 200",
                "Door counters and a derived one: people inside, reported on standard error past 200."),
            ExampleSpec("tally inc in --strict || echo 'venue full'", "Count a visitor; exit 1 when inside passes 200."),
            ExampleSpec("""
                TALLY_FILE=postgresql://door@db.example.org/venue tally inc visitors
                """, """
                Count on a shared PostgreSQL store (the password comes from ~/.pgpass).
                """),
            ExampleSpec("tally reset --all --tag lab --force", "Put every lab counter back to its start (one undo)."),
        ],
        environment: [
            EnvironmentSpec("TALLY_FILE", """
                The store, when --file is not given: a path (see FILES for how a .json name is \
                read), or a PostgreSQL connection URI or keyword string (see 'tally db').
                """),
            EnvironmentSpec("PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSFILE, PGSERVICE, PGSSLMODE", """
                libpq's own variables, read as psql reads them, for what a PostgreSQL connection \
                string leaves out.
                """),
            EnvironmentSpec("MONEYKIT_ACTOR", """
                For tests only: who changes a PostgreSQL store, in place of USER@HOST (undo reverts \
                only this actor's changes).
                """),
        ]
            + StandardOptions.xdgEnvironment(["data"]) + StandardOptions.environment,
        files: [
            FileSpec("$XDG_DATA_HOME/tally/counters.db", """
                The counters and their log (default ~/.local/share/tally/counters.db): SQLite in WAL \
                mode with synchronous=FULL, mode 0600 in a 0700 folder (its -wal and -shm files \
                too); schema version 3 in PRAGMA user_version, marked as tally's by PRAGMA \
                application_id 1296782401 (0x4D4B5441). Tables: counters(serial, name, match_key, \
                count, start, step, pinned, created, updated, goal, minimum, maximum, formula: a \
                derived counter's sources as signed serials, "+3 -4", NULL for a counter that keeps \
                its count; version 2 had no formula, and its first change adds it), \
                counter_tags(serial, position, tag) holding each counter's tags in order, meta(key, \
                value) holding next_serial and match_key_rule (2: match_key is the name in NFC, case \
                folded; a store without it has lower-cased keys, recomputed by its first change), \
                journal_steps(id, label, at, actor, mark): the last 100 commands, which undo can \
                revert; journal_records(step_id, position, kind, key, before): what each command \
                touched as it was before (kind counter: key the serial, before the counter as JSON \
                or NULL when the command made it; kind events: the command's events), the undo \
                journal every MoneyKit tool shares (version 1 kept it in changes and undo_rows: \
                its first change carries them over); events(id, change_id, serial, at in \
                milliseconds since 1970 UTC, kind, count_before, count_after, old_value, new_value, \
                actor): the log, one row per \
                counter a command changed, kept when its command leaves the undo history and removed \
                by the undo that reverts it (a deleted counter's log goes with it once its removal \
                can no longer be undone). actor is who made the change: empty in a file store, \
                except for the log copied from a shared store by 'tally db copy'. Each command is \
                one transaction (BEGIN IMMEDIATE): a second writer waits up to 10 seconds, then \
                exits 75. Commands that only read (list, get, show, log, stats, export) never \
                create, migrate or change the database; a missing database reads as empty. A \
                database of another program, or with other tables, is refused (65), never adopted; a \
                newer schema is refused and left untouched (65). Missing folders are created for the \
                default location only; a --file or $TALLY_FILE in a folder that does not exist is an \
                error (73).
                """),
            FileSpec("$XDG_DATA_HOME/tally/counters.json", """
                The store of tally before the database (one JSON document: {\"format\": \"tally\", \
                \"version\": 1, \"content\": {\"counters\": [{\"name\", \"count\", \"start\", \
                \"step\", \"pinned\", \"created\", \"serial\", and when set \"goal\", \"min\", \
                \"max\", \"tags\", \"updated\"}], \"nextSerial\", \"undo\": [...]}}). The first \
                command that changes something imports its counters (names, counts, starts, steps, \
                pins, goals, bounds, tags, creation and last-change times, and order) into \
                counters.db beside it, in that command's transaction, and says so once on standard \
                error; the JSON file is never changed or removed and stays as a backup. Its undo \
                history comes over too (an undo after the move reverts the last change made before \
                it); the log starts empty at the move. Until then, read commands read it as it is \
                and create nothing. A JSON file that is not a valid tally store (corrupt, newer, \
                breaking an invariant) is refused (65) and nothing is created. Where the database is \
                for a --file or $TALLY_FILE: a name ending in .json stands for that JSON file and \
                the database beside it with .db in place of .json (counters.json: counters.db); a \
                file holding a JSON tally document under another name stands for it and the database \
                beside it with .db appended (mine: mine.db); any other name is the database itself.
                """),
        ],
        exitStatus: [
            ExitStatusSpec(.ok),
            ExitStatusSpec(.checkFailed, """
                With --strict: the change left a derived counter beyond its minimum or maximum \
                (the change is kept, and said on standard error).
                """),
            ExitStatusSpec(.usage),
            ExitStatusSpec(.dataError, """
                Bad input: an overflow, a change beyond a counter's bounds, a duplicate name, an \
                unreadable import, or a corrupt or newer store.
                """),
            ExitStatusSpec(.noInput, "No counter of that name, or the import file cannot be read."),
            ExitStatusSpec(.unavailable, """
                The PostgreSQL server cannot be reached or refused the connection (the message \
                names the host or socket), or PostgreSQL's client library is not installed \
                (Debian: libpq5).
                """),
            ExitStatusSpec(.cannotCreate, """
                The store cannot be created, the role may not create tally's tables (run 'tally db \
                init' as the database's owner), or 'db copy' found its target not empty.
                """),
            ExitStatusSpec(.ioError),
            ExitStatusSpec(.busy, """
                The store is locked for too long, or the connection to the PostgreSQL server was \
                lost during the command: the message says whether the change may have been saved.
                """),
            ExitStatusSpec(.configuration, "A PostgreSQL connection string that cannot be used (shown with its password hidden)."),
        ],
        security: StandardOptions.security()
    )

    // MARK: options, each default spelled once (here)

    static let file = OptionSpec.option(
        "file", value: "PATH", help: """
            The store (default $TALLY_FILE, else $XDG_DATA_HOME/tally/counters.db; a PATH ending in \
            .json names the JSON store of an older tally and the database beside it, see FILES). A \
            postgresql:// or postgres:// URI, or a libpq keyword string such as 'host=db \
            dbname=venue', names a shared PostgreSQL store (see 'tally db').
            """, global: true,
        completion: .file)

    static let format = TypedOption<OutputFormat>.choice(OutputFormat.option())
    static let namesOnly = OptionSpec.flag("names", help: "Print only the names, one a line.")
    static let start = wholeNumber(.option("start", value: "N", help: "The start value and first count.", default: "0"))
    static let newStep = wholeNumber(.option("step", value: "N", help: "What inc adds; not 0, may be negative.", default: "1"))
    static let from = OptionSpec.option("from", value: "FORMULA", help: """
        Make a derived counter: stored counters with + or - between them, each between spaces \
        ("in - out"; a name holding " - " in double quotes).
        """)
    static let strict = OptionSpec.flag("strict", help: "Exit 1 when the change leaves a derived counter beyond its minimum or maximum.")
    static let pin = OptionSpec.flag("pin", help: "Pin the new counter.")
    static let incrementTimes = wholeNumber(
        .option("times", short: "n", value: "K", help: "Add the step K times.", default: "1"), in: 1...Int64.max)
    static let decrementTimes = wholeNumber(
        .option("times", short: "n", value: "K", help: "Subtract the step K times.", default: "1"), in: 1...Int64.max)
    static let exportFormat = TypedOption<OutputFormat>.choice(
        .option("format", value: "FORMAT", help: "json or csv.", default: "json", allowed: ["json", "csv"]))
    static let onClash = TypedOption<ClashPolicy>.choice(
        .option(
            "on-clash", value: "WHAT", help: "What to do when a name exists: error, skip, replace, rename.", default: "error",
            allowed: ClashPolicy.allCases.map { $0.rawValue }))

    // The log: tally log, tally stats.
    static let since = OptionSpec.option(
        "since", value: "D",
        help: "From this instant (default: the first event). \(RangeDateHelp.start)")
    static let until = OptionSpec.option(
        "until", value: "D", help: "To this instant, included (default: now). \(RangeDateHelp.end)")
    static let dayStarts = OptionSpec.option("day-starts", value: "HH:MM", help: """
        When a day begins, local time, for this command (default: the store's, see 'tally \
        day-starts'): with 06:00 a night past midnight counts as the day before, and weeks and \
        months begin then too.
        """)
    static let skipEmpty = OptionSpec.flag("skip-empty", help: "Leave out the periods without events.")
    static let statsPeriod = TypedOption<CounterPeriod>.choice(
        .option("by", value: "PERIOD", help: """
            hour, day, week (Monday to Sunday) or month, in local time (TZ).
            """, default: "day", allowed: CounterPeriod.allCases.map { $0.rawValue }))

    /// An option holding a whole number in `range`, read as `TypedOption.integer` reads it.
    /// Plain digits (every default, most values typed) are read directly: `tally inc`
    /// reads its default `--times 1` on every start, and the strict reader's first use
    /// costs about 400 k instructions. Anything else, and any number out of `range`,
    /// goes to the strict reader, which accepts or refuses it with its own message.
    static func wholeNumber(_ spec: OptionSpec, in range: ClosedRange<Int64>? = nil) -> TypedOption<Int64> {
        let strict = TypedOption.integer(spec, in: range)
        // Plain bounds, not the range: a generic range's first use costs as much as the parse saved.
        let lowest = range?.lowerBound ?? Int64.min, highest = range?.upperBound ?? Int64.max
        return TypedOption(spec) { text, arguments throws(CLIError) in
            if let value = plainDigits(text), value >= lowest, value <= highest { return value }
            guard let value = try arguments.value(strict) else { return 0 }  // not reached: the option has a value
            return value
        }
    }

    /// `text` as a number when it is 1 to 18 ASCII digits (which cannot overflow), else nil.
    static func plainDigits(_ text: String) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    // MARK: the subcommands, in the order --help lists them (see TallyCommandTree)

    static let list = CommandSpec(
        name: "list", abstract: "List the counters: pinned first, then newest first", discussion: listDiscussion, aliases: ["ls"],
        options: [format.spec, namesOnly, tagFilter, sort.spec])

    static let new = CommandSpec(
        name: "new", abstract: "Create a counter and print its name",
        discussion: """
            Without NAME the counter is called 'New Counter N', N the smallest number not in use. \
            The start must lie within --min and --max, and so must --goal.

            With --from, the counter is derived: its count is the sum or difference of the \
            counters the formula names, worked out whenever it is shown, never stored. Its sources \
            are counters that keep their counts, named as any command names them; renaming one \
            keeps the formula. A derived counter needs a NAME, has no start or step, and its \
            --min and --max are thresholds: a change of a source that leaves it beyond one is \
            reported on standard error, not refused.
            """,
        aliases: ["create"],
        options: [start.spec, newStep.spec, from, pin, newGoal.spec, newMinimum.spec, newMaximum.spec, newTag],
        arguments: [ArgumentSpec("NAME", help: "The new counter's name.", optional: true)])

    static let get = CommandSpec(name: "get", abstract: "Print a counter's count alone", arguments: [name])

    static let inc = CommandSpec(
        name: "inc", abstract: "Add the step and print the new count", aliases: ["increment", "up"],
        options: [incrementTimes.spec, strict],
        arguments: [name])

    static let dec = CommandSpec(
        name: "dec", abstract: "Subtract the step and print the new count", aliases: ["decrement", "down"],
        options: [decrementTimes.spec, strict],
        arguments: [name])

    static let add = CommandSpec(
        name: "add", abstract: "Add an amount (negative to subtract), ignoring the step",
        options: [strict],
        arguments: [name, ArgumentSpec("AMOUNT", help: "A whole number, e.g. 5 or -3.")])

    static let set = CommandSpec(
        name: "set", abstract: "Set the count",
        options: [strict],
        arguments: [name, ArgumentSpec("VALUE", help: "The new count, a whole number.")])

    static let reset = CommandSpec(
        name: "reset", abstract: "Put the count back to the start value (--all: every counter)",
        discussion: resetDiscussion,
        options: [resetAll, tagFilter, StandardOptions.force, strict],
        arguments: [ArgumentSpec("NAME", help: "The counter to reset; leave out with --all.", optional: true, completion: .dynamic(["list", "--names"]))])

    static let rename = CommandSpec(
        name: "rename", abstract: "Rename a counter", aliases: ["mv"],
        arguments: [name, ArgumentSpec("NEW", help: "The new name.")])

    static let stepCommand = CommandSpec(
        name: "step", abstract: "Change a counter's step",
        arguments: [name, ArgumentSpec("N", help: "The new step; not 0, may be negative.")])

    static let pinCommand = CommandSpec(name: "pin", abstract: "Pin a counter to the top of the list", arguments: [name])

    static let unpin = CommandSpec(name: "unpin", abstract: "Unpin a counter", arguments: [name])

    static let rm = CommandSpec(
        name: "rm", abstract: "Delete counters (asks on a terminal; --force otherwise)", aliases: ["remove", "delete"],
        options: [StandardOptions.force],
        arguments: [ArgumentSpec("NAME", help: "The counters to delete.", repeating: true, completion: .dynamic(["list", "--names"]))])

    static let undo = CommandSpec(
        name: "undo", abstract: "Revert the last change, a delete included",
        discussion: """
            Up to \(SQLiteTallyRepository.undoLimit) changes are remembered: each command is one \
            change (an import or a removal of several counters included). Each undo reverts one, \
            says what it was, and removes the events it recorded from the log. Older changes stay in \
            the log but can no longer be undone.\n\nIn a shared PostgreSQL store, undo reverts the \
            last change made by this user from this machine (USER@HOST), never someone else's; up to \
            \(SQLiteTallyRepository.undoLimit) changes are remembered for each. When someone else \
            has changed one of its counters since, the undo is refused (exit 65) and nothing is \
            changed, rather than overwrite their change.
            """,
        options: [strict])

    static let show = CommandSpec(
        name: "show", abstract: "Show everything about one counter, with its net change today, this week and in all",
        discussion: """
            The text form adds the net change today (since local midnight, or since the day's start: \
            see --day-starts), this week (since Monday 00:00, or Monday's day start) and in all \
            (every event in the log), and a sparkline of the last 14 days' net \
            changes (one block a day, today last). JSON adds them as numbers: today, this_week, \
            all_time, events (how many the log holds) and last_days (the 14 daily net changes, \
            oldest first). CSV and TSV hold the counter's fields only. A derived counter's \
            figures are its sources' changes, each added or subtracted as its formula says.
            """,
        options: [format.spec, dayStarts], arguments: [name])

    static let log = CommandSpec(
        name: "log", abstract: "List a counter's changes with their times",
        discussion: """
            One row per event, oldest first: when (local time to the second in text; ISO 8601 UTC to \
            the millisecond in JSON, CSV and TSV), the kind (new, inc, dec, add, set, reset, rename, \
            step, pin, unpin, feed, import), the change of the count, the count after it, and for \
            rename and step the old and new value (columns old and new for scripts). A change that \
            undo reverted is gone from the log. A counter taken over from the JSON store of an older \
            tally has no events before the import. A date alone in --since or --until names a whole \
            day from its start (see --day-starts). A derived counter's log lists its sources' \
            changes (DETAIL, and new for scripts, names the source) with its own value after each, \
            worked back from its value now.
            """,
        options: [format.spec, since, until, dayStarts],
        arguments: [name])

    static let stats = CommandSpec(
        name: "stats", abstract: "Sum a counter's changes per hour, day, week or month",
        discussion: """
            One row per period in local time (TZ), oldest first, from the period of --since \
            (default: the first event) to the period of --until (default: now): the net change of \
            the count and the number of events. Periods without events are listed with 0 (left out \
            with --skip-empty). A day with a daylight-saving change has the hours the clock shows \
            (23 or 25). Days begin at midnight, or at the store's day start (see 'tally \
            day-starts' and --day-starts): with 06:00, the events of 02:00 on Sunday count on \
            Saturday, a week begins on Monday at 06:00 and a month on the 1st at 06:00. Columns for \
            scripts: period, start (ISO 8601 with the local offset), change, events.
            """,
        options: [statsPeriod.spec, format.spec, since, until, dayStarts, skipEmpty],
        arguments: [name])

    static let dayStartsCommand = CommandSpec(
        name: "day-starts", abstract: "Print or set when the store's days begin (a night past midnight as one day)",
        discussion: """
            Without TIME, prints the time the store's days begin (00:00 unless set). With TIME \
            (HH:MM, local time), stats, log's date ranges and show's figures count each day from \
            then to the same time the next day, so a venue open until 04:00 sees its night as one \
            day. Kept in the store (shared by everyone on a PostgreSQL store); one undo step; \
            00:00 puts midnight back. --day-starts on those commands overrides it for one run.
            """,
        arguments: [ArgumentSpec("TIME", help: "When a day begins, HH:MM, local time.", optional: true)],
        examples: [ExampleSpec("tally day-starts 06:00", "Count each night with the day it began.")])

    static let export = CommandSpec(
        name: "export", abstract: "Write all counters as JSON or CSV to standard output",
        discussion: """
            The export holds everything (name, count, start, step, pin, creation time, goal, min, \
            max, tags, last change) and each counter's log, so 'tally import' into an empty store \
            restores it exactly: 'tally log', 'tally stats' and a second export are as before. \
            Format version 2: JSON {\"format\": \"tally-export\", \"version\": 2, \"counters\": \
            [...]}, each counter with its fields and \"log\": its events oldest first, each {\"at\" \
            (ISO 8601 UTC to the millisecond), \"kind\", \"before\", \"after\", and when set \
            \"old\", \"new\", \"actor\"}; CSV one row a counter with the same columns, the log one \
            field holding that JSON list. In CSV a value that a spreadsheet would run as a formula, \
            or that starts with a quote, gets one leading quote (') that import removes.
            """,
        options: [exportFormat.spec])

    static let importCounters = CommandSpec(
        name: "import", abstract: "Read counters from a tally export (JSON or CSV)",
        discussion: """
            The format is recognised from the content: a tally export (JSON, version 1 or 2, or CSV) \
            or the output of 'tally list --format json'. A counter given with its log (an export of \
            version 2) is restored with exactly that log, in this import's undo step; one without \
            (version 1, a list, a CSV without a log column) gets one 'import' event. Every field but \
            the name is optional; goal, min and max are whole numbers or null (empty in CSV), tags a \
            list (in CSV one field, 'a,b'), and a counter whose bounds do not hold its start, count \
            and goal is refused (exit 65), as is a tag the tag rule refuses. A name that already \
            exists is a clash: by default nothing is imported and the clashes are listed; --on-clash \
            skip keeps the existing counter, replace overwrites it, rename imports under 'NAME (2)'. \
            One 'tally undo' reverts the whole import.
            """,
        options: [onClash.spec],
        arguments: [ArgumentSpec("FILE", help: "The export to read, or - for standard input.", completion: .file)])

    static let tap = CommandSpec(
        name: "tap", abstract: "A full-screen counter to tap with the keyboard",
        discussion: """
            Space, Enter, + or Up add a step; Backspace, - or Down take one away; u undoes; q, Esc \
            or Ctrl-C quits. Every change is saved before the screen shows it; a step beyond the \
            counter's bounds is refused on the screen. With a goal, the progress toward it shows \
            under the count. Needs a terminal. When no counter has the name, tap asks whether to \
            create it (as 'tally new NAME') and opens it; answered no, it ends with the usual error \
            (exit 66) and creates nothing.
            """,
        arguments: [name])

    static let board = CommandSpec(
        name: "board", abstract: "Show several counters full-screen, kept up to date as others change them",
        discussion: """
            A live view of the counters (with --tag, of those holding all the tags), derived ones \
            with them: each with its count and, for a counter with a maximum, how full it is (a \
            capacity: 152/200 and a bar, FULL past it), or for one with a goal, how far toward it. \
            It only reads. When another process changes the store (another door, another \
            machine on a shared PostgreSQL store) the board shows it within a quarter of a \
            second: the file store is watched through SQLite's data_version, the shared store \
            through LISTEN/NOTIFY (every change sends a NOTIFY on the channel tally_changes when \
            it commits). Keys: p or space pause and go on, s the next order (created, name, \
            count, updated), / type a name filter (Enter keeps it, Esc drops it), c clear it, r \
            read again, q or Esc quit. Needs a terminal, as tap does.
            """,
        options: [tagFilter, sort.spec])

    static let feed = CommandSpec(
        name: "feed", abstract: "Add one step per line read from standard input",
        discussion: """
            For pipelines: tail -f log | grep ERROR | tally feed errors. Saves at least every 100 \
            ms, at the end of input, and on SIGINT, SIGTERM or SIGHUP, so nothing read is lost; then \
            prints the final count. After such a signal it ends by that signal once saved (the shell \
            shows status 130 for Ctrl-C), so a script's loop stops as it expects. A derived counter \
            the feed takes past its minimum or maximum is said on standard error when it crosses; \
            with --strict the feed exits 1 when it ends with one beyond.
            """,
        options: [strict],
        arguments: [name])

    // MARK: the store itself: tally db

    static let grant = OptionSpec.option("grant", value: "ROLE", help: "Also give ROLE the rights the everyday commands need (PostgreSQL only).")
    static let readOnly = OptionSpec.flag("read-only", help: "With --grant: reading only (list, get, show, log, stats, sum, export).")
    static let copyTarget = OptionSpec.option(
        "to", value: "TARGET", help: "Where to copy: a path (a new or empty SQLite store) or a PostgreSQL URI or keyword string (an empty database).",
        completion: .file)

    static let db = CommandSpec(
        name: "db", abstract: "Set up a store, or copy a whole store to another",
        discussion: """
            A shared store lives in a PostgreSQL database: give --file or TALLY_FILE a URI \
            (postgresql://USER@HOST:PORT/DBNAME?sslmode=verify-full) or a libpq keyword string \
            ('host=HOST dbname=DBNAME user=USER'). What it leaves out comes from libpq's PG* \
            variables, ~/.pgpass and service files (service=NAME, ~/.pg_service.conf), as with \
            psql; sslmode (require, verify-ca, verify-full, with sslrootcert) sets TLS. A password \
            belongs in ~/.pgpass or the file PGPASSFILE names, never on the command line: the \
            process list shows every argument. Messages never show a password.

            tally keeps its tables in the schema tally (version 2): counters (one row per \
            counter, its tags in order in a text[] column), meta (next_serial), journal_steps \
            (the changes undo can revert, with their actor USER@HOST) and journal_records (each \
            counter as it was before a change, and the names it took or gave up), events (the \
            log, with the actor \
            of each change), schema_version and applied_changes (the id of each change, so that \
            a change retried after a lost connection never counts twice). Every command is one \
            transaction with bound parameters; a change locks the counters it reads, so \
            concurrent increments of one counter all count; a serialization failure or deadlock \
            is retried. Undo reverts only this user's and machine's changes (see 'tally undo').

            'tally db init' makes the tables (or brings them to this version) and with --grant \
            ROLE gives ROLE what the everyday commands need and no more, so that role needs no \
            right to create anything. The statements it runs:

            \(PostgresTallyRepository.grantStatements(readOnly: false).joined(separator: "\n\n"))

            With --read-only:

            \(PostgresTallyRepository.grantStatements(readOnly: true).joined(separator: "\n\n"))

            A change by a role that may not create the tables, on a database without them, \
            fails (exit 73) and says to run 'tally db init'. A newer schema, or a schema tally \
            that is not tally's, is refused (65) and left untouched. The server not reachable: \
            exit 69, naming the host or socket; the connection lost during a command: exit 75, \
            saying whether the change may have been saved; a connection string libpq cannot \
            read: exit 78, shown with its password hidden.

            'tally db copy --to TARGET' copies the whole store (every counter with all its \
            fields, the log of every counter with its times and actors, the next serial) into \
            TARGET: SQLite to PostgreSQL, PostgreSQL to SQLite, or either to itself. TARGET \
            must be a new file or an empty store: a copy never merges into or overwrites one \
            (exit 73). The undo history stays behind (and with it the log of a deleted counter \
            that only undo could bring back).
            """,
        examples: [
            ExampleSpec("tally --file postgresql://admin@db.example.org/venue db init --grant door", "Make tally's tables and let the role door use them."),
            ExampleSpec("tally db copy --to 'host=db.example.org dbname=venue user=admin'", "Move the local store to a shared one."),
            ExampleSpec("tally --file service=venue db copy --to ~/counters-backup.db", "Copy a shared store into a new SQLite file."),
        ])

    static let dbInit = CommandSpec(
        name: "init", abstract: "Make the store's tables, or bring them to this version",
        discussion: """
            On PostgreSQL: makes the schema tally and its tables (or migrates them), under a lock so \
            that several clients may run it at once, and with --grant ROLE gives ROLE the everyday \
            rights (see 'tally db'). On a file store: creates the database (or migrates it), or says \
            it is up to date. Prints what it did on standard error.
            """,
        options: [grant, readOnly, StandardOptions.force])

    static let dbCopy = CommandSpec(
        name: "copy", abstract: "Copy the whole store into a new or empty store",
        discussion: """
            Reads this store in one snapshot and writes TARGET in one transaction: all or nothing. \
            Counters keep their serials, fields and tags; the log keeps its order, times and actors; \
            the undo history stays behind. A TARGET that holds anything is refused (exit 73) and \
            left untouched.
            """,
        options: [copyTarget])

    // MARK: goals, bounds, tags, order, sum (issue 15, items 2 to 4)

    /// A whole number or "none" (to clear), as `tally goal` and `tally bounds` take it.
    static func setting(_ text: String, named what: String, commandPath: [String]) throws(CLIError) -> CounterSetting {
        if text.lowercased() == "none" { return .clear }
        return .value(try ParsedArguments.integer(text, named: what, in: nil, commandPath: commandPath))
    }

    static let newGoal = TypedOption.integer(.option("goal", value: "N", help: "A count to reach: shown as COUNT/N, and inc says when it is reached."))
    static let newMinimum = TypedOption.integer(.option("min", value: "N", help: "The lowest count allowed: a change below it is refused (exit 65)."))
    static let newMaximum = TypedOption.integer(.option("max", value: "N", help: "The highest count allowed: a change above it is refused (exit 65)."))
    static let newTag = OptionSpec.option("tag", value: "TAG", help: "Tag the new counter (repeat for several).", repeating: true)
    static let tagFilter = OptionSpec.option(
        "tag", value: "TAG", help: "Only the counters with this tag (repeat: with every one of them).", repeating: true)
    static let sort = TypedOption<CounterSort>.choice(
        .option(
            "sort", value: "ORDER", help: "name, count, created or updated (pinned stay first).", default: "created",
            allowed: CounterSort.allCases.map { $0.rawValue }))
    static let resetAll = OptionSpec.flag("all", help: "Reset every counter (with --tag: every counter with the tags), as one undo step.")
    static let boundsMinimum = OptionSpec.option("min", value: "N|none", help: "The lowest count allowed, or none.")
    static let boundsMaximum = OptionSpec.option("max", value: "N|none", help: "The highest count allowed, or none.")

    static let listDiscussion = """
        --sort orders the counters within the pinned and the unpinned: name A to Z (letter \
        case ignored), count highest first, created newest first (the default), updated most \
        recently changed first. Ties keep the default order: the newest created first. A \
        count toward a goal shows as COUNT/GOAL, e.g. 12/50. JSON, CSV and TSV hold every \
        field: name, count, start, step, pinned, created, goal, min, max (numbers, or null; \
        empty in CSV), tags (a list in JSON; one field 'a,b' in CSV and TSV) and updated.
        """

    static let resetDiscussion = """
        With --all every counter (with --tag, every counter holding all those tags) goes \
        back to its start, as one change that one 'tally undo' reverts; it asks on a \
        terminal and needs --force elsewhere. Counters already at their start are left \
        alone.
        """

    static let goal = CommandSpec(
        name: "goal", abstract: "Set or clear a counter's goal",
        discussion: """
            The goal is a count to reach: list and show print the count as COUNT/GOAL (12/50), \
            tap shows the progress. A goal at or above the start is reached when the count \
            gets to it or beyond; a goal below the start (a countdown) when the count gets down \
            to it. When inc, dec, add, set or reset reach the goal, a note says so on standard \
            error; standard output stays the bare count. The goal must lie within the bounds.
            """,
        arguments: [name, ArgumentSpec("GOAL", help: "A whole number, or none to clear it.")])

    static let bounds = CommandSpec(
        name: "bounds", abstract: "Set or clear the lowest and highest count allowed",
        discussion: """
            A change that would take the count below --min or above --max is refused \
            (exit 65, naming the counter, the bound and the count it would have reached) and \
            nothing is stored: inc, dec, add, set, feed, tap and reset alike. The bounds must \
            hold the start, the count and the goal. Without options, prints the bounds.
            """,
        options: [boundsMinimum, boundsMaximum],
        arguments: [name])

    static let tagCommand = CommandSpec(
        name: "tag", abstract: "Add tags to a counter",
        discussion: """
            A tag follows the rule for names (see Names), but blanks around it are trimmed, \
            and it holds no comma (CSV keeps a counter's tags in one field, 'a,b'). Letter case \
            does not tell tags apart; the spelling first given is kept. 'tally list --tag T' \
            lists the counters with a tag, 'tally sum --tag T' totals them.
            """,
        arguments: [name, ArgumentSpec("TAG", help: "The tags to add.", repeating: true)])

    static let untag = CommandSpec(
        name: "untag", abstract: "Remove tags from a counter",
        discussion: "Letter case is ignored; a tag the counter does not have is no error.",
        arguments: [name, ArgumentSpec("TAG", help: "The tags to remove.", repeating: true)])

    static let retag = CommandSpec(
        name: "retag", abstract: "Replace a counter's tags (none given: clear them)",
        arguments: [name, ArgumentSpec("TAG", help: "The new tags.", optional: true, repeating: true)])

    static let sum = CommandSpec(
        name: "sum", abstract: "Print the total of the counts",
        discussion: """
            Adds the counts of every counter, or with --tag of the counters holding all the \
            tags given. Text prints the total alone, so $(tally sum) works in scripts; JSON, \
            CSV and TSV give total and counters (how many were added). A total beyond the \
            64-bit range is refused (exit 65).
            """,
        options: [format.spec, tagFilter])
}
