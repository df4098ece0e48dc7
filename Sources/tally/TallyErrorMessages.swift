// Every TallyKit error as tally reports it: the message, the hint and the exit code, in
// one place. The words are those tally has always printed (the end-to-end tests hold
// them byte for byte).

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TallyKit

extension TallyError {
    var cliError: CLIError {
        switch self {
        case .countOverflow(let counter, let count, let delta):
            return .data(
                "count of '\(counter)' would overflow: \(count) + \(delta) is beyond the 64-bit range",
                hint: "nothing was changed")
        case .stepsOverflow(let times, let step):
            return .data("\(times) steps of \(step) overflow the 64-bit range", hint: "nothing was changed")
        case .zeroStep:
            return .usage("the step cannot be 0", hint: "use a positive or negative whole number")
        case .timesBelowOne(let times):
            return .usage("invalid value '\(times)' for --times: expected at least 1")
        case .invalidName(_, let fault):
            return .nameFault(fault, what: "a counter name")
        case .notFound(let name, let known):
            let hint = known.isEmpty ? "there are no counters yet; create one with 'tally new \(name)'" : nil
            return .notFound("counter", name, known: known, hint: hint)
        case .ambiguousName(let name, let matches):
            return .ambiguousName(name, matches: matches, things: "counters")
        case .nameTaken(let name, let existing):
            let what = existing == name ? "a counter named '\(name)'" : "a counter named '\(existing)' (the same name in another case)"
            return .data("\(what) already exists", hint: "choose another name, or rename the existing one")
        case .noSerialLeft(let nextSerial):
            return .data("the store has no serial left for a new counter (nextSerial is \(nextSerial))")
        case .nothingToUndo:
            return CLIError("nothing to undo", exitCode: .noInput)
        case .lastChangeConcernsAnotherCounter(let action):
            return CLIError("the last change was to another counter (\(action)); use 'tally undo'", exitCode: .dataError)
        case .undoConflict(let action, let counters, let others):
            let names = counters.map { "'\($0)'" }.joined(separator: ", ")
            let who = others.isEmpty ? "someone else" : others.joined(separator: ", ")
            return .data(
                "cannot undo '\(action)': \(names) \(counters.count == 1 ? "was" : "were") changed since by \(who); undoing would overwrite that change",
                hint: "nothing was changed; undo reverts only your own last change, while nobody else has changed its counters since")
        case .copyTargetNotEmpty(let counters):
            // The target's name is added by the db copy command, which knows it.
            return CLIError(
                "the target already holds a tally store (\(counters) counter\(counters == 1 ? "" : "s")); db copy never merges into or overwrites a store",
                hint: "copy into a new file or an empty database", exitCode: .cannotCreate)
        case .importClashes(let source, let names):
            let listed = names.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (names.count > 5 ? ", …" : "")
            return .data(
                """
                    \(names.count) counter\(names.count == 1 ? "" : "s") in \(source) already \
                    exist\(names.count == 1 ? "s" : ""): \(listed); nothing was imported
                    """,
                hint: "choose with --on-clash skip, replace or rename")
        case .importRepeatsName(let source, let first, let second):
            let how = first == second ? "'\(first)' twice" : "'\(first)' and '\(second)', one name in two cases"
            return .data("\(source) names the counter \(how); nothing was imported")
        case .importNotJSON(let source, let reason):
            return .data("\(source) is not valid JSON: \(reason)")
        case .importForeignFormat(let source, let format):
            return .data("\(source) is a '\(format)' file, not a tally export")
        case .importNewerVersion(let source, let version, let supported):
            return .data("\(source) is a tally export of version \(version), newer than this tally reads (\(supported))")
        case .importNoCounterList(let source):
            return .data("\(source) is not a tally export: no list of counters")
        case .importBadEntry(let message):
            return .data(message)
        case .importNoNameColumn(let source, let expected):
            return .data("\(source): the CSV header has no 'name' column", hint: "expected: \(expected.joined(separator: ","))")
        case .importUnknownColumn(let source, let column, let expected):
            return .data("\(source): unknown CSV column '\(column)'", hint: "expected: \(expected.joined(separator: ","))")
        case .importFieldCount(let place, let found, let expected):
            return .data("\(place) has \(found) fields, the header \(expected)")
        case .importNotWholeNumber(let place, let field, let text):
            return .data("\(place): \(field) '\(text)' is not a whole number in the 64-bit range")
        case .importBadPinned(let place, let text):
            return .data("\(place): pinned must be true or false, not '\(text)'")
        case .importInvalidName(let place, _, let fault):
            return .nameFault(fault, what: "the counter name", place: place)
        case .importZeroStep(let place, let name):
            return .data("\(place): the step of '\(name)' is 0")
        case .importBadCreated(let place, let text):
            return .data("\(place): created '\(text)' is not an ISO 8601 time like 2026-11-21T10:55:28Z")
        case .rangeEndsBeforeStart(let from, let through):
            return .usage(
                "--until (\(Instant.iso8601(through))) is before --since (\(Instant.iso8601(from)))",
                hint: "give --since the earlier date")
        case .tooManyPeriods(let limit):
            return .usage("the report would list more than \(limit) periods", hint: "narrow it with --since and --until, or count by a longer period")
        case .netChangeOverflow(let counter):
            return .data("the net change of '\(counter)' in this range is beyond the 64-bit range")
        case .beyondBound(let counter, let bound, let limit, let count):
            return .data(
                "the count of '\(counter)' would be \(count), \(bound == .minimum ? "below" : "above") its \(bound.rawValue) \(limit)",
                hint: "nothing was changed; see 'tally bounds \(counter)'")
        case .badBounds(let counter, let fault):
            return .data("'\(counter)': \(fault.message)", hint: "nothing was changed")
        case .invalidTag(_, .name(let fault)):
            return .nameFault(fault, what: "a tag")
        case .importInvalidTag(let place, _, let fault):
            return .data("\(place): \(fault.message)")
        case .importBadBounds(let place, let name, let fault):
            return .data("\(place): '\(name)': \(fault.message)")
        case .importBadUpdated(let place, let text):
            return .data("\(place): updated '\(text)' is not an ISO 8601 time like 2026-11-21T10:55:28Z")
        case .sumOverflow(let counters):
            return .data("the sum of the counts of \(counters) counters is beyond the 64-bit range")
        case .changeWouldBreakStore(let counter, let fault):
            return .data("the change would leave '\(counter)' with \(fault.message), which the store cannot read back", hint: "nothing was changed")
        case .badDayStart(let minutes):
            return .usage("\(minutes) minutes past midnight is no time of day")
        case .badFormula(let text, let reason):
            return .usage(
                "cannot read the formula '\(text)': \(reason)",
                hint: "name stored counters with + or - between them, each between spaces: --from \"in - out\"")
        case .derivedSource(let source):
            return .data("'\(source)' is itself derived; a derived counter adds and subtracts counters that keep their counts")
        case .derivedNotChangeable(let counter, let formula):
            return .data(
                "'\(counter)' is derived (\(formula)): its count follows its sources",
                hint: "nothing was changed; change one of its sources instead")
        case .derivedOverflow(let counter):
            return .data("the count of the derived counter '\(counter)' would be beyond the 64-bit range", hint: "nothing was changed")
        case .sourceOfDerived(let counters, let derived):
            let sources = counters.map { "'\($0)'" }.joined(separator: ", ")
            let users = derived.map { "'\($0)'" }.joined(separator: ", ")
            return .data(
                "cannot delete \(sources): \(users) \(derived.count == 1 ? "is" : "are") derived from \(counters.count == 1 ? "it" : "them")",
                hint: "nothing was deleted; delete \(users) too, in the same command")
        case .derivedSourceGone(let derived):
            let users = derived.map { "'\($0)'" }.joined(separator: ", ")
            return .data("the change would leave \(users) without a source counter", hint: "nothing was changed; delete \(users) first")
        case .derivedSourceMissing(let counter, let serial):
            return .data("the derived counter '\(counter)' names counter \(serial), which the store does not hold", hint: "delete '\(counter)' and define it again")
        case .invalidTag(let tag, .comma):
            return .usage(
                "a tag cannot contain a comma ('\(tag)')", hint: "give each tag on its own: --tag a --tag b, or tally tag NAME a b")
        }
    }
}

extension CLIError {
    /// Any error a tally command meets, as tally reports it.
    static func tally(_ error: Error) -> CLIError {
        if let tallyError = error as? TallyError { return tallyError.cliError }
        return CLIError.from(error)
    }
}
