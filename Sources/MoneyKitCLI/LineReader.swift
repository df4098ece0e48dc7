// Reading an input line by line as it arrives (`billsplit -`), where a read error must be
// an error: Swift's readLine() answers nil both at the end of input and when reading
// fails (standard input closed, or a folder), which would pass for an empty input.

import MoneyKit
import MoneyKitPlatform

package struct LineReader {
    private let input: InputSource
    private let name: String
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    /// Lines of `input` (the run's standard input); `name` ("standard input") for errors.
    package init(input: InputSource, name: String = "standard input") {
        self.input = input
        self.name = name
        buffer.reserveCapacity(65536)
    }

    /// The next line without its LF (and without a CR before it), nil at the end of
    /// input. A read that fails throws: 66 for a folder, 74 otherwise, naming the input.
    /// Bytes that are not UTF-8 are kept as `LosslessText` escapes.
    package mutating func next() throws(CLIError) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Self.text(buffer[start..<end])
                start = newline + 1
                return line
            }
            if ended {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                if buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Self.text(buffer[start..<end])
                start = buffer.count
                return line
            }
            try fill()
        }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String {
        UTF8Text.validated(bytes) ?? LosslessText.decode(bytes)
    }

    private mutating func fill() throws(CLIError) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count: Int
        do {
            count = try input.read(into: &chunk)
        } catch {
            throw CLIError.readFailure(name, error)
        }
        if count == 0 { ended = true } else { buffer.append(contentsOf: chunk[0..<count]) }
    }
}
