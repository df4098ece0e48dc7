// The tally commands: each reads its arguments, calls TallyKit, and prints the result.
// What the commands share: the invocation and the counters' repository.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import TallyKit
import TallyPostgres
import TallySQLite

struct TallyCommands {
    let invocation: Invocation
    let tally: Tally

    var arguments: ParsedArguments { invocation.arguments }
    var out: OutputChannel { invocation.out }

    /// Opens the store named by `--file`, else `TALLY_FILE`, else
    /// `$XDG_DATA_HOME/tally/counters.json` (the database beside it: TallyStorePaths).
    init(invocation: Invocation) throws {
        self.invocation = invocation
        let location = try XDGPaths(environment: invocation.environment).storeLocation(
            option: invocation.arguments.text(TallySpec.file), environmentVariable: SQLiteTallyRepository.environmentVariable,
            kind: .data, tool: "tally", fileName: SQLiteTallyRepository.defaultFileName)
        tally = Tally(repository: Self.repository(at: location, invocation: invocation), now: invocation.preciseNow)
    }

    /// The store `location` names: a PostgreSQL database for a connection URI or keyword
    /// string given by --file or TALLY_FILE, else the SQLite file (TallyStorePaths).
    static func repository(at location: StoreLocation, invocation: Invocation) -> any TallyRepository {
        if !location.isDefault, PostgresTallyRepository.names(location.path) {
            return PostgresTallyRepository(connectionText: location.path, actor: invocation.actor, environment: invocation.environment)
        }
        let repository = SQLiteTallyRepository(location: location, actor: invocation.actor)
        repository.clock = invocation.preciseNow
        let err = invocation.err
        repository.onImportedLegacy = { legacy, database, count in
            err.line("""
                tally: moved \(count) counter\(count == 1 ? "" : "s") from \(legacy) into \
                \(database); the JSON file is kept as it was, as a backup
                """.terminalSafe)
        }
        return repository
    }

    var name: String { arguments.argument("NAME") ?? "" }

    /// A whole-number positional, as a usage error when malformed and 65 when too large.
    func number(_ argument: String) throws(CLIError) -> Int64 {
        guard let value = try arguments.integerArgument(argument) else {
            throw CLIError.usage("missing \(argument)", commandPath: arguments.commandPath)
        }
        return value
    }

    /// The typed value of an option that has a default in the spec.
    func option<Value>(_ option: TypedOption<Value>) throws(CLIError) -> Value {
        guard let value = try arguments.value(option) else {
            throw CLIError.usage("missing --\(option.spec.long)", commandPath: arguments.commandPath)
        }
        return value
    }

    var rendering: CounterRendering { CounterRendering(invocation: invocation) }

    // MARK: reading

    func list() throws -> ExitCode {
        let tags = arguments.values(TallySpec.tagFilter.long)
        let list = try tally.list(tags: tags, sort: try option(TallySpec.sort))
        if arguments.flag(TallySpec.namesOnly) {
            // One line per name, always: a name stored before the name rule may hold a
            // newline, shown escaped.
            for counter in list.rows { out.line(counter.name.terminalSafe) }
            return .ok
        }
        let format = try option(TallySpec.format)
        if list.rows.isEmpty && format == .text {
            invocation.err.line(Self.emptyListMessage(list, tags: tags).text)
            return .ok
        }
        rendering.printList(list, format: format)
        return .ok
    }

    /// Why the list is empty: no counter at all, or none with the tags asked for (the
    /// store's counters are there: a filter left them out).
    static func emptyListMessage(_ list: CounterList, tags: [String]) -> ShownText {
        guard list.isFiltered else { return "No counters yet. Create one with: tally new NAME" }
        let quoted = tags.map { "'\($0)'" }.joined(separator: ", ")
        let which: ShownText = tags.count == 1 ? "the tag \(quoted)" : "all the tags \(quoted)"
        let counters = list.storeCount == 1 ? "1 counter" : "\(list.storeCount) counters"
        return "No counter has \(which) (of \(counters)); 'tally list' shows them all with their tags."
    }

    func get() throws -> ExitCode {
        out.line(String(try tally.counter(named: name).count))
        return .ok
    }

    // MARK: changing

    func create() throws -> ExitCode {
        if let formula = arguments.value(TallySpec.from.long) { return try createDerived(formula) }
        let created = try tally.create(
            name: arguments.argument("NAME"), start: try option(TallySpec.start), step: try option(TallySpec.newStep),
            pinned: arguments.flag(TallySpec.pin), settings: try newCounterSettings())
        out.line(created.terminalSafe)
        return .ok
    }

    /// `tally new NAME --from FORMULA`: a derived counter, which has no start or step.
    private func createDerived(_ formula: String) throws -> ExitCode {
        for option in [TallySpec.start.spec, TallySpec.newStep.spec] where arguments.value(option.long) != nil {
            throw CLIError.usage("--from and --\(option.long) cannot go together: a derived counter keeps no count of its own", commandPath: arguments.commandPath)
        }
        guard let name = arguments.argument("NAME") else {
            throw CLIError.usage("a derived counter needs a NAME", commandPath: arguments.commandPath)
        }
        let created = try tally.createDerived(name: name, formula: formula, pinned: arguments.flag(TallySpec.pin), settings: try newCounterSettings())
        out.line(created.terminalSafe)
        return .ok
    }

    func increment() throws -> ExitCode {
        report(try tally.increment(name, times: try option(TallySpec.incrementTimes)))
    }

    func decrement() throws -> ExitCode {
        report(try tally.decrement(name, times: try option(TallySpec.decrementTimes)))
    }

    func add() throws -> ExitCode {
        let amount = try number("AMOUNT")
        return report(try tally.add(amount, to: name))
    }

    func setCount() throws -> ExitCode {
        let value = try number("VALUE")
        return report(try tally.set(name, to: value))
    }

    func reset() throws -> ExitCode {
        if let exit = try resetManyIfAsked() { return exit }
        return report(try tally.reset(name))
    }

    /// Prints a change of a count and what it did to derived counters; with --strict, 1
    /// when a derived counter is left beyond a bound.
    private func report(_ change: CountChange) -> ExitCode {
        rendering.printCount(change)
        return reportDerived(change.derived)
    }

    /// Says which derived counters a change left beyond a bound or took to their goal;
    /// with --strict, 1 when one is beyond a bound.
    func reportDerived(_ derived: [DerivedChange]) -> ExitCode {
        rendering.printDerived(derived)
        return arguments.flag(TallySpec.strict) && derived.contains { $0.boundBeyond != nil } ? .checkFailed : .ok
    }

    func rename() throws -> ExitCode {
        guard let newName = arguments.argument("NEW") else { throw CLIError.usage("missing NEW", commandPath: arguments.commandPath) }
        try tally.rename(name, to: newName)
        return .ok
    }

    func changeStep() throws -> ExitCode {
        try tally.setStep(name, to: try number("N"))
        return .ok
    }

    func setPinned(_ pinned: Bool) throws -> ExitCode {
        try tally.setPinned(name, pinned)
        return .ok
    }

    func remove() throws -> ExitCode {
        let names = arguments.arguments("NAME")
        // Check the names before asking, so a typo is reported rather than confirmed.
        let chosen = try tally.storedNames(names)
        let what = chosen.count == 1 ? "counter '\(chosen[0])'" : "\(chosen.count) counters"
        guard try Confirmation.require("Delete \(what)", invocation: invocation) else {
            invocation.err.line("Nothing deleted.")
            return .ok
        }
        try tally.remove(names)
        invocation.err.line("Deleted \(what.terminalSafe). Undo with: tally undo")
        return .ok
    }

    func undo() throws -> ExitCode {
        let (action, derived) = try tally.undoMovingDerived()
        invocation.err.line("Undid: \(action.terminalSafe)")
        return reportDerived(derived)
    }
}
