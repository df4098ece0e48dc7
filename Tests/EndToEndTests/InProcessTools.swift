// The four tools run in-process: the same entry their main.swift calls, on injected I/O
// (argv and stdin in; stdout, stderr and the exit code out). A run that needs what only
// a process has goes to `ToolProcess.runProcess` instead, and `ProcessCount` counts the
// tests that still start processes.

import Foundation
import MoneyKitCLI
import MoneyKitPlatform
import Testing
@testable import billsplit
@testable import portfolio
@testable import tally
@testable import tillcount

enum InProcessTools {
    /// The entry of a built tool by name, nil for anything else (a peer, a script).
    static func entry(_ tool: String) -> (any ToolEntry.Type)? {
        switch tool {
        case "tally": return TallyTool.self
        case "tillcount": return TillcountTool.self
        case "billsplit": return BillsplitTool.self
        case "portfolio": return PortfolioTool.self
        default: return nil
        }
    }

    /// Why a run with `environment` needs a process, nil when it can run in-process: what
    /// the process reads globally rather than from the run's environment.
    static func processReason(_ environment: [String: String]) -> String? {
        // MONEYKIT_E2E_PROCESSES=1 runs every tool as a process (to compare the two paths).
        if ProcessInfo.processInfo.environment["MONEYKIT_E2E_PROCESSES"] == "1" { return "MONEYKIT_E2E_PROCESSES" }
        // Local time comes from the process's TZ (localtime_r): `run` puts this process in
        // the run's zone, shared with runs in the same zone (LocalZoneSharing).
        // libpq reads PG* variables (and ~/.pgpass under HOME) from the process.
        if environment.keys.contains(where: { $0.hasPrefix("PG") }) { return "libpq's PG* variables" }
        return nil
    }

    /// Runs `tool` in-process, in the time zone its TZ names (UTC without one); nil when
    /// it is not one of the four, needs a process, or the process is in another time zone
    /// for another test just now.
    static func run(_ tool: String, _ arguments: [String], environment: [String: String], stdin: String?) -> ToolResult? {
        guard let entry = entry(tool), processReason(environment) == nil,
            LocalZoneSharing.tryEnter(environment["TZ"] ?? "UTC", apply: setZone) else { return nil }
        defer { LocalZoneSharing.leave() }
        let io = ToolIO.inMemory(stdin: Array((stdin ?? "").utf8), environment: environment)
        let code = entry.run(arguments: arguments, io: io)
        return ToolResult(status: code.rawValue, killedBySignal: false, stdout: io.out.text, stderr: io.err.text)
    }

    /// Puts this process in `zone`, as a process started with TZ=`zone` is.
    static func setZone(_ zone: String) {
        setenv("TZ", zone, 1)
        tzset()
    }
}

/// The tests that started a process, counted as they start them; the total is printed
/// when the test process ends (see the README's test command).
enum ProcessCount {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var tests: Set<String> = []
    nonisolated(unsafe) private static var starts = 0
    private static let report: Void = {
        atexit {
            ProcessCount.lock.lock()
            let line = "EndToEndTests: \(ProcessCount.tests.count) tests started \(ProcessCount.starts) processes\n"
            // MONEYKIT_E2E_PROCESS_LIST=FILE names them, one a line.
            if let list = ProcessInfo.processInfo.environment["MONEYKIT_E2E_PROCESS_LIST"] {
                try? ProcessCount.tests.sorted().joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
            }
            ProcessCount.lock.unlock()
            FileHandle.standardError.write(Data(line.utf8))
        }
    }()

    /// Counts a process started for the test running now.
    static func record(_ process: Process? = nil) {
        _ = report
        let test = Test.current.map { "\($0.id)" } ?? "(no test)"
        lock.lock()
        tests.insert(test)
        starts += 1
        lock.unlock()
    }
}
