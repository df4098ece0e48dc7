// Reliability: tally's JSON store and portfolio's SQLite store, killed with SIGKILL at a
// random instant, are left in the old or the new state, never torn, and every later
// command still works (stray temporary files included).

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(ReliabilityLoops.trait) struct ReliabilityCrashTests {
    static let minimumIterations = 50
    static let maximumIterations = 200
    static let timeBudget: TimeInterval = 12

    static func keepGoing(_ iteration: Int, since start: Date, budget: TimeInterval = timeBudget) -> Bool {
        iteration < maximumIterations && (iteration < minimumIterations || Date().timeIntervalSince(start) < budget)
    }

    // MARK: tally

    /// `tally --file F list --format json`: name → count. Exits 0 or the test fails.
    static func tallyCounts(_ sandbox: Sandbox, _ file: String, _ context: String,
                            sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Int64] {
        let result = try sandbox.run("tally", "--file", file, "list", "--format", "json")
        #expect(result.status == 0 && !result.killedBySignal, "\(context): list exited \(result.status): \(result.stderr)",
                sourceLocation: sourceLocation)
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
            "\(context): not a JSON array: \(result.stdout.prefix(300))", sourceLocation: sourceLocation)
        var counts: [String: Int64] = [:]
        for row in rows {
            let name = try #require(row["name"] as? String, sourceLocation: sourceLocation)
            counts[name] = try #require((row["count"] as? NSNumber)?.int64Value, sourceLocation: sourceLocation)
        }
        return counts
    }

    @Test(.timeLimit(.minutes(2)))
    func killingTallyAtARandomInstantLeavesTheOldOrTheNewStore() throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("store/F.json")
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let tally = ToolProcess.path(of: "tally")
        // A store with some bulk, so that writes take a little while.
        #expect(try sandbox.run("tally", "--file", file, "new", "c").status == 0)
        for index in 0..<30 {
            #expect(try sandbox.run("tally", "--file", file, "new", "filler \(index) " + String(repeating: "x", count: 40)).status == 0)
        }
        var count: Int64 = 0
        var extraExists = false
        var killed = 0
        var finished = 0
        let start = Date()
        var iteration = 0
        while Self.keepGoing(iteration, since: start) {
            iteration += 1
            let context = "iteration \(iteration)"
            // inc, add 5, and new/rm of a second counter, in turn.
            let arguments: [String]
            var expectedCount = count
            var expectedExtra = extraExists
            switch iteration % 3 {
            case 0: arguments = ["inc", "c"]; expectedCount = count + 1
            case 1: arguments = ["add", "c", "5"]; expectedCount = count + 5
            default:
                arguments = extraExists ? ["rm", "extra", "--force"] : ["new", "extra"]
                expectedExtra = !extraExists
            }
            let ending = try TillcountSpawn.startAndKill(tally, ["--file", file] + arguments, environment: sandbox.environment)
            if ending == .signaled(SIGKILL) { killed += 1 } else { finished += 1 }
            #expect(ending == .signaled(SIGKILL) || ending == .exited(0), "\(context): tally \(arguments) ended \(ending)")

            let counts = try Self.tallyCounts(sandbox, file, context)
            let now = try #require(counts["c"], "\(context): counter c is gone: \(counts)")
            #expect(now == count || now == expectedCount, "\(context): count \(now), expected \(count) or \(expectedCount)")
            let extraNow = counts["extra"] != nil
            #expect(counts.count == 31 + (extraNow ? 1 : 0), "\(context): \(counts.count) counters")
            if ending == .exited(0) {
                #expect(now == expectedCount, "\(context): a finished \(arguments) was lost")
                #expect(extraNow == expectedExtra, "\(context): a finished \(arguments) was lost")
            }
            count = now
            extraExists = extraNow
        }
        #expect(iteration >= Self.minimumIterations)
        #expect(killed > 0, "no kill landed before tally finished (\(finished) finished)")

        // Whatever temporary files the kills left, and one planted on purpose, later
        // commands work and the store stays the one file.
        let planted = folder + "/.F.json.tmp-999999"
        try Data("{\"format\": \"tally\", \"vers".utf8).write(to: URL(fileURLWithPath: planted))
        let strays = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
        #expect(strays.contains(".F.json.tmp-999999"))
        let inc = try sandbox.run("tally", "--file", file, "inc", "c")
        #expect(inc.status == 0, "inc beside stray temporary files \(strays): \(inc.stderr)")
        #expect(inc.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == String(count + 1))
        let made = try sandbox.run("tally", "--file", file, "new", "after")
        #expect(made.status == 0, "new beside stray temporary files: \(made.stderr)")
        let counts = try Self.tallyCounts(sandbox, file, "after the kills")
        #expect(counts["c"] == count + 1)
        #expect(counts["after"] == 0)
    }

    // MARK: portfolio

    static func portfolioUpdates(_ box: PortfolioBox, _ account: String, _ context: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let result = try box.run("--db", box.database, "list", "--format", "json")
        #expect(result.status == 0 && !result.killedBySignal, "\(context): list exited \(result.status): \(result.stderr)",
                sourceLocation: sourceLocation)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                  "\(context): not JSON: \(result.stdout.prefix(300))", sourceLocation: sourceLocation)
        let list = try PortfolioList(object, sourceLocation: sourceLocation)
        return try #require(list.account(account), "\(context): no account \(account)", sourceLocation: sourceLocation).updates
    }

    /// An instant per iteration, all distinct: minutes after 2001-01-01 UTC.
    static func instant(_ minutes: Int) -> String {
        let date = Date(timeIntervalSince1970: 978_307_200 + Double(minutes) * 60)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    @Test(.timeLimit(.minutes(2)))
    func killingPortfolioUpdateAtARandomInstantLeavesTheOldOrTheNewCount() throws {
        let box = try PortfolioBox()
        let portfolio = ToolProcess.path(of: "portfolio")
        #expect(try box.run("--db", box.database, "add", "A", "100", "--currency", "GBP").status == 0)
        var updates = try Self.portfolioUpdates(box, "A", "start")
        #expect(updates == 1)
        var killed = 0
        let start = Date()
        var iteration = 0
        while Self.keepGoing(iteration, since: start) {
            iteration += 1
            let context = "iteration \(iteration)"
            let ending = try TillcountSpawn.startAndKill(
                portfolio, ["--db", box.database, "update", "A", "\(100 + iteration).25", "--date", Self.instant(iteration)],
                environment: box.environment)
            if ending == .signaled(SIGKILL) { killed += 1 }
            #expect(ending == .signaled(SIGKILL) || ending == .exited(0), "\(context): update ended \(ending)")
            let now = try Self.portfolioUpdates(box, "A", context)
            #expect(now == updates || now == updates + 1, "\(context): \(now) updates after \(updates)")
            if ending == .exited(0) { #expect(now == updates + 1, "\(context): a finished update was lost") }
            updates = now
        }
        #expect(killed > 0)
        // The database is sound and still takes updates.
        if SQLiteShell.available { #expect(try box.sqlite("PRAGMA integrity_check") == "ok") }
        #expect(try box.run("--db", box.database, "update", "A", "7", "--date", Self.instant(100_000)).status == 0)
        #expect(try Self.portfolioUpdates(box, "A", "after the kills") == updates + 1)
    }

    @Test(.timeLimit(.minutes(2)))
    func killingPortfolioImportAtARandomInstantImportsAllOrNothing() throws {
        let box = try PortfolioBox()
        let portfolio = ToolProcess.path(of: "portfolio")
        let rows = 20_000
        // Values differ from one import to the next: rows identical to stored updates are
        // skipped, so the same file twice would add nothing the second time.
        let file = box.sandbox.path("big.csv")
        let dates = (0..<rows).map(Self.instant)
        func writeFile(_ round: Int) throws {
            var csv = "date,account,value,currency\n"
            for row in 0..<rows { csv += dates[row] + ",B," + String(100 + row % 50 + 1_000 * round) + ".00,GBP\n" }
            try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        }
        try writeFile(0)
        #expect(try box.run("--db", box.database, "add", "B", "1", "--currency", "GBP", "--date", "1990-01-01").status == 0)

        // One import left to finish: how long a whole import takes here.
        let began = Date()
        let whole = try TillcountSpawn.spawn(portfolio, ["--db", box.database, "import", file], environment: box.environment)
        #expect(TillcountSpawn.wait(whole) == .exited(0))
        let duration = Date().timeIntervalSince(began)
        var updates = try Self.portfolioUpdates(box, "B", "first import")
        #expect(updates == 1 + rows)

        var killed = 0
        var completed = 0
        let start = Date()
        var iteration = 0
        while iteration < Self.minimumIterations || (iteration < Self.maximumIterations && Date().timeIntervalSince(start) < Self.timeBudget) {
            iteration += 1
            let context = "iteration \(iteration)"
            // Mostly 0–15 ms; every eighth kill anywhere in the import (up to a little past
            // its usual end), so some land in the transaction and around its commit.
            let delay = iteration % 8 == 0
                ? UInt32(Double.random(in: 0...(min(duration, 3) * 1.2)) * 1_000_000)
                : UInt32.random(in: 0...15_000)
            try writeFile(iteration)
            let pid = try TillcountSpawn.spawn(portfolio, ["--db", box.database, "import", file], environment: box.environment)
            usleep(delay)
            kill(pid, SIGKILL)
            let ending = TillcountSpawn.wait(pid)
            if ending == .signaled(SIGKILL) { killed += 1 } else { completed += 1 }
            #expect(ending == .signaled(SIGKILL) || ending == .exited(0), "\(context): import ended \(ending)")
            let now = try Self.portfolioUpdates(box, "B", context)
            #expect(now == updates || now == updates + rows, "\(context): \(now) updates after \(updates): a partial import")
            if ending == .exited(0) { #expect(now == updates + rows, "\(context): a finished import was lost") }
            updates = now
        }
        #expect(killed >= Self.minimumIterations - completed)
        if SQLiteShell.available { #expect(try box.sqlite("PRAGMA integrity_check") == "ok") }
        #expect(try box.run("--db", box.database, "update", "B", "2").status == 0)
        #expect(try Self.portfolioUpdates(box, "B", "after the kills") == updates + 1)
    }
}
