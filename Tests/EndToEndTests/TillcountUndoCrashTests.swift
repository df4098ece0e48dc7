// save and history rm killed at random instants (a reliability loop: Tests/Reliability/run.sh
// runs it, `swift test` skips it unless MONEYKIT_RELIABILITY=1). The live count with its
// undo stack and the history are one database, and each command one transaction: after a
// kill, the count filed (or hidden) and its undo step are there together, or neither is.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(ReliabilityLoops.trait) struct TillcountUndoCrashTests {
    /// save and history rm killed at random instants: every saved or hidden count has its
    /// step on the stack, and every step on the stack names a count that is there (no step
    /// left naming nothing, as the saga of separate stores left); undo then leaves no
    /// hidden count behind.
    @Test(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3"), .timeLimit(.minutes(3)))
    func aKilledSaveOrRmLeavesTheOldStateOrTheNew() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=1")
        var killed = 0
        let start = Date()
        var iteration = 0
        while iteration < 60 && (iteration < 20 || Date().timeIntervalSince(start) < 20) {
            iteration += 1
            let save = try TillcountSpawn.startAndKill(
                TillcountSandbox.executable, ["save"], environment: till.environment, maxMicroseconds: 30_000)
            if save == .signaled(SIGKILL) { killed += 1 }
            try expectOneState(till, iteration: iteration, after: "save")
            guard let newest = try till.sqlite("SELECT max(id) FROM counts WHERE deleted_at IS NULL"), !newest.isEmpty else { continue }
            let rm = try TillcountSpawn.startAndKill(
                TillcountSandbox.executable, ["history", "rm", newest, "--force"], environment: till.environment, maxMicroseconds: 30_000)
            if rm == .signaled(SIGKILL) { killed += 1 }
            try expectOneState(till, iteration: iteration, after: "history rm")
            let undo = try till.run("undo")
            #expect(undo.status == 0, "iteration \(iteration): \(undo.stderr)")
            #expect(!undo.stderr.contains("did not finish"), "iteration \(iteration): a step named nothing: \(undo.stderr)")
            #expect(try till.sqlite("SELECT count(*) FROM counts WHERE deleted_at IS NOT NULL") == "0", "iteration \(iteration)")
            #expect(try till.sqlite("PRAGMA integrity_check") == "ok")
        }
        #expect(killed > 0, "no kill landed")
        try till.ok("show")
    }

    /// The history's saved and hidden counts and the undo stack's steps agree one to one.
    func expectOneState(_ till: TillcountSandbox, iteration: Int, after command: String) throws {
        let steps = try TillcountUndoHistoryTests.steps(till).filter { $0["kind"] as? String == "history" }
        let saveKeys = Set(steps.filter { $0["change"] as? String == "save" }.compactMap { $0["key"] as? String })
        let rmKeys = Set(steps.filter { $0["change"] as? String == "rm" }.compactMap { $0["key"] as? String })
        let saved = Set(try #require(try till.sqlite("SELECT saved_by FROM counts WHERE saved_by IS NOT NULL")).split(separator: "\n").map(String.init))
        let hidden = Set(try #require(try till.sqlite("SELECT deleted_by FROM counts WHERE deleted_at IS NOT NULL")).split(separator: "\n").map(String.init))
        #expect(saveKeys == saved, "iteration \(iteration), after \(command): save steps \(saveKeys.count), saved counts \(saved.count)")
        #expect(rmKeys == hidden, "iteration \(iteration), after \(command): rm steps \(rmKeys.count), hidden counts \(hidden.count)")
    }
}
