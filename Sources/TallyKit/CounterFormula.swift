// What a derived counter is: a sum or difference of stored counters (`inside` is
// `in - out`). Its count is never stored: it is worked out from its sources whenever it is
// shown. The formula keeps its sources by serial, so renaming a source keeps it, and is
// typed and shown by name:
//
//   in - out            a name, then + or - and a name, each operator between spaces
//   - out + in          a leading sign
//   "A - B" + c         a name holding " + " or " - " (or starting with a quote) in double
//                       quotes, a quote inside doubled: "say ""hi"""
//
// Stored as the signed serials: "+3 -4".

/// The sources of a derived counter, each added or subtracted.
public struct CounterFormula: Equatable, Sendable {
    /// One source: a stored counter, added or subtracted.
    public struct Term: Equatable, Sendable {
        /// The source counter's serial.
        public var serial: Int64
        /// Whether its count is subtracted rather than added.
        public var subtracted: Bool

        /// A term for the counter `serial`.
        public init(serial: Int64, subtracted: Bool) {
            self.serial = serial
            self.subtracted = subtracted
        }
    }

    /// The terms, in the order typed (at least one).
    public var terms: [Term]

    /// A formula of these terms.
    public init(terms: [Term]) {
        self.terms = terms
    }

    /// The source serials, each once, in the order of the terms.
    public var sourceSerials: [Int64] {
        var seen: Set<Int64> = []
        return terms.map(\.serial).filter { seen.insert($0).inserted }
    }

    // MARK: stored form

    /// "+3 -4": what every store keeps.
    public var storedText: String {
        terms.map { ($0.subtracted ? "-" : "+") + String($0.serial) }.joined(separator: " ")
    }

    /// The formula a store keeps as `text`, or nil when it is not one ("+3 -4").
    public init?(storedText text: String) {
        var terms: [Term] = []
        for token in text.split(separator: " ", omittingEmptySubsequences: false) {
            guard let sign = token.first, sign == "+" || sign == "-",
                  let serial = Int64(token.dropFirst()), serial >= 1, token.dropFirst().allSatisfy(\.isASCII)
            else { return nil }
            terms.append(Term(serial: serial, subtracted: sign == "-"))
        }
        guard !terms.isEmpty else { return nil }
        self.terms = terms
    }

    // MARK: typed form

    /// A source as typed: its name and whether it is subtracted.
    public struct TypedTerm: Equatable, Sendable {
        /// The name as typed (looked up as any counter name is).
        public var name: String
        /// Whether its count is subtracted.
        public var subtracted: Bool

        /// A typed term.
        public init(name: String, subtracted: Bool) {
            self.name = name
            self.subtracted = subtracted
        }
    }

    /// The terms `text` types (see the top of this file).
    /// - Throws: `TallyError.badFormula` saying what is wrong.
    public static func parse(_ text: String) throws(TallyError) -> [TypedTerm] {
        var scanner = FormulaScanner(Array(text))
        var terms: [TypedTerm] = []
        var subtracted = false
        scanner.skipSpaces()
        if let sign = scanner.operatorHere() {
            subtracted = sign == "-"
            scanner.skipSpaces()
        }
        while true {
            let name = try scanner.operand(text)
            terms.append(TypedTerm(name: name, subtracted: subtracted))
            scanner.skipSpaces()
            if scanner.atEnd { break }
            guard let sign = scanner.operatorHere() else {
                throw .badFormula(text, reason: "expected + or - after '\(name)'")
            }
            subtracted = sign == "-"
            scanner.skipSpaces()
        }
        return terms
    }

    /// The formula as people type it, each source by `name(serial)` ("in - out"); a
    /// source no longer kept shows as "#SERIAL".
    public func text(names: (Int64) -> String?) -> String {
        var result = ""
        for (index, term) in terms.enumerated() {
            let name = names(term.serial).map(Self.quotedIfNeeded) ?? "#\(term.serial)"
            if index == 0 {
                result = term.subtracted ? "- \(name)" : name
            } else {
                result += (term.subtracted ? " - " : " + ") + name
            }
        }
        return result
    }

    /// `name` as a formula operand: in double quotes when read bare it would not come back
    /// whole (it holds " + " or " - ", is an operator alone, or starts with a quote).
    static func quotedIfNeeded(_ name: String) -> String {
        var scanner = FormulaScanner(Array(name))
        let bare = (try? scanner.operand(name)) == name && scanner.atEnd
        guard !bare else { return name }
        var quoted = "\""
        for character in name { quoted += character == "\"" ? "\"\"" : String(character) }
        return quoted + "\""
    }

    // MARK: the value

    /// The count this formula gives with each source's count from `count(serial)`; nil
    /// when a source is not kept.
    /// - Throws: `TallyError.derivedOverflow` for `name` when the value leaves the 64-bit range.
    public func value(of name: String, count: (Int64) throws -> Int64?) throws -> Int64? {
        var total = CheckedTotal()
        for term in terms {
            guard let value = try count(term.serial) else { return nil }
            if term.subtracted { total.subtract(value) } else { total.add(value) }
        }
        guard let value = total.value else { throw TallyError.derivedOverflow(counter: name) }
        return value
    }
}

/// Reads a typed formula: operands and the operators between them.
private struct FormulaScanner {
    let characters: [Character]
    var index = 0

    init(_ characters: [Character]) {
        self.characters = characters
    }

    var atEnd: Bool { index >= characters.count }

    mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    /// A + or - standing alone (a space or the end after it), consumed; else nil.
    mutating func operatorHere() -> Character? {
        guard index < characters.count, characters[index] == "+" || characters[index] == "-" else { return nil }
        guard index + 1 == characters.count || characters[index + 1].isWhitespace else { return nil }
        index += 1
        return characters[index - 1]
    }

    /// Whether an operator standing alone starts at `position`, after a space.
    private func operatorStarts(at position: Int) -> Bool {
        guard position > 0, characters[position - 1].isWhitespace, characters[position] == "+" || characters[position] == "-" else {
            return false
        }
        return position + 1 == characters.count || characters[position + 1].isWhitespace
    }

    /// The name at the current place: quoted, or up to the next operator (spaces trimmed).
    mutating func operand(_ text: String) throws(TallyError) -> String {
        guard index < characters.count else { throw .badFormula(text, reason: "a name is missing at the end") }
        if characters[index] == "\"" {
            var name = ""
            index += 1
            while true {
                guard index < characters.count else { throw .badFormula(text, reason: "a quoted name is never closed") }
                if characters[index] == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        name.append("\"")
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                name.append(characters[index])
                index += 1
            }
            guard !name.isEmpty else { throw .badFormula(text, reason: "an empty quoted name") }
            return name
        }
        if (characters[index] == "+" || characters[index] == "-")
            && (index + 1 == characters.count || characters[index + 1].isWhitespace) {
            throw .badFormula(text, reason: "two operators in a row")
        }
        let start = index
        var end = index
        while index < characters.count, !operatorStarts(at: index) {
            index += 1
            if !characters[index - 1].isWhitespace { end = index }
        }
        index = end
        return String(characters[start..<end])
    }
}
