// tally feed: one step per line of standard input, for pipelines. Lines are counted as
// they arrive and saved at least every 100 ms, at the end of input, and on SIGINT,
// SIGTERM or SIGHUP, so nothing read is lost; after such a signal it prints the count and
// ends by that signal (status 130 for SIGINT). One `tally undo` reverts the whole feed.

import MoneyKitPlatform
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MoneyKitCLI

struct FeedCommand {
    let commands: TallyCommands
    static let saveInterval = 0.1

    func run() throws -> ExitCode {
        // Fails early on a wrong name; later saves find the counter by its stored name.
        let name = try commands.store.load().counter(named: commands.name).name
        SignalFlags.install()
        let session = "feed \(name) (pid \(getpid()))"
        var pending: Int64 = 0  // lines read but not yet saved
        var lastSave = Instant.preciseNow()
        var count: Int64?
        var partialLine = false
        var buffer = [UInt8](repeating: 0, count: 65536)

        func save() throws {
            guard pending > 0 else { return }
            count = try commands.store.change { document -> Int64 in
                let index = try document.requireIndex(of: name)
                let counter = document.counters[index]
                let newCount = try counter.adding(try counter.steps(pending))
                // The whole feed is one undo step: record the state before the first save only.
                if document.undo.last?.action != session {
                    document.recordUndo(session, before: [name], after: [name])
                }
                document.counters[index].count = newCount
                return newCount
            }
            pending = 0
            lastSave = Instant.preciseNow()
        }

        reading: while !SignalFlags.stopRequested {
            let untilSave = pending > 0 ? max(0, Int32((Self.saveInterval - (Instant.preciseNow() - lastSave)) * 1000)) : -1
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, untilSave)
            if ready < 0 {
                if errno == EINTR { continue }
                throw CLIError("cannot read standard input: \(String(cString: strerror(errno)))", exitCode: .ioError)
            }
            if ready > 0 {
                let got = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if got < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    throw CLIError("cannot read standard input: \(String(cString: strerror(errno)))", exitCode: .ioError)
                }
                if got == 0 { break reading }
                for byte in buffer[0..<got] where byte == 0x0A { pending += 1 }
                partialLine = buffer[got - 1] != 0x0A
            }
            if pending > 0 && Instant.preciseNow() - lastSave >= Self.saveInterval { try save() }
        }
        // A last line without a newline still counts, once input has ended.
        if partialLine && !SignalFlags.stopRequested { pending += 1 }
        try save()
        let final = try count ?? commands.store.load().counter(named: name).count
        commands.out.line(String(final))
        // Saved: now end as interrupted (130 for Ctrl-C), as shells expect.
        SignalFlags.endByStopSignalIfReceived()
        return .ok
    }
}
