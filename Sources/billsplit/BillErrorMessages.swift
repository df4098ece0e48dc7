// Every BillKit error as billsplit reports it: the message, the hint and the exit code,
// in one place. A wrong command line is a usage error (64); a bad amount, an overflow or
// an unusable saved preference is bad data (65).

import BillKit
import MoneyKit
import MoneyKitCLI

extension BillError {
    /// The error as billsplit prints it; usage errors show the usage of `commandPath`.
    func cliError(commandPath: [String] = []) -> CLIError {
        switch self {
        case let .invalidAmount(error):
            return .data("\(error)", hint: error.hint)
        case let .negativeBill(text):
            return .data("invalid amount '\(text)': a bill cannot be negative")
        case let .calculation(error):
            return .data("\(error)")
        case let .invalidTip(text, problem):
            let reason: String
            switch problem {
            case .notAPercentage: reason = "expected a percentage such as 15 or 12.5"
            case .tooManyDecimals: reason = "at most two decimals"
            case .outOfRange: reason = "must be from \(BillsplitSpec.range(BillRules.tipRange))"
            }
            return .usage("invalid --tip '\(text)': \(reason)", commandPath: commandPath)
        case let .invalidWeights(text, problem):
            let reason: String
            switch problem {
            case .notAWeight(let part): reason = "'\(part)' is not a whole number from \(BillsplitSpec.range(BillRules.weightRange))"
            case .wrongCount: reason = "give \(BillsplitSpec.range(BillRules.peopleRange)) weights, one per person"
            case .noneAboveZero: reason = "at least one weight must be more than 0"
            }
            return .usage("invalid --weights '\(text)': \(reason)", commandPath: commandPath)
        case let .peopleAndWeightsDisagree(people, weights):
            return .usage("--people \(people) and \(weights) weights disagree", hint: "give one weight per person, or leave out --people", commandPath: commandPath)
        case let .invalidRoundUp(_, error):
            return .usage("invalid --round-up: \(error)", hint: error.hint, commandPath: commandPath)
        case let .roundUpNotPositive(text):
            return .usage("invalid --round-up '\(text)': the unit must be more than 0", commandPath: commandPath)
        case let .invalidTax(text, kind, problem):
            let reason: String
            switch problem {
            case .notAPercentage: reason = "expected a percentage such as 25 or 8.875"
            case .tooManyDecimals: reason = "at most \(BillRules.taxDecimals) decimals"
            case .outOfRange: reason = "must be from \(BillsplitSpec.range(BillRules.taxRange))"
            }
            return .usage("invalid --\(kind == .added ? "tax" : "tax-included") '\(text)': \(reason)", commandPath: commandPath)
        case let .invalidTipAmount(_, error):
            return .usage("invalid --tip-amount: \(error)", hint: error.hint, commandPath: commandPath)
        case let .negativeTipAmount(text):
            return .usage("invalid --tip-amount '\(text)': a tip cannot be negative", commandPath: commandPath)
        case let .invalidRoundTotal(_, error):
            return .usage("invalid --round-total: \(error)", hint: error.hint, commandPath: commandPath)
        case let .roundTotalNotPositive(text):
            return .usage("invalid --round-total '\(text)': the unit must be more than 0", commandPath: commandPath)
        case .roundUpAndRoundTotal:
            return .usage("--round-up and --round-total cannot be used together",
                          hint: "--round-up rounds each share; --round-total rounds the whole bill", commandPath: commandPath)
        case let .invalidSavedPreference(setting, value, source):
            return .data("\(source) holds an invalid \(setting.noun) '\(value)'; it was left untouched",
                         hint: "fix it, or forget the preferences with 'billsplit prefs --reset'")
        case let .invalidPeopleNames(text, problem):
            return .usage("invalid --people '\(text)': \(problem.explanation)",
                          hint: "give a number, or names separated by commas: --people Alice,Bob,Cara", commandPath: commandPath)
        case let .peopleCountsDisagree(counts):
            return .usage("--people is given as \(counts.map(String.init).joined(separator: " and ")) people", hint: "give the people once", commandPath: commandPath)
        case let .itemsNeedPeopleNames(count):
            return .usage("--people \(count): an itemised bill needs names, not a number",
                          hint: "name the people in the who column, or with --people Alice,Bob,Cara", commandPath: commandPath)
        case .invalidItemLines, .emptyItemisedBill:
            return itemisedBillError(source: "the bill")
        }
    }
}
