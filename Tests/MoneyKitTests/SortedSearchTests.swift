// partitionPoint(where:): the one halving search of sorted tables and series (currencies
// by code, rates and values by instant), checked against a walk from the start.

import Testing
@testable import MoneyKit

struct SortedSearchTests {
    @Test(arguments: [[], [1], [1, 1, 1], [1, 2, 3, 4, 5], [1, 3, 3, 3, 7, 9, 9], Array(0..<100).map { $0 * 2 }])
    func theFirstAfterIsWhatAWalkFinds(sorted: [Int]) {
        for probe in -1...(sorted.last ?? 0) + 1 {
            let walked = sorted.firstIndex(where: { $0 > probe }) ?? sorted.endIndex
            #expect(sorted.partitionPoint(where: { $0 > probe }) == walked, "\(probe) in \(sorted)")
        }
    }

    @Test func aSliceAnswersInItsOwnIndices() {
        let slice = [5, 6, 7, 8, 9][2...]
        #expect(slice.partitionPoint(where: { $0 >= 8 }) == 3)
        #expect(slice.partitionPoint(where: { $0 > 100 }) == 5)
        #expect(slice.partitionPoint(where: { _ in true }) == 2)
    }

    @Test func everyCurrencyAndWithdrawnCodeIsFoundAndNoOtherIs() {
        for currency in Currency.all + Currency.withdrawn {
            #expect(Currency(code: currency.code) == currency)
            #expect(Currency(code: currency.code.lowercased()) == currency)
        }
        for code in ["", "A", "AAA", "ZZZ", "US", "USDD", "AED0"] { #expect(Currency(code: code) == nil, "\(code)") }
    }
}
