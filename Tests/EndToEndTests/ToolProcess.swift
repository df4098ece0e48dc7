// Runs a built executable as a child process with its own environment, feeds stdin,
// and captures stdout, stderr and how it ended.

import Foundation
import Testing

struct ToolResult {
    let status: Int32
    /// True when the process died of a signal (a crash), not an exit.
    let killedBySignal: Bool
    let stdout: String
    let stderr: String
}

enum ToolProcess {
    /// The folder holding the built products: beside the test bundle.
    static let productsFolder: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // The test runner may sit inside a bundle folder (MoneyKitPackageTests.xctest).
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("tally").path),
            folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// A built product by name, or any program by absolute path.
    static func path(of tool: String) -> String {
        tool.hasPrefix("/") ? tool : productsFolder.appendingPathComponent(tool).path
    }

    /// Runs `tool arguments…` with exactly `environment` (no inherited variables): one of
    /// the four tools in-process (`InProcessTools`), unless `process` or what the run needs
    /// only a process has (`InProcessTools.processReason`); anything else as a process.
    static func run(
        _ tool: String, _ arguments: [String], environment: [String: String], stdin: String? = nil, process: Bool = false
    ) throws -> ToolResult {
        if !process, let result = InProcessTools.run(tool, arguments, environment: environment, stdin: stdin) {
            return result
        }
        return try runProcess(tool, arguments, environment: environment, stdin: stdin)
    }

    /// Runs `tool arguments…` as a child process with exactly `environment`; stdin is
    /// /dev/null unless given.
    static func runProcess(
        _ tool: String, _ arguments: [String], environment: [String: String], stdin: String? = nil
    ) throws -> ToolResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path(of: tool))
        process.arguments = arguments
        process.environment = environment
        let inPipe = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : inPipe
        // A child that exits without reading its input must not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        return try collect(process) {
            if let stdin {
                try? inPipe.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
                try? inPipe.fileHandleForWriting.close()
            }
        }
    }

    /// Starts `process` (its standard input already set up), calls `afterStart` (to feed
    /// it), and returns both outputs and how it ended. Both pipes are read before
    /// waiting, so a large output cannot block the child.
    static func collect(_ process: Process, afterStart: () -> Void = {}) throws -> ToolResult {
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try start(process)
        afterStart()
        let errData = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData.data = errPipe.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return ToolResult(
            status: process.terminationStatus,
            killedBySignal: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.data, as: UTF8.self))
    }

    /// Starts `process` from a fresh thread that blocks no signals. A child inherits the
    /// signal mask of the thread that spawns it, and the test runner's threads block
    /// SIGINT, SIGTERM, SIGHUP and more: a tool must start as from a shell, with none blocked.
    static func start(_ process: Process) throws {
        ProcessCount.record(process)
        final class Job: @unchecked Sendable {
            let process: Process
            var error: Error?
            init(_ process: Process) { self.process = process }
        }
        let job = Job(process)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try job.process.run() } catch { job.error = error }
            done.signal()
        }
        thread.start()
        done.wait()
        if let error = job.error { throw error }
    }
}

extension ToolProcess {
    /// Waits for `process` to end without holding a thread: the test runner's threads are
    /// as many as the cores, and a test blocked in waitUntilExit keeps others from running.
    /// A test cancelled meanwhile (its time limit) kills the process rather than wait on.
    static func exit(of process: Process) async {
        while process.isRunning {
            if Task.isCancelled { kill(process.processIdentifier, SIGKILL) }
            try? await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
    }

    /// Starts `count` mk-store-hammer processes, each adding 1 to the store at `path`
    /// `increments` times; the caller waits for them.
    static func startHammers(_ count: Int, store path: String, increments: Int) throws -> [Process] {
        try (0..<count).map { _ in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ToolProcess.path(of: "mk-store-hammer"))
            process.arguments = [path, String(increments)]
            ProcessCount.record(process)
            try process.run()
            return process
        }
    }
}

/// Holds what the background reader collected; the DispatchGroup orders the accesses.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}

/// A private temporary HOME with XDG folders inside it, removed when done.
final class Sandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("moneykit-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var home: String { root.path }

    /// A clean environment: HOME and the XDG folders in the sandbox, no colour, a
    /// fixed locale and time zone so output does not depend on the machine.
    var environment: [String: String] {
        [
            "HOME": home,
            "XDG_DATA_HOME": home + "/data",
            "XDG_STATE_HOME": home + "/state",
            "XDG_CONFIG_HOME": home + "/config",
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
        ]
    }

    func path(_ relative: String) -> String { home + "/" + relative }

    func run(_ tool: String, _ arguments: String..., stdin: String? = nil, extraEnvironment: [String: String] = [:]) throws -> ToolResult {
        try ToolProcess.run(tool, arguments, environment: environment.merging(extraEnvironment) { $1 }, stdin: stdin)
    }
}
