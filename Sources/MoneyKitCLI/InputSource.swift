// A run's standard input: the process's descriptor 0, or bytes a test (or an app) hands
// in. Every reader of `-`, of piped lines and of a y/N answer reads it through here, so a
// command runs the same in-process as in its own process.

import MoneyKitPlatform
import MoneyKitProcess

package final class InputSource: @unchecked Sendable {
    private enum Backing {
        case descriptor(FileDescriptor)
        case bytes([UInt8])
    }

    private let backing: Backing
    /// Bytes read from the descriptor (or not yet handed out from memory) ahead of the
    /// reader: `readLine` reads in chunks, and what it read past its line is kept here.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    /// The poller `nextLines` keeps between calls (descriptor inputs only).
    private var lines: StandardInputLines?

    /// The input behind the open descriptor `descriptor` (not closed here).
    package init(descriptor: FileDescriptor) {
        backing = .descriptor(descriptor)
    }

    /// An input holding exactly `bytes`, then its end.
    package init(bytes: [UInt8]) {
        backing = .bytes(bytes)
        pending = bytes
    }

    /// An input holding the UTF-8 of `text`.
    package convenience init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The process's standard input.
    package static func processStandardInput() -> InputSource {
        InputSource(descriptor: .standardInput)
    }

    /// The descriptor behind this input, nil for bytes in memory.
    package var descriptor: FileDescriptor? {
        if case .descriptor(let descriptor) = backing { return descriptor }
        return nil
    }

    /// The size of the input when it is a regular file (for progress), or of the bytes
    /// in memory; nil for a pipe or a terminal.
    package var regularFileSize: Int? {
        switch backing {
        case .descriptor(let descriptor): return descriptor.regularFileSize
        case .bytes(let bytes): return bytes.count
        }
    }

    private var buffered: Int { pending.count - pendingStart }

    /// Reads up to `buffer.count` bytes; 0 at the end of input.
    /// - Throws: `SystemError` when the read fails.
    package func read(into buffer: inout [UInt8]) throws(SystemError) -> Int {
        if buffered > 0 {
            let count = min(buffer.count, buffered)
            buffer.replaceSubrange(0..<count, with: pending[pendingStart..<(pendingStart + count)])
            pendingStart += count
            return count
        }
        guard case .descriptor(let descriptor) = backing else { return 0 }
        return try descriptor.read(into: &buffer)
    }

    /// Everything left until the end of input.
    /// - Throws: `SystemError` when a read fails.
    package func readToEnd() throws(SystemError) -> [UInt8] {
        var bytes = Array(pending[pendingStart...])
        pendingStart = pending.count
        if case .descriptor(let descriptor) = backing {
            bytes.append(contentsOf: try descriptor.readToEnd())
        }
        return bytes
    }

    /// The next line without its newline, nil at the end of input or when the read fails
    /// (as Swift's `readLine`, for a y/N answer or a list typed in).
    package func readLine() -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = pending[pendingStart...].firstIndex(of: UInt8(ascii: "\n")) {
                // A CRLF ends a line as an LF does (as for Swift's readLine).
                var end = newline
                if end > pendingStart, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: pending[pendingStart..<end], as: UTF8.self)
                pendingStart = newline + 1
                return line
            }
            guard case .descriptor(let descriptor) = backing,
                let count = try? descriptor.read(into: &chunk), count > 0 else { break }
            pending.removeFirst(pendingStart)
            pendingStart = 0
            pending.append(contentsOf: chunk[0..<count])
        }
        guard buffered > 0 else { return nil }
        let line = String(decoding: pending[pendingStart...], as: UTF8.self)
        pendingStart = pending.count
        return line
    }

    /// Waits up to `timeoutMilliseconds` (negative: without limit) for input and reports
    /// the line ends in what arrived (see `StandardInputLines`); bytes in memory arrive at
    /// once, then the end.
    /// - Throws: `SystemError` when the wait or the read fails.
    package func nextLines(timeoutMilliseconds: Int32) throws(SystemError) -> StandardInputLines.Event {
        if buffered > 0 {
            let bytes = pending[pendingStart...]
            pendingStart = pending.count
            var newlines: Int64 = 0
            for byte in bytes where byte == 0x0A { newlines += 1 }
            return .bytes(newlines: newlines, endsMidLine: bytes.last != 0x0A)
        }
        guard case .descriptor(let descriptor) = backing else { return .end }
        var poller = lines ?? StandardInputLines(descriptor: descriptor.rawValue)
        defer { lines = poller }
        return try poller.next(timeoutMilliseconds: timeoutMilliseconds)
    }
}
