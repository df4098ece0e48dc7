// A password typed in a connection string is not in the process list while the tool runs:
// each tool scrubs it from its own argv once the arguments are read. The "server" here is
// a TCP socket that accepts and never answers: once the tool has connected to it (its
// arguments read, so scrubbed), /proc/PID/cmdline is read; then the socket hangs up and
// the tool exits 69 without the password. No wait on a clock: on the connection.

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
        // The connect timeout only bounds a tool that never connects (a failed test).
        process.environment = box.environment.merging(["PGCONNECT_TIMEOUT": "30", "PGSSLMODE": "disable"]) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try ToolProcess.start(process)
        // The tool connects once it has read (and scrubbed) its arguments; it then waits for
        // an answer that never comes, until the socket hangs up.
        let connection = listener.accept(withinSeconds: 30)
        let shown = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(process.processIdentifier)/cmdline"))
        let line = String(decoding: shown.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        #expect(connection != nil, "the tool never connected")
        if let connection { _ = Glibc.close(connection) }
        listener.close()
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
private final class SilentListener {
    let descriptor: Int32
    let port: UInt16
    private var isClosed = false

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

    /// The next connection's descriptor, nil when none comes within `seconds`.
    func accept(withinSeconds seconds: Int32) -> Int32? {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, seconds * 1_000) == 1 else { return nil }
        let connection = Glibc.accept(descriptor, nil, nil)
        return connection >= 0 ? connection : nil
    }

    /// Stops listening: a later connection is refused. Closing twice is harmless.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(descriptor)
    }
}

private struct ClusterSocketError: Error {}
