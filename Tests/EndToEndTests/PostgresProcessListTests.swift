// A password typed in a connection string is not in the process list while the tool runs:
// each tool scrubs it from its own argv once the arguments are read. The "server" here is
// a TCP socket that accepts and never answers, so the tool waits in its connect timeout
// long enough for /proc/PID/cmdline to be read; then it exits 69 without the password.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite
struct PostgresProcessListTests {
    static let password = "s3cretPW42"

    @Test(arguments: [
        ["tally", "--file", "postgresql://ann:\(password)@127.0.0.1:PORT/venue", "get", "door"],
        // A blank before the URI: still PostgreSQL, never a file named after the password.
        ["tally", "--file", " postgresql://ann:\(password)@127.0.0.1:PORT/venue", "new", "a"],
        ["tillcount", "--db=host=127.0.0.1 port=PORT dbname=shop password=\(password)", "tills"],
        ["portfolio", "--db", "postgres://ann@127.0.0.1:PORT/home?password=\(password)", "list"],
    ])
    func aTypedPasswordLeavesTheProcessListAndEveryMessage(command: [String]) async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let box = try TallyBox()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ToolProcess.path(of: command[0]))
        process.arguments = command.dropFirst().map { $0.replacingOccurrences(of: "PORT", with: String(listener.port)) }
        process.environment = box.environment.merging(["PGCONNECT_TIMEOUT": "4", "PGSSLMODE": "disable"]) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try ToolProcess.start(process)
        // A thread's sleep, not Task.sleep: the list must be read while the tool still waits,
        // and a busy test runner may resume a task late.
        usleep(1_500_000)
        let shown = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/cmdline"))
        let line = String(decoding: shown.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        await ToolProcess.exit(of: process)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(line.contains(command[0]), "not the tool's command line: \(line)")
        #expect(!line.contains(Self.password), "the process list shows the password: \(line)")
        #expect(line.contains(String(repeating: "*", count: Self.password.count)), "\(line)")
        #expect(process.terminationStatus == 69, "exit \(process.terminationStatus): \(stderr)")
        #expect(!stderr.contains(Self.password), "\(stderr)")
        #expect(stderr.contains("127.0.0.1"), "the message does not name the server: \(stderr)")
    }
}

/// A TCP socket on 127.0.0.1 that takes connections and never says a word.
private struct SilentListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClusterSocketError() }
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw ClusterSocketError() }
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { _ = Glibc.close(descriptor) }
}

private struct ClusterSocketError: Error {}
