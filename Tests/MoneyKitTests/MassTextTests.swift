// Weights read and written exactly (issue 15, item 11): grams as text to whole milligrams
// with the precision they were written to, no Double anywhere.

import MoneyKit
import Testing

@Suite struct MassTextTests {
    @Test(arguments: [
        ("310", Int64(310_000), Int64(1000)), ("310.5", 310_500, 100), ("310,5", 310_500, 100), ("3.56", 3_560, 10),
        ("2.268", 2_268, 1), ("0", 0, 1000), ("0.001", 1, 1), ("007", 7_000, 1000), ("1000000", 1_000_000_000, 1000),
        ("0.10", 100, 10), ("5.000", 5_000, 1), ("1 500", 1_500_000, 1000), ("1.500,5", 1_500_500, 100),
    ])
    func readsGramsExactly(text: String, milligrams: Int64, resolution: Int64) throws {
        let read = try #require(MassText.milligrams(text))
        #expect(read.milligrams == milligrams)
        #expect(read.resolution == resolution)
    }

    @Test(arguments: ["", ".5", "5.", "1.2345", "-1", "+1", "1e3", " 5", "5 ", "5g", "1.2.3", "1,2.3", "１", "٣", "1000000.001", "99999999", "0x10", "NaN",
                      // The amounts' rule (issue 26, item 3): 5,000 could be 5000 g or 5 g.
                      "5,000", "0.0010"])
    func refusesWhatIsNotAPlainWeight(text: String) {
        #expect(MassText.milligrams(text) == nil, "\(text)")
    }

    @Test func writesGramsWithoutTrailingZeros() {
        #expect(MassText.grams(5_000) == "5")
        #expect(MassText.grams(3_560) == "3.56")
        #expect(MassText.grams(2_268) == "2.268")
        #expect(MassText.grams(310_500) == "310.5")
        #expect(MassText.grams(1) == "0.001")
        #expect(MassText.grams(0) == "0")
        #expect(MassText.grams(-1_250) == "-1.25")
    }
}
