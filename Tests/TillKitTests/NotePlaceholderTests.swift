// Note placeholders: every known one filled, {{ and }} for braces, an unknown or unclosed
// one refused naming it (never kept raw), {expected} refused on a blind till.

import Foundation
import MoneyKit
import Testing
import TillKit

@Suite struct NotePlaceholderTests {
    static let moment = NoteMoment(time: "2026-11-23 17:30", till: "front")

    @Test func everyPlaceholderIsFilled() throws {
        let (till, live) = try TillBlindToleranceTests.till()
        let (_, summary) = try till.summary(Fixture.choice())
        let filled = try NotePlaceholders.fill(
            "{time}|{date}|{till}|{total}|{float}|{expected}|{discrepancy}", state: live.state, summary: summary, moment: Self.moment)
        // With sales recorded, the discrepancy is over/short against the expected cash (issue 26, item 33).
        #expect(filled == "2026-11-23 17:30|2026-11-23|front|£215.00|£100.00|£220.00|short by £5.00")
        // Through the till: the line is kept as filled.
        let added = try till.addNote("{till} at {date}: {expected}", action: "note", currency: Fixture.choice(), time: "t", moment: Self.moment)
        #expect(added == "front at 2026-11-23: £220.00")
        #expect(live.state.notes == [added])
    }

    @Test func expectedIsTheFloatWhenNothingIsRecorded() throws {
        let (till, live, _) = try TillExpectedCashTests.till()
        let (_, summary) = try till.summary(Fixture.choice())
        #expect(try NotePlaceholders.fill("{expected}", state: live.state, summary: summary, moment: Self.moment) == "£100.00")
    }

    @Test func bracesAreWrittenDoubled() throws {
        let (till, live, _) = try TillExpectedCashTests.till()
        let (_, summary) = try till.summary(Fixture.choice())
        let fill = { (text: String) throws(TillError) -> String in
            try NotePlaceholders.fill(text, state: live.state, summary: summary, moment: Self.moment)
        }
        #expect(try fill("{{total}} is {total}") == "{total} is £215.00")
        #expect(try fill("a }} b } c {{") == "a } b } c {")
        #expect(try fill("{{{total}}}") == "{£215.00}")
        #expect(try fill("") == "")
        #expect(try fill("no braces") == "no braces")
    }

    @Test func anUnknownOrUnclosedPlaceholderIsRefusedNaming() throws {
        let (till, live, _) = try TillExpectedCashTests.till()
        let (_, summary) = try till.summary(Fixture.choice())
        let fill = { (text: String) throws(TillError) -> String in
            try NotePlaceholders.fill(text, state: live.state, summary: summary, moment: Self.moment)
        }
        #expect(throws: TillError.unknownPlaceholder(names: ["totl"], known: NotePlaceholders.names)) { try fill("{totl}") }
        #expect(throws: TillError.unknownPlaceholder(names: ["a", "Total", ""], known: NotePlaceholders.names)) {
            try fill("{total} {a} {Total} {a} {}")
        }
        #expect(throws: TillError.unclosedPlaceholder(offset: 6)) { try fill("total {total") }
        #expect(throws: TillError.unclosedPlaceholder(offset: 0)) { try fill("{") }
        // Through the till: nothing is added.
        let before = live.state
        #expect(throws: TillError.self) { try till.addNote("{totl}", action: "note", currency: Fixture.choice(), time: "t") }
        #expect(live.state == before)
    }

    @Test func expectedIsRefusedOnABlindTill() throws {
        let (till, live) = try TillBlindToleranceTests.till()
        try till.setBlind(true, action: "blind on")
        let before = live.state
        #expect(throws: TillError.placeholderHiddenByBlind(name: "expected")) {
            try till.addNote("{expected}", action: "note", currency: Fixture.choice(), time: "t")
        }
        #expect(live.state == before)
        #expect(try till.addNote("{total}", action: "note", currency: Fixture.choice(), time: "t") == "£215.00")
    }
}
