// The command spec of tillcount: the single source of its parsing, help, man page and
// completions.

import MoneyKitCLI
import TillKit
import MoneyKitPlatform

enum TillcountSpec {
    // Options read by value in the handlers: each spelled (with its default) once, here.
    /// --format text|json|csv|tsv, shared by the six commands that print data (worked out
    /// once at startup: it was a tenth of tillcount's start in instructions, made six times).
    static let format = OutputFormat.option()
    static let currency = OptionSpec.option("currency", value: "CODE", help: """
        The till's currency (default: the live count's, else the locale's, else USD).
        """, global: true)
    static let state = OptionSpec.option("state", value: "PATH", help: """
        The live count file of a tillcount from before the database held the live counts \
        (default $TILLCOUNT_STATE, else $XDG_STATE_HOME/tillcount/count.json; other tills' \
        files beside it, in count.tills/): read as it is until the first change, which takes it \
        into the database (see FILES). Not used when --db names PostgreSQL.
        """, global: true, completion: .file)
    static let db = OptionSpec.option("db", value: "PATH|URI", help: """
        The database of every till's live count and of the history (default $TILLCOUNT_DB, else \
        $XDG_DATA_HOME/tillcount/history.sqlite), or a PostgreSQL URI or keyword string: a shared \
        store holding the same (--state is then not used).
        """, global: true, completion: .file)
    static let showExpected = OptionSpec.option("expected", value: "AMOUNT", help: "Cash the till should hold: also show over or short.")
    static let all = OptionSpec.flag("all", short: "a", help: "List every denomination, counted or not.")
    static let check = OptionSpec.flag("check", help: """
        Exit 1 when the till is short of the expected cash (of the float when none is known), or \
        with a tolerance over or short beyond it; refused (64) on a blind count.
        """)
    static let keepNotes = OptionSpec.flag("keep-notes", help: "Keep the notes for the next count.")
    static let edit = OptionSpec.flag("edit", help: "Edit the notes in $VISUAL or $EDITOR.")
    static let clearNotes = OptionSpec.flag("clear", help: "Remove all notes.")
    static let label = OptionSpec.option("label", value: "TEXT", help: "A label, e.g. 'Friday close'.")
    static let saveExpected = OptionSpec.option("expected", value: "AMOUNT", help: "Cash the till should have held: kept to show over or short.")
    static let ids = OptionSpec.flag("ids", help: "Print only the ids, one a line.")
    static let reportFormat = TypedOption<ReportFormat>.choice(
        .option("format", value: "FORMAT", help: "text, markdown, csv, json or html.", default: "text", allowed: ["text", "markdown", "csv", "json", "html"]))
    static let reportExpected = OptionSpec.option("expected", value: "AMOUNT", help: "Cash the till should hold.")
    static let totalFormat = TypedOption<TotalFormat>.choice(
        .option("format", value: "FORMAT", help: "text, plain, json, csv or tsv.", default: "text", allowed: ["text", "plain", "json", "csv", "tsv"]))
    static let totalFloat = OptionSpec.option("float", value: "AMOUNT", help: "A float to set the total against.")
    static let tokensOnly = OptionSpec.flag("tokens", help: "Print only the tokens, one a line.")

    enum ReportFormat: String, Sendable { case text, markdown, csv, json, html }
    /// history show's formats: the data formats, and the printable page of report --format html.
    static let savedFormat = TypedOption<SavedFormat>.choice(
        .option("format", value: "FORMAT", help: "text, json, csv, tsv or html (the printable page 'report --format html' makes, of the count as saved).",
                default: "text", allowed: ["text", "json", "csv", "tsv", "html"]))
    enum SavedFormat: String, Sendable { case text, json, csv, tsv, html }
    /// summary's formats: the data formats, the chart and the page.
    static let summaryFormat = TypedOption<SummaryFormat>.choice(
        .option("format", value: "FORMAT", help: "text, json, csv, tsv, svg (the over/short chart) or html (a page with the table and the chart).",
                default: "text", allowed: ["text", "json", "csv", "tsv", "svg", "html"]))
    enum SummaryFormat: String, Sendable { case text, json, csv, tsv, svg, html }
    static let summaryPeriod = TypedOption<CalendarPeriod>.choice(
        .option("by", value: "PERIOD", help: "day, week (Monday to Sunday) or month, in local time (TZ).", default: "day", allowed: ["day", "week", "month"]))
    static let summaryFrom = OptionSpec.option("from", value: "D", help: "Only counts saved at or after D. \(RangeDateHelp.start)")
    static let summaryTo = OptionSpec.option("to", value: "D", help: "Only counts saved at or before D. \(RangeDateHelp.end)")

    static let auditSpec = CommandSpec(
        name: "audit", abstract: "Who turned blind mode on and off, revealed a blind count, undid what, and when",
        discussion: """
            The audit trail, oldest first: every till's, or --till's, from --since on. Each entry \
            says when (local time; ISO 8601 UTC for scripts), the till, who (USER@HOST, or \
            MONEYKIT_ACTOR where set), the action (blind-on, blind-off, reveal: a blind count \
            saved, its expected cash shown; undo) and what it concerned (the saved count, the \
            change undone). Written in the change's own transaction, kept with the saved counts \
            on both stores, and never undone: an undo adds an entry of its own.
            """,
        options: [till, auditSince, format],
        examples: [ExampleSpec("tillcount audit --since today", "Today's blind counts and undos, every till.")])

    static let summarySpec = CommandSpec(
        name: "summary", abstract: "Sum the saved counts per till and day, week or month: counted, expected, over/short",
        discussion: """
            One row per till and period (and currency, for a till counted in two), oldest first: \
            how many counts were saved, the cash counted, the cash expected and over/short, each \
            exact; counts without an expected cash add to what was counted only (withoutExpected \
            says how many). Where a till's period has closing counts (Z), only they are summed (COUNTS \
            shows "1 Z"; closingOnly for scripts): an X count is a reading during the shift, and \
            adding it would count the same cash and shortage twice. --kind x or z keeps one kind. \
            JSON, CSV and TSV give every field with plain amounts (null or empty without an \
            expected cash); svg draws over/short per till, a bar per till and period; html is a \
            page with the table and the chart, in the report's look.
            """,
        options: [summaryFrom, summaryTo, summaryPeriod.spec, till, kindFilter.spec, summaryFormat.spec],
        examples: [ExampleSpec("tillcount summary --by week --kind z --format html > weeks.html", "Each week's closing counts, to print.")])
    enum TotalFormat: String, Sendable { case text, plain, json, csv, tsv }

    static let tokens = ArgumentSpec(
        "TOKEN", help: "Denominations: a face value (20, 0.50), note:1 or coin:1, roll:0.25; with =QTY for a quantity.",
        repeating: true, completion: .dynamic(["denominations", "--tokens"]))
    static let value = OptionSpec.option("value", value: "AMOUNT", help: """
        Give the amount instead of a quantity (for weighed coins): 0.20 --value 12.40 is 62 coins of \
        20p.
        """)
    // Counting coins by weight (WeighedCoins.swift; the rule is TillKit's CountByWeight).
    static let grams = OptionSpec.option("grams", value: "GRAMS", help: """
        Weigh loose coins instead of counting them: 0.20 --grams 310 is 62 coins of 20p (5 g each).
        """)
    static let tare = OptionSpec.option("tare", value: "GRAMS", help: "With --grams: the weight of the bag or tray, taken off first.")
    static let weightDiscussion = """
        With --grams, the one TOKEN (a loose coin) is counted from the coins' weight: the \
        count is the whole number of coins nearest to the weight divided by the coin's \
        official mass ('tillcount denominations' lists them; the denominations file can give \
        others). GRAMS is read as amounts are, with at most 3 decimals, zeros included \
        (310, 310.5, 310,5, 2.268, 1 500): a ',' before exactly three digits (5,000) could \
        be 5000 g or 5 g and is refused naming both (exit 65); a '.' there marks the \
        decimals (5.000 is 5 g). The weight must be within a tolerance of that many coins' weight: 2% of it \
        (coins leave the mint within about 1-3% of their mass, and wear lighter), or half \
        the last digit the weight was written to if that is more ("310" is 309.5 to 310.5 g), \
        but never more than a quarter of a coin, so that a weight is never read as the wrong \
        count. A weight outside it is refused (exit 65), nothing changed, naming the whole \
        counts around it: "312 g is not a whole number of 20p coins (5 g each): it is between \
        62 coins (310 g) and 63 coins (315 g)". Weigh large amounts in batches. --tare GRAMS \
        is taken off first. A note or roll cannot be weighed (exit 64); a coin without a \
        known mass is refused (exit 66) with how to give it.
        """
    static let savedID = ArgumentSpec("ID", help: "A saved count's id, as 'tillcount history' lists it.", completion: .dynamic(["history", "--ids"]))

    // MARK: expected cash, blind count, tolerance (issue 15; MovementCommands.swift)

    static let sales = OptionSpec.option("sales", value: "AMOUNT", help: "Cash sales for this command, instead of the recorded ones (nothing is stored).")
    static let tolerance = OptionSpec.option("tolerance", value: "AMOUNT", help: "Flag over/short beyond AMOUNT (instead of the till's own tolerance).")
    static let blind = OptionSpec.flag("blind", help: """
        Blind count: hide the expected cash, the cash sales and over/short (as 'tillcount blind on' \
        does for the till).
        """)
    static let reason = OptionSpec.option("reason", value: "TEXT", help: "Why (required for paid-in, paid-out and refund), e.g. 'milk'.")
    static let replaceSales = OptionSpec.flag("set", help: "Replace every recorded sale with AMOUNT (the register's figure, entered again).")
    static let movementAmount = ArgumentSpec("AMOUNT", help: "The amount, e.g. 12.50.")

    static let expectedDiscussion = """
        What the till should hold: expected = float + cash sales + paid in − paid out − refunds − drops. The movements are \
        recorded with the live count ('tillcount sales', 'paid-in', 'paid-out', 'refund', 'drop'), each one an undo step; \
        'tillcount movements' lists them with their numbers, reasons and times, and 'tillcount movements rm N' \
        removes one. Once anything is recorded (or --sales is given), show, report and save set the count against \
        the expected cash: over (counted above it) or short. --expected AMOUNT stands for the whole figure for one \
        command (it cannot be combined with --sales). 'clear' empties the movements with the count (undo brings \
        them back); the float, the blind setting and the tolerance stay. 'resume' leaves the movements as they are.
        """

    static let blindSummary = """
        A blind till ('tillcount blind on', or --blind for one command) hides the expected cash, the \
        cash sales and over/short until the count is saved (see 'tillcount blind --help'). A \
        tolerance ('tillcount tolerance AMOUNT', or --tolerance) flags over/short beyond it.
        """

    static let noteDiscussion = """
        Placeholders in TEXT are filled in when the line is added: {time} the time now, {date} today's date, \
        {till} the till's name, {total} the count's total, {float} the float, {expected} the expected cash \
        (float + cash sales + paid in − paid out − refunds − drops: the float alone when nothing is recorded), \
        {discrepancy} over/short against the expected cash when movements are recorded ('over by £2.00', \
        'short by £3.00', 'exact'), else the deposit or shortage against the float ('deposit £57.00', 'short \
        by £3.00'). {{ is a literal { and }} a literal } (a lone } \
        stays as it is). Anything else in braces, e.g. {totl}, is an unknown placeholder: the line is refused \
        with exit 65, naming it (and the nearest placeholder), and nothing is added; so is an unclosed {. On a \
        blind till {expected} is refused (64), and {discrepancy} once movements are recorded.
        """

    static let salesSpec = CommandSpec(
        name: "sales", abstract: "Record cash sales (add an entry; --set replaces them all; without AMOUNT: print their total)",
        discussion: """
            Each 'tillcount sales AMOUNT' adds an entry (0 or more; 0 records that there were none). \
            A wrong entry is removed with 'tillcount undo' or 'tillcount movements rm N'. On a blind \
            till the total is not printed (64).
            """,
        options: [replaceSales, reason],
        arguments: [ArgumentSpec("AMOUNT", help: "The cash sales, e.g. 312.40.", optional: true)])

    static let movementRules = """
        AMOUNT must be above 0 (exit 65 otherwise). A paid-in, a paid-out and a refund need --reason (a blank \
        one is none): without it, exit 64; a drop may have one. A reason is kept as typed (at most \
        500 characters, the blanks around it trimmed) and shown escaped by 'tillcount movements'. \
        Each entry is one undo step; the live count holds at most 1000. Nothing is stored when a \
        command is refused, or when the expected cash would no longer fit (65).
        """

    static let paidInSpec = CommandSpec(
        name: "paid-in", abstract: "Record cash put into the till, with a reason (--reason is required)",
        discussion: movementRules, options: [reason], arguments: [movementAmount])

    static let paidOutSpec = CommandSpec(
        name: "paid-out", abstract: "Record cash taken out to pay for something, with a reason (--reason is required)",
        discussion: movementRules, options: [reason], arguments: [movementAmount])

    static let refundSpec = CommandSpec(
        name: "refund", abstract: "Record cash given back to a customer for returned goods (--reason is required)",
        discussion: movementRules + """
            \n\nA refund lowers the expected cash as a paid-out does, but is kept apart from \
            paid-outs in every report and format (refunds in JSON and CSV): lost takings, not an expense.
            """,
        options: [reason], arguments: [movementAmount])

    static let dropSpec = CommandSpec(
        name: "drop", abstract: "Record cash moved from the till to the safe (--reason optional)",
        discussion: movementRules, options: [reason], arguments: [movementAmount])

    static let movementsSpec = CommandSpec(
        name: "movements", abstract: "The movements of the live count: list, rm",
        discussion: expectedDiscussion,
        options: [format], subcommands: [], defaultSubcommand: "list")

    static let movementsListSpec = CommandSpec(
        name: "list", abstract: "List the movements, numbered, oldest first, with their totals and the expected cash",
        discussion: """
            Text shows each entry's number, kind, amount, reason and time; JSON gives \
            {\"movements\": [{\"number\", \"kind\", \"amount\", \"reason\", \"at\"}], \"sales\", \
            \"paidIn\", \"paidOut\", \"refunds\", \"drops\", \"expected\"}; CSV and TSV one row per entry. On a \
            blind till the amounts of sales, their total and the expected cash are left out (null in \
            JSON, empty in CSV and TSV).
            """,
        aliases: ["ls"], options: [format])

    static let movementsRmSpec = CommandSpec(
        name: "rm", abstract: "Remove movement NUMBER (as 'movements' numbers it; undo brings it back)",
        aliases: ["delete"], arguments: [ArgumentSpec("NUMBER", help: "The movement's number, 1 and up.")])

    static let blindSpec = CommandSpec(
        name: "blind", abstract: "Make the till blind (on) or not (off); without a value: print it",
        discussion: """
            A blind till hides what a counter could "find" the count against: show, report, the counting screen, \
            'movements' and 'sales' leave out the expected cash, the cash sales and over/short (and the tolerance \
            verdict), in every format, JSON included; 'show --check' and the {expected} note placeholder are \
            refused (64), as they would tell, and 'tillcount tills' lists the till as counting. It \
            still shows the lines, the total, the float and the deposit or \
            shortage against the float, and the paid-ins, paid-outs and drops with their reasons. 'save' files the \
            expected cash and then prints over/short on standard error; 'history show' shows it. --blind on show, \
            report and count does the same for one command. The setting is kept with the live count (undo reverts \
            it; 'clear' keeps it); it keeps figures off the screen, it is not access control.
            """,
        arguments: [ArgumentSpec("SETTING", help: "on or off.", optional: true, allowed: ["on", "off"])])

    static let toleranceSpec = CommandSpec(
        name: "tolerance", abstract: "Set how far over or short the till may be before it is flagged (off: none); without a value: print it",
        discussion: """
            Over/short beyond the tolerance (either way; a difference equal to it is within) is \
            flagged: '! beyond tolerance' in text, \"beyondTolerance\": true in JSON, and 'show \
            --check' exits 1. 0 flags any difference. --tolerance on show and report stands for it \
            for one command. Kept with the live count (undo reverts it; 'clear' keeps it).
            """,
        arguments: [ArgumentSpec("AMOUNT", help: "The tolerance, e.g. 1.00, or off.", optional: true)])

    static let showSpec = CommandSpec(
        name: "show", abstract: "Show the live count: lines, sections, total, float, deposit or shortage",
        options: [format, showExpected, all, check] + [sales, tolerance, blind])

    static let setSpec = CommandSpec(name: "set", abstract: "Set quantities: TOKEN=QTY …", discussion: weightDiscussion, options: [value, grams, tare], arguments: [tokens])

    static let addSpec = CommandSpec(name: "add", abstract: "Add to quantities: TOKEN[=QTY] … (default 1)", discussion: weightDiscussion, aliases: ["+"], options: [value, grams, tare], arguments: [tokens])

    static let subSpec = CommandSpec(name: "sub", abstract: """
        Take from quantities: TOKEN[=QTY] … (never below 0)
        """, discussion: weightDiscussion, aliases: ["-", "remove"], options: [value, grams, tare], arguments: [tokens])

    static let floatSpec = CommandSpec(name: "float", abstract: """
        Set the starting float (without AMOUNT: print it)
        """, arguments: [ArgumentSpec("AMOUNT", help: "The float, e.g. 100, 150.00 or 150,00.", optional: true)])

    static let currencySpec = CommandSpec(
        name: "currency", abstract: "Change the till's currency (only an empty count, or --force)",
        options: [StandardOptions.force],
        arguments: [ArgumentSpec("CODE", help: "An ISO 4217 code: GBP, EUR, USD, NOK, …", optional: true)])

    static let clearSpec = CommandSpec(
        name: "clear", abstract: "Start a new count: every quantity to 0 and the notes emptied (asks on a terminal; --force otherwise)",
        discussion: """
            The notes belong to the count they were written for: 'save' files them with it, and \
            'clear' empties them with the quantities (undo brings both back). The float stays.
            """,
        options: [StandardOptions.force, keepNotes,
                  .flag("notes", help: "Empty the notes too (the default; kept for old scripts).", hidden: true)])

    static let undoSpec = CommandSpec(
        name: "undo", abstract: "Revert the last change, a clear, a save or a deletion included",
        discussion: """
            Every command that changes what tillcount keeps is one step: a change to the live count (set, add, sub, \
            float, currency, clear, note, resume, each line edited on the counting screen), a save, a history rm, a tills rm \
            (undo brings the till back). Undo reverts the \
            newest step exactly and says which it was ("Undid: …" on standard error): the live count as it was before \
            the change; a saved count deleted with 'history rm' back with the same id, lines, label, notes, times and \
            expected amount; a count filed by 'save' removed from the history again (the live count, which saving \
            does not change, stays as it is). A command and its undo step are one transaction, on every store. The \
            steps of the live count and of the history are one sequence, in the order the commands ran. The last \
            \(TillState.undoLimit) steps of each till are kept (of each person, on a shared store); a deleted count \
            whose step is older than that is purged from the history for good, by the command that made the step \
            leave. A history step that finds nothing left to revert is skipped with a warning, and the step before \
            it is undone. With nothing to undo, exit 66.

            'history label' and 'history note' on an X count are steps too (undo brings the label before back, or \
            takes the note away). A Z save (save --kind z) is final: undo passes over it, says so in a warning \
            ("skipped the undo step 'save': saved count 3 is the closing count Z1 of its till, which is final"), \
            and reverts the step before; a note added to a Z count is final too (no step). Each till has its own \
            steps: undo works in the till --till or $TILLCOUNT_TILL names (else main). Undoing a save whose count \
            has since been labelled or noted from another till (or, on a shared store, by another person) is \
            refused (65) and changes nothing, on every store: it would delete their label or note with the count; \
            'history rm ID' deletes it on purpose.
            """)

    static let noteSpec = CommandSpec(
        name: "note", abstract: "Add a line to the notes, or print them",
        discussion: noteDiscussion,
        options: [edit, clearNotes],
        arguments: [ArgumentSpec("TEXT", help: "The line to add.", optional: true, repeating: true)])

    // MARK: save: X and Z counts

    static let kind = TypedOption<SavedCount.Kind>.choice(.option(
        "kind", value: "KIND", help: "x (a count during the shift) or z (the closing count: final, numbered Z1, Z2, … per till).",
        default: "x", allowed: ["x", "z"]))
    static let zDiscussion = """
        --kind z files a closing (Z) count: it takes the next number of its till (Z1, Z2, …, gap-free, given \
        in the save's own transaction) and is final: 'history rm' and 'history label' refuse it (exit 65), \
        and it is not an undo step ('undo' after it reverts the step before; its number is never reused). \
        Notes may still be added to it with 'history note' (final too). X counts (the default) can be \
        relabelled, noted, deleted and undone.
        """

    static let saveSpec = CommandSpec(name: "save", abstract: "File the live count in the history and print its id",
                discussion: """
                    Each line is filed as counted (kind, face value, quantity, roll size, value) \
                    with the count's notes and its till: a saved count never changes, whatever the \
                    denominations file says later. The live count is not changed; 'tillcount undo' \
                    removes the saved count again.\n\n
                    """ + zDiscussion,
                options: [label, saveExpected, kind.spec, sales])

    /// The history group; its subcommands are assembled from the command tree.
    static let historySpec = CommandSpec(
        name: "history", abstract: "Saved counts: list, show, rm, label, note, export",
        options: [format, ids] + historyFilters,
        subcommands: [],
        defaultSubcommand: "list")

    static let historyListSpec = CommandSpec(
        name: "list", abstract: "List saved counts, newest first",
        discussion: """
            Every till's counts, with their till and kind (X, or Z and its number); --till, --since, \
            --until, --label and --kind keep only the counts that match all given (--till only from \
            the command line: $TILLCOUNT_TILL does not filter). The text table leaves out TILL when \
            every count listed is the default till's, and OVER/SHORT when none has an expected \
            figure, and gives up TILL and KIND first on a narrow terminal.
            """,
        aliases: ["ls"], options: [format, ids] + historyFilters)

    static let historyShowSpec = CommandSpec(
        name: "show", abstract: "Show one saved count",
        discussion: """
            The count as saved: its lines, float, notes, and what it was set against: the expected \
            cash with the cash sales, paid-ins, paid-outs and drops recorded with it (each with its \
            reason and time), over/short and the tolerance verdict. --format html is the printable \
            page of 'report --format html' for the count as saved, to print and sign.
            """,
        options: [savedFormat.spec], arguments: [savedID])

    static let historyRmSpec = CommandSpec(
        name: "rm", abstract: "Delete a saved count (asks on a terminal; --force otherwise; undo brings it back)",
        discussion: """
            The count is hidden at once from history, show, resume and completions, and 'tillcount \
            undo' brings it back exactly. It is purged from the database when its undo step is no \
            longer among the last \(TillState.undoLimit).
            """,
        aliases: ["delete"], options: [StandardOptions.force], arguments: [savedID])

    static let resumeSpec = CommandSpec(name: "resume", abstract: """
        Copy a saved count into the live count (the saved one is unchanged)
        """, options: [StandardOptions.force], arguments: [savedID])

    static let reportSpec = CommandSpec(name: "report", abstract: "The shareable summary: date, lines, totals, float, deposit or shortage, notes",
                discussion: reportDiscussion,
                options: [reportFormat.spec, reportExpected] + [sales, tolerance, blind])

    /// The report's formats, html's page described (issue 15, item 15).
    static let reportDiscussion = """
        --format html writes one self-contained HTML page to print and sign: the till, the date and \
        time, the currency, every counted line (denomination, kind, quantity, value) by section with \
        its subtotal, the total, the float, the deposit or shortage, the expected cash with what it \
        is made of (cash sales, paid in, paid out, drops), over or short and the tolerance verdict \
        when known (a blind count: 'hidden'), the paid-ins, paid-outs and drops with their reasons, \
        the notes, and lines for the cashier's and the checker's signatures. It needs no network \
        (the style is inline; no scripts, fonts or images), prints on one A4 page (a full till of \
        every denomination fits; many long notes can run onto a second), and reads on a phone. Text \
        from the count (the till's name, labels, reasons, notes) is escaped, control characters \
        shown as on a terminal. Save it and open it in a browser: tillcount report --format html > \
        till.html
        """

    static let depositSpec = CommandSpec(name: "deposit", abstract: """
        Split the count into the float to leave (small notes and coins first) and the deposit to \
        bank
        """,
                options: [format])

    static let totalSpec = CommandSpec(
        name: "total", abstract: "Total TOKEN=QTY … without touching the live count",
        discussion: "With no TOKEN, reads TOKEN=QTY or TOKEN QTY lines from standard input. --format plain prints the total alone (1234.56), for scripts.",
        options: [totalFormat.spec, totalFloat, value, grams, tare],
        arguments: [ArgumentSpec("TOKEN", help: "TOKEN=QTY pairs.", optional: true, repeating: true)])

    /// The currencies with a built-in set, for the help text: written out, so that starting
    /// tillcount never builds the catalog for it (TillcountCurrenciesTests holds it to the catalog).
    static let builtInSetCodes = """
        AED, AUD, BRL, CAD, CHF, CLP, CNY, CZK, DKK, EUR, GBP, HKD, HUF, IDR, ILS, INR, JPY, KES, \
        KRW, MXN, MYR, NOK, NZD, PHP, PLN, SAR, SEK, SGD, THB, TRY, TWD, USD, ZAR
        """

    static let denominationsSpec = CommandSpec(name: "denominations", abstract: "List the denomination tokens, kinds and roll sizes",
                discussion: """
                    Lists every note, coin and roll of the currency with its token, label, pieces \
                    per unit, value and weight in grams (a coin's official mass, a roll's coins \
                    together; empty for notes and coins of unknown mass), then where the roll sizes \
                    and weights come from (or that none is published) and who issues the notes and \
                    coins. JSON adds them as rollNote, weightNote and source, and each \
                    denomination's grams (a string, exact; null when unknown). Built-in sets: \
                    \(builtInSetCodes); any other currency starts empty, for the denominations file \
                    to fill.
                    """,
                aliases: ["denoms"], options: [format, tokensOnly])

    static let countSpec = CommandSpec(name: "count", abstract: "The counting screen on a terminal",
                discussion: """
                    The header names the till. ↑/↓ move, + and - change the quantity, digits type \
                    one, f sets the float, s saves, u undoes, q quits. Every key is saved before the \
                    screen updates; the keys that edit one line's quantity (+, -, digits, Backspace) \
                    are one undo step, ended by moving to another line or by f, s or u ('Undid: \
                    count: set 20=125'). With movements recorded, the bar shows the expected cash \
                    and over/short (flagged beyond the till's tolerance), unless the till is blind \
                    or --blind is given: then 's' shows over/short once the count is saved.
                    """,
                options: [blind])

    /// The root spec; its subcommands are assembled from the command tree.
    static let root = CommandSpec(
        name: "tillcount",
        abstract: "count a cash till by denomination, loose and rolled, against a float",
        discussion: """
            Keeps a live count of a cash till: how many of each note and coin, loose and in \
            rolls or bags, against the starting float. Every change is saved at once (and can \
            be undone), so a count survives a crash; 'save' files it in the history.

            A denomination is named by its face value in major units (50, 20, 1, 0.50, 0.05); \
            roll:0.25 is a roll (or bag) of that coin; where a note and a coin share a value \
            (the US $1), note:1 and coin:1 tell them apart and the bare value means the note. \
            Aliases such as 50p, 25c or £20 work too. 'tillcount denominations' lists them.

            \(AmountInputHelp.forms) \(AmountInputHelp.currencies)

            The total is set against the float: what is above it is the deposit, what is below \
            it the shortage (never a negative deposit). With --expected, the cash the till \
            should hold, the count is also over or short.

            \(expectedDiscussion) \(blindSummary)

            \(SharedConventions.undo("tillcount"))

            \(tillsDiscussion)

            \(sharedStoreDiscussion)

            \(SharedConventions.defaultCurrency(after: "the live count's"))
            """,
        options: [
            currency, state, db, till,
            StandardOptions.color,
        ],
        subcommands: [],
        defaultSubcommand: "show",
        examples: [
            ExampleSpec("tillcount currency GBP && tillcount float 100", "Start a GBP count with a £100 float."),
            ExampleSpec("tillcount add 20=4 10=3 5=6 roll:1=2 50p=14", "Four £20 notes, three £10, six £5, two £1 bags, fourteen 50p coins."),
            ExampleSpec("tillcount set 0.20 --value 12.40", "Weighed 20p coins worth £12.40: 62 coins."),
            ExampleSpec("tillcount set 0.20 --grams 310", "20p coins weighing 310 g: 62 coins (5 g each)."),
            ExampleSpec("tillcount show --expected 412.50 --check || echo short", "Exit 1 when the till is short of what it should hold."),
            ExampleSpec("tillcount note 'Closed by Sam at {time}: {discrepancy}'", "A note with the time and the deposit or shortage filled in."),
            ExampleSpec("""
                tillcount sales 312.40 && tillcount paid-out 12.50 --reason milk && tillcount drop \
                200
                """, """
                Record what went in and out: show then sets the count against the expected cash.
                """),
            ExampleSpec("tillcount tolerance 1 && tillcount show --check || echo 'over or short by more than £1'", "Flag a till beyond a tolerance."),
            ExampleSpec("tillcount blind on", "A blind till: the expected cash and over/short stay hidden until 'save' prints them."),
            ExampleSpec("tillcount save --label 'Friday close' && tillcount clear --force", "File the count and start afresh."),
            ExampleSpec("""
                printf '20 4\\n0.50 14\\n' | tillcount total --currency GBP --format plain
                """, """
                A quick total for a script, without touching the live count.
                """),
            ExampleSpec("tillcount --till Front add 20=3 && tillcount tills", "Count the till Front beside the default one, then list every till."),
            ExampleSpec("tillcount --till Front save --kind z", "File Front's closing count: Z1, Z2, … per till, final."),
            ExampleSpec("""
                export TILLCOUNT_DB=postgresql://till@db.shop.example/shop?sslmode=verify-full && \
                tillcount --till Front add 20=3
                """, "Count into a shared store (the password in ~/.pgpass)."),
            ExampleSpec("tillcount db copy --to postgresql://till@db.shop.example/shop", "Move this machine's tills and history into an empty shared store."),
            ExampleSpec("tillcount history export --since 2026-11-01 > counts.csv", "Every count saved since 1 November with its lines, one row per line."),
        ],
        environment: [
            EnvironmentSpec("TILLCOUNT_STATE", "The old live count file to take over (see FILES), when --state is not given."),
            EnvironmentSpec("TILLCOUNT_DB", "The history database, or a PostgreSQL URI or keyword string (a shared store), when --db is not given."),
            tillsEnvironment,
            EnvironmentSpec("TILLCOUNT_DENOMINATIONS", "The denominations file (default $XDG_CONFIG_HOME/tillcount/denominations.json)."),
            EnvironmentSpec("VISUAL, EDITOR", "The editor for 'note --edit'."),
            EnvironmentSpec("LC_ALL, LC_MONETARY, LANG", "The locale whose region gives the default currency."),
            sharedEnvironment, actorEnvironment,
        ] + StandardOptions.xdgEnvironment(["state", "data", "config"]) + StandardOptions.environment,
        files: [
            FileSpec("$XDG_STATE_HOME/tillcount/count.json", """
                The default till's live count and undo stack as tillcount kept them before schema \
                version 6 of the database. The first change reads it, and the files of count.tills/, \
                into the database in its own transaction (each checked as below: a file that cannot \
                be read is refused, 65, and nothing is taken over), then renames it \
                count.json.migrated beside, a backup never read again; until then commands read it as \
                it is and change nothing. The database keeps each till's live count in this same JSON \
                form (table tills). JSON: \
                {\"format\": \"tillcount-state\", \"version\": 4, \"content\": {\"till\" (other \
                tills' files only), \"currency\", \"float\", \"lines\": [{\"kind\", \"value\", \
                \"quantity\", \"rollSize\", \"packaging\"}], \"notes\", \"updated\", \"undo\", \
                \"purge\", \"movements\", \"blind\", \"tolerance\"}}. The expected cash's keys are \
                written only when set: \"movements\": [{\"kind\": \"sale\", \"paid-in\", \
                \"paid-out\" or \"drop\", \"amount\": \"12.50\", \"reason\" (required for paid-in \
                and paid-out), \"at\"}] (oldest first, at most 1000; undo snapshots keep them too), \
                \"blind\": true, \"tolerance\": \"1.00\"; a file whose movements break a rule (an \
                unknown kind, an amount below 0 or, but for a sale, of 0, a paid-in or paid-out \
                without a reason, an expected cash that does not fit) is refused, untouched. A roll \
                line keeps the roll size and packaging it was counted with while its quantity is \
                above 0 (version 1 files, without them, take the current definitions and keep them \
                from the next change). \"undo\" holds the last \(TillState.undoLimit) steps, oldest \
                first: {\"kind\": \"count\", \"action\", \"count\": {the live count before the \
                change}} or {\"kind\": \"history\", \"change\": \"save\", \"rm\", \"label\" or \
                \"note\", \"id\", \"key\", \"at\", \"action\"}, whose key (32 hex digits) marks the \
                history row the command saved, deleted or added, or {\"kind\": \"till\", \"change\": \
                \"rm\", \"till\", \"action\", \"count\": {the removed till's live count}} for a till \
                'tills rm' removed (a tillcount from before 'tills rm' refuses a file holding one, \
                untouched). \"purge\" holds the keys of rm steps that had left the stack, whose counts \
                were still to be purged. The take-over moves the stack into the database's undo \
                journal, oldest step first, and purges those counts. Version 1 to 3 files (1 and 2 with bare snapshots in \"undo\") are read as \
                they are and written as version 4 by the next change; a newer version is refused, \
                untouched. A file with a denomination twice, a negative quantity or float, or a \
                value that does not fit is refused, untouched. Mode 0600.
                """),
            tillsFile,
            FileSpec("$XDG_DATA_HOME/tillcount/history.sqlite", """
                Every till's live count, the undo steps, the saved counts and the audit trail (SQLite; schema version 8 \
                in PRAGMA user_version). tills(till_key, till, state): one row per till, state its \
                live count in count.json's JSON form; live_count_files(state_file, taken_over_at): the \
                files taken over (a version 5 file gains both tables on its next change, and until then \
                is read through a migrated copy in memory). journal_steps(id, label, at, actor, mark) \
                and journal_records(step_id, position, kind, key, before): the undo journal every \
                MoneyKit tool keeps, a step's actor the till's key and a tab; each step records the \
                live count before it (kind live), the history step (history, naming its key) or the \
                till 'tills rm' removed (removed-till). Version 7 moves the undo stacks version 6 kept \
                in tills.state into it, in the migration's transaction. audit(id, at, till, who, \
                action, detail) (version 8): the audit trail ('tillcount audit'), which no undo \
                changes. counts(id, saved_at, \
                label, currency, total, float, expected, notes, saved_by, deleted_at, deleted_by, \
                till, till_key, kind, z_number, movements, tolerance), count_lines(count_id, kind, \
                value, quantity, roll_size, packaging, line_value, roll_size_from, token, label), \
                count_labels(count_id, label, at, set_by) and count_notes(count_id, note, at, \
                added_by), amounts in minor units; line_value = value × quantity × roll_size. till \
                is the till's name as first given and till_key its lower-case form; kind is x or z; \
                z_number (Z counts only) runs 1, 2, … per till_key, unique, taken in the save's \
                transaction. A relabel or a note added after saving is a row of count_labels or \
                count_notes (the newest label wins; set_by and added_by are the keys of their undo \
                steps): the count's own row and lines never change. A version 3 file gains till \
                'main', kind 'x' and the two tables on the next command that writes it. movements \
                (version 5) holds the cash sales, paid-ins, paid-outs, refunds and drops recorded with the \
                count, as the live count file writes them (a JSON list of {\"kind\", \"amount\", \
                \"reason\", \"at\"}; NULL for none), and tolerance the tolerance over/short was \
                judged by (minor units; NULL for none); a version 4 file gains both, empty for the \
                counts saved before, on the next command that writes it, and reads as it is until \
                then. A saved count is shown and resumed from these alone, never from the \
                denominations file. 'history rm' only hides a count (deleted_at, and deleted_by the \
                key of its undo step; saved_by is the key of the save's step), so that undo can \
                bring it back; hidden counts appear nowhere (history, show, resume, --ids, \
                completions, exports). A hidden count is deleted for good, with its lines, by the \
                write transaction whose new step pushes its undo step out of the last \
                \(TillState.undoLimit) of its till. A version 2 file gains the three columns (empty) on the next \
                command that writes it (save, rm, the undo of either, a purge); reading never \
                migrates it. Lines saved by schema version 1 had no roll size: the first save or \
                delete records it, from the saved total where that tells it (roll_size_from \
                'total'), else from the denominations then current ('definitions', the saved total \
                standing); until then they are read the same way. A count with a denomination twice, \
                a quantity below 1, a roll size outside 1 to 100000 or values that do not add up is \
                refused with 65. Marked as tillcount's by PRAGMA application_id 1296782403 \
                (0x4D4B5443). Commands that only read (show, history, history show, resume…) never \
                create, migrate or change it: a missing database reads as empty. A database of \
                another program, or with other tables, is refused (65), never adopted; one made \
                before the mark is marked on its next save. Missing folders are created for the \
                default location only; a --db or $TILLCOUNT_DB in a folder that does not exist is an \
                error (73).
                """),
            FileSpec("$XDG_CONFIG_HOME/tillcount/denominations.json", """
                Your own denominations and roll sizes, per currency: {\"format\": \
                \"tillcount-denominations\", \"version\": 1, \"content\": {\"NOK\": {\"rolls\": \
                [{\"coin\": \"20\", \"count\": 25}], \"add\": [{\"kind\": \"coin\", \"value\": \
                \"0.50\", \"label\": \"50 øre\"}], \"remove\": [{\"kind\": \"note\", \"value\": \
                \"1000\"}], \"weights\": [{\"coin\": \"20\", \"grams\": \"9.9\"}]}}}. \"weights\" \
                gives the mass of one coin in grams (a string or number, at most 3 decimals, above 0 \
                and at most 1000 g), to count it by weight: for a coin without a built-in mass, or \
                to replace one; a coin removed takes its weight with it, and a weight for a coin the \
                currency does not have is refused (65). Files without \"weights\" read as before.
                """),
        ],
        exitStatus: [
            ExitStatusSpec(.ok), ExitStatusSpec(.checkFailed, """
                With show --check: the till is short of the expected cash (of the float when no \
                expected cash is known), or, with a tolerance, over or short by more than it. 0 when \
                within.
                """), ExitStatusSpec(.usage),
            ExitStatusSpec(.dataError, """
                Bad input: a malformed amount, weight or quantity, an unknown denomination or one of \
                another currency, going below 0, a value that is not a multiple of the coin, an \
                overflow, or a corrupt or newer file; a Z count deleted or relabelled (final).
                """),
            ExitStatusSpec(.noInput, "An unknown saved count, or nothing to undo."),
            ExitStatusSpec(.unavailable, """
                A PostgreSQL server (--db) cannot be reached (the message names the host or \
                socket), or PostgreSQL's client library is not installed (Debian: libpq5).
                """),
            ExitStatusSpec(.cannotCreate), ExitStatusSpec(.ioError),
            ExitStatusSpec(.busy, """
                The store is locked or busy, or the connection to PostgreSQL was lost (the message \
                says whether the change may have been saved); try again.
                """),
            ExitStatusSpec(.configuration, """
                The configuration or environment is wrong: HOME unset, a bad $TILLCOUNT_TILL, or a \
                PostgreSQL connection string libpq cannot read (its password hidden).
                """),
        ],
        security: StandardOptions.security("""
            The history database is changed only through SQL statements with bound parameters; no \
            text typed by a user is ever part of an SQL statement.
            """)
    )
}
