// The command line's part of reading CSV: a file named on the command line, or `-` for
// the invocation's stdin, streamed through MoneyKitStorage's CSVReader; a malformed
// record becomes exit 65 and a file that cannot be opened 66.

import MoneyKitPlatform
import MoneyKitStorage

extension CSVReader {
    /// Streams the file at `path` (`-`: `standardInput`, the run's input) record by
    /// record. `progress`, if given, hears after each chunk how many bytes were read of how
    /// many (0: unknown).
    package static func forEachRecord(
        path: String, source: String, standardInput: InputSource, progress: ((Int, Int) -> Void)? = nil,
        _ body: ([String], Int) throws -> Void
    ) throws {
        try forEachFieldRecord(path: path, source: source, standardInput: standardInput, progress: progress) { fields, line in
            try body(fields.strings, line)
        }
    }

    /// `forEachRecord` with each record's fields as bytes (see `feedFields`).
    package static func forEachFieldRecord(
        path: String, source: String, standardInput: InputSource, progress: ((Int, Int) -> Void)? = nil,
        _ body: (CSVFields, Int) throws -> Void
    ) throws {
        let isStdin = path == "-"
        let file: FileDescriptor?
        do {
            file = isStdin ? nil : try FileDescriptor.openForReading(path)
        } catch {
            throw CLIError("cannot read \(source): \(error)", exitCode: .noInput)
        }
        defer { file?.close() }
        let input = file.map(InputSource.init(descriptor:)) ?? standardInput
        var reader = CSVReader(source: source)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var first = true
        let total = input.regularFileSize ?? 0
        var done = 0
        do {
            while true {
                let count: Int
                do {
                    count = try input.read(into: &buffer)
                } catch {
                    throw CLIError.readFailure(source, error)
                }
                if count == 0 { break }
                var start = 0
                // A byte order mark some editors add is not data.
                if first, count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
                first = false
                try buffer.withUnsafeBufferPointer { all in
                    try reader.feedFields(UnsafeBufferPointer(rebasing: all[start..<count]), emit: body)
                }
                done += count
                progress?(done, total)
            }
            try reader.finishFields(emit: body)
        } catch let error as CSVFormatError {
            throw CLIError.csvFormat(error)
        }
    }
}

extension CLIError {
    /// A malformed CSV record: bad input data, 65.
    package static func csvFormat(_ error: CSVFormatError) -> CLIError {
        .data(error.message, hint: error.hint)
    }
}

extension DelimitedText {
    /// `csvRecords` for the command line: a malformed record is exit 65.
    /// - Throws: `CLIError` (65) naming the line of an unterminated quote or a stray quote.
    package static func parseCSV(_ text: String, source: String = "input") throws(CLIError) -> [[String]] {
        do {
            return try csvRecords(text, source: source)
        } catch {
            throw .csvFormat(error)
        }
    }
}
