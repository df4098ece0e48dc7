// Which mark is the decimal mark of a journal's amount, decided as hledger decides it, and
// the amount's number rewritten in the plain form (`-1500.00`) the shared parser reads.
//
// hledger (manual, "Decimal marks, digit group marks"; its amount parser): a `decimal-mark`
// directive fixes the mark for the lines after it in the file; else a `commodity`
// directive (or its `format` line, or `D`) read before the amount fixes it for that
// commodity by the mark its sample amount shows; a decimal-mark directive wins over a
// commodity's. With neither, hledger infers: of two kinds of mark the last is the decimal
// mark, one kind repeated groups digits, and a lone mark is a decimal mark. That last guess
// reads `1.500 EUR` as 1.5 where a person may mean 1500: portfolio refuses a lone mark
// before exactly three digits unless a directive decided, naming both readings. A number
// that does not fit the decided mark (`1,500.25` where the mark is `,`, digits grouped
// oddly as in `1.5`) is refused too, never read a third way.

/// The decimal marks a journal's directives have decided so far.
struct JournalDecimalMarks {
    /// The mark of a `decimal-mark` directive, for every commodity.
    private(set) var fileMark: Character?
    /// The mark each commodity's directive decided ("" for amounts without a commodity).
    private var commodityMarks: [Substring: Character] = [:]

    /// Reads a `decimal-mark` directive's argument; the fault's message when it is not `.` or `,`.
    mutating func setFileMark(_ argument: Substring) -> String? {
        let word = argument.prefix { $0 != " " && $0 != "\t" && $0 != ";" }
        guard word == "." || word == "," else { return "a decimal-mark directive takes '.' or ','" }
        fileMark = word.first
        return nil
    }

    /// Reads a commodity directive's sample amount (`1.000,00 EUR`, `EUR 1,000.00`,
    /// `1000. JPY`); the fault's message when its mark could be either. A sample without
    /// a number (`commodity EUR`) or without a mark (`1000 EUR`) decides nothing.
    mutating func declare(sample: Substring) -> String? {
        guard let parts = JournalAmountText(sample), parts.number.contains(where: { $0.isNumber }) else { return nil }
        switch Self.sampleMark(parts.number) {
        case .none:
            return nil
        case .some(nil):
            let code = parts.commodity.isEmpty ? "" : " \(parts.commodity)"
            return "the sample amount '\(parts.number)' does not say which mark is its decimal mark: write it as 1.000,00\(code) or 1,000.00\(code)"
        case .some(let mark?):
            commodityMarks[parts.commodity] = mark
            return nil
        }
    }

    /// The decimal mark decided for amounts of `commodity` ("" for none), nil when none is.
    func mark(for commodity: Substring) -> Character? {
        fileMark ?? commodityMarks[commodity]
    }

    /// The decimal mark a sample shows: nil when it has no mark, .some(nil) when it
    /// could be either. A trailing mark (`1000.`) is the decimal mark; one kind of mark
    /// repeated groups digits, so the other is the decimal mark.
    private static func sampleMark(_ number: Substring) -> Character?? {
        let digits = number.drop { $0 == "-" || $0 == "+" }
        let marks = digits.filter { $0 == "." || $0 == "," }
        guard let last = marks.last else { return .none }
        if Set(marks).count == 2 { return .some(last) }
        if marks.count > 1 { return .some(last == "." ? "," : ".") }
        if digits.last == last { return .some(last) }
        return isAmbiguous(digits) ? .some(nil) : .some(last)
    }

    /// A lone mark between 1–3 digits (not a lone 0) and exactly three: `1.500`, `12,000`.
    private static func isAmbiguous(_ digits: Substring) -> Bool {
        guard let at = digits.firstIndex(where: { $0 == "." || $0 == "," }) else { return false }
        let whole = digits[..<at], fraction = digits[digits.index(after: at)...]
        return fraction.count == 3 && (1...3).contains(whole.count) && whole != "0"
    }

    /// `number` (a sign, ASCII digits and the marks `.` and `,`) as a plain decimal
    /// (`-1500.00`) read with the decimal mark `mark` (nil: none decided, inferred as
    /// hledger does); the fault's message when it cannot be read so without a guess.
    static func plain(_ number: Substring, mark: Character?) -> Result<String, JournalAmountFault> {
        var digits = number
        var sign = ""
        if let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? "-" : ""
            digits = digits.dropFirst()
        }
        let marks = digits.filter { $0 == "." || $0 == "," }
        let decimal: Character?
        if let mark {
            decimal = mark
        } else if Set(marks).count == 2, let last = marks.last {
            decimal = last
        } else if marks.count == 1, let only = marks.first {
            if isAmbiguous(digits) {
                let at = digits.firstIndex(of: only) ?? digits.endIndex
                let whole = digits[..<at], fraction = digits[digits.index(after: at)...]
                return .failure(.ambiguous(number: String(number), grouped: sign + whole + fraction, decimal: sign + whole + "." + fraction))
            }
            decimal = only
        } else {
            decimal = nil
        }
        // Everything before the decimal mark is digits in groups split by the other mark.
        var whole = digits[...], fraction: Substring = ""
        if let decimal, let at = digits.firstIndex(of: decimal) {
            whole = digits[..<at]
            fraction = digits[digits.index(after: at)...]
        }
        guard fraction.allSatisfy(\.isNumber) else {
            return .failure(.notMark(number: String(number), mark: decimal ?? "."))
        }
        let groupMark: Character = decimal.map { $0 == "." ? "," : "." } ?? marks.first ?? ","
        let groups = whole.split(separator: groupMark, omittingEmptySubsequences: false)
        guard groups.allSatisfy({ $0.allSatisfy(\.isNumber) }) else {
            return .failure(.notMark(number: String(number), mark: decimal ?? "."))
        }
        if groups.count > 1 {
            // 1,500,000 and the Indian 15,00,000: 1–3 digits, then groups of 2 or 3, the last of 3.
            let later = groups.dropFirst()
            guard (1...3).contains(groups[0].count), later.last?.count == 3, later.allSatisfy({ (2...3).contains($0.count) }) else {
                return .failure(.oddGroups(number: String(number), mark: decimal ?? "."))
            }
        }
        var plain = sign + groups.joined()
        if plain == sign { plain += "0" }
        if !fraction.isEmpty { plain += "." + fraction }
        return .success(plain)
    }
}

/// Why a journal's number cannot be read without a guess.
enum JournalAmountFault: Error, Equatable {
    /// A lone mark before three digits, no directive deciding: both readings.
    case ambiguous(number: String, grouped: String, decimal: String)
    /// Marks in an order the decided decimal mark does not allow (`1,500.25` where it is `,`).
    case notMark(number: String, mark: Character)
    /// Digits grouped other than by threes (`1.5` where the decimal mark is `,`).
    case oddGroups(number: String, mark: Character)

    /// The fault as a line of the import's message says it.
    var message: String {
        switch self {
        case let .ambiguous(number, grouped, decimal):
            return "'\(number)' could be \(grouped) or \(decimal) (hledger guesses \(decimal)): say which with a decimal-mark directive (decimal-mark . or decimal-mark ,) or a commodity directive whose sample shows the mark (commodity 1.000,00 EUR)"
        case let .notMark(number, mark):
            return "'\(number)' does not use '\(mark)' as its decimal mark, as this journal's directives say amounts here do"
        case let .oddGroups(number, mark):
            return "'\(number)' groups its digits other than by threes, with '\(mark)' as the decimal mark"
        }
    }
}

/// An amount as a journal writes it, split into its number and its commodity: `1234.56 GBP`,
/// `GBP 1234.56`, `1234.56` (commodity ""), `1 234,56 EUR` (spaces group digits, as in
/// hledger). Nil for any other shape.
struct JournalAmountText {
    /// The number: a sign, digits and marks (grouping spaces taken out).
    let number: Substring
    /// The commodity's letters, "" for none.
    let commodity: Substring

    init?(_ text: Substring) {
        var parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = parts.first, let last = parts.last else { return nil }
        if parts.count > 1, first.allSatisfy(\.isLetter) {
            commodity = first
            parts.removeFirst()
        } else if parts.count > 1, last.allSatisfy(\.isLetter) {
            commodity = last
            parts.removeLast()
        } else {
            commodity = ""
        }
        // Digits grouped by spaces: every part after the first is digits and marks, no sign.
        guard parts.dropFirst().allSatisfy({ $0.first?.isNumber == true }) else { return nil }
        number = parts.count == 1 ? parts[0] : Substring(parts.joined())
        guard number.contains(where: { $0.isNumber }),
              number.allSatisfy({ ($0.isASCII && $0.isNumber) || "-+.,".contains($0) }),
              !number.dropFirst().contains(where: { $0 == "-" || $0 == "+" }) else { return nil }
    }
}
