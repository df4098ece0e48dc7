// The messages of the expected-cash, tolerance and note-placeholder errors: message,
// hint and exit code, as TillErrorMessages.swift words the others.

import MoneyKit
import MoneyKitCLI
import TillKit

extension TillError {
    /// The expected-cash, tolerance and placeholder errors (issue 15), kept apart so the
    /// switch in TillErrorMessages.swift stays as it was.
    var cashError: CLIError {
        switch self {
        case .movementAmount(let kind, let isZero):
            return .data(isZero ? "a \(kind.rawValue) must be above 0" : "a \(kind.rawValue) cannot be negative",
                         hint: kind == .paidOut || kind == .paidIn ? "money going the other way is a \(kind == .paidIn ? "paid-out" : "paid-in")" : nil)
        case .reasonRequired(let kind):
            return CLIError("a \(kind.rawValue) needs a reason", hint: "e.g. tillcount \(kind.rawValue) 12.50 --reason \(kind == .refund ? "'returned kettle'" : "milk")", exitCode: .usage)
        case .reasonTooLong(let limit):
            return .data("the reason is longer than \(limit) characters")
        case .tooManyMovements(let limit):
            return .data("the live count already holds \(limit) movements", hint: "record a running figure instead (e.g. 'tillcount sales --set AMOUNT')")
        case .noMovement(let number, let count):
            return CLIError(
                "no movement \(number): the live count holds \(count == 0 ? "none" : count == 1 ? "1" : "\(count) (1 to \(count))")",
                hint: "'tillcount movements' lists them", exitCode: .noInput)
        case .negativeTolerance:
            return .data("the tolerance cannot be negative")
        case .unknownPlaceholder(let names, let known):
            let listed = names.map { "{\($0)}" }.joined(separator: ", ")
            let suggestion = names.first.flatMap { Suggestions.closest(to: $0, among: known) }
            return .data(
                "unknown placeholder\(names.count == 1 ? "" : "s") \(listed); nothing was added",
                hint: (suggestion.map { "did you mean {\($0)}? " } ?? "")
                    + "known: " + known.map { "{\($0)}" }.joined(separator: " ") + "; write {{ and }} for literal braces")
        case .unclosedPlaceholder(let offset):
            return .data("an unclosed '{' at character \(offset + 1); nothing was added", hint: "write {{ for a literal brace")
        case .placeholderHiddenByBlind(let name):
            return .usage("{\(name)} cannot be used on a blind till: it would show what the count hides", hint: "it is shown once the count is saved ('tillcount history show ID')")
        default:
            return CLIError("\(self)", exitCode: .dataError)  // never: the switch above sends only these here
        }
    }
}
