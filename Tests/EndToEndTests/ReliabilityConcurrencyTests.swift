// Reliability: many processes changing one portfolio database, or one billsplit
// preferences file, at the same time lose nothing and never leave a torn file.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(ReliabilityLoops.trait) struct ReliabilityConcurrencyTests {
    /// Starts one `/bin/sh -c script` per environment (signals reset, via TillcountSpawn).
    static func startShells(_ script: String, environments: [[String: String]], outputs folder: String) throws -> [pid_t] {
        try environments.enumerated().map { index, environment in
            try TillcountSpawn.spawn(
                "/bin/sh", ["-c", script], environment: environment,
                stdout: folder + "/shell-\(index).out", stderr: folder + "/shell-\(index).err")
        }
    }

    /// Reaps `pid` when it has ended (nil while it runs).
    static func reapIfDone(_ pid: pid_t) -> TillcountSpawn.Ending? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return result < 0 ? .exited(-1) : nil }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    @Test(.timeLimit(.minutes(2)))
    func eightProcessesUpdatingOneAccountLoseNoUpdate() throws {
        let box = try PortfolioBox()
        let portfolio = ToolProcess.path(of: "portfolio")
        let add = try box.run("--db", box.database, "add", "A", "100", "--currency", "GBP", "--date", "1990-01-01")
        #expect(add.status == 0, "\(add.stderr)")
        // Process P (1…8), change I (0…249): a distinct instant on day P of 2001.
        let script = #"""
            i=0
            while [ $i -lt 250 ]; do
              d=$(printf '2001-01-%02dT%02d:%02d:00Z' "$P" $((i / 60)) $((i % 60)))
              "$PORTFOLIO" --db "$DB" update A "$P$i.50" --date "$d" >/dev/null || { echo "failed at $i ($d)" >&2; exit 1; }
              i=$((i + 1))
            done
            """#
        let environments = (1...8).map { process in
            box.environment.merging(["P": String(process), "PORTFOLIO": portfolio, "DB": box.database]) { $1 }
        }
        let pids = try Self.startShells(script, environments: environments, outputs: box.sandbox.home)
        for (index, pid) in pids.enumerated() {
            let ending = TillcountSpawn.wait(pid)
            let errors = (try? String(contentsOfFile: box.sandbox.home + "/shell-\(index).err", encoding: .utf8)) ?? ""
            #expect(ending == .exited(0), "process \(index + 1) ended \(ending): \(errors)")
        }
        let list = try box.list()
        #expect(list.account("A")?.updates == 1 + 2000, "updates lost: \(list.account("A")?.updates ?? -1) of 2001")
        if SQLiteShell.available { #expect(try box.sqlite("PRAGMA integrity_check") == "ok") }
    }

    @Test(.timeLimit(.minutes(2)))
    func eightProcessesSavingPreferencesNeverTearTheFile() throws {
        let sandbox = try Sandbox()
        let billsplit = ToolProcess.path(of: "billsplit")
        let preferences = sandbox.path("prefs/preferences.json")
        try FileManager.default.createDirectory(
            atPath: (preferences as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // 8 × 250 saves. Process P (1…8) always saves P people, so the file must hold one of
        // 1…8: preferences keep the last write (there is no sum to lose), but never a torn file.
        let script = #"""
            i=0
            while [ $i -lt 250 ]; do
              "$BILLSPLIT" 10 --people "$P" --config "$PREFS" >/dev/null || { echo "failed at $i" >&2; exit 1; }
              i=$((i + 1))
            done
            """#
        let environments = (1...8).map { process in
            sandbox.environment.merging(["P": String(process), "BILLSPLIT": billsplit, "PREFS": preferences]) { $1 }
        }
        let written = Set(1...8)

        func check(_ context: String) throws {
            let result = try ToolProcess.run(
                "billsplit", ["prefs", "--format", "json", "--config", preferences], environment: sandbox.environment)
            #expect(result.status == 0 && !result.killedBySignal, "\(context): prefs exited \(result.status): \(result.stderr)")
            guard result.status == 0 else { return }
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                "\(context): prefs is not JSON: \(result.stdout.prefix(300))")
            // Before the first save lands the file may not exist yet (people 1, the default).
            let people = try #require((object["people"] as? NSNumber)?.intValue, "\(context): no people in \(object)")
            #expect(written.contains(people), "\(context): people \(people)")
            if let bytes = FileManager.default.contents(atPath: preferences) {
                let envelope = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any]
                #expect(envelope?["format"] as? String == "billsplit-preferences",
                        "\(context): torn file: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
            }
        }

        let pids = try Self.startShells(script, environments: environments, outputs: sandbox.home)
        var endings: [Int: TillcountSpawn.Ending] = [:]
        var checks = 0
        let deadline = Date().addingTimeInterval(100)
        while endings.count < pids.count && Date() < deadline {
            for (index, pid) in pids.enumerated() where endings[index] == nil {
                if let ending = Self.reapIfDone(pid) { endings[index] = ending }
            }
            checks += 1
            try check("while writing (check \(checks))")
        }
        for (index, pid) in pids.enumerated() where endings[index] == nil {
            kill(pid, SIGKILL)
            endings[index] = TillcountSpawn.wait(pid)
        }
        for index in pids.indices {
            let errors = (try? String(contentsOfFile: sandbox.home + "/shell-\(index).err", encoding: .utf8)) ?? ""
            #expect(endings[index] == .exited(0), "process \(index + 1) ended \(String(describing: endings[index])): \(errors)")
        }
        #expect(checks > 1)
        try check("at the end")
        let content = try BillsplitE2E.preferences(preferences)
        #expect(written.contains((content["people"] as? NSNumber)?.intValue ?? -1), "\(content)")
    }
}
