// The command spec of portfolio: the single source of its parsing, help, man page and
// completions (PortfolioCommandTree ties each command's spec to its handler).

import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

enum PortfolioSpec {
    static let account = ArgumentSpec("NAME", help: "The account's name (letter case ignored; see Names).", completion: .dynamic(["list", "--names"]))
    static let date = OptionSpec.option("date", short: "d", value: "D", help: """
        When: 2025-07-27, '2025-07-27 14:30', ISO 8601 with Z or an offset (+01:00, also +01:19:32), \
        now, today or yesterday; local time (TZ) unless an offset is given; the year, in UTC and in \
        local time, 0001 to 9999 (default: now).
        """)
    static let from = OptionSpec.option("from", value: "D", help: "Start of the range (default: the first update). \(RangeDateHelp.start)")
    /// How --to reads a date (Instant.rangeEnd), said once for every --to.
    static let wholeDayTo = RangeDateHelp.end
    static let to = OptionSpec.option("to", value: "D", help: "End of the range, included (default: now). \(wholeDayTo)")
    /// A chart's end: its line always runs on to today, whatever the range.
    static let chartTo = OptionSpec.option("to", value: "D", help: "End of the range (default: now; a chart always reaches today). \(wholeDayTo)")
    static let currencyFilter = OptionSpec.option("currency", short: "c", value: "CODE", help: "Only the accounts in this currency.")
    static let ascii = OptionSpec.flag("ascii", help: "Plain ASCII instead of block characters.")
    /// --format text|json|csv|tsv of the reports (worked out once: four commands list it).
    static let format = OutputFormat.option()
    static let period = TypedOption<Period>.choice(
        .option("period", short: "p", value: "PERIOD", help: "day, week, month, quarter or year.", default: "month", allowed: ["day", "week", "month", "quarter", "year"]))
    /// chart's formats: SVG besides text, CSV and JSON.
    enum ChartFormat: String, Sendable { case text, svg, csv, json }
    static let chartFormat = TypedOption<ChartFormat>.choice(
        .option("format", value: "FORMAT", help: "text, svg, csv or json.", default: "text", allowed: ["text", "svg", "csv", "json"]))
    static let chartWidth = OptionSpec.option("width", short: "w", value: "W", help: """
        Width in columns (text) or pixels (svg) (default: the terminal's, 800 for svg).
        """)
    static let chartHeight = OptionSpec.option("height", value: "H", help: "Height in rows (text) or pixels per chart (svg) (default 12, 300 for svg).")
    static let exportFormat = OptionSpec.option("format", value: "FORMAT", help: "csv, json, hledger, ledger or beancount.", default: "csv", allowed: ["csv", "json"] + JournalFormat.allCases.map { $0.rawValue })
    // MARK: plain-text accounting (export --format hledger|ledger|beancount, import of journals)

    static let importFormat = OptionSpec.option("format", value: "FORMAT", help: """
        csv, hledger or ledger (default: hledger for a FILE named *.journal, *.hledger, *.j, ledger \
        for *.ledger, else csv).
        """, allowed: ["csv", "hledger", "ledger"])
    static let journalExportHelp = """
        hledger and ledger: each account is declared (account assets:NAME) with its own name, creation and currency as \
        comments (; name: "Easy saver", ; created: ISO 8601, ; currency: GBP), each commodity with its ISO code and the currency's decimals \
        (commodity 1000.00 GBP); each update is a transaction dated its local date, its exact instant in an ; at: comment, \
        with a balance assignment (assets:Easy saver  = 1234.56 GBP) balanced by equity:valuation; a close assigns 0 and is \
        marked ; portfolio: close. A deposit or withdrawal is a transaction between the account and equity:contributions \
        marked ; portfolio: deposit or ; portfolio: withdrawal (hledger roi --inv assets:NAME --pnl equity:valuation reads \
        them); money moved after an account's latest update does not change its value in portfolio, so the value in \
        force is then assigned again, marked ; portfolio: value in force. So 'hledger -f out.journal balance assets' \
        shows each account's latest value, as \
        'portfolio list' does (an update dated in the future counts in hledger at once; list counts it from its time). \
        beancount: each account has an open directive with its commodity and name:/created: metadata; Beancount checks a \
        balance at the start of its day, so a day's last value V is a pad from Equity:Valuation on that day and \
        'balance … V' on the next (no pad when the value is unchanged); a close balances to 0 and closes the account the \
        next day; a deposit or withdrawal is a transaction from Equity:Contributions (a pad is left out where the money \
        moved already makes the balance). Beancount has no time of day: only each day's last value is written, and import does not read it. \
        Account names are mapped to valid names, the same names always alike: hledger and ledger keep letters, marks and \
        digits of any script, spaces (a run of them as one) and - _ . ' & + /, and write any other character (: ; = @ ( \
        and control characters among them) as -; beancount cuts the name into words of letters and digits, capitalises \
        each word's first letter and joins them with - (Assets:Easy-Saver), with X- before a name that would not begin \
        with an upper-case letter or a digit. A name with nothing left is Account; when two accounts map alike, the \
        later (by name) gets -2, -3…. Amounts are exact, with the currency's decimals (1234.56 GBP, 1234 JPY, 1.234 KWD).
        """
    static let journalImportHelp = """
        A journal (hledger or ledger) is read for its balance assignments: each posting ACCOUNT  = AMOUNT (also ==, =*, \
        ==*, with or without an amount before it) is an update of that account, at its transaction's ; at: comment when \
        there is one (as export writes), else at local midnight of its date; in a transaction marked ; portfolio: close \
        it closes the account; in one marked ; portfolio: deposit or ; portfolio: withdrawal each posting with an amount \
        (no assignment) is a deposit (positive) or a withdrawal (negative); one marked ; portfolio: value in force is \
        passed over (it restates an update). An account directive's ; name: "…" comment gives the account's name (else the journal's \
        name without a leading assets:), its ; created: comment the creation and its ; currency: comment the \
        currency (else that of its first assignment). Amounts name their currency by ISO code \
        (1234.56 GBP or GBP 1234.56) or by none. Postings without an amount (the balancing side), comments and the \
        directives commodity, decimal-mark ., P, D, Y, year, payee and tag are passed over; anything else (include, \
        alias, periodic or automated transactions, a posting with an amount but no assignment, a currency symbol) is an \
        error naming its line.
        """

    static let demoSet = TypedOption<DemoSet>.choice(.option("set", short: "s", value: "N", help: "Which set: 1, 2 or 3.", default: "1", allowed: ["1", "2", "3"]))

    // MARK: change over time and the report page (issue 16, items 6 and 11)

    /// How a change over a period is worked out, said once for the dashboard, table --change and report.
    static let changeRule = """
        A change over a period runs from the value in force just before the period starts (the end \
        of the period before, local time) to the value at its end (now, for the dashboard). The \
        percentage is of that start value (of its magnitude when negative), to one decimal, rounded \
        half away from zero; a start of zero gives none. An account with no value at the start \
        (created during the period) is 'new': its whole value is its change, with no percentage, so \
        the accounts' changes add up to the total's; a change is in value, not a return: money put \
        in and taken out counts in it as well as growth ('portfolio returns' gives the growth net of \
        it). An account closed during the period changes by minus its start value. A change beyond \
        the range of amounts is an error (65), never a wrong number.
        """
    static let tableChange = OptionSpec.flag("change", help: """
        Each period's change beside its value (text: a +/- column after each; CSV and TSV: 'NAME \
        (CUR) change' and 'NAME (CUR) change %' after each value column; JSON: 'changes' and \
        'changePercents' per account, 'totalChanges' per currency).
        """)
    /// report's formats: text for the terminal, html for one self-contained page.
    enum ReportFormat: String, Sendable { case text, html }
    static let reportFormat = TypedOption<ReportFormat>.choice(
        .option("format", value: "FORMAT", help: "text or html.", default: "text", allowed: ["text", "html"]))
    static let reportCommand = CommandSpec(
        name: "report", abstract: "The portfolio at a glance: totals, accounts with their change, charts, the monthly table (text or one HTML page)",
        discussion: """
            --format html writes one self-contained HTML page to keep or share: the totals per \
            currency with this month's and this year's change, each active account with its value, \
            its changes and a sparkline of its history, the portfolio chart per currency and each \
            account's chart (the SVG of 'chart --format svg', inline), and the value of every \
            account and each total at the end of every month with the month's change. It needs no \
            network (the style and the charts are inline; no scripts, fonts or images), fits any \
            width from a phone's to a desktop's (a wide table scrolls in its own box), and prints. \
            Names are escaped, control characters shown as on a terminal. Save it and open it in a \
            browser: portfolio report --format html > portfolio.html. --format text prints the \
            totals, the accounts and the monthly table. \(changeRule)
            """,
        options: [reportFormat.spec])

    static let dashboardCommand = CommandSpec(name: "dashboard", abstract: """
        Totals per currency, each active account with its value, last update and trend, and the \
        portfolio chart
        """,
                discussion: """
                    Beside each total (month's change, year's change) and in the MONTH'S CHANGE and \
                    YEAR'S CHANGE columns, with a legend below them: the change in value this month \
                    and this year (local time), as '+£34.56 (+2.9%)'; 'new' for an account that had \
                    no value when the period started. \(changeRule) On a narrow terminal the trend \
                    is left out first, then the year's change, then the month's. \(conversionHelp) \
                    With goals set ('portfolio goal'), a Goals section below the accounts gives each \
                    one's progress and the monthly saving still needed.
                    """,
                options: [ascii] + conversion)

    static let addCommand = CommandSpec(name: "add", abstract: "Create an account; its initial value is its first update",
                options: [date, .option("currency", short: "c", value: "CODE", help: "The account's currency (default: the locale's, else USD).")],
                arguments: [ArgumentSpec("NAME", help: "The new account's name."), ArgumentSpec("VALUE", help: "The initial value, e.g. 1200 or 1234.56.", optional: true)])

    static let updateCommand = CommandSpec(name: "update", abstract: "Record a new value of an account", aliases: ["set"],
                options: [date], arguments: [account, ArgumentSpec("VALUE", help: "The value at that time.")])

    static let listCommand = CommandSpec(name: "list", abstract: "Accounts with their current values, and totals per currency",
                discussion: conversionHelp, aliases: ["ls"], options: [.flag("all", short: "a", help: "Include closed accounts."), format, .flag("names", help: "Print only the names, one a line.")] + conversion)

    static let showCommand = CommandSpec(name: "show", abstract: "An account: current value, its updates newest first, its chart",
                discussion: """
                    With --limit N only the newest N updates are listed; in text a last line says \
                    how many older ones are not shown, JSON and CSV/TSV carry only the N shown (JSON \
                    adds updatesNotShown, the count of the others). The chart and the value always \
                    cover the whole history. With a goal, its progress below the value (see \
                    'portfolio goal'); with deposits or withdrawals, their list below the updates. \
                    JSON adds \"contributions\" (id, date, kind, amount: a withdrawal negative) and \
                    \"goal\" (as 'portfolio goal --format json' gives it, or null).
                    """,
                options: [format, .flag("ascii", help: "Plain ASCII chart."), showLimit], arguments: [account])
    static let showLimit = OptionSpec.option("limit", value: "N", help: "Only the newest N updates (a positive whole number).")

    static let chartCommand = CommandSpec(
        name: "chart", abstract: "A chart of an account or of the portfolio over time",
        discussion: """
            Without NAME the portfolio total, one chart per currency. CSV has the header date,value \
            and one row per instant at which the value changes (an update or a close); with several \
            currencies, name one with --currency. The value axis is the same in text and SVG (and in \
            show's and the dashboard's charts): from the lowest to the highest value shown, widened \
            to round ticks (steps of 1, 2 or 5 times a power of ten, at most five intervals), \
            including zero only when the values span at least their distance from zero (a flat \
            series is drawn from zero); labels are compact (£950, £12k, £1.2M) with as many decimals \
            as tell the ticks apart. In text every value draws at least one mark, the lowest too, \
            and the column in whose time the series peaks (else dips) shows that value. SVG draws at \
            most the first, lowest, highest and last point of each pixel column, so large series \
            stay small without losing a peak or dip, and sets its left margin from the widest label \
            so no label is cut. With --convert-to, one line: every currency's line (or the \
            account's) converted at each instant where a line or a rate changes, and added. \
            \(conversionHelp)
            """,
        options: [from, chartTo, chartFormat.spec, chartWidth, chartHeight, ascii, currencyFilter] + conversion,
        arguments: [ArgumentSpec("NAME", help: "An account; without it, the portfolio.", optional: true, completion: .dynamic(["list", "--names"]))])

    static let tableCommand = CommandSpec(
        name: "table", abstract: "Each account's value and the total at the end of each period",
        discussion: """
            Like hledger balance --historical --monthly: the value in force at the end of each \
            period (the last instant before the next period starts, local time), the last period \
            ending at --to. '--period day --to 2017-01-01' ends with the row of 1 Jan 2017, at \
            23:59:59. \(conversionHelp)
            """ + " With --change each period's change follows its value, the first period's from the value in force before it began. \(changeRule)",
        options: [period.spec, from, to, format, currencyFilter] + conversion + [tableChange])

    static let closeCommand = CommandSpec(name: "close", abstract: "Close an account: it keeps its history and leaves the current total",
                discussion: """
                    Refused (65) when the account has an update at or after that date, or money \
                    moved after it: a closed account takes no update from its close on, and no \
                    deposit or withdrawal after it. What the account still holds at the close (its \
                    value in force plus the money moved since) leaves it: with --withdraw it is \
                    recorded as a withdrawal at the close, so the returns count it as money taken \
                    out; without, a close of an account that holds anything is refused (65), since \
                    the returns would count it as lost.
                    """,
                options: [date, .flag("withdraw", help: "Record what the account holds at the close as a withdrawal at that instant.")], arguments: [account])

    static let reopenCommand = CommandSpec(name: "reopen", abstract: "Reopen a closed account",
                discussion: """
                    Its close stays in its history: a value of 0 is recorded at the close's instant \
                    (unless its value there is 0 already), so the weeks it was closed show nothing, \
                    in table, chart and export alike. Record its value from now on with 'portfolio \
                    update'.
                    """,
                arguments: [account])

    static let renameCommand = CommandSpec(name: "rename", abstract: "Rename an account", aliases: ["mv"], arguments: [account, ArgumentSpec("NEW", help: "The new name.")])

    static let rmCommand = CommandSpec(name: "rm", abstract: "Delete an account and all its updates (asks on a terminal; --force otherwise)",
                discussion: "'portfolio undo' brings the account back with every update, ids and times as they were.", aliases: ["delete"],
                options: [StandardOptions.force], arguments: [account])

    static let updatesCommand = CommandSpec(
        name: "updates", abstract: "List an account's updates with their ids, or delete one",
        defaultSubcommand: "list")

    static let updatesListCommand = CommandSpec(name: "list", abstract: "An account's updates, newest first, with ids", aliases: ["ls"], options: [format], arguments: [account])

    static let updatesRmCommand = CommandSpec(name: "rm", abstract: """
        Delete one update (the values recalculate; 'portfolio undo' restores it)
        """, aliases: ["delete"],
                        options: [StandardOptions.force], arguments: [account, ArgumentSpec("ID", help: "The update's id, from 'portfolio updates NAME'.")])

    static let importCommand = CommandSpec(
        name: "import", abstract: "Read updates from CSV (date,account,value[,currency]) or an hledger or ledger journal",
        discussion: """
            \(journalImportHelp) A CSV header line is optional. Accounts are created as needed (in \
            the row's currency, else the locale's, else USD). An optional fifth CSV column, kind, \
            reads empty or value as before, deposit or withdrawal for money put in or taken out (the \
            value then the amount, more than zero); such rows are deposits and withdrawals, skipped \
            like updates when already stored; goal sets a goal (date: its date or empty; account: \
            one already known, or empty for the total of the row's currency). A row identical to an \
            update already stored (same account, instant and value) is skipped and counted in the \
            summary; identical rows are counted, not merged (the Nth copy is skipped when the store \
            holds N), so importing one backup twice changes nothing and an export that lists an \
            update twice reads back as written. All or nothing: one transaction; every bad line is \
            reported (the first 20, then a count) and nothing is imported, nor a database created. A \
            progress bar shows on a terminal for large files.
            """,
        options: [.flag("dry-run", short: "n", help: """
            Check the file and say what the import would change (updates, new accounts, closes, \
            skipped rows), changing nothing.
            """), importFormat],
        arguments: [ArgumentSpec("FILE", help: "The CSV file or journal, or - for standard input.", completion: .file)])

    static let exportCommand = CommandSpec(name: "export", abstract: """
        Write every update (and closes) as CSV, JSON or a plain-text accounting journal; import \
        reads CSV and journals back
        """,
                discussion: """
                    Dates are ISO 8601 with the local offset (2025-07-27T14:30:00+01:00), exactly \
                    the stored instant; where the local offset of the time has seconds (local mean \
                    time before the 20th century, e.g. +00:19:32 in Amsterdam) the date is written \
                    in UTC with Z instead. Export, import and export again gives the same bytes \
                    (CSV, hledger, ledger). A store with deposits, withdrawals or goals is exported \
                    (CSV) with a fifth column, kind: empty for values, accounts and closes, deposit \
                    or withdrawal (the amount positive) for money in and out, written after the \
                    values; then goals, kind goal: the date the goal's (empty without one), the \
                    account empty for a currency's total. JSON lists deposits and withdrawals per \
                    account as contributions (date, amount: a withdrawal negative). \
                    \(journalExportHelp)
                    """,
                options: [exportFormat])

    static let undoCommand = CommandSpec(
        name: "undo", abstract: "Revert the last change, a delete or an import included",
        discussion: """
            Every command that changes the store is one step: add, update, close, reopen, rename, \
            rm, updates rm, import, demo, deposit, withdraw, flows rm and goal (an rm brings back \
            the account's deposits, withdrawals and goal too). Up to \(PortfolioUndo.limit) changes \
            are remembered; each undo reverts the newest one exactly (the same ids, values and \
            times) and says what it was. An undo cannot itself be undone. With nothing to undo: exit \
            66.
            """,
        options: [.flag("dry-run", short: "n", help: "Say which change undo would revert, changing nothing.")])

    static let demoCommand = CommandSpec(
        name: "demo", abstract: "Fill an empty store with one of the app's test sets",
        discussion: """
            1: 7 accounts, 42 updates on 6 dates (1 May to 1 Aug 2025) at 08:00. 2: 6 accounts over \
            the last 2 years, 200+ updates. 3: two accounts, £100 added on the 1st (account 1) and \
            the 15th (account 2) of each of the last 6 months, ending at £600 each.
            """,
        options: [demoSet.spec])

    static let root = CommandSpec(
        name: "portfolio",
        abstract: "accounts valued by timestamped updates, totals and charts over time",
        discussion: """
            Keeps savings and investment accounts, each valued by the updates you record: \
            every change of value is kept as a timestamped update, and an account's current \
            value is its latest update at or before now (an update dated in the future is kept \
            but becomes current only when its time comes; two updates at the same instant: the \
            later entered wins).

            \(AmountInputHelp.forms) \(AmountInputHelp.csv) \(AmountInputHelp.currencies)

            An account counts from its first update, not as 0 before it; a closed account keeps \
            its history, counts up to its close and not after; a deleted one is gone with all \
            its updates (until 'portfolio undo' brings it back). Amounts in different currencies are never added: totals, tables and \
            charts are per currency. Periods follow the calendar in the local time zone.

            Totals are exact. A total beyond the range of amounts (92233720368547758.07 in a \
            currency with two decimals) is never shown as a wrapped number: every report that \
            would show it (dashboard, list, table, chart; text, JSON, CSV and TSV alike) stops \
            with an error naming the currency (exit 65). Each account's own values still show \
            with show, updates and chart NAME.

            Every change (add, update, close, reopen, rename, rm, updates rm, import, demo, deposit, withdraw, flows rm, goal) \
            can be undone with 'portfolio undo', a delete included: the last \(PortfolioUndo.limit) \
            changes are remembered in the database.

            \(SharedConventions.undo("portfolio"))

            A range given with --from and --to includes both ends. A date without a time \
            given to --to includes that whole day: '--to 2016-12-31' ends at 2016-12-31 \
            23:59:59 local time; with a time (--to '2016-12-31 12:00') it ends exactly \
            there. --from 2016-12-31 starts at that day's first second.

            Every date, whether typed (--date, --from, --to) or imported, must name an instant \
            whose year is 0001 to 9999 both in UTC and in local time, so that whatever is stored \
            is exported with a four-digit year and imported again unchanged.

            \(SharedConventions.names(of: "an account"))

            \(SharedConventions.defaultCurrency(after: nil)) An account keeps the currency it was created in.

            \(postgresHelp)
            """,
        options: [
            .option("db", value: "PATH|URI", help: """
                The database: a SQLite file, or a PostgreSQL URI or keyword string (default \
                $PORTFOLIO_DB, else $XDG_DATA_HOME/portfolio/portfolio.sqlite).
                """, global: true, completion: .file),
            StandardOptions.color,
        ],
        defaultSubcommand: "dashboard",
        examples: [
            ExampleSpec("portfolio add 'Easy saver' 1200 --currency GBP", "Create an account worth £1,200.00 now."),
            ExampleSpec("portfolio update 'Easy saver' 1234.56 --date '2025-07-27 14:30'", "Record its value at a time."),
            ExampleSpec("portfolio list --format json | jq -r '.totals.GBP'", "The GBP total for a script."),
            ExampleSpec("portfolio table --period quarter --format csv > quarters.csv", "Quarter-end values for a spreadsheet."),
            ExampleSpec("portfolio chart --format svg > portfolio.svg", "The portfolio chart as an image."),
            ExampleSpec("portfolio export > backup.csv && portfolio --db new.sqlite import backup.csv", "Copy everything to a new store."),
            ExampleSpec("""
                portfolio db copy --to postgresql://ann@db.example/household
                """, """
                Move the whole store to a shared PostgreSQL database (password in ~/.pgpass).
                """),
            ExampleSpec("PORTFOLIO_DB='host=db.example dbname=household' portfolio list", "Use the shared store."),
        ],
        environment: [EnvironmentSpec("PORTFOLIO_DB", "The database, when --db is not given: a path, or a PostgreSQL URI or keyword string."),
                      EnvironmentSpec("""
                          PGHOST, PGPORT, PGDATABASE, PGUSER, PGSERVICE, PGSSLMODE, PGPASSFILE
                          """, """
                          libpq's own settings for a PostgreSQL store, as psql reads them.
                          """),
                      EnvironmentSpec("MONEYKIT_ACTOR", "Who makes the changes in a shared store, for undo (default: user@host); meant for tests."),
                      EnvironmentSpec("TZ", "The time zone of dates without an offset, of periods and of displayed times."),
                      EnvironmentSpec("LC_ALL, LC_MONETARY, LANG", "The locale whose region gives the default currency of new accounts.")]
            + StandardOptions.xdgEnvironment(["data"]) + StandardOptions.environment,
        files: [
            FileSpec("$XDG_DATA_HOME/portfolio/portfolio.sqlite", """
                The accounts and updates (SQLite, WAL; schema version 5 in PRAGMA user_version, \
                marked as portfolio's by PRAGMA application_id 1296781382 (0x4D4B5046)): \
                accounts(id, name, currency, created_at, closed_at, update_count) and updates(id, \
                account_id, at, value), deposits and withdrawals in contributions(id, account_id, \
                at, amount: positive in, negative out), goals(id, account_id or NULL for a \
                currency's total, currency, amount, by_at), instants in seconds since 1970 UTC \
                (years 0001 to 9999), values in minor units; the undo journal every MoneyKit tool \
                keeps: journal_steps(id, label, at, actor, mark), with what each step kept in \
                journal_records(step_id, position, kind, key, before): each row as it was before the \
                step ('account', 'update', 'contribution', 'goal' by id, the row as JSON; a deleted \
                account's updates as one record, 'updates of account' ID, a line 'ID AT VALUE' each) \
                and each run of ids it created ('new updates' FIRST...LAST), written in the same transaction as \
                the change. A version 1 database (before undo), 2 (before deposits, withdrawals and \
                goals) or 3 (portfolio's own undo tables, undo_steps and the like, carried over into \
                the journal with every step) is read as if migrated and migrated on \
                its next change; a version 4 database (with an index of updates in time order, \
                which version 5 drops for faster imports) is read as it is and migrated on its next \
                change; a newer one is refused (65), untouched. Commands that only read \
                (dashboard, list, show, chart, table, updates list, flows list, returns, goal \
                without arguments, export, import --dry-run, undo --dry-run) never create, migrate \
                or change it: a missing database reads as empty. A database of another program, or \
                with other tables, is refused (65), never adopted; one made before the mark is \
                marked on its next change. Missing folders are created for the default location \
                only; a --db or $PORTFOLIO_DB in a folder that does not exist is an error (73).
                """),
        ],
        exitStatus: [
            ExitStatusSpec(.ok), ExitStatusSpec(.usage),
            ExitStatusSpec(.dataError, """
                Bad input: a malformed value or date, an unknown currency in an import, a duplicate \
                name, a control character in a name, a close before a later update, an overflow, or \
                a corrupt, newer or not-a-portfolio database.
                """),
            ExitStatusSpec(.noInput, "No account or update of that name or id, the import file cannot be read, or nothing to undo."),
            ExitStatusSpec(.unavailable, """
                A PostgreSQL server cannot be reached or refused the connection (the message names \
                it), or PostgreSQL's client library is not installed (Debian: libpq5).
                """),
            ExitStatusSpec(.cannotCreate), ExitStatusSpec(.ioError),
            ExitStatusSpec(.busy, """
                The store is busy, or the connection to PostgreSQL broke mid-command (the message \
                says whether the change may have been saved).
                """),
            ExitStatusSpec(.configuration, """
                The configuration is wrong: HOME unset, or a PostgreSQL connection string libpq \
                cannot read (its password hidden).
                """),
        ],
        security: StandardOptions.security("""
            The database (SQLite or PostgreSQL) is changed only through SQL statements with bound \
            parameters; no text typed by a user or read from an import is ever part of an SQL \
            statement. Passwords of PostgreSQL connections are never printed; keep them in \
            ~/.pgpass, not on the command line.
            """)
    )
}
