// The one place where PortfolioKit's errors become what portfolio prints
// (PortfolioErrorMessages): each case's message, hint and exit code, in-process.

import MoneyKit
import MoneyKitCLI
import MoneyKitPlatform
import PortfolioKit
import Testing
@testable import portfolio

@Suite struct PortfolioErrorMessageTests {
    static let at: Int64 = 1_735_732_800  // 2025-01-01 12:00 UTC

    static var cases: [(PortfolioError, String, String?, ExitCode)] {
        [
            (.noAccount(name: "Savr", known: ["Saver"], missingStore: nil), "no account named 'Savr'", "did you mean 'Saver'?", .noInput),
            (.noAccount(name: "X", known: [], missingStore: nil), "no account named 'X'",
             "there are no accounts yet; create one with 'portfolio add NAME VALUE'", .noInput),
            (.noAccount(name: "X", known: [], missingStore: "/tmp/p.sqlite"), "no account named 'X'",
             "/tmp/p.sqlite does not exist yet; create an account with 'portfolio add NAME VALUE'", .noInput),
            (.ambiguousName("cash", matches: ["Cash", "CASH"]), "'cash' matches several accounts: 'Cash', 'CASH'", "give one of them exactly", .noInput),
            (.accountGone("A"), "no account named 'A'", nil, .noInput),
            (.nameTaken(existing: "A"), "an account named 'A' already exists", "choose another name, or update it with 'portfolio update'", .dataError),
            (.renameTaken(existing: "A"), "an account named 'A' already exists", nil, .dataError),
            (.closed(account: "A", closedAt: at), "'A' was closed on \(Instant.dateTime(at))", "reopen it first with 'portfolio reopen A'", .dataError),
            (.alreadyClosed("A"), "'A' is already closed", nil, .dataError),
            (.notClosed("A"), "'A' is not closed", nil, .dataError),
            (.updateAfterClose(account: "A", updateAt: at, updateID: 3, closeAt: at - 60),
             "'A' has an update on \(Instant.dateTime(at)) (update 3), not before \(Instant.dateTime(at - 60))",
             "close it at or after its last update, or delete that update first with 'portfolio updates rm'", .dataError),
            (.noUpdate(account: "A", id: 9), "'A' has no update with id 9", "'portfolio updates A' lists them with their ids", .noInput),
            (.updateGone(account: "A", id: 9), "account 'A' has no update with id 9", "'portfolio updates A' lists them with their ids", .noInput),
            (.totalOutOfRange(.usd),
             "the total of the USD accounts is out of range (beyond -92233720368547758.08 to 92233720368547758.07 USD); no total is shown rather than a wrong one",
             "'portfolio show NAME' shows each account's updates; remove a wrong one with 'portfolio updates rm NAME ID'", .dataError),
            (.valueBeyondLimits, "the value is beyond what portfolio can add up (±9223372036854775807 minor units)", nil, .dataError),
            (.dateBeyondLimits("10000-01-01"), "the date '10000-01-01' is outside 0001-01-01 to 9999-12-31", nil, .dataError),
            (.nothingToUndo, "nothing to undo", "the last 100 changes can be undone; none is recorded in this store", .noInput),
            (.undoMismatch(description: "rm 'A'"), "the store no longer matches the last change recorded for undo (rm 'A'); nothing was undone",
             "was it changed by another program? 'portfolio export' shows what it holds", .dataError),
            (.demoNeedsEmptyStore, "the store already has accounts; the demo fills an empty one", "use another file: portfolio --db /tmp/demo.sqlite demo", .usage),
            (.tooManyPeriods, "too many periods; choose a longer --period or a shorter range", nil, .usage),
            (.fromAfterTo, "--from is after --to", nil, .usage),
            (.importFaults(source: "f.csv", shown: [ImportFault(line: 3, message: "bad")], count: 1), "f.csv: line 3: bad", "nothing was imported", .dataError),
        ]
    }

    @Test(arguments: cases.indices)
    func eachErrorHasItsMessageHintAndExitCode(index: Int) {
        let (error, message, hint, code) = Self.cases[index]
        let mapped = PortfolioErrorMessages.cliError(error, commandPath: ["table"])
        #expect(mapped.message == message)
        #expect(mapped.hint == hint)
        #expect(mapped.exitCode == code)
        #expect(mapped.usageCommandPath == (code == .usage ? ["table"] : nil))
    }

    @Test func manyBadLinesAreDetailsUnderASummary() {
        let shown = (1...20).map { ImportFault(line: $0, message: "bad") }
        let mapped = PortfolioErrorMessages.cliError(.importFaults(source: "standard input", shown: shown, count: 23))
        #expect(mapped.message == "standard input: 23 lines have errors; nothing was imported")
        #expect(mapped.hint == nil)
        #expect(mapped.details.count == 21)
        #expect(mapped.details.first == "standard input: line 1: bad")
        #expect(mapped.details.last == "… and 3 more")
    }
}
