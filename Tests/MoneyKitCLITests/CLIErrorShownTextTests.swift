// An error message made as ShownText (issue 26, item 29): what this program formatted (an
// amount with an Arabic locale's direction marks) is printed as it is, while a name or an
// argument in the same message is still escaped; a plain message is escaped whole.

import Testing
import MoneyKitPlatform
@testable import MoneyKitCLI

@Suite("CLIError with shown text")
struct CLIErrorShownTextTests {
    /// An amount as an Arabic locale formats it: right-to-left marks around it.
    let amount = "\u{200F}1,234.56 د.إ.\u{200F}"
    /// A name from a store with a hidden character and an escape sequence in it.
    let name = "Cash\u{200B}\u{1B}[2J"

    @Test func formattedPartsKeepTheirMarksAndTheRestIsEscaped() {
        let error = CLIError.data("'\(name)' still holds \(formatted: amount)", hint: "close '\(name)' with --withdraw")
        #expect(error.exitCode == .dataError)
        #expect(error.shownMessage == "'Cash\\u{200B}\\x1B[2J' still holds \(amount)")
        #expect(error.shownMessage.unicodeScalars.contains("\u{200F}"), "the marks we formatted are printed")
        #expect(error.shownHint == "close 'Cash\\u{200B}\\x1B[2J' with --withdraw")
    }

    @Test func aPlainMessageIsEscapedWhole() {
        let error = CLIError.data("'\(name)' still holds \(amount)", hint: "try '\(name)'")
        #expect(error.shownMessage == "'Cash\\u{200B}\\x1B[2J' still holds \\u{200F}1,234.56 د.إ.\\u{200F}")
        #expect(error.shownHint == "try 'Cash\\u{200B}\\x1B[2J'")
        #expect(error.message == "'\(name)' still holds \(amount)", "the message itself is kept as given")
    }

    @Test func shownTextKeepsItsExitCodeAndUsage() {
        let error = CLIError("no \(formatted: amount) here", exitCode: .noInput, usageCommandPath: ["close"])
        #expect(error.exitCode == .noInput)
        #expect(error.usageCommandPath == ["close"])
        #expect(error.shownHint == nil)
    }
}
