// Tags: the rule (the name rule, trimmed, no comma), the stored form (unique in any case,
// the first spelling kept, sorted), tag/untag/retag as one undo step each, and the filter
// of list, sum and reset --all (several tags: every one of them).

import Testing
import MoneyKitStorage
import TallyKit

@Suite struct CounterTagsTests {
    @Test func typedTagsAreTrimmedMadeUniqueAndSorted() throws {
        #expect(try CounterTags.validate([" work ", "Home", "home", "WORK", "alpha"]) == ["alpha", "Home", "work"])
        #expect(try CounterTags.validate(["e\u{301}t\u{E9}"]) == ["\u{E9}t\u{E9}"])  // NFC
    }

    @Test(arguments: [
        ("", CounterTags.Fault.name(.empty)), ("   ", .name(.empty)), ("a,b", .comma), ("tab\there", .name(.control("\t"))),
        (String(repeating: "x", count: 101), .name(.tooLong)),
    ])
    func aTagTheRuleRefusesIsReported(tag: String, fault: CounterTags.Fault) {
        #expect(tallyError { _ = try CounterTags.validate(["ok", tag]) } == .invalidTag(tag, fault))
    }

    func tallyWithTags() throws -> Tally {
        let tally = makeTally()
        try tally.create(name: "a", settings: NewCounterSettings(tags: ["home", "Drinks"]))
        try tally.create(name: "b", settings: NewCounterSettings(tags: ["work"]))
        try tally.create(name: "c")
        return tally
    }

    @Test func newCountersKeepTheirTagsInStoredForm() throws {
        let tally = try tallyWithTags()
        #expect(try tally.counter(named: "a").tags == ["Drinks", "home"])
        #expect(try tally.counter(named: "c").tags == [])
    }

    @Test func tagUntagAndRetagAreOneUndoStepEach() throws {
        let tally = try tallyWithTags()
        try tally.tag("b", adding: ["WORK", "late"])
        #expect(try tally.counter(named: "b").tags == ["late", "work"])  // "work" kept as first spelled
        try tally.untag("b", removing: ["LATE", "never-there"])
        #expect(try tally.counter(named: "b").tags == ["work"])
        try tally.retag("b", to: ["x", "y"])
        #expect(try tally.counter(named: "b").tags == ["x", "y"])
        try tally.retag("b", to: [])
        #expect(try tally.counter(named: "b").tags == [])
        #expect(try tally.undo() == "retag b")
        #expect(try tally.undo() == "retag b")
        #expect(try tally.undo() == "untag b")
        #expect(try tally.undo() == "tag b")
        #expect(try tally.counter(named: "b").tags == ["work"])
    }

    @Test func aTagChangeThatChangesNothingRecordsNothing() throws {
        let tally = try tallyWithTags()
        try tally.tag("b", adding: ["Work"])
        try tally.untag("c", removing: ["absent"])
        #expect(try tally.undo() == "new c")
    }

    @Test func aBadTagStoresNothing() throws {
        let tally = try tallyWithTags()
        #expect(tallyError { try tally.tag("b", adding: ["ok", "no,comma"]) } == .invalidTag("no,comma", .comma))
        #expect(tallyError { try tally.create(name: "d", settings: NewCounterSettings(tags: [""])) } == .invalidTag("", .name(.empty)))
        #expect(try tally.counter(named: "b").tags == ["work"])
        #expect(try tally.list().rows.count == 3)
    }

    @Test func theFilterNeedsEveryTagInAnyCase() throws {
        let tally = try tallyWithTags()
        #expect(try tally.list(tags: ["HOME"]).rows.map(\.name) == ["a"])
        #expect(try tally.list(tags: ["home", "drinks"]).rows.map(\.name) == ["a"])
        #expect(try tally.list(tags: ["home", "work"]).rows.isEmpty)
        // An empty filtered list knows the store is not empty (issue 26, item 36).
        #expect(try tally.list(tags: ["home", "work"]).storeCount == 3)
        #expect(try tally.list(tags: ["home", "work"]).isFiltered)
        #expect(try !tally.list(tags: []).isFiltered)
        #expect(try tally.list(tags: []).rows.map(\.name) == ["c", "b", "a"])
        #expect(tallyError { _ = try tally.list(tags: ["a,b"]) } == .invalidTag("a,b", .comma))
    }
}
