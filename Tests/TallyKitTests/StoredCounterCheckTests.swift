// Every store refuses to write a counter its reader would refuse (issue 26, item 16): one
// check, Counter.storedFault, is what each reader of a counter row applies and what each
// write of one (in memory, SQLite, PostgreSQL) applies first, so no change can leave a
// counter that every later command refuses. Run here in memory and on SQLite; on
// PostgreSQL in TallyPostgresRepositoryTests (below).

import Testing
import TallyKit

/// Writes counters that break the reader's rules straight through the seam (as a rule
/// with a missed check would) and expects each refused with nothing stored.
func expectUnreadableCountersRefused(_ repository: any TallyRepository) throws {
    let tally = Tally(repository: repository, now: { testNow })
    _ = try tally.create(name: "laps", settings: NewCounterSettings(maximum: 5))
    let before = try TallyVisibleState(repository)
    let stored = try #require(before.counters.first)

    var aboveMaximum = stored
    aboveMaximum.count = 9
    var zeroStep = stored
    zeroStep.step = 0
    var boundBelowCount = stored
    boundBelowCount.count = 4
    boundBelowCount.maximum = 3
    let cases: [(Counter, StoredCounterFault)] = [
        (aboveMaximum, .bounds(.outside(what: "count", value: 9, bound: .maximum, limit: 5))),
        (zeroStep, .zeroStep),
        (boundBelowCount, .bounds(.outside(what: "count", value: 4, bound: .maximum, limit: 3))),
    ]
    for (counter, fault) in cases {
        #expect(counter.storedFault == fault, "the reader's own check refuses it")
        let error = tallyError {
            try repository.write { store in
                try store.begin("set laps", at: testNow)
                try store.update(counter)
            }
        }
        #expect(error == .changeWouldBreakStore(counter: "laps", fault))
        #expect(try TallyVisibleState(repository) == before, "nothing was stored")
    }

    // A new counter, too.
    var blank = stored
    blank.name = " "
    blank.serial = 99
    let error = tallyError {
        try repository.write { store in
            try store.begin("new", at: testNow)
            try store.insert(blank)
        }
    }
    #expect(error == .changeWouldBreakStore(counter: " ", .emptyName))
    #expect(try TallyVisibleState(repository) == before)
    // What the reader accepts is still written.
    _ = try tally.set("laps", to: 5)
    #expect(try tally.counter(named: "laps").count == 5)
}

@Suite("A counter the reader would refuse is never written")
struct StoredCounterCheckTests {
    @Test(arguments: [TallyBackend.memory, .sqlite])
    func everyWriteIsReadBackByTheReadersRule(_ backend: TallyBackend) throws {
        let (repository, keepAlive) = try backend.makeStore()
        try withExtendedLifetime(keepAlive) { try expectUnreadableCountersRefused(repository) }
    }

    @Test func theReadersMessagesComeFromTheSameCheck() {
        let counter = Counter(name: "a", count: 7, start: 0, step: 1, pinned: false, created: "x", serial: 3, maximum: 5)
        #expect(counter.storedFault?.described(place: "counter 3", name: counter.name) == "counter 3 ('a'): the count 7 is above the maximum 5")
        #expect(StoredCounterFault.zeroStep.described(place: "counters[0]", name: "a") == "counters[0] ('a') has a step of 0")
    }
}

extension TallyPostgresRepositoryTests {
    @Test func aCounterTheReaderWouldRefuseIsNeverWrittenOnPostgreSQL() throws {
        let (repository, _) = try TallyBackend.postgres.makeStore()
        try expectUnreadableCountersRefused(repository)
    }
}
