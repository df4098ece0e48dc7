// The undo steps an older tally's JSON document brings into the database are dated by the
// run that takes it over (issue 27, item 5 review): the run's clock, as every other
// stamp of that change, not the system's.

import Foundation
import MoneyKitSQLite
import Testing
import TallyKit
@testable import TallySQLite

@Suite struct TallyLegacyClockTests {
    @Test func aTakenOverUndoStepIsDatedByTheRunsClock() throws {
        let folder = NSTemporaryDirectory() + "tally-legacy-clock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let counter = #"{"name": "x", "count": COUNT, "start": 0, "step": 1, "pinned": false, "created": "2024-01-01T00:00:00Z", "serial": 1}"#
        let document = """
            {"format": "tally", "version": 1, "content": {"counters": [\(counter.replacingOccurrences(of: "COUNT", with: "5"))],
            "nextSerial": 2, "undo": [{"action": "set x", "before": [\(counter.replacingOccurrences(of: "COUNT", with: "4"))], "after": ["x"]}]}}
            """
        try Data(document.utf8).write(to: URL(fileURLWithPath: folder + "/counters.json"))
        let paths = TallyStorePaths(path: folder + "/counters.json", isDefault: false)
        let repository = SQLiteTallyRepository(paths: paths, actor: "")
        repository.clock = { 1_700_000_000.25 }
        let tally = Tally(repository: repository, now: { 1_700_000_000.25 })
        _ = try tally.increment("x")
        let database = try SQLiteDatabase.open(paths.database, schema: SQLiteTallySchema.schema, access: .read)
        defer { database.close() }
        var stamps: [String] = []
        try database.cached("SELECT label, at FROM journal_steps ORDER BY id").forEachRow([]) { row in
            stamps.append("\(row.values[0]) \(row.values[1])")
        }
        #expect(stamps.count == 2)
        #expect(!stamps.contains { !$0.contains("1700000000") }, "\(stamps)")
    }
}
