// portfolio's CSV format, read (see PortfolioExport+CSV.swift): each record checked for
// what needs no store, names kept once each, bad lines as faults. Read byte-wise
// (CSVReader's fields as bytes): a row whose date, name and currency are the bytes of an
// earlier row's takes that row's reading, and a plain decimal value is read without
// making a text of it; anything else is read as text. Where the bytes come from (a file,
// stdin, a progress bar) is the caller's part.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// A portfolio CSV file read record by record into import rows, every bad line a fault.
package struct PortfolioCSVImport {
    /// The rows read so far.
    package private(set) var rows: ImportRows
    /// The account names the rows name, in the form they are stored.
    package private(set) var names: [String] = []
    /// The currencies the rows name.
    package private(set) var currencies: [Currency] = []
    /// The bad lines found so far.
    package var faults: ImportFaults
    private let source: String
    private let checkName: (String) -> Result<String, ImportNameFault>
    /// The instant the words now, today and yesterday in a date field count from.
    private let now: Int64
    private var nameIndex: [String: Int] = [:]
    private var currencyIndex: [String: Int16] = [:]  // as written in the file, looked up once
    // The readings of the last date and currency field, and of every name field, by their bytes.
    private var lastDate: (bytes: [UInt8], at: Int64) = ([], 0)
    private var lastCurrency: (bytes: [UInt8], index: Int16) = ([], -1)
    private var nameOfBytes = ByteKeyedIndex()

    /// An empty reading of `source`, room made for about `capacity` rows; `checkName`
    /// turns a name into its stored form or says what is wrong with it; `now` (the run's
    /// clock) is what the words now, today and yesterday in a date field count from.
    package init(source: String, capacity: Int = 0, now: Int64 = Instant.now(), checkName: @escaping (String) -> Result<String, ImportNameFault>) {
        self.source = source
        self.now = now
        self.checkName = checkName
        rows = ImportRows(capacity: capacity)
        faults = ImportFaults(source: source)
    }

    /// Reads one record, which starts on `line`: a row, a fault, or nothing (the header, a blank line).
    /// - Throws: `PortfolioError.importTooLong` past the lines and names a row can number.
    package mutating func read(_ fields: CSVFields, line: Int) throws(PortfolioError) {
        if fields.count == 1 && fields.string(0).trimmingSpaces.isEmpty { return }
        if line == 1, fields.count > 0, fields.string(0).trimmingSpaces.lowercased() == "date" { return }  // the header
        guard (3...5).contains(fields.count) else {
            let separator = fields.count == 1 ? CSVSeparatorGuess.hint(for: [fields.string(0)]).map { " (\($0))" } ?? "" : ""
            faults.add(line: line, "expected date,account,value[,currency[,kind]], got \(fields.count) fields\(separator)")
            return
        }
        // The kind column (issue 16): empty or value as before, deposit or withdrawal for money in and out.
        var contribution: Bool?
        if fields.count == 5 {
            switch fields.string(4).trimmingSpaces.lowercased() {
            case "", "value": break
            case "deposit": contribution = false
            case "withdrawal": contribution = true
            case "goal":
                if let row = goalRow(fields.strings, line: line) { rows.append(row) }
                return
            default:
                faults.add(line: line, "unknown kind '\(fields.string(4))' (expected value, deposit, withdrawal or goal)")
                return
            }
        }
        let at: Int64
        if !lastDate.bytes.isEmpty, lastDate.bytes.elementsEqual(fields[0]) {
            at = lastDate.at
        } else {
            let text = fields.string(0)
            guard let parsed = Instant.parse(text, now: now) else {
                faults.add(line: line, "invalid date '\(text)' (use 2025-07-27, '2025-07-27 14:30' or ISO 8601)")
                return
            }
            if PortfolioLimits.instantFault(parsed) != nil {
                faults.add(line: line, "the date '\(text)' is outside 0001-01-01 to 9999-12-31")
                return
            }
            at = parsed
            lastDate = (Array(fields[0]), parsed)
        }
        // The name: known by its bytes, else read (and checked below, after the currency).
        var index = nameOfBytes.index(of: fields[1])
        var name = ""
        if index == nil {
            // Export neutralises names a spreadsheet would run as formulas ('=…); undo that.
            name = DelimitedText.restoreNeutralized(fields.string(1).trimmingSpaces)
            guard !name.isEmpty else {
                faults.add(line: line, "the account name is empty")
                return
            }
        }
        var currency: Int16 = -1
        if fields.count >= 4 {
            if !lastCurrency.bytes.isEmpty, lastCurrency.bytes.elementsEqual(fields[3]) {
                currency = lastCurrency.index
            } else {
                let raw = fields.string(3)
                if !raw.trimmingSpaces.isEmpty {
                    guard let known = currencyIndex(of: raw) else {
                        faults.add(line: line, "unknown currency '\(raw)'")
                        return
                    }
                    currency = known
                    lastCurrency = (Array(fields[3]), currency)
                }
            }
        }
        if index == nil {
            if let known = nameIndex[name] {
                index = known
            } else {
                // Kept in the form the name rule stores (NFC).
                let stored: String
                switch checkName(name) {
                case .success(let checked): stored = checked
                case .failure(let fault):
                    faults.add(line: line, fault.message)
                    return
                }
                index = names.count
                names.append(stored)
                nameIndex[name] = names.count - 1
            }
            nameOfBytes.insert(fields[1], index ?? 0)
        }
        guard let index else { return }
        guard let rowLine = Int32(exactly: line), let rowName = Int32(exactly: index) else {
            throw .importTooLong(source: source)
        }
        if let withdrawal = contribution {
            let valueText = fields.string(2).trimmingSpaces
            guard !valueText.isEmpty else {
                faults.add(line: line, "a \(withdrawal ? "withdrawal" : "deposit") needs an amount")
                return
            }
            rows.append(ImportRow(line: rowLine, name: rowName, at: at, currency: currency, kind: .contribution(valueText, withdrawal: withdrawal)))
            return
        }
        let value = fields[2]
        // Untrimmed ASCII digits: the quick reading; else the text, trimmed.
        if let first = value.first, let last = value.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80,
           rows.appendPlainValue(line: rowLine, name: rowName, at: at, currency: currency, value: value) {
            return
        }
        let valueText = fields.string(2).trimmingSpaces
        if valueText.isEmpty || valueText.lowercased() == "closed" {
            rows.appendMarker(line: rowLine, name: rowName, at: at, currency: currency, closed: !valueText.isEmpty)
        } else {
            rows.appendValue(line: rowLine, name: rowName, at: at, currency: currency, text: valueText)
        }
    }

    /// The index in `currencies` of the currency a row names (`field` as written), added on
    /// first sight: one entry per currency (at most the 300-odd ISO codes), however spelt,
    /// and each spelling looked up once. Nil for a field that names no currency.
    private mutating func currencyIndex(of field: String) -> Int16? {
        if let known = currencyIndex[field] { return known }
        guard let named = Currency(code: field.trimmingSpaces) else { return nil }
        let index: Int16
        if let existing = currencies.firstIndex(of: named) {
            index = Int16(truncatingIfNeeded: existing)
        } else {
            index = Int16(truncatingIfNeeded: currencies.count)
            currencies.append(named)
        }
        currencyIndex[field] = index
        return index
    }

    /// A goal row (kind goal): date the goal's or empty, account empty for a total (whose
    /// currency the row names), value the goal.
    private mutating func goalRow(_ record: [String], line: Int) -> ImportRow? {
        let dateText = record[0].trimmingSpaces
        var at: Int64 = 0
        if !dateText.isEmpty {
            guard let parsed = Instant.parse(dateText, now: now), PortfolioLimits.instantFault(parsed) == nil else {
                faults.add(line: line, "invalid date '\(record[0])' for a goal (a date, or empty for none)")
                return nil
            }
            at = parsed
        }
        var currency: Int16 = -1
        if !record[3].trimmingSpaces.isEmpty {
            guard let known = currencyIndex(of: record[3]) else {
                faults.add(line: line, "unknown currency '\(record[3])'")
                return nil
            }
            currency = known
        }
        var index = -1
        let name = DelimitedText.restoreNeutralized(record[1].trimmingSpaces)
        if !name.isEmpty {
            if let known = nameIndex[name] {
                index = known
            } else {
                index = names.count
                names.append((try? checkName(name).get()) ?? name)
                nameIndex[name] = index
            }
        }
        let value = record[2].trimmingSpaces
        guard !value.isEmpty else {
            faults.add(line: line, "a goal needs an amount")
            return nil
        }
        guard let rowLine = Int32(exactly: line), let rowName = Int32(exactly: index) else { return nil }
        return ImportRow(line: rowLine, name: rowName, at: at, currency: currency, kind: .goal(value, dated: !dateText.isEmpty))
    }
}
