// Every built-in denomination has a label of its own (issue 13, item 16): a note and a
// coin of one face value (the US $1) are told apart, in every currency where both exist.

import MoneyKit
import Testing

@Test(arguments: DenominationSet.builtInCurrencyCodes)
func catalogLabelsAreDistinctWithinASet(code: String) throws {
    let currency = try #require(Currency(code: code))
    let set = try #require(DenominationSet.builtIn(for: currency))
    let labels = set.denominations.map(\.label)
    #expect(Set(labels).count == labels.count, "\(code): \(labels)")
    for denomination in set.denominations where set.hasNoteAndCoin(of: denomination.minorUnits) {
        #expect(denomination.label.hasSuffix(denomination.kind == .note ? " note" : " coin"), "\(code): \(denomination.label)")
    }
}
