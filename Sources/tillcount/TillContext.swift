// What every tillcount command shares: the invocation, the till behind its adapters (the
// live count file, the history database and the denominations file, each found by option,
// variable or XDG default), and the readings of the options several commands take.
//
// The till a command works on is --till, else $TILLCOUNT_TILL (when not empty), else the
// default till "main"; each till's live count is its own file (see JSONTillDirectory), or,
// when --db or $TILLCOUNT_DB names a PostgreSQL database, a row of it (PostgresTillStore).

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import MoneyKitPlatform
import TillKit
import TillPostgres
import TillSQLite

struct TillContext {
    let invocation: Invocation
    let till: Till
    /// Every till's live count (for 'tillcount tills').
    let tills: any TillDirectory
    /// The seam the till's repositories are a session of: a command's reads in one
    /// snapshot (`read`), its changes in one transaction (`write`).
    let tillStore: any TillStore
    /// The store behind them (for 'tillcount db').
    let store: Store

    /// Where the live counts and saved counts are kept.
    enum Store {
        /// The SQLite database of the live counts and the history (taking over the live
        /// count files of an older tillcount on its first change).
        case files(SQLiteTillDirectory, SQLiteTillHistory)
        /// A shared PostgreSQL database (--db names one).
        case postgres(PostgresTillStore)
    }

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }
    var rendering: TillRendering { TillRendering(styler: invocation.styler, width: invocation.terminal.width) }

    init(invocation: Invocation) throws {
        self.invocation = invocation
        // Every stamp (saves, movements, undo steps, a live count's `updated`) is the run's clock.
        let clock: @Sendable () -> Double = { [invocation] in invocation.preciseNow() }
        let paths = XDGPaths(environment: invocation.environment)
        let arguments = invocation.arguments
        let tillName = try Self.selectedTill(arguments: arguments, environment: invocation.environment)
        let historyLocation = try paths.storeLocation(
            option: arguments.text(TillcountSpec.db), environmentVariable: "TILLCOUNT_DB",
            kind: .data, tool: "tillcount", fileName: "history.sqlite")
        let history: any TillHistoryRepository
        if !historyLocation.isDefault, PostgresTillStore.names(historyLocation.path) {
            // A shared store: every till's live count and the saved counts are in the
            // database; --state and $TILLCOUNT_STATE are not used.
            let shared = PostgresTillStore(connectionText: historyLocation.path, actor: invocation.actor, environment: invocation.environment)
            if arguments.text(TillcountSpec.state) != nil {
                invocation.warn("--state is not used: --db names a PostgreSQL store, which keeps every till's live count")
            }
            store = .postgres(shared)
            tills = shared.directory
            history = shared.history
            tillStore = shared
        } else {
            // The live counts are in the history's database; the files of an older
            // tillcount (--state, $TILLCOUNT_STATE) are taken over by the first change.
            let database = SQLiteTillDatabase(
                path: historyLocation.path, createsFolders: historyLocation.isDefault, mustExist: !historyLocation.isDefault)
            let directory = SQLiteTillDirectory(database: database, files: JSONTillDirectory(stateFile: try paths.storeLocation(
                option: arguments.text(TillcountSpec.state), environmentVariable: "TILLCOUNT_STATE",
                kind: .state, tool: "tillcount", fileName: "count.json")), now: clock)
            let files = SQLiteTillHistory(database: database)
            tillStore = SQLiteTillStore(directory: directory, history: files)
            store = .files(directory, files)
            tills = directory
            history = files
        }
        let denominationsFile = JSONFileStore<DenominationFile>(location: try paths.storeLocation(
            option: nil, environmentVariable: "TILLCOUNT_DENOMINATIONS",
            kind: .config, tool: "tillcount", fileName: "denominations.json"))
        var made = Till(
            live: tills.repository(for: tillName),
            history: history,
            denominations: FileDenominationSource(file: denominationsFile), name: tillName, tills: tills, store: tillStore,
            now: clock)
        made.auditor = { [invocation] in invocation.actor }
        till = made
    }

    /// Runs `command`; when it started the till (a name not kept before: perhaps a typo),
    /// says so on stderr, so that counting into a new till never goes unnoticed.
    func announcingNewTill(_ command: () throws -> ExitCode) throws -> ExitCode {
        let wasKept = tills.keeps(till.name)
        let exitCode = try command()
        if !wasKept && tills.keeps(till.name) {
            invocation.say("Started the new till '\(till.name.display)' ('tillcount tills' lists every till).")
        }
        return exitCode
    }

    /// The till asked for: --till, else $TILLCOUNT_TILL when set and not empty, else the
    /// default till. A name the name rule refuses is an error (from the variable: 78).
    static func selectedTill(arguments: ParsedArguments, environment: [String: String]) throws(CLIError) -> TillName {
        if let typed = arguments.text(TillcountSpec.till) { return try tillName(typed) }
        guard let variable = environment["TILLCOUNT_TILL"], !variable.isEmpty else { return .main }
        do {
            return try TillName(checking: variable)
        } catch {
            guard case .invalidTillName(let fault) = error else { throw error.cliError }
            throw CLIError("""
                TILLCOUNT_TILL: \(fault.message(for: "a till name"))
                """, hint: """
                set it to a till's name, or unset it for the default till
                """, exitCode: .configuration)
        }
    }

    /// `text` as a till name given on the command line, or the name rule's error.
    static func tillName(_ text: String) throws(CLIError) -> TillName {
        do {
            return try TillName(checking: text)
        } catch {
            throw error.cliError
        }
    }

    /// The currency --currency asks for (else the count's, else the locale's, else USD),
    /// read when a command needs it, as before it the store that command reads.
    func currencyChoice() -> CurrencyChoice {
        let code = arguments.text(TillcountSpec.currency)
        let commandPath = arguments.commandPath
        return CurrencyChoice(isAsked: code != nil, fallback: LocaleCurrency.defaultCurrency(invocation.environment)) {
            try code.map { code throws(CLIError) in try CurrencyOption.parse(code, commandPath: commandPath) }
        }
    }

    /// The live count with its currency and the denominations it counts with.
    func current() throws -> Till.Count {
        try till.current(currencyChoice())
    }

    /// An amount in `currency` from an argument or option, named in the error.
    func amount(_ text: String, currency: Currency, what: String) throws(CLIError) -> Money {
        do {
            return try Money.parse(text, currency: currency)
        } catch {
            throw CLIError.data("\(what): \(error)", hint: error.hint)
        }
    }

    /// The amount of the --expected option `option`, in `currency`.
    func expected(_ option: OptionSpec, currency: Currency) throws(CLIError) -> Money? {
        try arguments.text(option).map { text throws(CLIError) in try amount(text, currency: currency, what: "--expected") }
    }

    /// This command as the undo stack names it ("add 20=4 10=3", "history rm 3"): its
    /// words, arguments and the options that change what it does.
    var action: String {
        var words = arguments.commandPath
        for name in ["TOKEN", "AMOUNT", "CODE", "ID", "TEXT"] { words += arguments.arguments(name) }
        if let value = arguments.text(TillcountSpec.value) { words += ["--value", value] }
        if let label = arguments.text(TillcountSpec.label), !label.isEmpty { words += ["--label", label] }
        for flag in [TillcountSpec.clearNotes, TillcountSpec.edit, TillcountSpec.keepNotes] where arguments.flag(flag) { words.append("--" + flag.long) }
        return words.joined(separator: " ")
    }
}

extension TillContext {
    /// The instants a range's two options give (the end included: a date alone reaches to
    /// its last second), nil where not given; history's --since/--until, summary's --from/--to.
    /// - Throws: `CLIError` for a date that cannot be read (65), or a start after the end (64).
    func range(from start: OptionSpec, to end: OptionSpec) throws(CLIError) -> (Int64?, Int64?) {
        let arguments = invocation.arguments
        let now = invocation.now()
        func instant(_ option: OptionSpec, _ side: RangeEnd) throws(CLIError) -> Int64? {
            guard let text = arguments.text(option) else { return nil }
            return try Instant.rangeOption(text, option: "--\(option.long)", end: side, now: now)
        }
        let first = try instant(start, .start)
        let last = try instant(end, .end)
        if let first, let last, first > last {
            throw CLIError.usage("--\(start.long) is after --\(end.long): no count can match", commandPath: arguments.commandPath)
        }
        return (first, last)
    }
}
