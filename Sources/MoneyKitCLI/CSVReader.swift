// Reading CSV (RFC 4180) byte by byte, so that a large file streams through in chunks:
// quoted fields with doubled quotes and embedded newlines, LF or CRLF line ends (a lone
// CR is data). Errors name the source and the line.

import MoneyKitPlatform

package struct CSVReader {
    package let source: String
    /// The current record's fields, back to back (read byte-wise: no text is made per
    /// field unless a caller asks for it), and where each field ends.
    private var recordBytes: [UInt8] = []
    private var fieldEnds: [Int] = []
    /// Where the current field starts in `recordBytes`.
    private var fieldStart = 0
    private var inQuotes = false
    private var fieldWasQuoted = false
    /// After a quote inside a quoted field: the next byte decides (a second quote, or the end).
    private var quotePending = false
    /// After a CR outside quotes: LF ends the record, anything else keeps the CR as data.
    private var carriageReturnPending = false
    private var line = 1
    private var quoteStartLine = 1
    private var recordStartLine = 1
    private var sawAnything = false

    package init(source: String = "input") {
        self.source = source
    }

    /// Feeds the next bytes; `emit` gets each completed record with the line it starts on.
    package mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, emit: ([String], Int) throws -> Void) throws {
        try feedFields(bytes) { fields, line in try emit(fields.strings, line) }
    }

    /// Ends the input: the last record without a line end, or an error for an open quote.
    package mutating func finish(emit: ([String], Int) throws -> Void) throws {
        try finishFields { fields, line in try emit(fields.strings, line) }
    }

    /// Feeds the next bytes; `emit` gets each completed record's fields as bytes (each
    /// valid UTF-8) with the line it starts on: the fast way, for a million-row import.
    package mutating func feedFields(_ bytes: UnsafeBufferPointer<UInt8>, emit: (CSVFields, Int) throws -> Void) throws {
        let count = bytes.count
        var index = 0
        while index < count {
            // Runs of ordinary bytes are copied at once: only quotes, commas and line ends
            // go through the state machine byte by byte.
            if !quotePending && !carriageReturnPending && (inQuotes || !fieldWasQuoted) {
                let runStart = index
                if inQuotes {
                    while index < count, bytes[index] != 0x22, bytes[index] != 0x0A { index += 1 }
                } else {
                    while index < count {
                        let byte = bytes[index]
                        if byte == 0x22 || byte == 0x2C || byte == 0x0D || byte == 0x0A { break }
                        index += 1
                    }
                }
                if index > runStart {
                    sawAnything = true
                    recordBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                }
                if index == count { break }
            }
            try consume(bytes[index], emit: emit)
            index += 1
        }
    }

    /// `finish` for `feedFields`.
    package mutating func finishFields(emit: (CSVFields, Int) throws -> Void) throws {
        if quotePending {
            quotePending = false
            inQuotes = false
        }
        if carriageReturnPending {
            carriageReturnPending = false
            recordBytes.append(0x0D)
        }
        if inQuotes {
            throw CLIError.data("\(source): line \(quoteStartLine): a quoted field is never closed")
        }
        if sawAnything && (recordBytes.count > fieldStart || fieldWasQuoted || !fieldEnds.isEmpty) {
            try endField()
            try emitRecord(emit)
        }
    }

    private var fieldIsEmpty: Bool { recordBytes.count == fieldStart }

    private mutating func endField() throws {
        // ASCII (almost every field) is valid UTF-8 without a closer look.
        var ascii = true
        for index in fieldStart..<recordBytes.count where recordBytes[index] >= 0x80 {
            ascii = false
            break
        }
        if !ascii, UTF8Text.validated(recordBytes[fieldStart...]) == nil {
            throw CLIError.data("\(source): line \(line): not UTF-8 text")
        }
        fieldEnds.append(recordBytes.count)
        fieldStart = recordBytes.count
        fieldWasQuoted = false
    }

    private mutating func emitRecord(_ emit: (CSVFields, Int) throws -> Void) throws {
        try recordBytes.withUnsafeBufferPointer { bytes in
            try fieldEnds.withUnsafeBufferPointer { ends in
                try emit(CSVFields(bytes: bytes, ends: ends), recordStartLine)
            }
        }
        recordBytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
        fieldStart = 0
    }

    private mutating func endRecord(emit: (CSVFields, Int) throws -> Void) throws {
        try endField()
        try emitRecord(emit)
        line += 1
        recordStartLine = line
    }

    private mutating func consume(_ byte: UInt8, emit: (CSVFields, Int) throws -> Void) throws {
        sawAnything = true
        if quotePending {
            quotePending = false
            if byte == 0x22 {  // "" inside quotes: one quote
                recordBytes.append(0x22)
                return
            }
            inQuotes = false  // the closing quote; fall through with this byte
        }
        if inQuotes {
            if byte == 0x22 {
                quotePending = true
            } else {
                if byte == 0x0A { line += 1 }
                recordBytes.append(byte)
            }
            return
        }
        if carriageReturnPending {
            carriageReturnPending = false
            if byte == 0x0A {
                try endRecord(emit: emit)
                return
            }
            recordBytes.append(0x0D)
        }
        switch byte {
        case 0x22:
            guard fieldIsEmpty, !fieldWasQuoted else {
                if fieldWasQuoted { throw CLIError.data("\(source): line \(line): text after a closing quote") }
                throw CLIError.data("\(source): line \(line): a quote inside an unquoted field", hint: "quote the whole field and double the quotes inside it")
            }
            inQuotes = true
            fieldWasQuoted = true
            quoteStartLine = line
        case 0x2C:
            try endField()
        case 0x0D:
            carriageReturnPending = true
        case 0x0A:
            try endRecord(emit: emit)
        default:
            if fieldWasQuoted { throw CLIError.data("\(source): line \(line): text after a closing quote") }
            recordBytes.append(byte)
        }
    }

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
    }
}

/// One CSV record's fields as bytes, each valid UTF-8; valid only inside the callback
/// that receives it.
package struct CSVFields {
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>

    /// How many fields the record has.
    package var count: Int { ends.count }

    /// The bytes of field `index`.
    package subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])
    }

    /// The text of field `index`.
    package func string(_ index: Int) -> String { String(decoding: self[index], as: UTF8.self) }

    /// Every field as text.
    package var strings: [String] { (0..<count).map(string) }
}
