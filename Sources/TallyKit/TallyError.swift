// Why a tally operation refused: each case carries what a message about it needs. The
// tally executable turns them into its messages and exit codes (TallyErrorMessages);
// an app shows them its own way. Storage failures arrive as MoneyKit's StoreError.

import MoneyKitStorage

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
    case nothingToUndo
    /// The newest change (`action`) concerns another counter than the one asked about.
    case lastChangeConcernsAnotherCounter(action: String)

    // Import: `source` names the input ("standard input", a path); `place` a row or entry in it.
    /// `names` already exist and the clash policy is `error`; nothing was imported.
    case importClashes(source: String, names: [String])
    /// The input names one counter twice (`first` and `second`, maybe in two cases).
    case importRepeatsName(source: String, first: String, second: String)
    /// Not JSON, though it starts like JSON; `reason` says where.
    case importNotJSON(source: String, reason: String)
    case importForeignFormat(source: String, format: String)
    case importNewerVersion(source: String, version: Int64, supported: Int)
    case importNoCounterList(source: String)
    /// A JSON entry of the wrong shape; the message names the place.
    case importBadEntry(message: String)
    case importNoNameColumn(source: String, expected: [String])
    case importUnknownColumn(source: String, column: String, expected: [String])
    case importFieldCount(place: String, found: Int, expected: Int)
    case importNotWholeNumber(place: String, field: String, text: String)
    case importBadPinned(place: String, text: String)
    case importInvalidName(place: String, name: String, fault: ItemName.Fault)
    case importZeroStep(place: String, name: String)
    case importBadCreated(place: String, text: String)
}
