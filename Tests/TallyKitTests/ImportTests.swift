// Import: what a JSON or CSV export may hold and how each fault is named; clashes under
// each policy; one undo reverts the whole import.

import Testing
import TallyKit

/// A minimal CSV reader for these tests (the tool hands in the toolkit's own): split on
/// newlines and commas, no quoting; a leading quote is restored as the tool restores it.
let simpleCSV = CSVReading(
    records: { text, _ in
        text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
            .map { line in line.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    },
    restoredField: { $0.hasPrefix("'") ? String($0.dropFirst()) : $0 })

func read(_ text: String, source: String = "in.json") throws -> [ImportedCounter] {
    try CounterImport.read(text, source: source, csv: simpleCSV, now: testNow)
}

func importError(_ text: String, source: String = "in.json") -> TallyError? {
    tallyError { _ = try read(text, source: source) }
}

@Suite struct ImportReadingTests {
    @Test func jsonExportsAndBareListsAreRead() throws {
        let full = #"{"format": "tally-export", "version": 1, "counters": [{"name": "a", "count": 3, "start": 1, "step": -2, "pinned": true, "created": "2026-01-02T03:04:05Z"}]}"#
        #expect(try read(full) == [ImportedCounter(name: "a", count: 3, start: 1, step: -2, pinned: true, created: "2026-01-02T03:04:05Z")])
        // The list output is a bare array; absent fields take their defaults.
        #expect(try read(#"  [{"name": "b", "start": 4}]"#) == [
            ImportedCounter(name: "b", count: 4, start: 4, step: 1, pinned: false, created: "2026-11-21T10:55:28Z"),
        ])
        #expect(try read(#"{"counters": []}"#).isEmpty)
    }

    @Test func csvIsReadByItsHeader() throws {
        let text = "Name , pinned,count\n'=cmd,yes,-7\n\nplain,0,\n"
        #expect(try read(text, source: "in.csv") == [
            ImportedCounter(name: "=cmd", count: -7, start: 0, step: 1, pinned: true, created: "2026-11-21T10:55:28Z"),
            ImportedCounter(name: "plain", count: 0, start: 0, step: 1, pinned: false, created: "2026-11-21T10:55:28Z"),
        ])
        #expect(try read("", source: "in.csv").isEmpty)
        #expect(try read("name,count\nx,9223372036854775807\n", source: "in.csv").first?.count == .max)
    }

    @Test(arguments: [
        ("{", TallyError.importNotJSON(source: "in.json", reason: "")),
        (#"{"format": "billsplit-prefs"}"#, .importForeignFormat(source: "in.json", format: "billsplit-prefs")),
        (#"{"format": "tally-export", "version": 4, "counters": []}"#, .importNewerVersion(source: "in.json", version: 4, supported: 3)),
        (#"{"format": "tally-export", "version": 1}"#, .importNoCounterList(source: "in.json")),
        (#"[{"count": 1}]"#, .importBadEntry(message: "missing 'name' in in.json: counter 1")),
        (#"[{"name": "a"}, {"name": "b", "count": "x"}]"#, .importBadEntry(message: "'count' in in.json: counter 2 is not a whole number in the 64-bit range")),
        (#"[{"name": "a", "step": 0}]"#, .importZeroStep(place: "in.json: counter 1", name: "a")),
        (#"[{"name": "a", "created": "yesterday"}]"#, .importBadCreated(place: "in.json: counter 1", text: "yesterday")),
        (#"[{"name": " a"}]"#, .importInvalidName(place: "in.json: counter 1", name: " a", fault: .edgeSpace)),
        (#"[{"name": "a\u0007"}]"#, .importInvalidName(place: "in.json: counter 1", name: "a\u{7}", fault: .control("\u{7}"))),
    ])
    func jsonFaultsAreNamed(text: String, expected: TallyError) {
        let error = importError(text)
        if case .importNotJSON(let source, _) = expected {
            guard case .importNotJSON(source, _) = error else {
                Issue.record("got \(String(describing: error))")
                return
            }
        } else {
            #expect(error == expected)
        }
    }

    @Test(arguments: [
        ("count\n1\n", TallyError.importNoNameColumn(source: "in.csv", expected: CounterExport.columnNames)),
        ("name,colour\na,red\n", .importUnknownColumn(source: "in.csv", column: "colour", expected: CounterExport.columnNames)),
        ("name,count\na,1,2\n", .importFieldCount(place: "in.csv: row 2", found: 3, expected: 2)),
        ("name,count\nok,1\nbad,x\n", .importNotWholeNumber(place: "in.csv: row 3", field: "count", text: "x")),
        ("name,start\nbad,1.5\n", .importNotWholeNumber(place: "in.csv: row 2", field: "start", text: "1.5")),
        ("name,step\nbad,99999999999999999999\n", .importNotWholeNumber(place: "in.csv: row 2", field: "step", text: "99999999999999999999")),
        ("name,pinned\na,maybe\n", .importBadPinned(place: "in.csv: row 2", text: "maybe")),
        ("name,step\na,0\n", .importZeroStep(place: "in.csv: row 2", name: "a")),
        ("name\n'\n", .importInvalidName(place: "in.csv: row 2", name: "", fault: .empty)),
    ])
    func csvFaultsAreNamed(text: String, expected: TallyError) {
        #expect(importError(text, source: "in.csv") == expected)
    }
}

@Suite struct ImportStoringTests {
    let incoming = [
        ImportedCounter(name: "Coffee", count: 5, start: 0, step: 1, pinned: false, created: "2026-01-01T00:00:00Z"),
        ImportedCounter(name: "new", count: 1, start: 0, step: 2, pinned: true, created: "2026-01-02T00:00:00Z"),
    ]

    func tallyWithCoffee() throws -> Tally {
        makeTally(try store([counter("coffee", count: 9, serial: 1), counter("coffee (2)", serial: 2)]))
    }

    @Test func aClashImportsNothingByDefault() throws {
        let tally = try tallyWithCoffee()
        let before = try tally.repository.load()
        #expect(tallyError { _ = try tally.importCounters(incoming, source: "in.json", onClash: .error) }
            == .importClashes(source: "in.json", names: ["Coffee"]))
        #expect((try tally.repository.load()) == before)
    }

    @Test func skipKeepsTheExistingCounter() throws {
        let tally = try tallyWithCoffee()
        let summary = try tally.importCounters(incoming, source: "in.json", onClash: .skip)
        #expect(summary == ImportSummary(added: 1, replaced: 0, skipped: 1, renamed: []))
        #expect(try tally.counter(named: "coffee").count == 9)
        #expect(try tally.counter(named: "new").serial == 3)
    }

    @Test func replaceOverwritesAndOneUndoRestores() throws {
        let tally = try tallyWithCoffee()
        let before = try tally.repository.load()
        let summary = try tally.importCounters(incoming, source: "in.json", onClash: .replace)
        #expect(summary == ImportSummary(added: 1, replaced: 1, skipped: 0, renamed: []))
        #expect(summary.imported == 2)
        #expect(try tally.counter(named: "Coffee").count == 5)
        #expect((try tally.repository.load()).counters.map(\.name).sorted() == ["Coffee", "coffee (2)", "new"])
        #expect(try tally.undo() == "import 2 counters")
        #expect((try tally.repository.load()).counters.sorted { $0.serial < $1.serial } == before.counters)
    }

    @Test func renameTakesTheFirstFreeNumber() throws {
        let tally = try tallyWithCoffee()
        let summary = try tally.importCounters(incoming, source: "in.json", onClash: .rename)
        #expect(summary.renamed == [ImportSummary.Renaming(from: "Coffee", to: "Coffee (3)")])
        #expect(summary.added == 2)
        #expect(try tally.counter(named: "Coffee (3)").count == 5)
        #expect(try tally.undo() == "import 2 counters")
        #expect((try tally.repository.load()).counters.map(\.name) == ["coffee", "coffee (2)"])
    }

    @Test func aNameGivenTwiceIsRefusedBeforeAnythingIsStored() throws {
        let tally = makeTally()
        let twice = [incoming[0], ImportedCounter(name: "COFFEE", count: 0, start: 0, step: 1, pinned: false, created: "2026-01-01T00:00:00Z")]
        #expect(tallyError { _ = try tally.importCounters(twice, source: "-", onClash: .replace) }
            == .importRepeatsName(source: "-", first: "Coffee", second: "COFFEE"))
        #expect((try tally.repository.load()).counters.isEmpty)
    }

    @Test func allSkippedIsNoChange() throws {
        let tally = try tallyWithCoffee()
        let summary = try tally.importCounters([incoming[0]], source: "in.json", onClash: .skip)
        #expect(summary == ImportSummary(added: 0, replaced: 0, skipped: 1, renamed: []))
        #expect((try tally.repository.load()).undo.isEmpty)
    }
}
