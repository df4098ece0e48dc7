// tally feed: one step per line of standard input, for pipelines. Lines are counted as
// they arrive and saved at least every 100 ms, at the end of input, and on SIGINT,
// SIGTERM or SIGHUP, so nothing read is lost; after such a signal it prints the count and
// ends by that signal (status 130 for SIGINT). One `tally undo` reverts the whole feed
// (Tally.feed keeps one undo step per session, named by UndoStep.feedAction). A derived
// counter a save takes past its minimum or maximum is said once, when it crosses (not at
// every save while it stays there); with --strict the feed exits 1 when it ends with one
// beyond.

import MoneyKitPlatform
import MoneyKitProcess
import MoneyKitCLI
import TallyKit

struct FeedCommand {
    let commands: TallyCommands
    static let saveInterval = 0.1

    func run() throws -> ExitCode {
        // Fails early on a wrong name; later saves find the counter by its stored name.
        let name = try commands.tally.counter(named: commands.name).name
        let invocation = commands.invocation
        // Signals are the process's: caught only when this run is the process.
        if invocation.io.ownsProcess { SignalFlags.install() }
        let session = UndoStep.feedAction(counter: name, processID: ProcessControl.id)
        let input = invocation.input
        var pending: Int64 = 0  // lines read but not yet saved
        var lastSave = Instant.preciseNow()
        var count: Int64?
        var partialLine = false
        /// The derived counters beyond a bound after the last save, by name.
        var beyond: Set<String> = []

        func save() throws {
            guard pending > 0 else { return }
            let saved = try commands.tally.feedMovingDerived(name, lines: pending, session: session)
            count = saved.count
            let crossed = saved.derived.filter { ($0.boundBeyond != nil && $0.counter.boundCrossed(by: $0.before) == nil) || $0.reachedGoal }
            commands.rendering.printDerived(crossed)
            for change in saved.derived {
                if change.boundBeyond == nil { beyond.remove(change.counter.name) } else { beyond.insert(change.counter.name) }
            }
            pending = 0
            lastSave = Instant.preciseNow()
        }

        reading: while !SignalFlags.stopRequested {
            let untilSave = pending > 0 ? max(0, Int32((Self.saveInterval - (Instant.preciseNow() - lastSave)) * 1000)) : -1
            let event: StandardInputLines.Event
            do {
                event = try input.nextLines(timeoutMilliseconds: untilSave)
            } catch {
                throw CLIError("cannot read standard input: \(error)", exitCode: .ioError)
            }
            switch event {
            case .interrupted: continue reading
            case .end: break reading
            case .timedOut: break
            case .bytes(let newlines, let endsMidLine):
                pending += newlines
                partialLine = endsMidLine
            }
            if pending > 0 && Instant.preciseNow() - lastSave >= Self.saveInterval { try save() }
        }
        // A last line without a newline still counts, once input has ended.
        if partialLine && !SignalFlags.stopRequested { pending += 1 }
        try save()
        let final = try count ?? commands.tally.counter(named: name).count
        commands.out.line(String(final))
        // Saved: now end as interrupted (130 for Ctrl-C), as shells expect.
        if invocation.io.ownsProcess { SignalFlags.endByStopSignalIfReceived(flush: invocation.io.flushAll) }
        return commands.arguments.flag(TallySpec.strict) && !beyond.isEmpty ? .checkFailed : .ok
    }
}
