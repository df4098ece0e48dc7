// A till built from bare repositories has a stand-in store (issue 27, item 1): its session
// reads the till's own live count, though no directory keeps it, and its write keeps what
// its body did before it threw (the repositories' changes are their own).

import Testing
import TillKit

@Suite struct RepositoriesTillStoreTests {
    @Test func theSessionOfABareTillReadsItsOwnLiveCount() throws {
        let (till, _, _) = Fixture.till()
        _ = try Fixture.add(till, "20=4")
        let quantities = try till.store.read { session in try session.live(of: till.name).load().quantities.values.sorted() }
        #expect(quantities == [4])
        // Another till's name reads the (empty) directory, not this till's count.
        let other = try till.store.read { session in try session.live(of: TillName(checking: "back")).load() }
        #expect(other.isEmpty)
    }

    @Test func aFailedWriteOfABareTillKeepsWhatItsBodyDid() throws {
        let (till, live, _) = Fixture.till()
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try till.store.write("add") { session in
                try session.live(of: till.name).change { state in state.notes.append("kept") }
                throw Refused()
            }
        }
        #expect(try live.load().notes == ["kept"])
    }

    /// The rules read and change through the session the store gives them (issue 27, item 1
    /// step 3), not the repositories the till was built with.
    @Test func theRulesGoThroughTheStoresSession() throws {
        let store = InMemoryTillStore()
        let bare = InMemoryTillRepository()
        let till = Till(live: bare, history: InMemoryTillHistory(), denominations: InMemoryDenominations(), store: store)
        _ = try Fixture.add(till, "20=4")
        #expect(try store.tills.repository(for: .main).load().quantities.values.sorted() == [4])
        #expect(try bare.load().isEmpty)
        let outcome = try till.undo { _, _ in }
        #expect(outcome == .liveCount(action: "add"))
        #expect(try store.tills.repository(for: .main).load().isEmpty)
    }
}
