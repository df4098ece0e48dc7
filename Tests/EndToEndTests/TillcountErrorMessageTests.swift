// Every TillKit error as tillcount words it, in process: the message, the hint and the
// exit code, so the kit's errors keep the tool's messages byte for byte (the other
// Tillcount suites check that a process shows them).

import Testing
import MoneyKit
import MoneyKitCLI
import TillKit
@testable import tillcount

@Suite struct TillcountErrorMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let error: TillError
        let message: String
        let hint: String?
        let exitCode: ExitCode
        var testDescription: String { message }
    }

    static let gbp = Currency(code: "GBP")!
    static let usd = Currency(code: "USD")!
    static let known = ["50", "20", "10", "roll:1"]

    static let cases: [Case] = [
        Case(error: .invalidDenomination(token: "abc", currency: gbp),
             message: "invalid denomination 'abc': expected a face value such as 20 or 0.50, or roll:0.25",
             hint: "see 'tillcount denominations' for the tokens of GBP", exitCode: .dataError),
        Case(error: .unknownDenomination(token: "21", kind: nil, currency: gbp, known: known),
             message: "no note or coin '21' in GBP", hint: "did you mean '20'?", exitCode: .dataError),
        Case(error: .unknownDenomination(token: "note:7", kind: .note, currency: gbp, known: []),
             message: "no note 'note:7' in GBP", hint: "see 'tillcount denominations --currency GBP' for the tokens", exitCode: .dataError),
        Case(error: .unknownDenomination(token: "coin:7", kind: .coin, currency: gbp, known: []),
             message: "no coin 'coin:7' in GBP", hint: "see 'tillcount denominations --currency GBP' for the tokens", exitCode: .dataError),
        Case(error: .unknownDenomination(token: "roll:7", kind: .roll, currency: gbp, known: []),
             message: "no coin roll 'roll:7' in GBP", hint: "see 'tillcount denominations --currency GBP' for the tokens", exitCode: .dataError),
        Case(error: .noRollSize(coinLabel: "1p", currency: gbp, rollNote: nil),
             message: "no roll size is known for the 1p coin in GBP",
             hint: "Define one in the denominations file (see FILES in tillcount(1)).", exitCode: .noInput),
        Case(error: .noRollSize(coinLabel: "$1 coin", currency: usd, rollNote: "Rolls vary by bank."),
             message: "no roll size is known for the $1 coin in USD",
             hint: "Rolls vary by bank. Define one in the denominations file (see FILES in tillcount(1)).", exitCode: .noInput),
        Case(error: .rollNoLongerDefined(quantity: 2, token: "roll:0.07"),
             message: "the live count holds 2 × roll:0.07, but no roll size is defined for it any more",
             hint: "define the roll again in the denominations file (see FILES in tillcount(1)), or clear the count", exitCode: .dataError),
        Case(error: .countTooLarge(reason: "why"), message: "the count is too large: why", hint: nil, exitCode: .dataError),
        Case(error: .expectedOutOfRange(reason: "why"), message: "the expected cash is out of range: why", hint: "nothing was changed", exitCode: .dataError),
        Case(error: .changeWouldBreakStore(reason: "why"), message: "the change would leave a live count that cannot be read back (why)",
             hint: "nothing was changed", exitCode: .dataError),
        Case(error: .undoSaveEditedSince(action: "save", id: 4, editor: nil),
             message: "cannot undo 'save': saved count 4 has been labelled or noted since from another till, and undoing the save would delete that too",
             hint: "nothing was changed; 'tillcount history rm 4' deletes the count on purpose (undo brings it back)", exitCode: .dataError),
        Case(error: .undoSaveEditedSince(action: "save", id: 4, editor: "bob@till-2"),
             message: "cannot undo 'save': saved count 4 has been labelled or noted since by bob@till-2, and undoing the save would delete that too",
             hint: "nothing was changed; 'tillcount history rm 4' deletes the count on purpose (undo brings it back)", exitCode: .dataError),
        Case(error: .quantityOverflows(token: "0.01"), message: "too many 0.01: the quantity overflows", hint: nil, exitCode: .dataError),
        Case(error: .totalQuantityOverflows(word: "0.01=1"), message: "the quantity of 0.01=1 overflows", hint: nil, exitCode: .dataError),
        Case(error: .quantityAtLargest(token: "0.01"), message: "the quantity of 0.01 is at its largest", hint: nil, exitCode: .dataError),
        Case(error: .cannotTake(quantity: 3, token: "20", held: 2), message: "cannot take 3 × 20: the till holds 2",
             hint: "nothing was changed", exitCode: .dataError),
        Case(error: .negativeFloat, message: "the float cannot be negative", hint: nil, exitCode: .dataError),
        Case(error: .currencyMismatch(count: gbp, asked: usd, adopting: true), message: "the live count is in GBP, not USD",
             hint: "change it with 'tillcount currency USD --force', or save and clear the count first", exitCode: .usage),
        Case(error: .currencyMismatch(count: gbp, asked: usd, adopting: false), message: "the live count is in GBP, not USD",
             hint: "leave out --currency, or change the count's with 'tillcount currency USD --force'", exitCode: .usage),
        Case(error: .currencyChangeNeedsEmptyCount, message: "the count is not empty: changing the currency would misread it",
             hint: "save or clear it first, or add --force to keep the quantities of the same face values", exitCode: .usage),
        Case(error: .liveCountNotEmpty, message: "the live count is not empty",
             hint: "save or clear it first, or add --force (undo brings it back)", exitCode: .usage),
        Case(error: .valueDenominationTooLarge, message: "--value: the denomination is too large", hint: nil, exitCode: .dataError),
        Case(error: .negativeValue(text: "-1"), message: "--value -1 is negative", hint: nil, exitCode: .dataError),
        Case(error: .valueNotWhole(text: "12.50", label: "20p", below: Money(minorUnits: 1240, currency: gbp), above: Money(minorUnits: 1260, currency: gbp)),
             message: "--value 12.50 is not a whole number of 20p", hint: "12.40 or 12.60 would be", exitCode: .dataError),
        Case(error: .valueNotWhole(text: "92233720368547758.07", label: "£2", below: Money(minorUnits: Int64.max - 1, currency: gbp), above: nil),
             message: "--value 92233720368547758.07 is not a whole number of £2", hint: "92233720368547758.06 would be", exitCode: .dataError),
        Case(error: .noSavedCount(id: 9), message: "no saved count with id 9", hint: "'tillcount history' lists the saved counts", exitCode: .noInput),
        Case(error: .rollSizeUnknown(countID: 3, token: "roll:2"),
             message: "saved count 3 was saved without roll sizes, and the size of its roll:2 cannot be told",
             hint: "define the roll in the denominations file (see FILES in tillcount(1)) as it was when the count was saved", exitCode: .dataError),
        Case(error: .savedCountTooLarge(countID: 3, reason: "why"), message: "saved count 3 is too large: why", hint: nil, exitCode: .dataError),
        Case(error: .nothingToUndo(limit: 100), message: "nothing to undo",
             hint: "the last 100 changes of each till can be undone; none is recorded for this one", exitCode: .noInput),
        // tills rm (issue 26, item 38).
        Case(error: .tillNotEmpty(name: "Front", holds: [.counted(lines: 2), .float(Money(minorUnits: 5000, currency: gbp)), .movements(1), .notes(3)]),
             message: "the till 'Front' is not empty: it holds 2 denominations counted, a float of 50.00 GBP, 1 movement (sale, paid-in, paid-out, refund or drop), 3 lines of notes",
             hint: "empty it first: 'tillcount --till 'Front' save' files its count if it is to be kept, 'clear --force' empties it (notes and movements too), 'float 0' sets its float to 0",
             exitCode: .dataError),
        Case(error: .noTill(name: "Bar"), message: "no till 'Bar' is kept", hint: "'tillcount tills' lists the tills", exitCode: .noInput),
        Case(error: .tillRemovesItself(name: "Front"),
             message: "cannot remove the till 'Front' from itself: the undo step is a step of the till the command runs in",
             hint: "run it from another till (--till, or unset TILLCOUNT_TILL): tillcount --till main tills rm 'Front'", exitCode: .dataError),
        Case(error: .tillChangedMeanwhile(name: "Front"), message: "the till 'Front' changed while it was being removed; nothing was removed",
             hint: "try again", exitCode: .busy),
    ]

    @Test(arguments: cases)
    func eachErrorIsWordedOnce(_ example: Case) {
        let error = example.error.cliError
        #expect(error.message == example.message)
        #expect(error.hint == example.hint)
        #expect(error.exitCode == example.exitCode)
        // Usage errors show the usage line; the others do not.
        #expect((error.usageCommandPath != nil) == (example.exitCode == .usage))
    }

    @Test func undoSaysWhatARevertedStepDid() {
        let rm = HistoryStep(change: .rm, id: 3, key: "ab", at: "2026-01-01T00:00:00Z", action: "history rm 3")
        let save = HistoryStep(change: .save, id: nil, key: "cd", at: "2026-01-01T00:00:00Z", action: "save")
        #expect(TillErrorMessages.effect(of: .restored(id: 3)) == " (saved count 3 is back in the history).")
        #expect(TillErrorMessages.effect(of: .removed(id: 4)) == " (saved count 4 is removed from the history; the live count is unchanged).")
        #expect(TillErrorMessages.effect(of: .deletedAlready(id: 5)) == " (saved count 5 is deleted already).")
        #expect(TillErrorMessages.skipped(rm, .stepNotFound(rm, store: "/h.sqlite"))
            == "skipped the undo step 'history rm 3': saved count 3 is not deleted in /h.sqlite (the command did not finish, or it is back already)")
        #expect(TillErrorMessages.skipped(save, .stepNotFound(save, store: "/h.sqlite"))
            == "skipped the undo step 'save': /h.sqlite holds no count this save made (the command did not finish, or it is gone already)")
    }

    /// (token, exit code, message, part of the hint or nil): every token error of a GBP till
    /// as the kit finds it and the tool words it (TillcountErrorTests runs some through
    /// the process).
    static let tokenErrors: [(String, ExitCode, String, String?)] = [
        ("25", .dataError, "no note or coin '25' in GBP", "did you mean '20'?"),
        ("0.25", .dataError, "no note or coin '0.25' in GBP", "did you mean '0.20'?"),
        ("roll:0.25", .dataError, "no coin roll 'roll:0.25' in GBP", "did you mean 'roll:0.20'?"),
        ("roll:7", .dataError, "no coin roll 'roll:7' in GBP", "did you mean 'roll:2'?"),
        ("200", .dataError, "no note or coin '200' in GBP", "did you mean '20'?"),
        ("coin:20", .dataError, "no coin 'coin:20' in GBP", "tillcount denominations --currency GBP"),
        ("note:1", .dataError, "no note 'note:1' in GBP", nil),
        ("20x", .dataError, "invalid denomination '20x'", "tillcount denominations"),
        ("2O", .dataError, "invalid denomination '2O'", nil),
        ("roll:", .dataError, "invalid denomination 'roll:'", nil),
        ("0", .dataError, "invalid denomination '0'", nil),
        ("0.005", .dataError, "invalid denomination '0.005'", nil),
    ]

    @Test(arguments: tokenErrors)
    func everyTokenErrorIsWorded(token: String, exitCode: ExitCode, message: String, hint: String?) {
        do {
            _ = try DenominationToken.parse(token, set: DenominationSet.tillDefault(for: Self.gbp), currency: Self.gbp)
            Issue.record("'\(token)' was accepted")
        } catch {
            let cli = error.cliError
            #expect(cli.exitCode == exitCode)
            #expect(cli.message.hasPrefix(message), "\(cli.message)")
            if let hint { #expect(cli.hint?.contains(hint) == true, "\(cli.hint ?? "no hint")") }
        }
    }
}
