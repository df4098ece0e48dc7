// Reading CSV (RFC 4180) byte by byte, so that a large file streams through in chunks:
// quoted fields with doubled quotes and embedded newlines, LF or CRLF line ends (a lone
// CR is data). Errors name the source and the line.

import MoneyKitPlatform

package struct CSVReader {
    package let source: String
    private var record: [String] = []
    private var field: [UInt8] = []
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
        for byte in bytes { try consume(byte, emit: emit) }
    }

    /// Ends the input: the last record without a line end, or an error for an open quote.
    package mutating func finish(emit: ([String], Int) throws -> Void) throws {
        if quotePending {
            quotePending = false
            inQuotes = false
        }
        if carriageReturnPending {
            carriageReturnPending = false
            field.append(0x0D)
        }
        if inQuotes {
            throw CLIError.data("\(source): line \(quoteStartLine): a quoted field is never closed")
        }
        if sawAnything && (!field.isEmpty || fieldWasQuoted || !record.isEmpty) {
            try endField()
            try emit(record, recordStartLine)
            record = []
        }
    }

    private mutating func endField() throws {
        guard let text = UTF8Text.validated(field) else {
            throw CLIError.data("\(source): line \(line): not UTF-8 text")
        }
        record.append(text)
        field.removeAll(keepingCapacity: true)
        fieldWasQuoted = false
    }

    private mutating func endRecord(emit: ([String], Int) throws -> Void) throws {
        try endField()
        try emit(record, recordStartLine)
        record = []
        line += 1
        recordStartLine = line
    }

    private mutating func consume(_ byte: UInt8, emit: ([String], Int) throws -> Void) throws {
        sawAnything = true
        if quotePending {
            quotePending = false
            if byte == 0x22 {  // "" inside quotes: one quote
                field.append(0x22)
                return
            }
            inQuotes = false  // the closing quote; fall through with this byte
        }
        if inQuotes {
            if byte == 0x22 {
                quotePending = true
            } else {
                if byte == 0x0A { line += 1 }
                field.append(byte)
            }
            return
        }
        if carriageReturnPending {
            carriageReturnPending = false
            if byte == 0x0A {
                try endRecord(emit: emit)
                return
            }
            field.append(0x0D)
        }
        switch byte {
        case 0x22:
            guard field.isEmpty, !fieldWasQuoted else {
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
            field.append(byte)
        }
    }

    /// Streams the file at `path` (`-`: standard input) record by record. `progress`, if
    /// given, hears after each chunk how many bytes were read of how many (0: unknown).
    package static func forEachRecord(
        path: String, source: String, progress: ((Int, Int) -> Void)? = nil, _ body: ([String], Int) throws -> Void
    ) throws {
        let isStdin = path == "-"
        let input: FileDescriptor
        do {
            input = isStdin ? .standardInput : try FileDescriptor.openForReading(path)
        } catch {
            throw CLIError("cannot read \(source): \(error)", exitCode: .noInput)
        }
        defer { if !isStdin { input.close() } }
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
                try reader.feed(UnsafeBufferPointer(rebasing: all[start..<count]), emit: body)
            }
            done += count
            progress?(done, total)
        }
        try reader.finish(emit: body)
    }
}
