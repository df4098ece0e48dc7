// Till names follow the shared name rule's case folding (issue 26, item 28): "ΟΔΟΣ" and
// "οδος", "Straße" and "STRASSE" are one till; a till filed before names were folded (its
// file named by the lower-cased key) is still that till, under any spelling.

import Foundation
import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import Testing
import TillKit

@Suite struct TillNameFoldingTests {
    @Test func spellingsThatFoldAlikeAreOneTill() throws {
        #expect(try TillName(checking: "ΟΔΟΣ") == TillName(checking: "οδος"))
        #expect(try TillName(checking: "Straße").fileStem == TillName(checking: "STRASSE").fileStem)
        #expect(try TillName(checking: "İ") != TillName(checking: "I"))
        #expect(throws: TillError.self) { try TillName(checking: "front\u{200B}") }
    }

    @Test func aTillFiledUnderTheOldKeyIsFoundUnderEverySpelling() throws {
        let (directory, folder) = try TillDirectoryTests.directory()
        try Fixture.add(try TillDirectoryTests.till(directory, "Straße"), "20=2")
        // As the first name rule filed it: the lower-cased key, ß kept.
        let tills = folder + "/count.tills"
        try FileManager.default.moveItem(atPath: tills + "/strasse.json", toPath: tills + "/stra%c3%9fe.json")
        for spelling in ["Straße", "STRASSE", "strasse"] {
            let till = try TillDirectoryTests.till(directory, spelling)
            #expect(try Fixture.quantities(till) == ["20": 2], "\(spelling)")
        }
        try Fixture.add(try TillDirectoryTests.till(directory, "STRASSE"), "20=1")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tills) .filter { $0.hasSuffix(".json") } == ["stra%c3%9fe.json"])
        #expect(try directory.tills().map(\.name.display) == ["Straße"])
    }
}
