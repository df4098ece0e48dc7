// Tolerance: set for the till or given with --tolerance, over/short beyond it is flagged
// (text marker, JSON boolean, CSV row) and `show --check` exits 1; within, 0.

import Foundation
import Testing

@Suite struct TillcountToleranceTests {
    /// (tolerance, text marker, beyondTolerance, show --check): the shift is short by £4.90.
    static let cases: [(String, String, Bool, Int32)] = [
        ("5", "within tolerance (£5.00)", false, 0),
        ("4.90", "within tolerance (£4.90)", false, 0),
        ("4.89", "! beyond tolerance (£4.89)", true, 1),
        ("0", "! beyond tolerance (£0.00)", true, 1),
    ]

    @Test(arguments: cases)
    func overShortBeyondTheToleranceIsFlagged(tolerance: String, marker: String, beyond: Bool, check: Int32) throws {
        let till = try TillcountExpectedTests.shift()
        // Given for one command.
        let text = try till.ok("show", "--tolerance", tolerance).stdout
        #expect(text.range(of: #"(?m)^Expected\s+£219\.90\s+short by £4\.90\s+"# + NSRegularExpression.escapedPattern(for: marker) + "$",
                           options: .regularExpression) != nil, "\(text)")
        let json = try till.showJSON("--tolerance", tolerance)
        #expect(json["beyondTolerance"] as? Bool == beyond)
        #expect(json["tolerance"] as? String != nil)
        let checked = try till.run("show", "--check", "--tolerance", tolerance)
        #expect(checked.status == check, "\(checked.stderr)")
        #expect(checked.stdout == text)
        let report = try TillcountJSON.object(try till.ok("report", "--format", "json", "--tolerance", tolerance).stdout)
        #expect(report["beyondTolerance"] as? Bool == beyond)
        #expect(try till.ok("report", "--format", "csv", "--tolerance", tolerance).stdout.contains("beyond-tolerance,,,\(beyond)"))
        // Set for the till: the same, kept for the next command.
        try till.ok("tolerance", tolerance)
        #expect(try till.run("show", "--check").status == check)
        #expect(try till.showJSON()["beyondTolerance"] as? Bool == beyond)
    }

    @Test func theTillsToleranceIsSetPrintedClearedAndUndone() throws {
        let till = try TillcountExpectedTests.shift()
        #expect(try till.ok("tolerance").stdout == "off\n")
        #expect(try till.run("show", "--check").status == 1, "short of the expected cash, no tolerance")
        let set = try till.ok("tolerance", "10")
        #expect(set.stderr == "Tolerance £10.00: over or short by more is flagged.\n")
        #expect(try till.ok("tolerance").stdout == "10.00\n")
        #expect(try till.run("show", "--check").status == 0)
        // --tolerance stands for the till's for one command.
        #expect(try till.run("show", "--check", "--tolerance", "1").status == 1)
        #expect(try till.ok("tolerance").stdout == "10.00\n")
        // Refusals store nothing.
        let before = till.stateBytes()
        for (arguments, status) in [(["tolerance", "-1"], Int32(65)), (["tolerance", "abc"], 65), (["show", "--tolerance", "-1"], 65), (["tolerance", "1.001"], 65)] {
            let result = try till.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try till.run("tolerance", "-1").stderr.contains("the tolerance cannot be negative"))
        #expect(till.stateBytes() == before)
        try till.ok("tolerance", "off")
        #expect(try till.ok("tolerance").stdout == "off\n")
        try till.ok("undo")
        #expect(try till.ok("tolerance").stdout == "10.00\n")
        // clear keeps the setting (it is the till's, not the count's).
        try till.ok("clear", "--force")
        #expect(try till.ok("tolerance").stdout == "10.00\n")
    }

    @Test func aTillOverTheExpectedCashButShortOfTheFloatPassesTheCheck() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "200")
        try till.ok("add", "20=5")
        try till.ok("drop", "150")
        // Counted £100, float £200, dropped £150: expected £50, over by £50.
        #expect(try till.showJSON()["overShort"] as? String == "50.00")
        #expect(try till.run("show", "--check").status == 0)
        #expect(try till.run("show", "--check", "--tolerance", "49.99").status == 1)
    }
}
