// Note placeholders {float}, {expected}, {date}, {till} beside {time}, {total},
// {discrepancy}; {{ and }} for braces; an unknown or unclosed placeholder is refused (65)
// naming it, with the nearest known one, and nothing is added.

import Foundation
import Testing

@Suite struct TillcountPlaceholderTests {
    @Test func theNewPlaceholdersAreFilled() throws {
        let till = try TillcountExpectedTests.shift()
        let before = TillcountNotesTests.minutes(Date())
        let line = try till.ok("note", "{till} {date}: float {float}, expected {expected}, counted {total}").stdout
        let after = TillcountNotesTests.minutes(Date())
        let dates = Set([before, after].map { String($0.prefix(10)) })
        #expect(dates.contains { line == "main \($0): float £100.00, expected £219.90, counted £215.00\n" }, "\(line)")
        #expect(try till.ok("note", "{{total}} is {total}, {{{float}}}").stdout == "{total} is £215.00, {£100.00}\n")
        #expect(try till.ok("note", "a } b }} c").stdout == "a } b } c\n")
    }

    @Test func tillIsTheTillsName() throws {
        let till = try TillcountSandbox(currency: "GBP")
        #expect(try till.ok("note", "{till}").stdout == "main\n")
        #expect(try till.ok("--till", "Front Desk", "note", "{till}:").stdout == "Front Desk:\n")
        #expect(try till.ok("note", "{till}", environment: ["TILLCOUNT_TILL": "bar"]).stdout == "bar\n")
    }

    @Test func expectedIsTheFloatWhenNothingIsRecorded() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        #expect(try till.ok("note", "{expected}").stdout == "£100.00\n")
    }

    @Test func anUnknownPlaceholderIsRefusedNamingItAndNothingIsAdded() throws {
        let till = try TillcountExpectedTests.shift()
        try till.ok("note", "first")
        let before = try #require(till.stateBytes())
        let typo = try till.run("note", "counted {totl} at {time}")
        #expect(typo.status == 65)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr.hasPrefix("tillcount: error: unknown placeholder {totl}; nothing was added\n"), "\(typo.stderr)")
        #expect(typo.stderr.contains("hint: did you mean {total}?"))
        #expect(typo.stderr.contains("{{"), "the hint says how to write a brace")
        let several = try till.run("note", "{a} {b} {a}")
        #expect(several.status == 65)
        #expect(several.stderr.contains("unknown placeholders {a}, {b}"), "\(several.stderr)")
        let unclosed = try till.run("note", "total {total")
        #expect(unclosed.status == 65)
        #expect(unclosed.stderr.contains("an unclosed '{' at character 7"), "\(unclosed.stderr)")
        // A placeholder name is escaped in the message, like every error.
        let control = try till.run("note", "{\u{1B}[2J}")
        #expect(control.status == 65)
        #expect(!control.stderr.contains("\u{1B}"))
        #expect(till.stateBytes() == before)
        #expect(try till.ok("note").stdout == "first\n")
    }
}
