import Testing
import PortfolioKit

@Suite struct AccountIDIndexTests {
    @Test func closeIdsAreFoundAtTheirPositions() {
        let index = AccountIDIndex([3, 1, 2, 7])
        #expect(index.index(of: 3) == 0)
        #expect(index.index(of: 1) == 1)
        #expect(index.index(of: 2) == 2)
        #expect(index.index(of: 7) == 3)
        for missing: Int64 in [0, 4, 5, 6, 8, -1, .min, .max] { #expect(index.index(of: missing) == nil) }
    }

    @Test func farApartIdsAreFoundToo() {
        // Ids no table could span (a hand-edited store): the dictionary serves.
        let index = AccountIDIndex([.max, .min, 0, 1_000_000_000])
        #expect(index.index(of: .max) == 0)
        #expect(index.index(of: .min) == 1)
        #expect(index.index(of: 0) == 2)
        #expect(index.index(of: 1_000_000_000) == 3)
        #expect(index.index(of: 1) == nil)
    }

    @Test func noIdsFindNothing() {
        let index = AccountIDIndex([])
        for id: Int64 in [0, 1, .min, .max] { #expect(index.index(of: id) == nil) }
    }

    @Test func aRepeatedIdKeepsItsFirstPosition() {
        #expect(AccountIDIndex([5, 5, 6]).index(of: 5) == 0)
        #expect(AccountIDIndex([.min, .min]).index(of: .min) == 0)
    }
}
