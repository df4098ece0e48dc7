// CSV (RFC 4180 quoting) and TSV for scripts and spreadsheets, written and read.
//
// CSV: fields with a comma, quote, CR or LF are quoted, quotes doubled; lines end in LF
// (friendlier to Unix pipelines than RFC 4180's CRLF; the reader accepts both).
// Cells that a spreadsheet would run as a formula (starting with = + - @, tab or CR and
// not a plain number) are prefixed with a single quote, as OWASP advises; so is a cell
// that already starts with a quote, so that `restoreNeutralized` can undo it exactly.
// A spreadsheet may split on another separator than ours (`;` in much of Europe), so a
// cell holding `,` `;` or a tab is also neutralised when a formula could start after one
// of them, and in CSV such a cell is quoted, so that a reader splitting on `;` keeps it
// whole.
// TSV: tab, newline, carriage return and backslash inside a field are written as
// \t \n \r \\ so that every record stays one line; its cells are neutralised as CSV's.

package enum DelimitedText {
    package static func csvLine(_ fields: [String], neutralizeFormulas: Bool = true) -> String {
        fields.map { csvField($0, neutralizeFormulas: neutralizeFormulas) }.joined(separator: ",")
    }

    package static func csvField(_ field: String, neutralizeFormulas: Bool = true) -> String {
        var value = field
        // A cell neutralised for a formula after a `;` is quoted too, so that a
        // spreadsheet splitting on `;` keeps it whole; other cells with `;` stay bare.
        var quotesSemicolons = false
        if neutralizeFormulas, needsNeutralizing(value) {
            value = "'" + value
            quotesSemicolons = true
        }
        // Scalars, not Characters: "\r\n" and a quote followed by a combining mark are
        // single Characters that equal none of the specials.
        let needsQuotes = value.unicodeScalars.contains {
            $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || (quotesSemicolons && $0 == ";")
        }
            || value.hasPrefix(" ") || value.hasSuffix(" ")
        guard needsQuotes else { return value }
        return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
    }

    /// `value` as a spreadsheet may safely read it: a leading `'` added when a formula
    /// could start at its beginning or after a separator inside it, or when it already
    /// starts with `'` (so that `restoreNeutralized` undoes exactly one).
    package static func neutralized(_ value: String) -> String {
        needsNeutralizing(value) ? "'" + value : value
    }

    /// The value a neutralised CSV or TSV cell stood for: one leading `'` removed.
    package static func restoreNeutralized(_ field: String) -> String {
        field.hasPrefix("'") ? String(field.dropFirst()) : field
    }

    package static func tsvLine(_ fields: [String]) -> String {
        fields.map { tsvField($0) }.joined(separator: "\t")
    }

    package static func tsvField(_ field: String, neutralizeFormulas: Bool = true) -> String {
        let value = neutralizeFormulas ? neutralized(field) : field
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether the cell, or a part of it that a spreadsheet splitting on `,` `;` or tab
    /// would make a cell of its own, could be taken as a formula; or it starts with `'`.
    static func needsNeutralizing(_ value: String) -> Bool {
        if value.hasPrefix("'") || looksLikeFormula(value) { return true }
        // Most cells hold no separator: one pass to find out.
        guard value.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "\t") }),
            formulaCharacterMayFollowSeparator(value)
        else {
            return false
        }
        let parts = value.split(omittingEmptySubsequences: false) { $0 == "," || $0 == ";" || $0 == "\t" }
        return parts.dropFirst().contains { part in
            // Spreadsheets trim the spaces around a split cell, and a quote may open it.
            var trimmed = Substring(part).drop { $0 == " " || $0 == "\"" }
            if trimmed.hasPrefix("'") { trimmed = trimmed.dropFirst() }
            return looksLikeFormula(String(trimmed))
        }
    }

    /// Whether, after some separator, past the spaces and quotes (and one `'`) that the
    /// check below skips, comes a character a formula can start with. A byte scan that
    /// spares the split for most cells with separators (billsplit's shares "4.80;4.79"):
    /// where it says no, no part of the cell looks like a formula.
    private static func formulaCharacterMayFollowSeparator(_ value: String) -> Bool {
        var text = value
        return text.withUTF8 { bytes in
            for (position, byte) in bytes.enumerated()
            where byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: "\t") {
                var next = position + 1
                while next < bytes.count, bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\"") { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "'") { next += 1 }
                guard next < bytes.count else { continue }
                switch bytes[next] {
                case UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                    return true
                default: continue
                }
            }
            return false
        }
    }

    /// Whether a spreadsheet would take the cell as a formula. A plain number such as
    /// `-3.10` or `+5` is data, not a formula, and is left alone.
    static func looksLikeFormula(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first else { return false }
        switch first {
        case "=", "@", "\t", "\r": return true
        case "+", "-": return !isPlainNumber(value)
        default: return false
        }
    }

    static func isPlainNumber(_ value: String) -> Bool {
        var digits = 0
        var points = 0
        for (index, scalar) in value.unicodeScalars.enumerated() {
            switch scalar {
            case "0"..."9": digits += 1
            case ".": points += 1
            case "+" where index == 0, "-" where index == 0: continue
            default: return false
            }
        }
        return digits > 0 && points <= 1
    }

    /// Reads CSV into records (see `CSVReader`): quoted fields with doubled quotes and
    /// embedded newlines, LF or CRLF line ends.
    /// - Throws: `CSVFormatError` naming the line of an unterminated quote or a stray quote.
    package static func csvRecords(_ text: String, source: String = "input") throws(CSVFormatError) -> [[String]] {
        var reader = CSVReader(source: source)
        var records: [[String]] = []
        var bytes = Array(text.utf8)
        do {
            try bytes.withUnsafeMutableBufferPointer { buffer in
                try reader.feed(UnsafeBufferPointer(buffer)) { record, _ in records.append(record) }
            }
            try reader.finish { record, _ in records.append(record) }
        } catch let error as CSVFormatError {
            throw error
        } catch {
            throw CSVFormatError("\(source): \(error)")
        }
        return records
    }
}

extension String {
    /// Every occurrence of the scalar `target` replaced (FoundationEssentials-free).
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar == target { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
