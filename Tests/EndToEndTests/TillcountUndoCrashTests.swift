// history rm killed at random instants (a reliability loop: Tests/Reliability/run.sh runs
// it, `swift test` skips it unless MONEYKIT_RELIABILITY=1). Save and rm write their undo
// step before the history changes (see Sources/TillKit/Till.swift), so a kill between the
// two leaves a step that names nothing, never a hidden count without its step.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(ReliabilityLoops.trait) struct TillcountUndoCrashTests {
    /// history rm killed at random instants: a hidden count always has its step on the
    /// stack, and one undo always leaves no hidden count behind.
    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"), .timeLimit(.minutes(3)))
    func killingRmAtARandomInstantNeverLosesACount() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=1")
        var killed = 0
        let start = Date()
        var iteration = 0
        while iteration < 60 && (iteration < 20 || Date().timeIntervalSince(start) < 20) {
            iteration += 1
            let id = try #require(Int(try till.ok("save").stdout.trimmingCharacters(in: .newlines)))
            let ending = try TillcountSpawn.startAndKill(
                TillcountSandbox.executable, ["history", "rm", String(id), "--force"], environment: till.environment, maxMicroseconds: 30_000)
            if ending == .signaled(SIGKILL) { killed += 1 }
            let hidden = try #require(try till.sqlite("SELECT deleted_by FROM counts WHERE deleted_at IS NOT NULL"))
            let keys = Set(try TillcountUndoHistoryTests.steps(till).compactMap { $0["key"] as? String })
            for key in hidden.split(separator: "\n") {
                #expect(keys.contains(String(key)), "iteration \(iteration): count hidden by \(key) has no undo step")
            }
            let undo = try till.run("undo")
            #expect(undo.status == 0, "iteration \(iteration): \(undo.stderr)")
            #expect(try till.sqlite("SELECT count(*) FROM counts WHERE deleted_at IS NOT NULL") == "0", "iteration \(iteration)")
            #expect(try till.sqlite("PRAGMA integrity_check") == "ok")
        }
        #expect(killed > 0, "no kill landed")
        try till.ok("show")
    }
}
