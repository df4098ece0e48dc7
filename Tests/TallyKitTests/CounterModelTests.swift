// The counter's goal, bounds, tags and last-change instant as stores keep them: saved and
// loaded back equal, absent in old stores (updated = created), and refused when they break
// what the commands rely on.

import Foundation
import Testing
import MoneyKitStorage
import MoneyKitPlatform
import TallyKit

@Suite struct CounterModelTests {
    static let full = Counter(
        name: "tubes", count: 12, start: 0, step: 2, pinned: true, created: "2026-11-01T10:00:00Z", serial: 1,
        goal: 50, minimum: -3, maximum: 100, tags: ["lab", "Work"], updated: "2026-11-02T08:00:00Z")

    @Test func everyNewFieldSurvivesTheJSONStore() throws {
        let document = TallyDocument(
            counters: [Self.full, counter("plain", serial: 2)], nextSerial: 3,
            undo: [UndoStep(action: "inc tubes", before: [Self.full], after: ["tubes"])])
        let loaded = try TallyDocument(storedContent: document.storedContent, version: 1)
        #expect(loaded == document)
        try loaded.checkInvariants()
    }

    @Test func aPlainCounterIsWrittenWithoutTheNewKeys() {
        let json = counterJSON(counter("plain", serial: 1))
        for key in ["goal", "min", "max", "tags", "updated"] {
            #expect(!json.contains("\"\(key)\""), "\(key) in \(json)")
        }
    }

    @Test func anOldStoreLoadsWithUpdatedEqualToCreated() throws {
        let old = """
            {"counters":[{"name":"a","count":3,"start":0,"step":1,"pinned":false,"created":"2026-11-01T10:00:00Z","serial":1}],"nextSerial":2,"undo":[]}
            """
        let document = try TallyDocument(storedContent: try JSONValue.parse(old), version: 1)
        let loaded = try #require(document.counters.first)
        #expect(loaded.updated == "2026-11-01T10:00:00Z")
        #expect(loaded.goal == nil && loaded.minimum == nil && loaded.maximum == nil && loaded.tags.isEmpty)
    }

    @Test func nullGoalAndBoundsReadAsNone() throws {
        let text = """
            {"counters":[{"name":"a","count":3,"start":0,"step":1,"pinned":false,"created":"2026-11-01T10:00:00Z","serial":1,"goal":null,"min":null,"max":null}],"nextSerial":2}
            """
        let document = try TallyDocument(storedContent: try JSONValue.parse(text), version: 1)
        #expect(document.counters.first?.goal == nil)
    }

    @Test(arguments: [
        (#""goal":"x""#, "goal"), (#""min":1.5"#, "min"), (#""tags":"a""#, "tags"), (#""tags":[1]"#, "tags"),
        (#""updated":5"#, "updated"),
    ])
    func aNewFieldOfTheWrongShapeIsRefused(member: String, key: String) {
        let text = """
            {"counters":[{"name":"a","count":3,"start":0,"step":1,"pinned":false,"created":"2026-11-01T10:00:00Z","serial":1,\(member)}],"nextSerial":2}
            """
        do {
            _ = try TallyDocument(storedContent: try JSONValue.parse(text), version: 1)
            Issue.record("accepted \(member)")
        } catch let error as StoredContentError {
            #expect(error.message.contains(key), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    static let broken: [(String, Counter, String)] = [
        ("minimum above maximum", Counter(name: "a", count: 5, start: 5, step: 1, pinned: false, created: "x", serial: 1, minimum: 9, maximum: 2), "minimum 9 is above the maximum 2"),
        ("count above the maximum", Counter(name: "a", count: 7, start: 0, step: 1, pinned: false, created: "x", serial: 1, maximum: 5), "count 7 is above the maximum 5"),
        ("count below the minimum", Counter(name: "a", count: -1, start: 0, step: 1, pinned: false, created: "x", serial: 1, minimum: 0), "count -1 is below the minimum 0"),
        ("start outside the bounds", Counter(name: "a", count: 3, start: 0, step: 1, pinned: false, created: "x", serial: 1, minimum: 1), "start 0 is below the minimum 1"),
        ("goal outside the bounds", Counter(name: "a", count: 3, start: 0, step: 1, pinned: false, created: "x", serial: 1, goal: 20, maximum: 10), "goal 20 is above the maximum 10"),
        ("tags unsorted", Counter(name: "a", count: 0, start: 0, step: 1, pinned: false, created: "x", serial: 1, tags: ["b", "a"]), "not sorted"),
        ("a tag twice in two cases", Counter(name: "a", count: 0, start: 0, step: 1, pinned: false, created: "x", serial: 1, tags: ["a", "A"]), "repeated"),
        ("an empty tag", Counter(name: "a", count: 0, start: 0, step: 1, pinned: false, created: "x", serial: 1, tags: [""]), "tag ''"),
        ("a tag with a comma", Counter(name: "a", count: 0, start: 0, step: 1, pinned: false, created: "x", serial: 1, tags: ["a,b"]), "comma"),
        ("a tag with spaces around", Counter(name: "a", count: 0, start: 0, step: 1, pinned: false, created: "x", serial: 1, tags: [" a"]), "stored form"),
    ]

    @Test(arguments: 0..<broken.count)
    func aCounterBreakingItsBoundsOrTagsIsRefused(index: Int) {
        let (situation, broken, fault) = Self.broken[index]
        for document in [
            TallyDocument(counters: [broken], nextSerial: 2),
            TallyDocument(counters: [], nextSerial: 2, undo: [UndoStep(action: "rm a", before: [broken], after: [])]),
        ] {
            do {
                _ = try InMemoryTallyRepository(document)
                Issue.record("\(situation): accepted")
            } catch {
                #expect(error.message.contains(fault), "\(situation): \(error.message)")
            }
        }
    }

    @Test func everyChangeDatesTheCounterAndUndoRestoresTheOldDate() throws {
        let repository = try store([counter("a", serial: 1)])
        let later = makeTally(repository, seconds: testNow + 3600)
        let changes: [(String, () throws -> Void)] = [
            ("inc", { try later.increment("a") }), ("dec", { try later.decrement("a") }),
            ("add", { try later.add(3, to: "a") }), ("set", { try later.set("a", to: 9) }),
            ("reset", { try later.reset("a") }), ("step", { try later.setStep("a", to: 4) }),
            ("pin", { try later.setPinned("a", true) }),
            ("feed", { _ = try later.feed("a", lines: 2, session: "feed a (pid 1)") }),
        ]
        for (what, change) in changes {
            try change()
            #expect(try later.counter(named: "a").updated == "2026-11-21T11:55:28Z", "\(what)")
            _ = try later.undo()
            #expect(try later.counter(named: "a").updated == "2026-11-01T10:00:00Z", "undo of \(what)")
        }
        try later.rename("a", to: "b")
        #expect(try later.counter(named: "b").updated == "2026-11-21T11:55:28Z")
    }

    @Test func aNewCounterIsUpdatedWhenCreated() throws {
        let tally = makeTally()
        try tally.create(name: "a")
        let made = try tally.counter(named: "a")
        #expect(made.updated == made.created)
    }

    private func counterJSON(_ counter: Counter) -> String {
        TallyDocument(counters: [counter], nextSerial: counter.serial + 1).storedContent.serialized()
    }
}
