// Import of the goal, bounds, tags and last change: read from JSON (numbers or null, a
// list of tags or one "a,b" string) and CSV (empty for none, tags in one field), checked
// as the commands check them, and stored so that an export imports back equal.

import Testing
import TallyKit

@Suite struct ImportSettingsTests {
    @Test func jsonEntriesCarryGoalBoundsTagsAndUpdated() throws {
        let text = #"""
            [{"name": "a", "count": 3, "goal": 10, "min": 0, "max": null, "tags": ["work", " Home "], "updated": "2026-11-02T00:00:00Z"},
             {"name": "b", "tags": "x,y"}]
            """#
        let read = try read(text)
        #expect(read[0].settings == ImportedSettings(goal: 10, minimum: 0, maximum: nil, tags: ["Home", "work"], updated: "2026-11-02T00:00:00Z"))
        #expect(read[1].settings == ImportedSettings(tags: ["x", "y"]))
    }

    @Test func csvRowsCarryThemToo() throws {
        let text = "name,count,goal,min,max,tags,updated\na,3,10,,20,work,2026-11-02T00:00:00Z\nb,0,,,,,\n"
        let read = try read(text, source: "in.csv")
        #expect(read[0].settings == ImportedSettings(goal: 10, minimum: nil, maximum: 20, tags: ["work"], updated: "2026-11-02T00:00:00Z"))
        #expect(read[1].settings == ImportedSettings())
    }

    @Test(arguments: [
        (#"[{"name": "a", "count": 7, "max": 5}]"#, TallyError.importBadBounds(place: "in.json: counter 1", name: "a", fault: .outside(what: "count", value: 7, bound: .maximum, limit: 5))),
        (#"[{"name": "a", "min": 2, "max": 1}]"#, .importBadBounds(place: "in.json: counter 1", name: "a", fault: .minimumAboveMaximum(minimum: 2, maximum: 1))),
        (#"[{"name": "a", "tags": ["ok", ""]}]"#, .importInvalidTag(place: "in.json: counter 1", tag: "", fault: .name(.empty))),
        (#"[{"name": "a", "tags": "ok,,x"}]"#, .importInvalidTag(place: "in.json: counter 1", tag: "", fault: .name(.empty))),
        (#"[{"name": "a", "updated": "soon"}]"#, .importBadUpdated(place: "in.json: counter 1", text: "soon")),
    ])
    func aBadSettingIsNamed(text: String, expected: TallyError) {
        #expect(importError(text) == expected)
    }

    @Test func aGoalOfTheWrongTypeIsNamed() {
        guard case .importBadEntry(let message) = importError(#"[{"name": "a", "goal": "ten"}]"#) else {
            Issue.record("not a bad entry")
            return
        }
        #expect(message.contains("goal"))
    }

    @Test func anExportImportsBackEqual() throws {
        let source = makeTally()
        try source.create(name: "a", start: 1, settings: NewCounterSettings(goal: 9, minimum: 0, maximum: 20, tags: ["t", "u"]))
        try source.increment("a")
        let exported = try source.export().counters
        let incoming = exported.map { counter in
            ImportedCounter(
                name: counter.name, count: counter.count, start: counter.start, step: counter.step, pinned: counter.pinned,
                created: counter.created,
                settings: ImportedSettings(goal: counter.goal, minimum: counter.minimum, maximum: counter.maximum, tags: counter.tags, updated: counter.updated))
        }
        let target = makeTally()
        _ = try target.importCounters(incoming, source: "x", onClash: .error)
        var back = try target.counter(named: "a")
        back.serial = exported[0].serial
        #expect(back == exported[0])
    }
}
