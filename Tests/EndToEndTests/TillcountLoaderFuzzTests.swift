// Stores that parse but break an invariant are refused with 65, naming the file, and left
// as they are; never a crash in a later command (issue 12, item 15). The live count file
// gets a table of targeted faults plus seeded random mutations of a valid document; the
// history gets rows that break each invariant, through a table without CHECKs.

import Foundation
import Testing

@Suite(ReliabilityLoops.trait) struct TillcountLoaderFuzzTests {
    static func state(lines: String = "[]", float: String = #""0.00""#, currency: String = #""GBP""#, notes: String = "[]", extra: String = "") -> String {
        #"{"format": "tillcount-state", "version": 2, "content": {"currency": \#(currency), "float": \#(float), "lines": \#(lines), "notes": \#(notes), "updated": null\#(extra)}}"#
    }

    static let faults: [(String, String)] = [
        ("the same note twice", state(lines: #"[{"kind": "note", "value": "20.00", "quantity": 1}, {"kind": "note", "value": "20", "quantity": 2}]"#)),
        ("the same roll twice", state(lines: #"[{"kind": "roll", "value": "1.00", "quantity": 1}, {"kind": "roll", "value": "1.00", "quantity": 1, "rollSize": 20}]"#)),
        ("a duplicate whose sum would overflow", state(lines: #"[{"kind": "coin", "value": "0.01", "quantity": 9223372036854775807}, {"kind": "coin", "value": "0.01", "quantity": 9223372036854775807}]"#)),
        ("a negative quantity", state(lines: #"[{"kind": "note", "value": "20.00", "quantity": -1}]"#)),
        ("a quantity beyond 64 bits", state(lines: #"[{"kind": "note", "value": "20.00", "quantity": 9223372036854775808}]"#)),
        ("a fractional quantity", state(lines: #"[{"kind": "note", "value": "20.00", "quantity": 1.5}]"#)),
        ("a line value beyond 64 bits", state(lines: #"[{"kind": "note", "value": "20.00", "quantity": 9223372036854775807}]"#)),
        ("a total beyond 64 bits", state(lines: #"[{"kind": "note", "value": "50.00", "quantity": 1844674407370955}, {"kind": "note", "value": "20.00", "quantity": 1844674407370955}]"#)),
        ("a roll whose value does not fit", state(lines: #"[{"kind": "roll", "value": "1.00", "quantity": 92233720368547758, "rollSize": 20}]"#)),
        ("a zero face value", state(lines: #"[{"kind": "note", "value": "0.00", "quantity": 1}]"#)),
        ("a negative face value", state(lines: #"[{"kind": "coin", "value": "-0.50", "quantity": 1}]"#)),
        ("too many decimals", state(lines: #"[{"kind": "coin", "value": "0.505", "quantity": 1}]"#)),
        ("an unknown kind", state(lines: #"[{"kind": "bar", "value": "1.00", "quantity": 1}]"#)),
        ("a roll size of 0", state(lines: #"[{"kind": "roll", "value": "1.00", "quantity": 1, "rollSize": 0}]"#)),
        ("a roll size too large", state(lines: #"[{"kind": "roll", "value": "1.00", "quantity": 1, "rollSize": 100001}]"#)),
        ("a roll size on a note", state(lines: #"[{"kind": "note", "value": "20.00", "quantity": 1, "rollSize": 5}]"#)),
        ("an unknown packaging", state(lines: #"[{"kind": "roll", "value": "1.00", "quantity": 1, "rollSize": 20, "packaging": "box"}]"#)),
        ("a negative float", state(float: #""-5.00""#)),
        ("a float beyond 64 bits", state(float: #""92233720368547758.08""#)),
        ("a currency that is not a string", state(currency: "5")),
        ("an unknown currency", state(currency: #""XXQ""#)),
        ("a note that is not text", state(notes: #"["ok", 5]"#)),
        ("undo that is not a list", state(extra: #", "undo": {}"#)),
        ("an undo entry with the same note twice", state(extra: #", "undo": [{"currency": "GBP", "float": "0.00", "lines": [{"kind": "note", "value": "5.00", "quantity": 1}, {"kind": "note", "value": "5.00", "quantity": 1}], "notes": []}]"#)),
        ("an undo entry with a negative float", state(extra: #", "undo": [{"currency": "GBP", "float": "-1.00", "lines": [], "notes": []}]"#)),
        ("lines that are not a list", state(lines: #"{"kind": "note"}"#)),
    ]

    static let commands: [[String]] = [
        ["show"], ["show", "--all"], ["add", "20"], ["set", "10=1"], ["sub", "20"], ["float", "5"], ["float"], ["clear", "--force"],
        ["undo"], ["note"], ["note", "x"], ["save"], ["report"], ["report", "--format", "markdown"], ["deposit"],
        ["deposit", "--format", "json"], ["currency", "EUR", "--force"], ["denominations"],
    ]

    @Test(arguments: faults.indices)
    func aLiveCountThatBreaksAnInvariantIsRefused(index: Int) throws {
        let (name, document) = Self.faults[index]
        let till = try TillcountSandbox()
        try till.writeState(document)
        let before = try #require(till.stateBytes())
        for arguments in Self.commands {
            let result = try till.run(arguments)
            #expect(!result.killedBySignal, "\(name): \(arguments) crashed")
            #expect(result.status == 65, "\(name): \(arguments) exited \(result.status): \(result.stderr)")
            #expect(result.stderr.contains(till.statePath), "\(name): \(arguments): \(result.stderr)")
            #expect(till.stateBytes() == before, "\(name): \(arguments) changed the file")
        }
        #expect(try till.savedIDs().isEmpty, "\(name): nothing was saved")
    }

    /// Random valid-JSON mutations of a valid count: whatever the loader accepts works, and
    /// whatever it refuses is left as it was; no command ever crashes.
    @Test func randomMutationsNeverCrash() throws {
        var generator = TillcountSeededGenerator(seed: 0x7111_C0_12)
        let values: [String] = [
            "0", "-1", "1", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e3", "0.5",
            #""""#, #""20.00""#, #""-0.01""#, #""92233720368547758.07""#, #""roll""#, #""note""#, #""coin""#, #""bag""#,
            "null", "true", "[]", "{}", #""GBP""#, #""JPY""#, "100000", "100001",
        ]
        let keys = ["kind", "value", "quantity", "rollSize", "packaging"]
        let till = try TillcountSandbox()
        for round in 0..<60 {
            var lines: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                var members = [#""kind": "note""#, #""value": "20.00""#, #""quantity": 2"#]
                if Bool.random(using: &generator) { members = [#""kind": "roll""#, #""value": "1.00""#, #""quantity": 1"#, #""rollSize": 20"#] }
                let key = keys.randomElement(using: &generator) ?? "kind"
                let value = values.randomElement(using: &generator) ?? "0"
                members.removeAll { $0.hasPrefix("\"\(key)\"") }
                if Int.random(in: 0..<5, using: &generator) > 0 { members.append("\"\(key)\": \(value)") }
                lines.append("{" + members.joined(separator: ", ") + "}")
            }
            let float = Bool.random(using: &generator) ? #""10.00""# : values.randomElement(using: &generator) ?? "0"
            let currency = Int.random(in: 0..<4, using: &generator) == 0 ? values.randomElement(using: &generator) ?? "null" : #""GBP""#
            let document = Self.state(lines: "[" + lines.joined(separator: ", ") + "]", float: float, currency: currency)
            try till.writeState(document)
            let before = try #require(till.stateBytes())
            for arguments in [["show"], ["deposit"], ["add", "0.01=3"], ["report", "--format", "markdown"]] {
                let result = try till.run(arguments)
                #expect(!result.killedBySignal, "round \(round): \(arguments) crashed on \(document)")
                #expect([0, 65, 66].contains(result.status), "round \(round): \(arguments) exited \(result.status) on \(document): \(result.stderr)")
                if result.status != 0 {
                    #expect(till.stateBytes() == before, "round \(round): a refused \(arguments) changed the file")
                }
            }
        }
    }

    // MARK: the denominations file

    @Test(arguments: [
        #"{"rolls": {"coin": "20", "count": 25}}"#,
        #"{"rolls": [{"coin": "20", "count": 25}, {"coin": "20", "count": 50}]}"#,
        #"{"rolls": [{"coin": "20", "count": 25, "packaging": "box"}]}"#,
        #"{"rolls": [{"coin": "20", "count": 0}]}"#,
        #"{"rolls": [{"coin": "-20", "count": 5}]}"#,
        #"{"add": [{"kind": "coin", "value": "0.50"}, {"kind": "coin", "value": "0.5"}]}"#,
        #"{"add": [{"kind": "coin", "value": "0.50", "label": 5}]}"#,
        #"{"add": [{"kind": "bar", "value": "1"}]}"#,
        #"{"remove": "all"}"#,
    ])
    func aDenominationsFileThatBreaksAnInvariantIsRefused(entry: String) throws {
        let till = try TillcountSandbox(currency: "NOK")
        try till.ok("add", "100")
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"NOK": \#(entry)}}"#)
        let before = try #require(till.stateBytes())
        for arguments in [["show"], ["add", "20"], ["denominations"], ["total", "20=1", "--currency", "NOK"]] {
            let result = try till.run(arguments)
            #expect(!result.killedBySignal)
            #expect(result.status == 65, "\(entry) \(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(till.denominationsPath), "\(result.stderr)")
            #expect(till.stateBytes() == before)
        }
    }

    // MARK: the history

    /// A history holding one good count (id 1), with count_lines rebuilt without CHECKs
    /// (same columns, types and NOT NULLs: all the ownership check compares)
    /// so that any row can be planted; nil when the sqlite3 CLI is missing.
    static func plantedHistory() throws -> TillcountSandbox? {
        guard SQLiteShell.available else { return nil }
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2", "roll:1=1")
        try till.ok("save")
        try till.ok("clear", "--force")
        _ = try till.sqlite("""
            CREATE TABLE loose_lines AS SELECT * FROM count_lines; DROP TABLE count_lines;
            CREATE TABLE count_lines (count_id INTEGER NOT NULL, kind TEXT NOT NULL, value INTEGER NOT NULL,
                quantity INTEGER NOT NULL, roll_size INTEGER, packaging TEXT, line_value INTEGER, roll_size_from TEXT,
                token TEXT, label TEXT);
            INSERT INTO count_lines SELECT * FROM loose_lines; DROP TABLE loose_lines;
            CREATE INDEX count_lines_by_count ON count_lines(count_id);
            """)
        return till
    }

    static let historyFaults: [(String, String)] = [
        ("a duplicate line", "(2, 'note', 2000, 1, 1, NULL, 2000, 'saved'), (2, 'note', 2000, 1, 1, NULL, 2000, 'saved')|4000"),
        ("a duplicate legacy line", "(2, 'note', 2000, 1, NULL, NULL, NULL, NULL), (2, 'note', 2000, 1, NULL, NULL, NULL, NULL)|4000"),
        ("a zero quantity", "(2, 'note', 2000, 0, 1, NULL, 0, 'saved')|0"),
        ("a negative quantity", "(2, 'note', 2000, -3, 1, NULL, -6000, 'saved')|0"),
        ("a huge quantity", "(2, 'note', 2000, 9223372036854775807, 1, NULL, 1, 'saved')|1"),
        ("a huge legacy quantity", "(2, 'note', 2000, 9223372036854775807, NULL, NULL, NULL, NULL)|1"),
        ("an unknown kind", "(2, 'bar', 2000, 1, 1, NULL, 2000, 'saved')|2000"),
        ("a kind that is not text", "(2, 5, 2000, 1, 1, NULL, 2000, 'saved')|2000"),
        ("a zero face value", "(2, 'coin', 0, 1, 1, NULL, 0, 'saved')|0"),
        ("a text quantity", "(2, 'note', 2000, 'many', 1, NULL, 2000, 'saved')|2000"),
        ("a roll size of 0", "(2, 'roll', 100, 1, 0, 'roll', 0, 'saved')|0"),
        ("a roll size too large", "(2, 'roll', 100, 1, 100001, 'roll', 10000100, 'saved')|10000100"),
        ("a roll size on a note", "(2, 'note', 2000, 1, 3, NULL, 6000, 'saved')|6000"),
        ("a value that is not face × quantity × size", "(2, 'roll', 100, 2, 20, 'roll', 999, 'saved')|999"),
        ("an unknown packaging", "(2, 'roll', 100, 1, 20, 'box', 2000, 'saved')|2000"),
        ("an unknown size origin", "(2, 'roll', 100, 1, 20, 'roll', 2000, 'guess')|2000"),
        ("lines that do not add up to the total", "(2, 'note', 2000, 1, 1, NULL, 2000, 'saved')|2500"),
        ("lines whose sum overflows", "(2, 'coin', 1, 9223372036854775807, 1, NULL, 9223372036854775807, 'saved'), (2, 'coin', 2, 1, 1, NULL, 2, 'saved')|1"),
    ]

    @Test(arguments: historyFaults.indices)
    func aSavedCountThatBreaksAnInvariantIsRefused(index: Int) throws {
        let (name, planted) = Self.historyFaults[index]
        guard let till = try Self.plantedHistory() else { return }
        let parts = planted.split(separator: "|")
        _ = try till.sqlite("""
            INSERT INTO counts (id, saved_at, label, currency, total, float, expected, notes) VALUES (2, '2026-01-01T00:00:00Z', NULL, 'GBP', \(parts[1]), 0, NULL, '');
            INSERT INTO count_lines (count_id, kind, value, quantity, roll_size, packaging, line_value, roll_size_from) VALUES \(parts[0]);
            """)
        #expect(try till.sqlite("SELECT count(*) FROM counts") == "2", "\(name): planted")
        let liveBefore = till.stateBytes()
        for arguments in [["history", "show", "2"], ["history", "show", "2", "--format", "json"], ["resume", "2", "--force"]] {
            let result = try till.run(arguments)
            #expect(!result.killedBySignal, "\(name): \(arguments) crashed")
            #expect(result.status == 65, "\(name): \(arguments) exited \(result.status): \(result.stderr)")
            #expect(result.stderr.contains(till.dbPath) || result.stderr.contains("saved count 2"), "\(name): \(result.stderr)")
            #expect(till.stateBytes() == liveBefore, "\(name): \(arguments) changed the live count")
        }
        // The good count and the list still work.
        #expect(Set(try till.ok("history", "--ids").stdout.split(separator: "\n")) == ["1", "2"])
        try till.ok("history", "show", "1")
    }

    @Test(arguments: [
        ("an unknown currency", "'XXQ', 100, 0, NULL"),
        ("a negative float", "'GBP', 100, -5, NULL"),
        ("a negative total", "'GBP', -100, 0, NULL"),
        ("a text total", "'GBP', 'lots', 0, NULL"),
        ("an expected amount whose over/short does not fit", "'GBP', 100, 0, -9223372036854775807"),
        ("a text expected amount", "'GBP', 100, 0, 'some'"),
    ])
    func aSavedCountRowThatBreaksAnInvariantIsRefused(name: String, values: String) throws {
        guard let till = try Self.plantedHistory() else { return }
        _ = try till.sqlite("INSERT INTO counts (id, saved_at, label, currency, total, float, expected, notes) VALUES (2, '2026-01-01T00:00:00Z', NULL, \(values), '')")
        for arguments in [["history"], ["history", "show", "2"], ["resume", "2", "--force"]] {
            let result = try till.run(arguments)
            #expect(!result.killedBySignal, "\(name): \(arguments) crashed")
            #expect(result.status == 65, "\(name): \(arguments) exited \(result.status): \(result.stderr)")
            #expect(result.stderr.contains(till.dbPath), "\(name): \(result.stderr)")
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing round can be replayed.
struct TillcountSeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15  // wrapping: SplitMix64 state step
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9  // wrapping: SplitMix64 mixing
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB  // wrapping: SplitMix64 mixing
        return z ^ (z >> 31)
    }
}
