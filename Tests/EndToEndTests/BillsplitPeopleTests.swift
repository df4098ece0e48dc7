// `--people Alice,Bob,Cara` on one bill: the names set the number of shares and name
// them in the card and in JSON (with --weights too, one per name); a bad name, a name
// twice, or a count that disagrees is a usage error (64) that saves nothing.

import Foundation
import Testing

@Suite struct BillsplitPeopleTests {
    @Test func namesSetTheNumberAndNameTheSharesInTheCard() throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["100", "--currency", "USD", "--tip", "0", "--people", "Alice,Bob,Cara"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = BillsplitE2E.squeezedLines(result.stdout)
        #expect(lines.contains("person pays"))
        #expect(lines.contains("Alice $33.34"))
        #expect(lines.contains("Bob $33.33"))
        #expect(lines.contains("Cara $33.33"))
        #expect(!lines.contains { $0.hasPrefix("Each of") })
        // The number of people is remembered, as with --people 3.
        #expect(try BillsplitE2E.preferences(BillsplitE2E.preferencesPath(sandbox))["people"] as? Int == 3)
    }

    @Test func namesWithWeightsShowEachWeightAndJSONListsTheNames() throws {
        let options = ["90", "--currency", "USD", "--tip", "0", "--people", "Ann,Bo,Cy", "--weights", "2,1,1", "--no-save"]
        let text = try BillsplitE2E.run(try Sandbox(), options)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = BillsplitE2E.squeezedLines(text.stdout)
        #expect(lines.contains("person weight pays"))
        #expect(lines.contains("Ann 2 $45.00"))
        #expect(lines.contains("Cy 1 $22.50"))

        let json = try BillsplitE2E.jsonObject(try BillsplitE2E.run(try Sandbox(), options + ["--format", "json"]).stdout)
        #expect(json["names"] as? [String] == ["Ann", "Bo", "Cy"])
        #expect(json["shares"] as? [String] == ["45.00", "22.50", "22.50"])
        #expect(json["people"] as? Int == 3)
    }

    @Test func aCountAndNamesThatAgreeAreFineAndThatDisagreeAre64() throws {
        let agree = try BillsplitE2E.run(try Sandbox(), ["10", "--currency", "USD", "-p", "2", "--people", "Ann,Bo", "--no-save", "--format", "json"])
        #expect(agree.status == 0, "\(agree.stderr)")
        #expect(try BillsplitE2E.jsonObject(agree.stdout)["names"] as? [String] == ["Ann", "Bo"])

        let sandbox = try Sandbox()
        let disagree = try BillsplitE2E.run(sandbox, ["10", "--currency", "USD", "-p", "3", "--people", "Ann,Bo"])
        #expect(disagree.status == 64)
        #expect(disagree.stderr.hasPrefix("billsplit: error: --people is given as 3 and 2 people\n"))
        #expect(disagree.stdout.isEmpty)
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)

        let weights = try BillsplitE2E.run(try Sandbox(), ["10", "--currency", "USD", "--people", "Ann,Bo", "--weights", "1,1,1"])
        #expect(weights.status == 64)
        #expect(weights.stderr.hasPrefix("billsplit: error: --people 2 and 3 weights disagree\n"))
    }

    @Test(arguments: [
        ("Ann,ann", "invalid --people 'Ann,ann': 'ann' is named twice (letter case does not tell people apart)"),
        ("Ann,,Bo", "invalid --people 'Ann,,Bo': a person's name cannot be empty or only spaces"),
        ("Ann;Bo,Cy", "invalid --people 'Ann;Bo,Cy': the name 'Ann;Bo' holds ';', which separates names"),
        ("Bo,everyone", "invalid --people 'Bo,everyone': 'everyone' cannot name a person: 'everyone' means all the people"),
        ("0", "invalid value '0' for --people: must be from 1 to 20"),
        // Without a comma it is a number: a slip is not one person called x.
        ("x", "invalid value 'x' for --people: expected a whole number"),
        ("Ann,", "invalid --people 'Ann,': a person's name cannot be empty or only spaces"),
    ])
    func aBadListIsAUsageError(value: String, message: String) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["10", "--currency", "USD", "--people", value])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("billsplit: error: \(message)\n"), "\(result.stderr)")
        #expect(BillsplitE2E.bytes(BillsplitE2E.preferencesPath(sandbox)) == nil)
    }

    @Test func aNameWithAControlCharacterIsShownEscaped() throws {
        let result = try BillsplitE2E.run(try Sandbox(), ["10", "--currency", "USD", "--people", "Ann,B\u{1B}[2Jo"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderr.contains("a person's name cannot contain control characters"))
    }

    @Test func twentyOneNamesAreTooMany() throws {
        let names = (1...21).map { "P\($0)" }.joined(separator: ",")
        let result = try BillsplitE2E.run(try Sandbox(), ["10", "--currency", "USD", "--people", names])
        #expect(result.status == 64)
        #expect(result.stderr.contains("give 1 to 20 names"))
    }
}
