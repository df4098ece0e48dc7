// tillcount under real concurrency: many processes changing one live count, or saving to
// one history, at the same time lose nothing.

import Foundation
import Testing

@Suite(ReliabilityLoops.trait) struct TillcountConcurrencyTests {
    /// Starts `workers` shells at once, each running `command` `times` times; returns
    /// each shell's exit status and what they wrote to stderr.
    static func hammer(_ till: TillcountSandbox, workers: Int, times: Int, command: String) throws -> [(Int32, String)] {
        try hammer(till, commands: Array(repeating: command, count: workers), times: times)
    }

    /// Starts one shell per entry of `commands` at once (with `extra` in its environment,
    /// and $TILLCOUNT naming the tool); each runs its command `times` times. Returns each
    /// shell's exit status and what it wrote to stderr.
    static func hammer(_ till: TillcountSandbox, environment extra: [String: String] = [:], commands: [String], times: Int) throws -> [(Int32, String)] {
        var environment = till.environment.merging(extra) { $1 }
        environment["TILLCOUNT"] = TillcountSandbox.executable
        let processes = commands.enumerated().map { index, command -> (Process, URL) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", """
                i=0; failed=0
                while [ "$i" -lt \(times) ]; do
                  \(command) || failed=$((failed + 1))
                  i=$((i + 1))
                done
                [ "$failed" -eq 0 ] || echo "$failed of \(times) failed" >&2
                exit $(( failed > 0 ))
                """]
            process.environment = environment
            let log = URL(fileURLWithPath: till.path("worker-\(index).err"))
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.standardError = try? FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            return (process, log)
        }
        // Start them all before waiting for any: they run truly in parallel.
        for (process, _) in processes { try process.run() }
        return processes.map { process, log in
            process.waitUntilExit()
            return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func eightProcessesAdding250PoundCoinsEachLoseNothing() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let results = try Self.hammer(till, workers: 8, times: 250, command: #""$TILLCOUNT" add 1 2>/dev/null"#)
        for (index, (status, errors)) in results.enumerated() {
            #expect(status == 0, "worker \(index): \(errors)")
        }
        #expect(try till.quantities() == ["1": 2000], "8 × 250 £1 coins")
        #expect(try till.total() == "2000.00")
        let bytes = try #require(till.stateBytes())
        let content = try #require(TillcountJSON.stateContent(bytes))
        #expect(TillcountJSON.stateLines(content) == ["coin:1.00": 2000])
        #expect(try till.sqlite("SELECT count(*) FROM journal_steps") == "100", "the undo history is capped at 100")
        // No temporary file is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: till.path("till")).filter { $0.contains(".tmp") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    @Test(.timeLimit(.minutes(2)))
    func concurrentSavesGetDistinctIds() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=3", "0.50=2")
        // The history exists before the race (its creation races are the next test's).
        try till.ok("db", "init")
        let results = try Self.hammer(till, workers: 4, times: 15, command: #""$TILLCOUNT" save --label parallel >/dev/null 2>&1"#)
        for (index, (status, errors)) in results.enumerated() {
            #expect(status == 0, "worker \(index): \(errors)")
        }
        let ids = try till.ok("history", "--ids").stdout.split(separator: "\n").compactMap { Int($0) }
        #expect(ids.count == 60)
        #expect(Set(ids) == Set(1...60))
        #expect(try till.sqlite("PRAGMA user_version") ?? "8" == "8")
        let history = try TillcountJSON.array(try till.ok("history", "--format", "json").stdout)
        #expect(history.allSatisfy { $0["total"] as? String == "61.00" && $0["label"] as? String == "parallel" })
        if let lines = try till.sqlite("SELECT count(*) FROM count_lines") {
            #expect(lines == "120", "every saved count has its two lines")
        }
    }

    /// Several first saves at once against a history that does not exist yet: the
    /// migration runs once (the version is read again under the write lock).
    @Test(.timeLimit(.minutes(2)))
    func concurrentFirstSavesCreateTheHistoryOnce() throws {
        var failures: [String] = []
        for round in 0..<8 {
            let till = try TillcountSandbox(currency: "GBP")
            try till.ok("add", "20=1")
            let pids = try (0..<6).map { index in
                try TillcountSpawn.spawn(TillcountSandbox.executable, ["save"], environment: till.environment,
                                         stderr: till.path("save-\(index).err"))
            }
            for (index, pid) in pids.enumerated() {
                let ending = TillcountSpawn.wait(pid)
                if ending != .exited(0) {
                    let message = (try? String(contentsOfFile: till.path("save-\(index).err"), encoding: .utf8)) ?? ""
                    failures.append("round \(round): \(ending): \(message)")
                }
            }
            let ids = try till.ok("history", "--ids").stdout.split(separator: "\n")
            if ids.count != 6 { failures.append("round \(round): \(ids.count) saved of 6") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test(.timeLimit(.minutes(2)))
    func changesAndReadsAtOnceAlwaysSeeAWholeCount() throws {
        // Writers set every GBP note to the same quantity; readers must never see them differ.
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("set", "50=0", "20=0", "10=0", "5=0")
        var environment = till.environment
        environment["TILLCOUNT"] = TillcountSandbox.executable
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"i=1; while [ $i -le 60 ]; do "$TILLCOUNT" set 50=$i 20=$i 10=$i 5=$i 2>/dev/null || exit 1; i=$((i+1)); done"#]
        writer.environment = environment
        writer.standardOutput = FileHandle.nullDevice
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        var reads = 0
        while writer.isRunning || reads < 5 {
            let quantities = try till.quantities()
            #expect(Set(quantities.values).count <= 1, "a torn count: \(quantities)")
            reads += 1
            if reads > 400 { break }
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        #expect(try till.quantities() == ["50": 60, "20": 60, "10": 60, "5": 60])
    }
}
