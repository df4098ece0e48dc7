// The denominations file's "weights" (issue 15, item 11): a coin's mass given or replaced
// per currency, read exactly; bad entries refused naming the file and entry; files
// without "weights" read as before.

import Foundation
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import Testing
import TillKit

@Suite struct CoinWeightFileTests {
    func source(_ content: String) throws -> (FileDenominationSource, String) {
        let folder = try Fixture.temporaryFolder()
        let path = folder + "/denominations.json"
        try Data(#"{"format": "tillcount-denominations", "version": 1, "content": \#(content)}"#.utf8).write(to: URL(fileURLWithPath: path))
        return (FileDenominationSource(file: JSONFileStore<DenominationFile>(path: path, createsMissingFolders: false)), path)
    }

    @Test func weightsGiveAndReplaceMassesAsStringsOrNumbers() throws {
        let (file, _) = try source(#"{"KES": {"weights": [{"coin": "5", "grams": "3.75"}, {"coin": "1", "grams": 5.5}]}, "GBP": {"weights": [{"coin": "0.20", "grams": "5.01"}]}}"#)
        let kes = try file.denominations(for: try #require(Currency(code: "KES")))
        #expect(kes.massMilligrams(ofCoin: 500) == 3_750)
        #expect(kes.massMilligrams(ofCoin: 100) == 5_500)
        #expect(kes.massMilligrams(ofCoin: 1000) == nil)
        let gbp = try file.denominations(for: Fixture.gbp)
        #expect(gbp.massMilligrams(ofCoin: 20) == 5_010)
        #expect(gbp.massMilligrams(ofCoin: 50) == 8_000)
    }

    @Test func aFileWithoutWeightsReadsAsBefore() throws {
        let (file, _) = try source(#"{"NOK": {"rolls": [{"coin": "20", "count": 25}], "add": [{"kind": "coin", "value": "0.50", "label": "50 øre"}]}}"#)
        let nok = try file.denominations(for: try #require(Currency(code: "NOK")))
        #expect(nok.massMilligrams(ofCoin: 2000) == 9_900)
        #expect(nok.massMilligrams(ofCoin: 50) == nil)
        #expect(nok.rolls.count == 1)
    }

    @Test(arguments: [
        (#"{"GBP": {"weights": [{"coin": "0.20"}]}}"#, "weights[0]: missing 'grams'"),
        (#"{"GBP": {"weights": [{"coin": "0.20", "grams": "0"}]}}"#, "weights[0]: grams '0'"),
        (#"{"GBP": {"weights": [{"coin": "0.20", "grams": "1.2345"}]}}"#, "weights[0]: grams '1.2345'"),
        (#"{"GBP": {"weights": [{"coin": "0.20", "grams": "1000.001"}]}}"#, "weights[0]: grams '1000.001'"),
        (#"{"GBP": {"weights": [{"coin": "0.20", "grams": -5}]}}"#, "weights[0]: grams '-5'"),
        (#"{"GBP": {"weights": [{"coin": "0.20", "grams": "5"}, {"coin": "0.2", "grams": "5"}]}}"#, "weights[1]: a second weight"),
        (#"{"GBP": {"weights": [{"coin": "0.30", "grams": "5"}]}}"#, "weights[0]: there is no 0.30 coin"),
        (#"{"GBP": {"weights": [{"coin": "20", "grams": "1"}]}}"#, "weights[0]: there is no 20.00 coin"),
        (#"{"GBP": {"weights": {"coin": "0.20"}}}"#, "'weights' is not a list"),
    ])
    func badWeightsAreRefusedNamingTheFileAndEntry(content: String, message: String) throws {
        let (file, path) = try source(content)
        do {
            _ = try file.denominations(for: Fixture.gbp)
            Issue.record("accepted \(content)")
        } catch let error as StoreError {
            guard case .corrupt(let named, let reason) = error else { Issue.record("\(error)"); return }
            #expect(named == path)
            #expect(reason.hasPrefix("GBP: "), "\(reason)")
            #expect(reason.contains(message), "\(reason)")
        }
    }
}
