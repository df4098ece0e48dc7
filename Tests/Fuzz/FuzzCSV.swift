// libFuzzer harness for the CSV import: CSVReader (feed + finish, also fed in two chunks),
// DelimitedText.parseCSV, and the csvLine round trip. Built by Tests/Fuzz/run.sh against
// MoneyKitCLI and the targets below it, compiled there with the fuzzer's instrumentation.

import MoneyKitCLI
import MoneyKitStorage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let buffer = UnsafeBufferPointer(start: data, count: size)

    // Streamed in one piece.
    var whole: [[String]]? = []
    do {
        var reader = CSVReader(source: "fuzz")
        try reader.feed(buffer) { record, _ in whole!.append(record) }
        try reader.finish { record, _ in whole!.append(record) }
    } catch {
        whole = nil
    }

    // Streamed in two chunks split at a point taken from the data: same outcome.
    if size > 0 {
        let cut = Int(buffer[0]) % (size + 1)
        var chunked: [[String]]? = []
        do {
            var reader = CSVReader(source: "fuzz")
            try reader.feed(UnsafeBufferPointer(rebasing: buffer[..<cut])) { record, _ in chunked!.append(record) }
            try reader.feed(UnsafeBufferPointer(rebasing: buffer[cut...])) { record, _ in chunked!.append(record) }
            try reader.finish { record, _ in chunked!.append(record) }
        } catch {
            chunked = nil
        }
        if chunked != whole {
            fatalError("CSVReader gives different records when fed in chunks at \(cut): \(String(describing: whole)) vs \(String(describing: chunked))")
        }
    }

    // The String API. Invalid UTF-8 is repaired by String(decoding:), so compare only for valid UTF-8.
    let text = String(decoding: buffer, as: UTF8.self)
    let records = try? DelimitedText.parseCSV(text, source: "fuzz")
    if Array(text.utf8).elementsEqual(buffer), records != whole {
        fatalError("parseCSV and CSVReader disagree: \(String(describing: records)) vs \(String(describing: whole))")
    }

    // Round trip each record through csvLine. The writer ends every line in LF, so the line is
    // re-parsed with its LF: a record of one empty field is written as an empty line, which
    // is a record only when it ends in a line end (parseCSV("") is no records at all).
    for record in records ?? [] {
        let line = DelimitedText.csvLine(record, neutralizeFormulas: false) + "\n"
        let reparsed: [[String]]
        do {
            reparsed = try DelimitedText.parseCSV(line, source: "roundtrip")
        } catch {
            fatalError("csvLine(\(record.debugDescription)) = \(line.debugDescription) does not parse: \(error)")
        }
        if reparsed != [record] {
            fatalError("csvLine(\(record.debugDescription)) = \(line.debugDescription) parses as \(reparsed.debugDescription)")
        }
        // With formula neutralizing on, the line still parses into the same number of fields.
        let safe = DelimitedText.csvLine(record, neutralizeFormulas: true) + "\n"
        if let fields = try? DelimitedText.parseCSV(safe, source: "roundtrip"), fields.count == 1,
            fields[0].count != record.count
        {
            fatalError("csvLine(neutralizeFormulas: true) changed the field count: \(record.debugDescription) -> \(fields.debugDescription)")
        }
    }
    return 0
}
