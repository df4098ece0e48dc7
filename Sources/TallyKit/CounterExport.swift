// The export (`tally export`): every counter with every field and its whole log, so that
// an import into an empty store restores it exactly (counts, settings, the log and with
// it `log`, `stats` and `show`), and an export of that store is byte for byte the first.
//
// Format, version 3 (the executable prints the JSON and writes the CSV records through the
// toolkit's CSV writer; CounterImport reads both back):
//   JSON  {"format": "tally-export", "version": 3, "counters": [COUNTER, …]}, the
//         counters in creation order; COUNTER is {name, count, start, step, pinned,
//         created, goal, min, max, tags, updated, from, log}: goal, min and max a whole
//         number or null, tags a list of strings, created and updated ISO 8601 UTC, from a
//         derived counter's formula by name ("in - out"; its count is the value when
//         exported, its start and step 0 and 1, none of them read back) or null, and log the
//         counter's events oldest first, each {at, kind, before, after} and, when set,
//         {old, new, actor}: at ISO 8601 UTC to the millisecond, kind one of
//         CounterEventKind (new, inc, dec, …), before and after the count around the
//         change, old and new the values a rename, step, goal, bounds or tags change
//         replaced, actor who made it in a shared store (user@host).
//   CSV   a header and one record a counter, the same fields in the same order; tags one
//         field "a,b"; log one field holding the log's JSON array (compact), so the
//         export stays one table that a spreadsheet opens; empty goal, min and max mean
//         none.
// Version 2 (no from) is read as it was; version 1 (before the log was exported: no log
// field) and the output of `tally list --format json` (a bare array of counters) stay importable: a counter without a log is
// imported with one "import" event, as before. Version 1 files are read as they were.

import MoneyKitStorage
import MoneyKitPlatform

/// Every field of every counter and its log, in creation order, so that import restores
/// it exactly (see the top of this file).
public struct CounterExport: Equatable, Sendable {
    /// The JSON export's `format`, checked by import.
    public static let formatName = "tally-export"
    /// The version this build writes and reads up to: 2 carries each counter's log, 3 the
    /// formulas of derived counters.
    public static let formatVersion = 3
    /// The field holding a derived counter's formula (from version 3).
    public static let formulaFieldName = "from"
    /// The fields of each counter, in order: JSON keys and CSV columns alike (the same
    /// as `tally list --format json`'s), before the log.
    public static let fieldNames = ["name", "count", "start", "step", "pinned", "created", "goal", "min", "max", "tags", "updated", formulaFieldName]
    /// The field holding a counter's log (from version 2).
    public static let logFieldName = "log"
    /// Every field an export holds and import reads: the counter's, then its log.
    public static let columnNames = fieldNames + [logFieldName]

    /// In creation order (serial).
    public var counters: [Counter]
    /// Each counter's events by serial, oldest first (`at`, then the order recorded).
    public var logs: [Int64: [CounterEvent]]

    /// The export of these counters, in this order, with these logs.
    public init(counters: [Counter], logs: [Int64: [CounterEvent]] = [:]) {
        self.counters = counters
        self.logs = logs
    }

    /// The log of `counter`, oldest first (empty when it has none).
    public func log(of counter: Counter) -> [CounterEvent] { logs[counter.serial] ?? [] }

    // MARK: JSON

    /// The JSON document (see the top of this file).
    public var json: JSONValue {
        .object([
            ("format", .string(Self.formatName)),
            ("version", .integer(Self.formatVersion)),
            ("counters", .array(counters.map { .object(Self.fields(of: $0) + [(Self.logFieldName, Self.json(log(of: $0)))]) })),
        ])
    }

    /// A counter's fields as JSON members, in `fieldNames` order.
    public static func fields(of counter: Counter) -> [(String, JSONValue)] {
        func optional(_ value: Int64?) -> JSONValue { value.map(JSONValue.integer) ?? .null }
        return [
            ("name", .string(counter.name)), ("count", .integer(counter.count)), ("start", .integer(counter.start)),
            ("step", .integer(counter.step)), ("pinned", .bool(counter.pinned)), ("created", .string(counter.created)),
            ("goal", optional(counter.goal)), ("min", optional(counter.minimum)), ("max", optional(counter.maximum)),
            ("tags", .array(counter.tags.map(JSONValue.string))), ("updated", .string(counter.updated)),
            (formulaFieldName, counter.formulaText.map(JSONValue.string) ?? .null),
        ]
    }

    /// A log as a JSON array of events (see the top of this file).
    public static func json(_ log: [CounterEvent]) -> JSONValue {
        .array(log.map { event in
            var members: [(String, JSONValue)] = [
                ("at", .string(CounterEvent.stamp(event.at))), ("kind", .string(event.kind.rawValue)),
                ("before", .integer(event.countBefore)), ("after", .integer(event.countAfter)),
            ]
            if let old = event.oldValue { members.append(("old", .string(old))) }
            if let new = event.newValue { members.append(("new", .string(new))) }
            if let actor = event.actor { members.append(("actor", .string(actor))) }
            return .object(members)
        })
    }

    // MARK: CSV

    /// The CSV records, the header first, each field as plain text: whole numbers in
    /// decimal, true or false, empty for none, tags "a,b", the log's JSON array. The
    /// caller writes them with the toolkit's CSV writer (quoting, formula neutralising).
    public var records: [[String]] {
        [Self.columnNames] + counters.map { counter in
            [
                counter.name, String(counter.count), String(counter.start), String(counter.step),
                counter.pinned ? "true" : "false", counter.created, counter.goal.map { String($0) } ?? "",
                counter.minimum.map { String($0) } ?? "", counter.maximum.map { String($0) } ?? "",
                counter.tags.joined(separator: String(CounterTags.separator)), counter.updated, counter.formulaText ?? "",
                Self.json(log(of: counter)).serialized(),
            ]
        }
    }
}

extension CounterEvent {
    /// `seconds` in ISO 8601 UTC to the millisecond, `2026-11-21T10:55:28.803Z` (no
    /// fraction when it is whole), as `tally log` and the export write it; read back by
    /// `Instant.parseISO8601` to the same millisecond.
    public static func stamp(_ seconds: Double) -> String {
        // Whole milliseconds first, as the SQLite store keeps them: exact from there on.
        let scaled = (seconds * 1000).rounded()
        guard scaled.isFinite, abs(scaled) < 9.0e15 else { return Instant.iso8601UTC(seconds) }
        let total = Int64(scaled)
        let (whole, millis) = total.quotientAndRemainder(dividingBy: 1000)
        let wholeSeconds = millis < 0 ? whole - 1 : whole
        let fraction = millis < 0 ? millis + 1000 : millis
        let base = Instant.iso8601UTC(Double(wholeSeconds))
        guard base.hasSuffix("Z"), fraction > 0 else { return base }
        let digits = String(fraction)
        return String(base.dropLast()) + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }
}

extension Tally {
    /// The export: every counter, oldest first, with its log.
    /// - Throws: the repository's errors.
    public func export() throws -> CounterExport {
        try repository.read { store in
            let counters = try store.valued(all: store.allCounters())
            let serials = Set(counters.map(\.serial))
            var logs: [Int64: [CounterEvent]] = [:]
            // One pass over the log (in the order recorded); each counter's events then as
            // `tally log` lists them: by time, then in the order recorded.
            for event in try store.allEvents() where serials.contains(event.serial) {
                logs[event.serial, default: []].append(event)
            }
            for serial in logs.keys {
                logs[serial] = logs[serial]?.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
            }
            return CounterExport(counters: counters, logs: logs)
        }
    }
}
