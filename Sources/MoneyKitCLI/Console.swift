// Standard output and error, buffered, with a quiet end when the reader goes away
// (`tool list | head -1` must not print an error or die of SIGPIPE). A channel writes to
// a descriptor or into memory (a run in-process: tests, an app).

import MoneyKit
import MoneyKitPlatform
import MoneyKitProcess

/// A buffered writer to a file descriptor or to memory.
package final class OutputChannel: @unchecked Sendable {
    /// Which standard stream the channel stands for (a lost standard output is said on
    /// standard error; a lost standard error is not said anywhere).
    package enum Stream: Sendable {
        case output, error
    }

    /// What a failed write does.
    package enum FailurePolicy: Sendable {
        /// End the process: a closed pipe quietly with 0, anything else with 74 after
        /// saying so on descriptor 2 (named by the tool). For the process's own streams.
        case exitProcess(toolName: String)
        /// Keep the failure (`failure`), drop what is written after it, and let the runner
        /// end the run with its code (`ToolRunner.execute`). For a run in-process.
        case record
    }

    private enum Sink {
        case descriptor(FileDescriptor)
        case memory
    }

    private let sink: Sink
    package let stream: Stream
    private let policy: FailurePolicy
    private var buffer: [UInt8] = []
    private var written: [UInt8] = []
    private let flushThreshold = 64 * 1024
    /// The first write that failed, if any (under `.record`).
    package private(set) var failure: SystemError?

    /// A channel writing to the open descriptor `descriptor`.
    package init(descriptor: FileDescriptor, stream: Stream, policy: FailurePolicy) {
        sink = .descriptor(descriptor)
        self.stream = stream
        self.policy = policy
        buffer.reserveCapacity(4096)
    }

    /// A channel keeping what is written in memory (`bytes`, `text`).
    package init(memoryFor stream: Stream) {
        sink = .memory
        self.stream = stream
        policy = .record
    }

    /// The descriptor written to, nil for memory.
    package var descriptor: Int32? {
        if case .descriptor(let descriptor) = sink { return descriptor.rawValue }
        return nil
    }

    /// What a memory channel holds, flushed or not.
    package var bytes: [UInt8] { written + buffer }

    /// What a memory channel holds, as text (bytes that are not UTF-8 repaired).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package func write(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes `text` and a newline.
    package func line(_ text: String = "") {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes `table`'s lines (see `TextTable.render`), each as it is made.
    package func table(_ table: TextTable, maxWidth: Int? = nil, styleHeader: (String) -> String = { $0 }) {
        table.render(maxWidth: maxWidth, styleHeader: styleHeader) { line($0) }
    }

    package func flush() {
        guard case .descriptor(let descriptor) = sink else {
            written.append(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
            return
        }
        guard failure == nil, !buffer.isEmpty else { return }
        let failed = descriptor.writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
        guard let failed else { return }
        switch policy {
        case .record:
            failure = failed
        case .exitProcess(let toolName):
            if failed.isBrokenPipe { ProcessControl.exit(ExitCode.ok.rawValue) }
            if stream == .output {
                // Directly: the error channel's buffer may be behind.
                _ = FileDescriptor.standardError.writeAll(Array((Self.outputLostMessage(toolName: toolName, failed) + "\n").utf8))
            }
            ProcessControl.exit(ExitCode.ioError.rawValue)
        }
    }

    /// What a run says when its standard output is lost. The tools print after they
    /// store, so a change the command made is kept: say that too, so nobody runs it again.
    package static func outputLostMessage(toolName: String, _ failure: SystemError) -> String {
        "\(toolName): error: cannot write to standard output: \(failure); any change the command made is saved"
    }
}

/// The process's standard streams, for a program that is not a tool run (a tool's run
/// writes through its invocation: `ToolIO`).
package enum Console {
    package static let out = OutputChannel(descriptor: .standardOutput, stream: .output, policy: .exitProcess(toolName: "moneykit"))
    package static let err = OutputChannel(descriptor: .standardError, stream: .error, policy: .exitProcess(toolName: "moneykit"))
}
