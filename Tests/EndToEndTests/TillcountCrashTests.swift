// Crash safety: tillcount killed with SIGKILL at a random instant leaves the live count
// old or new, never torn, and the SQLite history readable and consistent.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(ReliabilityLoops.trait) struct TillcountCrashTests {
    static let minimumIterations = 50
    static let maximumIterations = 150
    static let timeBudget: TimeInterval = 20

    /// A count with notes long enough that every write takes a while (the undo history
    /// repeats them fifty times), so kills land during writes.
    static func heavyTill() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        let filler = String(repeating: "a long note to make the state file bigger ", count: 6)
        for index in 0..<12 { try till.ok("note", "\(index) \(filler)") }
        return till
    }

    @Test(.timeLimit(.minutes(2)))
    func killingSetAtARandomInstantNeverTearsTheLiveCount() throws {
        let till = try Self.heavyTill()
        let tokens = ["50", "20", "10", "5", "2", "1", "0.50", "0.20", "0.10", "0.05", "0.02", "0.01",
                      "roll:2", "roll:1", "roll:0.50", "roll:0.20", "roll:0.10", "roll:0.05", "roll:0.02", "roll:0.01"]
        try till.run(["set"] + tokens.map { $0 + "=0" })
        var confirmed = 0  // the quantity every line is known to hold
        var killed = 0
        var completed = 0
        let start = Date()
        var iteration = 0
        while iteration < Self.maximumIterations && (iteration < Self.minimumIterations || Date().timeIntervalSince(start) < Self.timeBudget) {
            iteration += 1
            let ending = try TillcountSpawn.startAndKill(
                TillcountSandbox.executable, ["set"] + tokens.map { "\($0)=\(iteration)" }, environment: till.environment)
            if ending == .signaled(SIGKILL) { killed += 1 } else { completed += 1 }
            #expect(ending == .signaled(SIGKILL) || ending == .exited(0), "iteration \(iteration): \(ending)")

            // The file parses, as a whole tillcount document, every time.
            let bytes = try #require(till.stateBytes(), "iteration \(iteration): the state file is gone")
            let content = try #require(TillcountJSON.stateContent(bytes), "iteration \(iteration): torn state file:\n\(String(decoding: bytes.prefix(400), as: UTF8.self))")
            let lines = try #require(TillcountJSON.stateLines(content))
            let quantities = Set(lines.values)
            #expect(((content["notes"] as? [String])?.count ?? 0) >= 12)
            // Old or new: every line holds the previous quantity, or every line the new one.
            if confirmed == 0 && lines.isEmpty {
                // Nothing set yet: still the first state.
            } else {
                #expect(lines.count == tokens.count, "iteration \(iteration): \(lines.count) lines")
                #expect(quantities == [confirmed] || quantities == [iteration], "iteration \(iteration): \(quantities), expected \(confirmed) or \(iteration)")
            }
            if quantities == [iteration] { confirmed = iteration }
            if ending == .exited(0) { #expect(confirmed == iteration, "a finished set must be kept") }

            let show = try till.run("show", "--format", "json")
            #expect(show.status == 0, "iteration \(iteration): \(show.stderr)")
            if iteration % 10 == 0 {
                // And the lock a killed process held never blocks the next one.
                let note = try till.run("note", "iteration \(iteration)")
                #expect(note.status == 0, "\(note.stderr)")
            }
        }
        #expect(iteration >= Self.minimumIterations)
        #expect(killed > 0, "no kill landed before the process finished (\(completed) completed)")
        // After all that, the count still changes normally.
        try till.ok("add", "50")
        #expect(try till.quantities()["50"] == confirmed + 1)
    }

    @Test(.timeLimit(.minutes(2)))
    func killingAddAtARandomInstantLosesAtMostThatAdd() throws {
        let till = try Self.heavyTill()
        var quantity = 0
        var killed = 0
        let start = Date()
        var iteration = 0
        while iteration < Self.maximumIterations && (iteration < Self.minimumIterations || Date().timeIntervalSince(start) < Self.timeBudget / 2) {
            iteration += 1
            let ending = try TillcountSpawn.startAndKill(TillcountSandbox.executable, ["add", "1=1", "0.50=2"], environment: till.environment)
            if ending == .signaled(SIGKILL) { killed += 1 }
            let show = try till.run("show", "--format", "json")
            #expect(show.status == 0, "iteration \(iteration): \(show.stderr)")
            let quantities = try TillcountJSON.quantities(try TillcountJSON.object(show.stdout))
            let now = quantities["1"] ?? 0
            #expect(now == quantity || now == quantity + 1, "iteration \(iteration): \(now) after \(quantity)")
            #expect((quantities["0.50"] ?? 0) == 2 * now, "both tokens or neither: \(quantities)")
            if ending == .exited(0) { #expect(now == quantity + 1, "a finished add must be kept") }
            quantity = now
        }
        #expect(killed > 0)
    }

    @Test(.timeLimit(.minutes(2)))
    func killingSaveAtARandomInstantKeepsTheHistoryReadable() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=3", "10=1", "0.50=4", "roll:1=2")
        try till.ok("note", "saved while being killed")
        try till.ok("save", "--label", "before")  // the database exists before the kills
        var finished = 1
        var killed = 0
        let start = Date()
        var iteration = 0
        while iteration < Self.maximumIterations && (iteration < Self.minimumIterations || Date().timeIntervalSince(start) < Self.timeBudget / 2) {
            iteration += 1
            let ending = try TillcountSpawn.startAndKill(
                TillcountSandbox.executable, ["save", "--label", "kill \(iteration)"], environment: till.environment)
            if ending == .signaled(SIGKILL) { killed += 1 } else if ending == .exited(0) { finished += 1 }
            #expect(ending == .signaled(SIGKILL) || ending == .exited(0), "iteration \(iteration): \(ending)")
            if iteration % 5 == 0 {
                let history = try till.run("history", "--format", "json")
                #expect(history.status == 0, "iteration \(iteration): \(history.stderr)")
                let saved = try TillcountJSON.array(history.stdout)
                #expect(saved.count >= finished, "a finished save was lost")
                #expect(saved.allSatisfy { $0["total"] as? String == "112.00" }, "iteration \(iteration)")
            }
        }
        #expect(killed > 0)
        let history = try till.run("history", "--format", "json")
        #expect(history.status == 0, "\(history.stderr)")
        let saved = try TillcountJSON.array(history.stdout)
        #expect(saved.count >= finished)
        // Every saved count is whole: its lines are all there.
        for entry in saved.prefix(15) {
            let id = try #require((entry["id"] as? NSNumber)?.intValue)
            let shown = try TillcountJSON.object(try till.ok("history", "show", String(id), "--format", "json").stdout)
            #expect(shown["total"] as? String == "112.00")
            #expect(try TillcountJSON.quantities(shown) == ["20": 3, "10": 1, "0.50": 4, "roll:1": 2], "count \(id)")
            #expect(shown["notes"] as? [String] == ["saved while being killed"])
        }
        if SQLiteShell.available {
            #expect(try till.sqlite("PRAGMA integrity_check") == "ok")
            #expect(try till.sqlite("PRAGMA user_version") == "8")
            #expect(try till.sqlite("SELECT count(*) FROM counts WHERE id NOT IN (SELECT count_id FROM count_lines GROUP BY count_id HAVING count(*) = 4)") == "0",
                    "a count was saved without all of its lines")
        }
        // Saving still works afterwards.
        #expect(try till.ok("save").stdout.isEmpty == false)
    }
}
