// tally feed: one step per line of standard input, saved as it goes and when stopped by a
// signal, so that nothing read is lost.

import Foundation
import Testing

@Suite struct TallyFeedTests {
    struct FeedCase: Sendable, CustomTestStringConvertible {
        let situation: String
        let input: String
        var step: Int64 = 1
        let lines: Int64
        var testDescription: String { situation }
    }

    @Test(arguments: [
        FeedCase(situation: "a last line without a newline counts", input: "a\nb\nc", lines: 3),
        FeedCase(situation: "every line ends with a newline", input: "a\nb\nc\n", lines: 3),
        FeedCase(situation: "a step of 5", input: "a\nb\nc", step: 5, lines: 3),
        FeedCase(situation: "a negative step", input: "up\ndown\n", step: -2, lines: 2),
        FeedCase(situation: "no input", input: "", lines: 0),
        FeedCase(situation: "one line without a newline", input: "only", lines: 1),
        FeedCase(situation: "blank lines are lines", input: "\n\n\n", lines: 3),
        FeedCase(situation: "CRLF lines", input: "a\r\nb\r\n", lines: 2),
        FeedCase(situation: "long lines", input: String(repeating: "x", count: 200_000) + "\n" + String(repeating: "y", count: 70_000), lines: 2),
        FeedCase(situation: "many lines", input: String(repeating: "ERROR something\n", count: 20_000), step: 3, lines: 20_000),
    ])
    func feedAddsAStepPerLine(_ test: FeedCase) throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--start", "100", "--step", String(test.step))
        let result = try box.run("feed", "x", stdin: test.input)
        let expected = 100 + test.lines * test.step
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(expected)\n")
        #expect(result.stderr == "")
        #expect(try box.count("x") == expected)
    }

    @Test func aFeedIsOneUndo() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        try box.ok("feed", "x", stdin: "1\n2\n3\n4\n")
        #expect(try box.count("x") == 4)
        #expect(try box.run("undo").stderr.contains("Undid: feed x"))
        #expect(try box.count("x") == 0)
        #expect(try box.run("undo").stderr.contains("Undid: new x"))
    }

    /// tally feed on a pipe the test keeps open: the test writes lines at its own pace.
    final class LiveFeed {
        let process = Process()
        let writeEnd: FileHandle
        let readEnd: Int32
        let output = Pipe()
        let errors = Pipe()

        init(_ box: TallyBox, counter: String) throws {
            var descriptors: [Int32] = [0, 0]
            guard pipe(&descriptors) == 0 else { throw POSIXError(.EIO) }
            // Neither end leaks into tally beyond its standard input.
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            readEnd = descriptors[0]
            writeEnd = FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
            process.executableURL = URL(fileURLWithPath: box.tallyPath)
            process.arguments = ["feed", counter]
            process.environment = box.environment
            // A FileHandle, not a Pipe: this process keeps its read end, to see later
            // what tally left unread.
            process.standardInput = FileHandle(fileDescriptor: readEnd, closeOnDealloc: false)
            process.standardOutput = output
            process.standardError = errors
            try ToolProcess.start(process)
        }

        deinit { close(readEnd) }

        func write(lines: Int) throws {
            try writeEnd.write(contentsOf: Data(String(repeating: "line\n", count: lines).utf8))
        }

        /// Newlines still in the pipe: written but never read by tally.
        func unreadLines() -> Int {
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
            var buffer = [UInt8](repeating: 0, count: 65536)
            var newlines = 0
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count <= 0 { break }
                newlines += buffer[0..<count].filter { $0 == 0x0A }.count
            }
            return newlines
        }
    }

    /// SIGTERM (or SIGINT, SIGHUP) while feeding from a slow pipe: tally saves every line
    /// it read, those not yet saved included, prints the count, then ends by that same
    /// signal (a shell sees 130 for Ctrl-C), as interrupted commands should.
    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalWhileFeedingKeepsWhatWasRead(signal: Int32) throws {
        let box = try TallyBox()
        try box.ok("new", "x", "--step", "2")
        let feed = try LiveFeed(box, counter: "x")
        defer { if feed.process.isRunning { kill(feed.process.processIdentifier, SIGKILL) } }

        try feed.write(lines: 10)
        // Saved while the input is still open (at least every 100 ms): waited for, not slept on.
        #expect(TallyWait.until(timeout: 10) { (try? box.count("x")) == 20 }, "10 lines were not saved while feeding")
        #expect(feed.process.isRunning)

        // More lines, and the signal straight after: what tally read of them it keeps.
        try feed.write(lines: 5)
        kill(feed.process.processIdentifier, signal)
        TallyWait.exit(of: feed.process, timeout: 10)

        #expect(feed.process.terminationReason == .uncaughtSignal, "tally did not end by the signal")
        #expect(feed.process.terminationStatus == signal)
        let read = 15 - feed.unreadLines()
        let stdout = String(decoding: feed.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: feed.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr == "")
        #expect(try box.count("x") == Int64(read) * 2, "read \(read) lines")
        #expect(stdout == "\(read * 2)\n")
        #expect(read >= 10)
        #expect(try box.run("undo").stderr.contains("Undid: feed x"))
        #expect(try box.count("x") == 0)
    }

    /// Lines arriving slowly are saved as they come, not only at the end.
    @Test(.timeLimit(.minutes(1)))
    func aSlowFeedSavesAsItGoes() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let feed = try LiveFeed(box, counter: "x")
        defer { if feed.process.isRunning { kill(feed.process.processIdentifier, SIGKILL) } }
        for total in 1...3 {
            try feed.write(lines: 1)
            #expect(TallyWait.until(timeout: 10) { (try? box.count("x")) == Int64(total) }, "line \(total) was not saved")
            // Another command can change the counter in between; the feed adds to that.
            #expect(try box.ok("add", "x", "100") == String(total + 100))
            try box.ok("add", "x", "-100")
        }
        try feed.writeEnd.close()
        TallyWait.exit(of: feed.process, timeout: 10)
        #expect(feed.process.terminationStatus == 0)
        #expect(String(decoding: feed.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "3\n")
        #expect(try box.count("x") == 3)
    }
}
