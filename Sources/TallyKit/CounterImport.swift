// Reading a tally export back (the format is CounterExport.swift's): JSON ({"format":
// "tally-export", "version": 1 or 2, "counters": [{name, count, start, step, pinned,
// created, goal, min, max, tags, updated, log}]}, or a bare array of such objects, the
// output of `tally list --format json`) or CSV (a header naming the columns: name is
// required, the others optional; one counter a row; tags one field, "a,b"; log one field
// holding the log's JSON array). Goal, min and max are whole numbers or null (empty in
// CSV). A counter given with a log (version 2) is restored with exactly that log; one
// without (version 1, a list, a CSV without the column or with the field empty) gets one
// "import" event. A counter with a formula in "from" (version 3) is derived: its count,
// start and step are not read, and its sources are looked up when it is stored (in the
// input first, then in the store). The format is recognised from the content. Every value
// is checked here, before anything is stored.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// A counter as read from an import, before it gets a serial.
public struct ImportedCounter: Equatable, Sendable {
    /// As it will be stored (NFC), unless renamed on a clash.
    public var name: String
    /// The count; the start when the input gave none.
    public var count: Int64
    /// 0 when the input gave none.
    public var start: Int64
    /// Not 0; 1 when the input gave none.
    public var step: Int64
    /// False when the input gave none.
    public var pinned: Bool
    /// ISO 8601; the import's time when the input gave none.
    public var created: String
    /// Goal and bounds (nil: none), tags in stored form, and the last change (nil: created).
    public var settings: ImportedSettings
    /// The counter's log, oldest first (serials 0: given when stored), or nil when the
    /// input gave none: the import then records one "import" event.
    public var log: [CounterEvent]?
    /// A derived counter's formula as typed ("in - out"), its sources named; nil for a
    /// counter that keeps its count.
    public var formula: String?

    /// A counter with every field given.
    public init(
        name: String, count: Int64, start: Int64, step: Int64, pinned: Bool, created: String,
        settings: ImportedSettings = ImportedSettings(), log: [CounterEvent]? = nil, formula: String? = nil
    ) {
        self.name = name
        self.count = count
        self.start = start
        self.step = step
        self.pinned = pinned
        self.created = created
        self.settings = settings
        self.log = log
        self.formula = formula
    }

    /// The counter to store, with `serial`.
    public func counter(serial: Int64) -> Counter {
        Counter(
            name: name, count: count, start: start, step: step, pinned: pinned, created: created, serial: serial,
            goal: settings.goal, minimum: settings.minimum, maximum: settings.maximum, tags: settings.tags,
            updated: settings.updated)
    }
}

/// How CSV is read: the toolkit's one CSV reader and its formula-neutralising convention,
/// handed in by the caller (they live with the command-line engine, which the kit does
/// not link).
public struct CSVReading: Sendable {
    /// The records of `text`, the header first; errors name `source` and the line.
    public var records: @Sendable (_ text: String, _ source: String) throws -> [[String]]
    /// The value a cell stood for before it was neutralised for spreadsheets.
    public var restoredField: @Sendable (String) -> String

    /// The reader and the restoring rule the toolkit uses.
    public init(
        records: @escaping @Sendable (_ text: String, _ source: String) throws -> [[String]],
        restoredField: @escaping @Sendable (String) -> String
    ) {
        self.records = records
        self.restoredField = restoredField
    }
}

/// The rules of reading an export back.
public enum CounterImport {
    /// The counters `text` holds, checked; `source` names it in errors ("standard
    /// input", a path); `now` dates a counter without a creation time. A name given
    /// twice is refused by `Tally.importCounters`.
    /// - Throws: a `TallyError.import…` case naming the first fault and where it is, or
    ///   what `csv.records` throws for CSV that cannot be read.
    public static func read(_ text: String, source: String, csv: CSVReading, now: Double) throws -> [ImportedCounter] {
        let firstVisible = text.first { !$0.isWhitespace }
        if firstVisible == "{" || firstVisible == "[" { return try readJSON(text, source: source, now: now) }
        return try readCSV(text, source: source, csv: csv, now: now)
    }

    /// Refuses an input that names one counter twice, in any letter case.
    static func checkUnique(_ counters: [ImportedCounter], source: String) throws(TallyError) {
        var seen: [String: String] = [:]
        for counter in counters {
            let key = ItemName.matchKey(counter.name)
            if let first = seen[key] { throw .importRepeatsName(source: source, first: first, second: counter.name) }
            seen[key] = counter.name
        }
    }

    // MARK: JSON

    /// An entry as written in the file, absent fields nil.
    private struct Entry {
        var name: String
        var count: Int64?
        var start: Int64?
        var step: Int64?
        var pinned: Bool?
        var created: String?
        var settings: ImportedSettings.Given
        var log: [CounterEvent]?
        var formula: String?
    }

    static func readJSON(_ text: String, source: String, now: Double) throws(TallyError) -> [ImportedCounter] {
        let document: JSONValue
        do {
            document = try JSONValue.parse(text)
        } catch {
            throw .importNotJSON(source: source, reason: "\(error)")
        }
        let entries: [JSONValue]
        if let list = document.arrayValue {
            entries = list
        } else {
            if let format = document["format"]?.stringValue, format != CounterExport.formatName {
                throw .importForeignFormat(source: source, format: format)
            }
            if let version = document["version"]?.int64Value, version > Int64(CounterExport.formatVersion) {
                throw .importNewerVersion(source: source, version: version, supported: CounterExport.formatVersion)
            }
            guard let list = document["counters"]?.arrayValue else { throw .importNoCounterList(source: source) }
            entries = list
        }
        var result: [ImportedCounter] = []
        for (index, entry) in entries.enumerated() {
            let place = "\(source): counter \(index + 1)"
            let imported: Entry
            do {
                imported = try readEntry(entry, place: place)
            } catch {
                throw .importBadEntry(message: error.message)
            }
            var counter = try validated(
                name: imported.name, count: imported.count, start: imported.start, step: imported.step,
                pinned: imported.pinned, created: imported.created, formula: imported.formula, place: place, now: now)
            counter.settings = try ImportedSettings.validated(imported.settings, of: counter, place: place)
            counter.log = imported.log
            result.append(counter)
        }
        return result
    }

    /// The fields of one JSON entry, as given (validation follows in `validated`).
    private static func readEntry(_ entry: JSONValue, place: String) throws(StoredContentError) -> Entry {
        let fields = try JSONFields(entry, place: place)
        func integer(_ key: String) throws(StoredContentError) -> Int64? {
            fields.optional(key) == nil ? nil : try fields.int64(key)
        }
        return Entry(
            name: try fields.string("name"), count: try integer("count"), start: try integer("start"),
            step: try integer("step"), pinned: fields.optional("pinned") == nil ? nil : try fields.bool("pinned"),
            created: fields.optional("created") == nil ? nil : try fields.string("created"),
            settings: try ImportedSettings.Given(json: fields),
            log: fields.optional(CounterExport.logFieldName) == nil
                ? nil : try readLog(try fields.array(CounterExport.logFieldName), place: place),
            formula: fields.optional(CounterExport.formulaFieldName) == nil ? nil : try fields.string(CounterExport.formulaFieldName))
    }

    /// The events of a log as the export writes them (`CounterExport.json(_:)`), checked:
    /// a time in ISO 8601, a kind tally knows, whole counts; old, new and actor text or
    /// absent.
    static func readLog(_ items: [JSONValue], place: String) throws(StoredContentError) -> [CounterEvent] {
        var log: [CounterEvent] = []
        log.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let fields = try JSONFields(item, place: "\(place): log[\(index)]")
            let stamp = try fields.string("at")
            guard let at = Instant.parseISO8601(stamp) else {
                throw StoredContentError("'at' in \(fields.place) is not a time in ISO 8601 ('\(stamp)'): expected e.g. 2026-11-21T10:55:28.803Z")
            }
            let kindText = try fields.string("kind")
            guard let kind = CounterEventKind(rawValue: kindText) else {
                throw StoredContentError(
                    "'kind' in \(fields.place) is '\(kindText)', not a kind of event tally keeps (\(CounterEventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            func text(_ key: String) throws(StoredContentError) -> String? {
                fields.optional(key) == nil ? nil : try fields.string(key)
            }
            log.append(CounterEvent(
                serial: 0, at: at, kind: kind, countBefore: try fields.int64("before"), countAfter: try fields.int64("after"),
                oldValue: try text("old"), newValue: try text("new"), actor: try text("actor")))
        }
        return log
    }

    // MARK: CSV

    static func readCSV(_ text: String, source: String, csv: CSVReading, now: Double) throws -> [ImportedCounter] {
        let records = try csv.records(text, source)
        guard let header = records.first else { return [] }
        let expected = CounterExport.columnNames
        let columns = header.map { $0.trimmingSpaces.lowercased() }
        guard let nameColumn = columns.firstIndex(of: "name") else {
            throw TallyError.importNoNameColumn(source: source, expected: expected)
        }
        for column in columns where !expected.contains(column) {
            throw TallyError.importUnknownColumn(source: source, column: column, expected: expected)
        }
        // Each column's place found once, not at every field of every row (100,000 rows).
        var columnIndex: [String: Int] = [:]
        for (index, column) in columns.enumerated() where columnIndex[column] == nil { columnIndex[column] = index }
        var result: [ImportedCounter] = []
        result.reserveCapacity(records.count - 1)
        for (offset, record) in records.dropFirst().enumerated() {
            // Named only for a message: made when a row is refused.
            func place() -> String { "\(source): row \(offset + 2)" }
            if record.count == 1 && record[0].isEmpty { continue }  // a blank line
            guard record.count == columns.count else {
                throw TallyError.importFieldCount(place: place(), found: record.count, expected: columns.count)
            }
            func field(_ name: String) -> String? {
                columnIndex[name].map { csv.restoredField(record[$0]) }
            }
            func integer(_ name: String) throws(TallyError) -> Int64? {
                guard let text = field(name), !text.isEmpty else { return nil }
                // Plain digits (what an export writes) read directly; anything else by the
                // one number reader, which says the same of them.
                if let plain = CounterImport.plainInteger(text) { return plain }
                guard !text.contains("."), let number = try? DecimalText(parsing: text), number.scale == 0 else {
                    throw .importNotWholeNumber(place: place(), field: name, text: text)
                }
                return number.significand
            }
            var pinned: Bool?
            if let text = field("pinned"), !text.isEmpty {
                switch text.lowercased() {
                case "true", "yes", "1": pinned = true
                case "false", "no", "0": pinned = false
                default: throw TallyError.importBadPinned(place: place(), text: text)
                }
            }
            let created = field("created").flatMap { $0.isEmpty ? nil : $0 }
            let formula = field(CounterExport.formulaFieldName).flatMap { $0.isEmpty ? nil : $0 }
            var counter = try validated(
                name: csv.restoredField(record[nameColumn]), count: formula == nil ? try integer("count") : nil,
                start: formula == nil ? try integer("start") : nil, step: formula == nil ? try integer("step") : nil,
                pinned: pinned, created: created, formula: formula, place: place(), now: now)
            let given = ImportedSettings.Given(
                goal: try integer("goal"), minimum: try integer("min"), maximum: try integer("max"),
                tags: field("tags").map(ImportedSettings.Given.splitTags) ?? [],
                updated: field("updated").flatMap { $0.isEmpty ? nil : $0 })
            counter.settings = try ImportedSettings.validated(given, of: counter, place: place())
            if let text = field(CounterExport.logFieldName), !text.trimmingSpaces.isEmpty {
                counter.log = try csvLog(text, place: place())
            }
            result.append(counter)
        }
        return result
    }

    /// The log in a CSV field: the JSON array the export writes.
    private static func csvLog(_ text: String, place: String) throws(TallyError) -> [CounterEvent] {
        do {
            guard let items = try JSONValue.parse(text).arrayValue else {
                throw StoredContentError("the log in \(place) is not a JSON list of events")
            }
            return try readLog(items, place: place)
        } catch let error as StoredContentError {
            throw .importBadEntry(message: error.message)
        } catch {
            throw .importBadEntry(message: "the log in \(place) is not JSON: \(error)")
        }
    }

    // MARK: the rules every imported counter follows

    /// `text` as a whole number when it is plain digits, an optional minus first, at most
    /// 18 of them (so it fits): what DecimalText reads them as, without its general path.
    static func plainInteger(_ text: String) -> Int64? {
        var utf8 = Substring(text).utf8[...]
        let negative = utf8.first == UInt8(ascii: "-")
        if negative { utf8 = utf8.dropFirst() }
        guard (1...18).contains(utf8.count) else { return nil }
        var value: Int64 = 0
        for byte in utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// The counter an entry stands for: the name by ItemName's rule, a step that is not
    /// 0 (default 1), a creation time in ISO 8601 (default `now`), the count defaulting to
    /// the start (default 0); a derived counter's formula read (its count, start and step
    /// are its sources' business: 0, 0 and 1).
    static func validated(
        name typed: String, count: Int64?, start: Int64?, step: Int64?, pinned: Bool?, created: String?, formula: String? = nil,
        place: @autoclosure () -> String, now: Double
    ) throws(TallyError) -> ImportedCounter {
        let name: String
        switch ItemName.checked(typed) {
        case .success(let stored): name = stored
        case .failure(let fault): throw .importInvalidName(place: place(), name: typed, fault: fault)
        }
        let step = step ?? 1
        if step == 0 { throw .importZeroStep(place: place(), name: name) }
        if let created, Instant.parseISO8601(created) == nil { throw .importBadCreated(place: place(), text: created) }
        if let formula {
            do {
                _ = try CounterFormula.parse(formula)
            } catch {
                guard case .badFormula(_, let reason) = error else { throw error }
                throw .importBadEntry(message: "\(place()): cannot read the formula of '\(name)', '\(formula)': \(reason)")
            }
            return ImportedCounter(
                name: name, count: 0, start: 0, step: 1, pinned: pinned ?? false, created: created ?? Instant.iso8601UTC(now), formula: formula)
        }
        let start = start ?? 0
        return ImportedCounter(
            name: name, count: count ?? start, start: start, step: step, pinned: pinned ?? false,
            created: created ?? Instant.iso8601UTC(now))
    }
}

