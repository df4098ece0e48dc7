// A backup restores exactly (issue 26, item 9): random stores, built through every kind
// of change at random instants, exported, imported into an empty store and exported
// again give the same bytes, in JSON and in CSV; every counter's log, stats and figures
// are the same; and the SQLite store keeps the imported events as the in-memory one does.
// Older exports (version 1, a list) stay importable, with one "import" event each.

import Foundation
import MoneyKitPlatform
import MoneyKitStorage
import Testing
import TallyKit

/// A small deterministic generator (SplitMix64): the same seed, the same store.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A clock the store's history is written by, moved on by the test.
final class MovingClock: @unchecked Sendable {
    var seconds: Double
    init(_ seconds: Double) { self.seconds = seconds }
}

/// A CSV writer and reader for the round trip (every field quoted): the toolkit's own live
/// with the command line, which this target does not link; the end-to-end tests use them.
enum TestCSV {
    static func line(_ fields: [String]) -> String {
        fields.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",")
    }

    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text.unicodeScalars)[...]
        while let scalar = characters.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if characters.first == "\"" { field.unicodeScalars.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                record.append(field); field = ""
            } else if scalar == "\n" {
                record.append(field); field = ""
                records.append(record); record = []
            } else {
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    static let reading = CSVReading(records: { text, _ in TestCSV.records(text) }, restoredField: { $0 })
}

@Suite struct ExportRoundTripTests {
    static let names = ["coffee", "Push-ups", "a,b", "say \"hi\"", "=SUM(A1)", "-5", "café ☕", "ΟΔΟΣ", "日本", "x;y", "👩‍👩‍👧 family"]

    /// A store with a random history: counters made, changed every way, renamed, removed
    /// and undone, at random instants to the millisecond.
    static func randomStore(seed: UInt64) throws -> (Tally, InMemoryTallyRepository) {
        var random = SeededGenerator(seed: seed)
        let repository = InMemoryTallyRepository()
        let clock = MovingClock(1_700_000_000.000)
        let tally = Tally(repository: repository, now: { clock.seconds })
        func tick() { clock.seconds += Double(Int.random(in: 1...200_000_000, using: &random)) / 1000 }
        var names = Array(Self.names.shuffled(using: &random).prefix(Int.random(in: 1...Self.names.count, using: &random)))
        for name in names {
            tick()
            _ = try tally.create(
                name: name, start: Int64.random(in: -5...5, using: &random), step: [1, 2, -1, 10].randomElement(using: &random) ?? 1,
                pinned: Bool.random(using: &random),
                settings: NewCounterSettings(goal: Bool.random(using: &random) ? 50 : nil, tags: Bool.random(using: &random) ? ["Work", "home"] : []))
        }
        for round in 0..<Int.random(in: 10...60, using: &random) {
            tick()
            guard let name = names.randomElement(using: &random) else { break }
            // A change the rules refuse (a bound, a clash) is part of a real history too.
            _ = try? {
                switch Int.random(in: 0..<14, using: &random) {
                case 0, 1, 2: _ = try tally.increment(name, times: Int64.random(in: 1...3, using: &random))
                case 3: _ = try tally.decrement(name)
                case 4: _ = try tally.add(Int64.random(in: -1000...1000, using: &random), to: name)
                case 5: _ = try tally.set(name, to: Int64.random(in: -100...100, using: &random))
                case 6: _ = try tally.reset(name)
                case 7:
                    let newName = "\(name) \(round)"
                    try tally.rename(name, to: newName)
                    names = names.map { $0 == name ? newName : $0 }
                case 8: try tally.setStep(name, to: Int64.random(in: 1...9, using: &random))
                case 9: try tally.setPinned(name, Bool.random(using: &random))
                case 10: _ = try tally.setGoalAndBounds(name, goal: .value(Int64.random(in: 1...99, using: &random)), minimum: .value(-1000))
                case 11: _ = try tally.tag(name, adding: ["t\(round % 3)"])
                case 12: _ = try tally.feed(name, lines: Int64.random(in: 1...5, using: &random), session: "s\(round)")
                default: _ = try tally.undo()
                }
            }()
        }
        return (tally, repository)
    }

    /// What people see of every counter: its log, its stats by day and its figures.
    static func views(_ tally: Tally) throws -> [String] {
        try tally.list().rows.map { counter in
            let log = try tally.log(of: counter.name).events.map { "\($0.kind) \(CounterEvent.stamp($0.at)) \($0.countBefore)→\($0.countAfter) \($0.oldValue ?? "-") \($0.newValue ?? "-")" }
            let stats = try tally.stats(of: counter.name, by: .day, through: 1_800_000_000).rows.map { "\($0.label) \($0.change) \($0.events)" }
            let (_, figures) = try tally.figures(of: counter.name)
            return "\(counter.name): \(log) \(stats) \(figures.allTime) \(figures.events)"
        }
    }

    @Test("export, import into an empty store, export: the same bytes, log and stats included", arguments: 0..<16)
    func aBackupRestoresExactly(seed: UInt64) throws {
        let (source, _) = try Self.randomStore(seed: seed)
        let export = try source.export()
        #expect(export.counters.isEmpty || !export.logs.isEmpty)
        let json = export.json.serialized(pretty: true)
        let csv = export.records.map(TestCSV.line).joined(separator: "\n") + "\n"
        for (text, isCSV) in [(json, false), (csv, true)] {
            let target = makeTally()
            let incoming = try CounterImport.read(text, source: "backup", csv: TestCSV.reading, now: testNow)
            _ = try target.importCounters(incoming, source: "backup", onClash: .error)
            let again = try target.export()
            if isCSV {
                #expect(again.records.map(TestCSV.line).joined(separator: "\n") + "\n" == csv)
            } else {
                #expect(again.json.serialized(pretty: true) == json)
            }
            #expect(try Self.views(target) == Self.views(source))
            // One undo takes the whole import back, its log with it.
            _ = try target.undo()
            #expect(try target.export() == CounterExport(counters: []))
        }
    }

    /// The SQLite store keeps the imported events as they were given (times to the
    /// millisecond, kinds, counts, old and new values).
    @Test func theSQLiteStoreKeepsTheImportedLog() throws {
        let (source, _) = try Self.randomStore(seed: 7)
        let json = try source.export().json.serialized(pretty: true)
        let (repository, keep) = try TallyBackend.sqlite.makeStore()
        defer { withExtendedLifetime(keep) {} }
        let target = Tally(repository: repository, now: { testNow })
        _ = try target.importCounters(try CounterImport.read(json, source: "backup", csv: TestCSV.reading, now: testNow), source: "backup", onClash: .error)
        #expect(try target.export().json.serialized(pretty: true) == json)
        #expect(try Self.views(target) == Self.views(source))
    }

    /// Issue 26's example: a counter with a history restores its log, and `stats` its change.
    @Test func statsAfterARestoreShowTheChange() throws {
        let clock = MovingClock(1_700_000_000)
        let source = Tally(repository: InMemoryTallyRepository(), now: { clock.seconds })
        _ = try source.create(name: "coffee")
        clock.seconds += 60.25
        _ = try source.increment("coffee", times: 3)
        clock.seconds += 1
        _ = try source.add(4, to: "coffee")
        let target = makeTally()
        _ = try target.importCounters(
            try CounterImport.read(try source.export().json.serialized(), source: "b", csv: TestCSV.reading, now: testNow),
            source: "b", onClash: .error)
        #expect(try target.log(of: "coffee").events.map(\.kind) == [.new, .inc, .add])
        #expect(try target.log(of: "coffee").events.map { CounterEvent.stamp($0.at) }
            == ["2023-11-14T22:13:20Z", "2023-11-14T22:14:20.250Z", "2023-11-14T22:14:21.250Z"])
        #expect(try target.stats(of: "coffee", by: .day, through: 1_700_100_000).rows.map(\.change).reduce(0, +) == 7)
    }

    /// Exports written before the log (version 1, or a list) still import, each counter
    /// with one "import" event, as before.
    @Test(arguments: [
        #"{"format": "tally-export", "version": 1, "counters": [{"name": "a", "count": 3, "created": "2026-01-02T03:04:05Z"}]}"#,
        #"[{"name": "a", "count": 3, "created": "2026-01-02T03:04:05Z"}]"#,
        "name,count,created\na,3,2026-01-02T03:04:05Z\n",
        "name,count,created,log\na,3,2026-01-02T03:04:05Z,\n",
    ])
    func olderExportsGetAnImportEvent(text: String) throws {
        let tally = makeTally()
        _ = try tally.importCounters(try CounterImport.read(text, source: "old", csv: TestCSV.reading, now: testNow), source: "old", onClash: .error)
        let events = try tally.log(of: "a").events
        #expect(events.map(\.kind) == [.import])
        #expect(events.map(\.countAfter) == [3])
    }

    @Test(arguments: [
        (#"[{"name": "a", "log": [{"at": "yesterday", "kind": "inc", "before": 0, "after": 1}]}]"#, "'at' in in.json: counter 1: log[0]"),
        (#"[{"name": "a", "log": [{"at": "2026-01-02T03:04:05Z", "kind": "jump", "before": 0, "after": 1}]}]"#, "'jump'"),
        (#"[{"name": "a", "log": [{"at": "2026-01-02T03:04:05Z", "kind": "inc", "before": 0}]}]"#, "missing 'after'"),
        (#"[{"name": "a", "log": "inc"}]"#, "'log'"),
        ("name,log\na,not json\n", "the log in in.json: row 2 is not JSON"),
        ("name,log\na,{}\n", "not a JSON list"),
    ])
    func aBadLogIsRefusedWhole(text: String, expected: String) {
        do {
            _ = try CounterImport.read(text, source: "in.json", csv: TestCSV.reading, now: testNow)
            Issue.record("accepted: \(text)")
        } catch let error as TallyError {
            guard case .importBadEntry(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains(expected), "\(message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"), (1_795_258_528.803, "2026-11-21T10:55:28.803Z"), (1_795_258_528.9996, "2026-11-21T10:55:29Z"),
        (1_795_258_528.05, "2026-11-21T10:55:28.050Z"), (-0.5, "1969-12-31T23:59:59.500Z"),
    ])
    func stampsAreExactToTheMillisecond(seconds: Double, text: String) {
        #expect(CounterEvent.stamp(seconds) == text)
        #expect(Instant.parseISO8601(text).map(CounterEvent.stamp) == text)
    }
}
