// Why a tally operation refused: each case carries what a message about it needs. The
// tally executable turns them into its messages and exit codes (TallyErrorMessages);
// an app shows them its own way. Storage failures arrive as MoneyKit's StoreError.

import MoneyKitStorage

/// Why a tally operation refused; nothing was stored.
public enum TallyError: Error, Equatable, Sendable {
    // Counts and steps
    /// `count + delta` leaves the 64-bit range; nothing was changed.
    case countOverflow(counter: String, count: Int64, delta: Int64)
    /// `times` steps of `step` leave the 64-bit range; nothing was changed.
    case stepsOverflow(times: Int64, step: Int64)
    /// A step of 0 was asked for (a counter must move).
    case zeroStep
    /// A number of steps below 1 was asked for.
    case timesBelowOne(Int64)

    // Names
    /// A new name that ItemName's rule refuses.
    case invalidName(String, ItemName.Fault)
    /// No counter has the name; `known` are the names there are (for "did you mean").
    case notFound(String, known: [String])
    /// The name matches several stored names that differ only in case.
    case ambiguousName(String, matches: [String])
    /// `name` is taken by the counter called `existing` (the same name, maybe in another case).
    case nameTaken(String, existing: String)

    // The store as a whole
    /// Every serial has been used; no counter can be created.
    case noSerialLeft(nextSerial: Int64)
    /// The undo history is empty.
    case nothingToUndo
    /// The newest change (`action`) concerns another counter than the one asked about.
    case lastChangeConcernsAnotherCounter(action: String)
    /// In a shared store: this actor's newest change (`action`) touched `counters`, which
    /// another actor (`others`, when known: "user@host") has changed since; undoing it
    /// would overwrite their change, so nothing was changed.
    case undoConflict(action: String, counters: [String], others: [String])
    /// `tally db copy`: the target already holds a store (`counters` counters); a copy
    /// never merges into or overwrites a store.
    case copyTargetNotEmpty(counters: Int)

    // Import: `source` names the input ("standard input", a path); `place` a row or entry in it.
    /// `names` already exist and the clash policy is `error`; nothing was imported.
    case importClashes(source: String, names: [String])
    /// The input names one counter twice (`first` and `second`, maybe in two cases).
    case importRepeatsName(source: String, first: String, second: String)
    /// Not JSON, though it starts like JSON; `reason` says where.
    case importNotJSON(source: String, reason: String)
    /// A JSON file of another format (`format`).
    case importForeignFormat(source: String, format: String)
    /// An export of a newer version than this build reads.
    case importNewerVersion(source: String, version: Int64, supported: Int)
    /// A JSON object without a list of counters.
    case importNoCounterList(source: String)
    /// A JSON entry of the wrong shape; the message names the place.
    case importBadEntry(message: String)
    /// A CSV header without a `name` column; `expected` lists the columns there may be.
    case importNoNameColumn(source: String, expected: [String])
    /// A CSV header naming a column no export has.
    case importUnknownColumn(source: String, column: String, expected: [String])
    /// A CSV row with another number of fields than the header.
    case importFieldCount(place: String, found: Int, expected: Int)
    /// A count, start or step that is no whole number in the 64-bit range.
    case importNotWholeNumber(place: String, field: String, text: String)
    /// A `pinned` cell that is not true/false, yes/no or 1/0.
    case importBadPinned(place: String, text: String)
    /// A name ItemName's rule refuses.
    case importInvalidName(place: String, name: String, fault: ItemName.Fault)
    /// A step of 0.
    case importZeroStep(place: String, name: String)
    /// A creation time that is not ISO 8601 (`2026-11-21T10:55:28Z`).
    case importBadCreated(place: String, text: String)

    // The log
    /// A range whose end (`through`) is before its start (`from`).
    case rangeEndsBeforeStart(from: Int64, through: Int64)
    /// A stats report would list more than `limit` periods.
    case tooManyPeriods(limit: Int)
    /// A net change of the counter's log is beyond the 64-bit range.
    case netChangeOverflow(counter: String)
    // Goals, bounds and tags (CounterBounds.swift, CounterTags.swift)
    /// The change would take the count of `counter` to `count`, beyond its `bound` `limit`.
    case beyondBound(counter: String, bound: CounterBound, limit: Int64, count: Int64)
    /// A goal or bounds that do not fit the counter (minimum above maximum, start, count
    /// or goal outside them).
    case badBounds(counter: String, BoundsFault)
    /// A tag that the tag rule refuses.
    case invalidTag(String, CounterTags.Fault)
    /// The total of the counts of `counters` counters leaves the 64-bit range.
    case sumOverflow(counters: Int)
    /// An imported tag the tag rule refuses.
    case importInvalidTag(place: String, tag: String, fault: CounterTags.Fault)
    /// An imported counter whose goal and bounds do not fit its start and count.
    case importBadBounds(place: String, name: String, fault: BoundsFault)
    /// An imported last-change time that is not ISO 8601.
    case importBadUpdated(place: String, text: String)
    /// A change would store `counter` in a state every later read refuses (see
    /// `Counter.storedFault`); nothing was stored.
    case changeWouldBreakStore(counter: String, StoredCounterFault)

    /// A time for the days to begin that is no time of day (minutes past midnight).
    case badDayStart(minutes: Int)

    // Derived counters (CounterFormula.swift, DerivedCounters.swift)
    /// A formula that cannot be read (`text` as typed); `reason` says why.
    case badFormula(String, reason: String)
    /// A formula naming `source`, which is itself derived: a derived counter's sources keep
    /// their counts.
    case derivedSource(source: String)
    /// `counter` is derived (`formula`, by name): its count follows its sources and is not
    /// changed by itself.
    case derivedNotChangeable(counter: String, formula: String)
    /// The value of the derived counter `counter` leaves the 64-bit range (a change that
    /// would do so is refused; nothing was stored).
    case derivedOverflow(counter: String)
    /// Deleting `counters` would leave `derived` without a source; nothing was changed.
    case sourceOfDerived(counters: [String], derived: [String])
    /// The change (an undo, an import replacing a counter) would leave `derived` without a
    /// source; nothing was changed.
    case derivedSourceGone(derived: [String])
    /// The derived counter `counter` names the counter `serial`, which the store does not
    /// hold (a store changed by hand: no change leaves one).
    case derivedSourceMissing(counter: String, serial: Int64)
}
