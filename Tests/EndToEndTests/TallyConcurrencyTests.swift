// Many tally processes changing one store at the same time lose no update.

import Foundation
import Testing

@Suite(ReliabilityLoops.trait) struct TallyConcurrencyTests {
    /// Starts `processes` shells at once, each running `script` (with $TALLY set), and
    /// waits for all of them.
    static func runInParallel(_ box: TallyBox, processes: Int, script: String) throws -> [Process] {
        var environment = box.environment
        environment["TALLY"] = box.tallyPath
        let shells = (0..<processes).map { _ -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            return process
        }
        for shell in shells { try ToolProcess.start(shell) }
        for shell in shells { TallyWait.exit(of: shell, timeout: 120) }
        return shells
    }

    @Test(.timeLimit(.minutes(3)))
    func eightProcessesIncrementingOneCounterLoseNothing() throws {
        let box = try TallyBox()
        try box.ok("new", "c")
        let shells = try Self.runInParallel(
            box, processes: 8, script: #"for i in $(seq 250); do "$TALLY" inc c >/dev/null || exit 1; done"#)
        for shell in shells {
            #expect(shell.terminationReason == .exit)
            #expect(shell.terminationStatus == 0, "a tally inc failed")
        }
        #expect(try box.ok("get", "c") == "2000")
        #expect(try box.count("c") == 2000)
        let store = try box.storeFile()
        #expect(store.content.counters.count == 1)
        #expect(store.content.undo.count == 100)
        // Every increment is in the log, once.
        let events = try box.events()
        #expect(events.count == 2001)
        #expect(events.filter { $0.kind == "inc" }.map(\.count_after).sorted() == Array(1...2000))
        let attributes = try FileManager.default.attributesOfItem(atPath: box.databasePath)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    /// Unnamed counters made at the same time all get different names, and none is lost.
    @Test(.timeLimit(.minutes(1)))
    func countersCreatedAtOnceGetDistinctNames() throws {
        let box = try TallyBox()
        let shells = try Self.runInParallel(
            box, processes: 4, script: #"for i in 1 2 3 4 5 6 7 8; do "$TALLY" new >/dev/null || exit 1; done"#)
        #expect(shells.allSatisfy { $0.terminationStatus == 0 })
        let names = try box.stored().map(\.name)
        #expect(Set(names) == Set((1...32).map { "New Counter \($0)" }))
        #expect(names.count == 32)
        #expect(Set(try box.stored().map(\.serial)) == Set(1...32))
    }
}
