// tally export and import: every field of every counter, in JSON or CSV, so that a
// round trip loses nothing (names with commas, quotes and newlines included).
//
// JSON export: {"format": "tally-export", "version": 1, "counters": [{name, count,
// start, step, pinned, created}]}. Import also takes a bare array of such objects
// (the output of `tally list --format json`). CSV: a header naming the columns
// (name is required; count, start, step, pinned, created optional), one counter a row.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI

struct CounterTransfer {
    let commands: TallyCommands

    static let exportFormatName = "tally-export"
    static let exportVersion = 1

    /// A counter as read from an import, before it gets a serial.
    struct Imported {
        var name: String
        var count: Int64
        var start: Int64
        var step: Int64
        var pinned: Bool
        var created: String
    }

    /// An entry as written in the file, absent fields nil.
    private struct Entry {
        var name: String
        var count: Int64?
        var start: Int64?
        var step: Int64?
        var pinned: Bool?
        var created: String?
    }

    func export() throws -> ExitCode {
        let counters = try commands.store.load().counters.sorted { $0.serial < $1.serial }
        let out = commands.out
        if commands.arguments.value("format") == "csv" {
            for line in RecordPrinter.delimitedLines(header: CounterRendering.fieldNames, rows: counters.map(CounterRendering.fields), format: .csv) {
                out.line(line)
            }
        } else {
            let document = JSONValue.object([
                ("format", .string(Self.exportFormatName)),
                ("version", .integer(Self.exportVersion)),
                ("counters", .array(counters.map(CounterRendering.json))),
            ])
            out.line(document.serialized(pretty: true))
        }
        return .ok
    }

    func importCounters() throws -> ExitCode {
        let path = commands.arguments.argument("FILE") ?? "-"
        let source = path == "-" ? "standard input" : path
        let text = try InputReader.readText(path)
        let incoming = try Self.parse(text, source: source)
        try Self.checkUnique(incoming, source: source)
        let policy = commands.arguments.value("on-clash") ?? "error"

        // A struct, not a tuple: Swift 6.3 crashes lowering a typed-throws closure that
        // returns a labelled tuple through a generic.
        let summary = try commands.store.change { document -> ImportSummary in
            // Names clash as the name rule compares them: in any letter case.
            var existing: [String: String] = [:]
            for counter in document.counters { existing[ItemName.matchKey(counter.name)] = counter.name }
            let clashes = incoming.map(\.name).filter { existing[ItemName.matchKey($0)] != nil }
            if policy == "error", !clashes.isEmpty {
                let listed = clashes.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + (clashes.count > 5 ? ", …" : "")
                throw CLIError.data(
                    "\(clashes.count) counter\(clashes.count == 1 ? "" : "s") in \(source) already exist\(clashes.count == 1 ? "s" : ""): \(listed); nothing was imported",
                    hint: "choose with --on-clash skip, replace or rename")
            }
            var added = 0, replaced = 0, skipped = 0
            var renamed: [String] = []
            var replacedNames: [String] = []
            var toInsert: [Imported] = []
            var taken = Set(existing.keys).union(incoming.map { ItemName.matchKey($0.name) })
            for var counter in incoming {
                if let stored = existing[ItemName.matchKey(counter.name)] {
                    switch policy {
                    case "skip": skipped += 1; continue
                    case "replace":
                        replaced += 1
                        replacedNames.append(stored)
                    default:
                        let original = counter.name
                        counter.name = Self.freeName(for: original, taken: taken)
                        taken.insert(ItemName.matchKey(counter.name))
                        renamed.append("\(original) → \(counter.name)")
                        added += 1
                    }
                } else {
                    added += 1
                }
                toInsert.append(counter)
            }
            guard !toInsert.isEmpty else { return ImportSummary(added: added, replaced: replaced, skipped: skipped, renamed: renamed) }
            document.recordUndo(
                "import \(toInsert.count) counter\(toInsert.count == 1 ? "" : "s")", before: replacedNames,
                after: toInsert.map(\.name))
            let removing = Set(replacedNames)
            document.counters.removeAll { removing.contains($0.name) }
            for counter in toInsert {
                document.counters.append(Counter(
                    name: counter.name, count: counter.count, start: counter.start, step: counter.step,
                    pinned: counter.pinned, created: counter.created, serial: try document.takeSerial()))
            }
            return ImportSummary(added: added, replaced: replaced, skipped: skipped, renamed: renamed)
        }
        var parts = ["imported \(summary.added + summary.replaced)"]
        if summary.replaced > 0 { parts.append("replaced \(summary.replaced)") }
        if summary.skipped > 0 { parts.append("skipped \(summary.skipped) existing") }
        if !summary.renamed.isEmpty { parts.append("renamed \(summary.renamed.joined(separator: ", "))") }
        commands.invocation.err.line((parts.joined(separator: "; ").capitalizedFirst + ".").terminalSafe)
        return .ok
    }

    struct ImportSummary {
        var added: Int
        var replaced: Int
        var skipped: Int
        var renamed: [String]
    }

    /// "NAME (2)", "NAME (3)", …: the first whose match key is not taken.
    static func freeName(for name: String, taken: Set<String>) -> String {
        var number = 2
        while taken.contains(ItemName.matchKey("\(name) (\(number))")) { number += 1 }
        return "\(name) (\(number))"
    }

    static func checkUnique(_ counters: [Imported], source: String) throws(CLIError) {
        var seen: [String: String] = [:]
        for counter in counters {
            let key = ItemName.matchKey(counter.name)
            if let first = seen[key] {
                let how = first == counter.name ? "'\(first)' twice" : "'\(first)' and '\(counter.name)', one name in two cases"
                throw CLIError.data("\(source) names the counter \(how); nothing was imported")
            }
            seen[key] = counter.name
        }
    }

    // MARK: parsing

    static func parse(_ text: String, source: String) throws(CLIError) -> [Imported] {
        let firstVisible = text.first { !$0.isWhitespace }
        if firstVisible == "{" || firstVisible == "[" { return try parseJSON(text, source: source) }
        return try parseCSV(text, source: source)
    }

    static func parseJSON(_ text: String, source: String) throws(CLIError) -> [Imported] {
        let document: JSONValue
        do {
            document = try JSONValue.parse(text)
        } catch {
            throw CLIError.data("\(source) is not valid JSON: \(error)")
        }
        let entries: [JSONValue]
        if let list = document.arrayValue {
            entries = list
        } else {
            if let format = document["format"]?.stringValue, format != exportFormatName {
                throw CLIError.data("\(source) is a '\(format)' file, not a tally export")
            }
            if let version = document["version"]?.int64Value, version > Int64(exportVersion) {
                throw CLIError.data("\(source) is a tally export of version \(version), newer than this tally reads (\(exportVersion))")
            }
            guard let list = document["counters"]?.arrayValue else {
                throw CLIError.data("\(source) is not a tally export: no list of counters")
            }
            entries = list
        }
        var result: [Imported] = []
        for (index, entry) in entries.enumerated() {
            let place = "\(source): counter \(index + 1)"
            let imported: Entry
            do {
                imported = try readEntry(entry, place: place)
            } catch {
                throw CLIError.data(error.message)
            }
            result.append(try validated(
                name: imported.name, count: imported.count, start: imported.start, step: imported.step,
                pinned: imported.pinned, created: imported.created, place: place))
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
            created: fields.optional("created") == nil ? nil : try fields.string("created"))
    }

    static func parseCSV(_ text: String, source: String) throws(CLIError) -> [Imported] {
        let records = try DelimitedText.parseCSV(text, source: source)
        guard let header = records.first else { return [] }
        let columns = header.map { $0.trimmingSpaces.lowercased() }
        guard let nameColumn = columns.firstIndex(of: "name") else {
            throw CLIError.data("\(source): the CSV header has no 'name' column", hint: "expected: \(CounterRendering.fieldNames.joined(separator: ","))")
        }
        for column in columns where !CounterRendering.fieldNames.contains(column) {
            throw CLIError.data("\(source): unknown CSV column '\(column)'", hint: "expected: \(CounterRendering.fieldNames.joined(separator: ","))")
        }
        var result: [Imported] = []
        for (offset, record) in records.dropFirst().enumerated() {
            let place = "\(source): row \(offset + 2)"
            if record.count == 1 && record[0].isEmpty { continue }  // a blank line
            guard record.count == columns.count else {
                throw CLIError.data("\(place) has \(record.count) fields, the header \(columns.count)")
            }
            func field(_ name: String) -> String? {
                columns.firstIndex(of: name).map { DelimitedText.restoreNeutralized(record[$0]) }
            }
            func integer(_ name: String) throws(CLIError) -> Int64? {
                guard let text = field(name), !text.isEmpty else { return nil }
                // Bad data in a file is exit 65, not a usage error.
                guard !text.contains("."), let number = try? DecimalText(parsing: text), number.scale == 0 else {
                    throw CLIError.data("\(place): \(name) '\(text)' is not a whole number in the 64-bit range")
                }
                return number.significand
            }
            var pinned: Bool?
            if let text = field("pinned"), !text.isEmpty {
                switch text.lowercased() {
                case "true", "yes", "1": pinned = true
                case "false", "no", "0": pinned = false
                default: throw CLIError.data("\(place): pinned must be true or false, not '\(text)'")
                }
            }
            let created = field("created").flatMap { $0.isEmpty ? nil : $0 }
            result.append(try validated(
                name: DelimitedText.restoreNeutralized(record[nameColumn]), count: try integer("count"),
                start: try integer("start"), step: try integer("step"), pinned: pinned, created: created, place: place))
        }
        return result
    }

    static func validated(
        name: String, count: Int64?, start: Int64?, step: Int64?, pinned: Bool?, created: String?, place: String
    ) throws(CLIError) -> Imported {
        let name = try CLIError.checkedName(name, what: "the counter name", place: place)
        let step = step ?? 1
        if step == 0 { throw CLIError.data("\(place): the step of '\(name)' is 0") }
        if let created, Instant.parseISO8601(created) == nil {
            throw CLIError.data("\(place): created '\(created)' is not an ISO 8601 time like 2026-11-21T10:55:28Z")
        }
        let start = start ?? 0
        return Imported(
            name: name, count: count ?? start, start: start, step: step, pinned: pinned ?? false,
            created: created ?? Instant.iso8601UTC(Instant.preciseNow()))
    }
}

extension String {
    var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
