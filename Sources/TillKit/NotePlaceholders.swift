// The app's insert buttons for notes, as placeholders filled in when a line is added:
//   {time}        the time now (local, to the minute)     {date}      today's date (local)
//   {till}        the till's name                         {total}     the count's total
//   {float}       the starting float                      {expected}  the cash the till should
//   {discrepancy} over/short against the expected cash      hold: float + sales + paid in
//                 when there is one ("over by £2.00",        − paid out − drops
//                 "short by £3.00", "exact"), else the
//                 deposit or shortage against the float ("deposit £57.00", "short by £3.00")
// `{{` is a literal `{` and `}}` a literal `}` (a lone `}` stays as it is). Anything else
// in braces is an unknown placeholder, and an unclosed `{` an error: the line is refused
// (never kept with a raw `{totl}` in it). On a blind till {expected} is refused too, and
// {discrepancy} where there is an expected cash: the note would tell what the count hides.

import MoneyKit
import MoneyKitFormatting

/// When and where a note is written: what {time}, {date} and {till} become.
public struct NoteMoment: Sendable {
    /// The time now, as people read it ("2026-11-21 11:55").
    public let time: String
    /// Today's date ("2026-11-21").
    public let date: String
    /// The till's name.
    public let till: String

    /// A moment at `time`; `date` defaults to the date part of `time`.
    public init(time: String, date: String? = nil, till: String = "") {
        self.time = time
        self.date = date ?? String(time.prefix { $0 != " " })
        self.till = till
    }
}

/// The placeholders of a note line (see the top of this file).
public enum NotePlaceholders {
    /// Every placeholder, without braces, in the order the help lists them.
    public static let names = ["time", "date", "till", "total", "float", "expected", "discrepancy"]

    /// `text` with every placeholder replaced: amounts formatted for people ("deposit
    /// £57.00", "short by £3.00"; over/short against the expected cash where movements
    /// make one: "over by £2.00", "exact"), the rest as `moment` gives them.
    /// - Throws: `TillError.unknownPlaceholder` (naming every unknown one),
    ///   `.unclosedPlaceholder`, `.placeholderHiddenByBlind`, `.expectedOutOfRange`.
    public static func fill(_ text: String, state: TillState, summary: TillSummary, moment: NoteMoment) throws(TillError) -> String {
        let pieces = try parse(text)
        let used = Set(pieces.compactMap(\.placeholder))
        if state.isBlind, used.contains("expected") { throw .placeholderHiddenByBlind(name: "expected") }
        var values: [String: String] = ["time": moment.time, "date": moment.date, "till": moment.till]
        values["total"] = summary.total.formatted()
        values["float"] = summary.float.formatted()
        if used.contains("discrepancy") {
            // With an expected cash (movements recorded) the discrepancy is over/short
            // against it, as show and save give it; without one, the count against its float.
            if let expected = try ExpectedCash.of(state, currency: summary.currency)?.expected {
                if state.isBlind { throw .placeholderHiddenByBlind(name: "discrepancy") }
                values["discrepancy"] = try overShortText(summary.total, against: expected)
            } else {
                switch summary.standing {
                case .deposit(let amount): values["discrepancy"] = "deposit \(amount.formatted())"
                case .short(let amount): values["discrepancy"] = "short by \(amount.formatted())"
                }
            }
        }
        if used.contains("expected") {
            values["expected"] = try ExpectedCash(state: state, currency: summary.currency).expected.formatted()
        }
        return pieces.map { piece in piece.placeholder.flatMap { values[$0] } ?? piece.literal }.joined()
    }

    /// "over by £2.00", "short by £3.00" or "exact": `total` against `expected`.
    /// - Throws: `TillError.expectedOutOfRange` when the difference does not fit.
    static func overShortText(_ total: Money, against expected: Money) throws(TillError) -> String {
        guard let difference = try? total - expected,
            let magnitude = difference.isNegative ? try? difference.negated() : difference else {
            throw .expectedOutOfRange(reason: "the total counted less the expected cash does not fit in an amount")
        }
        if difference.isZero { return "exact" }
        return (difference.isNegative ? "short by " : "over by ") + magnitude.formatted()
    }

    /// The line's text before and after the placeholders, and each placeholder's name.
    struct Piece {
        var literal = ""
        var placeholder: String?
    }

    /// `text` cut into literal text and placeholders (`{{` and `}}` read as braces).
    /// - Throws: `TillError.unknownPlaceholder`, `.unclosedPlaceholder`.
    static func parse(_ text: String) throws(TillError) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var unknown: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if (character == "{" || character == "}") && next == character {
                literal.append(character)
                index += 2
                continue
            }
            guard character == "{" else {
                literal.append(character)
                index += 1
                continue
            }
            guard let close = characters[(index + 1)...].firstIndex(of: "}") else { throw .unclosedPlaceholder(offset: index) }
            let name = String(characters[(index + 1)..<close])
            if !names.contains(name), !unknown.contains(name) { unknown.append(name) }
            pieces.append(Piece(literal: literal))
            pieces.append(Piece(placeholder: name))
            literal = ""
            index = close + 1
        }
        guard unknown.isEmpty else { throw .unknownPlaceholder(names: unknown, known: names) }
        pieces.append(Piece(literal: literal))
        return pieces
    }
}
