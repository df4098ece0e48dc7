// The spec of tillcount's tills and saved-count editing (issue 15, items 6, 10 and 12):
// options and commands in one block, referenced from TillcountSpec (save --kind, X and Z
// counts, sits beside the save spec there).

import MoneyKitCLI
import TillKit

extension TillcountSpec {
    // MARK: tills

    static let till = OptionSpec.option(
        "till", value: "NAME",
        help: "The till to work on (default $TILLCOUNT_TILL, else main); on 'history' and 'history export', only that till's counts.",
        global: true, completion: .dynamic(["tills", "--names"]))
    static let tillNames = OptionSpec.flag("names", help: "Print only the tills' names, one a line.")

    static let tillsDiscussion = """
        Each till has its own live count, float, notes and undo steps, kept in the \
        database that holds the history (history.sqlite, or a shared PostgreSQL store, see below), so a \
        change to a till and to the history is one transaction. --till NAME (or $TILLCOUNT_TILL) picks \
        the till every command works on; without either it is the default till, 'main', which is the live \
        count tillcount kept before it had tills (its count.json is taken over by the first change). A \
        till exists from \
        its first change, and the command that starts it says so on stderr (a mistyped name never \
        counts into a new till unnoticed); reading one that has none shows an empty count, and \
        starts nothing. show names the till (a first line 'Till NAME' for every till but main; \
        \"till\" in JSON). Till names follow the name rule \
        below: letter case does not tell two tills apart. Undo is per till: it reverts the newest step made \
        in the till it runs in (a save, history rm, label, note or tills rm is a step of the till the command \
        ran in). Saved counts record their till: 'history --till NAME' lists one till's.

        \(SharedConventions.names(of: "a till"))
        """

    /// The tills group; its subcommands are assembled from the command tree ('tills' alone lists them).
    static let tillsSpec = CommandSpec(
        name: "tills", abstract: "Tills: list (the default), rm",
        options: [format, tillNames],
        subcommands: [],
        defaultSubcommand: "list")

    static let tillsListSpec = CommandSpec(
        name: "list", abstract: "List every till with its currency, total, float and status",
        discussion: """
            The default till 'main' first, once it has been used (its live count kept: something counted, set \
            or undone in it, or counts saved from it), then the others by name. Status: empty (nothing counted); else, when the \
            till's expected cash is known (movements recorded: float + sales + paid in − paid out − refunds − drops) \
            and the till is not blind, balanced (exactly, or within the till's tolerance), over or short \
            against it; else counting (a blind till's expected cash and over/short stay hidden here too). \
            --format json, csv and tsv give name, currency, total, float, expected, overShort, status, blind \
            and updated (amounts as plain decimals, the expected cash and over/short empty when unknown or blind).
            """,
        aliases: ["ls"], options: [format, tillNames])

    static let tillsRmSpec = CommandSpec(
        name: "rm", abstract: "Remove a till that holds nothing (asks on a terminal; --force otherwise; undo brings it back)",
        discussion: """
            Nothing in it: no denomination counted, no movements (sales, paid-ins, paid-outs, drops), no notes and \
            a float of 0; a till that holds any of them is refused (65), saying what it holds (save or clear it, \
            'float 0', then remove it). Its settings (currency, blind, tolerance) go with it. Its saved counts \
            stay in the history under its name. The undo step is a step of the till the command runs in \
            (--till or $TILLCOUNT_TILL, else main), as a save's or a history rm's does, so a till is removed from \
            another one, never from itself (65): 'tillcount undo' there brings it back with its settings. The \
            removed till's own undo steps go with it: the saved counts its 'history rm' steps hid are purged \
            for good. On a shared store, every person's undo steps in that till go with it. A till not kept: 66.
            """,
        aliases: ["delete"], options: [StandardOptions.force],
        arguments: [ArgumentSpec("NAME", help: "The till to remove (letter case aside).", completion: .dynamic(["tills", "--names"]))])

    static let tillsEnvironment = EnvironmentSpec("TILLCOUNT_TILL", """
        The till to work on, when --till is not given (an empty value is the default till; a name \
        the name rule refuses: exit 78).
        """)
    static let tillsFile = FileSpec(
        "$XDG_STATE_HOME/tillcount/count.tills/",
        """
            Before schema version 6 of the database: the live counts of the tills other than \
            'main' (whose live count was count.json), taken over with it by the first change and \
            then renamed count.tills.migrated; one file each, in count.json's format with the till's name in \"till\", named from the \
            name's lower-case UTF-8 bytes (a–z, 0–9, - and _ kept, every other byte %xx; beyond 120 \
            bytes, the first 100 and ~ with a 64-bit hash). The folder sits beside the state file, \
            named like it with .tills for .json (--state /x/shop.json keeps its tills in \
            /x/shop.tills/). A file whose name does not lead to the till it keeps is refused (65).
            """)

    // MARK: saved counts: filters, edits, export

    static let since = OptionSpec.option("since", value: "D", help: "Only counts saved at or after D. \(RangeDateHelp.start)")
    static let auditSince = OptionSpec.option("since", value: "D", help: "Only entries made at or after D. \(RangeDateHelp.start)")
    static let until = OptionSpec.option("until", value: "D", help: "Only counts saved at or before D. \(RangeDateHelp.end)")
    static let labelFilter = OptionSpec.option("label", value: "TEXT", help: "Only counts whose label contains TEXT (letter case aside).")
    static let kindFilter = TypedOption<SavedCount.Kind>.choice(.option("kind", value: "KIND", help: "Only X or Z counts.", allowed: ["x", "z"]))
    static var historyFilters: [OptionSpec] { [since, until, labelFilter, kindFilter.spec] }

    static let exportFormat = OutputFormat.option([.csv, .tsv, .json], default: .csv)
    static let labelText = ArgumentSpec("TEXT", help: "The new label, its words joined with spaces ('' removes it).", repeating: true)
    static let noteText = ArgumentSpec("TEXT", help: "The note to add.", repeating: true)

    static let historyLabelSpec = CommandSpec(
        name: "label", abstract: "Relabel a saved count (undo brings the label before back)",
        discussion: """
            Only the label changes: the counted lines, amounts and notes stay as saved. An empty \
            TEXT removes the label. A Z count keeps its label (exit 65).
            """,
        arguments: [savedID, labelText])

    static let historyNoteSpec = CommandSpec(
        name: "note", abstract: "Add a note to a saved count (its lines stay as saved)",
        discussion: """
            The note is kept beside the notes filed with the count, with the time it was added, and \
            shown by 'history show' and exports. Placeholders are not filled in. On an X count, undo \
            takes it away; on a Z count it is final.
            """,
        arguments: [savedID, noteText])

    static let historyExportSpec = CommandSpec(
        name: "export", abstract: "Every saved count with its lines, for a spreadsheet (csv, tsv) or a script (json)",
        discussion: """
            Oldest first, with the filters of 'history'. CSV and TSV have one row per counted line (a long \
            table a spreadsheet can pivot): id, saved, till, kind (x or z), number (a Z count's), label, \
            currency, total, float, expected, overShort, then the line's token, lineKind (note, coin, roll), \
            face, quantity, rollSize and value; a count with no lines is one row with the line's fields \
            empty. JSON is a list of counts, each with those header fields, notes, addedNotes ([{at, text}]) \
            and lines ([{token, kind, face, quantity, rollSize, value}]). Amounts are plain decimals.
            """,
        options: [exportFormat] + historyFilters)
}
