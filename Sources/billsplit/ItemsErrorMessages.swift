// How `billsplit items` words a bill it cannot read: every bad line by number (one as
// the message itself, several as lines under a summary), all bad data (65).

import BillKit
import MoneyKit
import MoneyKitCLI
import MoneyKitStorage

extension BillError {
    /// The error of an itemised bill read from `source` ("lunch.csv", "standard input").
    func itemisedBillError(source: String) -> CLIError {
        switch self {
        case .emptyItemisedBill:
            return .data("\(source) has no items", hint: "one item a line: item,amount,who (who: a name, names separated by ';', or everyone)")
        case let .invalidItemLines(faults, count):
            let lines = faults.map { "\(source): line \($0.line): \(Self.explanation($0.problem))" }
            if count == 1, let only = lines.first { return .data(only, hint: Self.itemsHint) }
            var error = CLIError.data("\(source): \(count) lines cannot be read", hint: Self.itemsHint)
            error.details = lines + (count > faults.count ? ["… and \(count - faults.count) more"] : [])
            return error
        default:
            return cliError()
        }
    }

    static let itemsHint = "each line is item,amount,who; who is a name, names separated by ';', or everyone"

    /// What is wrong with one line, in words.
    static func explanation(_ problem: ItemLineProblem) -> String {
        switch problem {
        case let .fieldCount(count, separator):
            return "expected 3 fields (item,amount,who), found \(count)" + (separator.map { " (\(CSVSeparatorGuess.hint(separator: $0)))" } ?? "")
        case .noItem: return "the item is blank"
        case let .amount(_, error): return "\(error)"
        case let .negativeAmount(text): return "invalid amount '\(text)': an item cannot cost less than 0"
        case .nobody: return "the item is shared by nobody (the who field is blank)"
        case .everyoneButNoPeople: return "'everyone' shares the item, but no one is named (name people on other lines or with --people)"
        case .everyoneWithNames: return "'everyone' cannot be mixed with names"
        case let .name(problem): return problem.explanation
        case let .tooManyPeople(name): return """
            '\(name)' would be person \(BillRules.peopleRange.upperBound + 1): a bill is split among \
            at most \(BillRules.peopleRange.upperBound)
            """
        case .tooLarge: return "the items add up to more than an amount can hold"
        }
    }
}
