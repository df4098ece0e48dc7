// Standard output and error, buffered, with a quiet exit when the reader goes away
// (`tool list | head -1` must not print an error or die of SIGPIPE).

import MoneyKit
import MoneyKitPlatform

/// A buffered writer to a file descriptor.
package final class OutputChannel: @unchecked Sendable {
    package let descriptor: Int32
    private var buffer: [UInt8] = []
    private let flushThreshold = 64 * 1024

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(4096)
    }

    package func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes `text` and a newline.
    package func line(_ text: String = "") {
        write(text)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= flushThreshold { flush() }
    }

    package func flush() {
        let failure = FileDescriptor(rawValue: descriptor).writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
        guard let failure else { return }
        if failure.isBrokenPipe { ProcessControl.exit(ExitCode.ok.rawValue) }
        if descriptor == FileDescriptor.standardOutput.rawValue { Self.reportOutputFailure(failure) }
        ProcessControl.exit(ExitCode.ioError.rawValue)
    }

    /// Says on stderr (directly: its buffer may be behind) that the output was lost. The
    /// tools print after they store, so a change the command made is kept: say that too,
    /// so nobody runs it again.
    private static func reportOutputFailure(_ failure: SystemError) {
        let message = "\(Console.toolName): error: cannot write to standard output: \(failure); "
            + "any change the command made is saved\n"
        _ = FileDescriptor.standardError.writeAll(Array(message.utf8))
    }
}

/// The process's standard streams.
package enum Console {
    package static let out = OutputChannel(descriptor: FileDescriptor.standardOutput.rawValue)
    package static let err = OutputChannel(descriptor: FileDescriptor.standardError.rawValue)

    /// Ignore SIGPIPE so a closed pipe shows up as EPIPE, which `flush` treats as a
    /// quiet, successful end.
    package static func prepare(toolName: String) {
        ProcessControl.ignoreBrokenPipe()
        Console.toolName = toolName
    }

    /// The tool's name, for the one message the channels write themselves.
    nonisolated(unsafe) static var toolName = "moneykit"

    package static func flushAll() {
        out.flush()
        err.flush()
    }
}

extension SignalFlags {
    /// Ends the process by the stopping signal received, if any, after flushing the
    /// console's buffered output (see `SignalFlags.endByStopSignalIfReceived(flush:)`).
    package static func endByStopSignalIfReceived() {
        endByStopSignalIfReceived(flush: Console.flushAll)
    }
}
