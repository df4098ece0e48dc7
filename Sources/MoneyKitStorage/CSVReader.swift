// Reading CSV (RFC 4180) byte by byte, so that a large file streams through in chunks:
// quoted fields with doubled quotes and embedded newlines, LF or CRLF line ends (a lone
// CR is data). Errors name the source and the line. Reading a file or the run's stdin is
// the command line's part (MoneyKitCLI's CSVReader+Input.swift).

import MoneyKitPlatform

/// A streaming CSV tokeniser: fed bytes, it hands out each record with the line it starts on.
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
            throw CSVFormatError("\(source): line \(quoteStartLine): a quoted field is never closed")
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
            throw CSVFormatError("\(source): line \(line): not UTF-8 text")
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
                if fieldWasQuoted { throw CSVFormatError("\(source): line \(line): text after a closing quote") }
                throw CSVFormatError("\(source): line \(line): a quote inside an unquoted field", hint: "quote the whole field and double the quotes inside it")
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
            if fieldWasQuoted { throw CSVFormatError("\(source): line \(line): text after a closing quote") }
            recordBytes.append(byte)
        }
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
