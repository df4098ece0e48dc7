// Every BillKit error as billsplit words it, in process: the message, the hint and the
// exit code (64 for the command line, 65 for data), so the kit's errors keep the tool's
// messages byte for byte (BillsplitErrorTests checks a process shows them).

import Testing
import MoneyKit
import MoneyKitCLI
import BillKit
@testable import billsplit

@Suite struct BillsplitErrorMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let error: BillError
        let message: String
        let hint: String?
        let exitCode: ExitCode
        var testDescription: String { message }
    }

    static let cases: [Case] = [
        Case(error: .invalidAmount(.tooManyDecimals(input: "12.345", currency: "USD", allowed: 2)),
             message: "invalid amount '12.345': USD amounts have at most 2 decimals", hint: MoneyError.tooManyDecimals(input: "12.345", currency: "USD", allowed: 2).hint, exitCode: .dataError),
        Case(error: .negativeBill("-5"), message: "invalid amount '-5': a bill cannot be negative", hint: nil, exitCode: .dataError),
        Case(error: .calculation(.overflow(operation: "addition")), message: MoneyError.overflow(operation: "addition").description, hint: nil, exitCode: .dataError),
        Case(error: .invalidTip("abc", .notAPercentage), message: "invalid --tip 'abc': expected a percentage such as 15 or 12.5", hint: nil, exitCode: .usage),
        Case(error: .invalidTip("12.345", .tooManyDecimals), message: "invalid --tip '12.345': at most two decimals", hint: nil, exitCode: .usage),
        Case(error: .invalidTip("51", .outOfRange), message: "invalid --tip '51': must be from 0 to 50", hint: nil, exitCode: .usage),
        Case(error: .invalidWeights("2,-1", .notAWeight("-1")), message: "invalid --weights '2,-1': '-1' is not a whole number from 0 to 1000000", hint: nil, exitCode: .usage),
        Case(error: .invalidWeights("1", .wrongCount), message: "invalid --weights '1': give 1 to 20 weights, one per person", hint: nil, exitCode: .usage),
        Case(error: .invalidWeights("0,0", .noneAboveZero), message: "invalid --weights '0,0': at least one weight must be more than 0", hint: nil, exitCode: .usage),
        Case(error: .peopleAndWeightsDisagree(people: 3, weights: 2), message: "--people 3 and 2 weights disagree",
             hint: "give one weight per person, or leave out --people", exitCode: .usage),
        Case(error: .roundUpNotPositive("0"), message: "invalid --round-up '0': the unit must be more than 0", hint: nil, exitCode: .usage),
        Case(error: .invalidSavedPreference(setting: .currency, value: "ZZZ", source: "/c/p.json"),
             message: "/c/p.json holds an invalid currency 'ZZZ'; it was left untouched",
             hint: "fix it, or forget the preferences with 'billsplit prefs --reset'", exitCode: .dataError),
        Case(error: .invalidSavedPreference(setting: .tipPercent, value: "99", source: "/c/p.json"),
             message: "/c/p.json holds an invalid tip '99'; it was left untouched",
             hint: "fix it, or forget the preferences with 'billsplit prefs --reset'", exitCode: .dataError),
    ]

    @Test(arguments: cases)
    func eachErrorIsWordedOnce(_ example: Case) {
        let error = example.error.cliError(commandPath: [])
        #expect(error.message == example.message)
        #expect(error.hint == example.hint)
        #expect(error.exitCode == example.exitCode)
        // Usage errors show the usage line; data errors do not.
        #expect((error.usageCommandPath != nil) == (example.exitCode == .usage))
    }

    @Test func anInvalidRoundUpUnitQuotesTheAmountsError() throws {
        let usd = try #require(Currency(code: "USD"))
        let error = #expect(throws: BillError.self) { try BillRules.roundUpUnit("0.001", currency: usd) }
        let worded = try #require(error).cliError()
        #expect(worded.message.hasPrefix("invalid --round-up: invalid amount '0.001'"))
        #expect(worded.exitCode == .usage)
    }
}
