// Till names: the shared name rule, one till for every spelling, and file names that
// stay in their folder whatever the name.

import Foundation
import MoneyKitStorage
import Testing
import TillKit

@Suite struct TillNameTests {
    @Test func namesFollowTheSharedRule() throws {
        #expect(throws: TillError.invalidTillName(.empty)) { try TillName(checking: "") }
        #expect(throws: TillError.invalidTillName(.edgeSpace)) { try TillName(checking: " Front") }
        #expect(throws: TillError.invalidTillName(.control("\t"))) { try TillName(checking: "a\tb") }
        #expect(throws: TillError.invalidTillName(.tooLong)) { try TillName(checking: String(repeating: "x", count: 101)) }
        #expect(try TillName(checking: "Front desk").display == "Front desk")
    }

    @Test func letterCaseAndUnicodeFormDoNotTellTillsApart() throws {
        let composed = try TillName(checking: "Caf\u{E9}")
        let decomposed = try TillName(checking: "CAFE\u{301}")
        #expect(composed == decomposed)
        #expect(composed.fileStem == decomposed.fileStem)
        #expect(try TillName(checking: "MAIN").isMain)
        #expect(!(try TillName(checking: "mains").isMain))
    }

    @Test(arguments: ["../etc", "a/b", ".", "..", ".hidden", "Front desk", "Ünïcode €", "a%2fb", "x~y"])
    func fileStemsStayInTheFolderAndDecodeBack(name: String) throws {
        let till = try TillName(checking: name)
        let stem = till.fileStem
        #expect(!stem.contains("/") && !stem.contains(".") && !stem.isEmpty)
        #expect(stem.utf8.allSatisfy { $0 < 128 })
        // Escaped stems decode to the match key.
        #expect(TillName.decoding(fileStem: stem)?.key == till.key)
    }

    @Test func longNamesGetACutStemWithAHashThatTellsThemApart() throws {
        let one = try TillName(checking: String(repeating: "€", count: 90) + "a")
        let two = try TillName(checking: String(repeating: "€", count: 90) + "b")
        #expect(one.fileStem.utf8.count <= 120)
        #expect(one.fileStem != two.fileStem)
        #expect(one.fileStem.contains("~"))
        #expect(TillName.decoding(fileStem: one.fileStem) == nil)
        #expect(!one.fileStem.dropLast(17).hasSuffix("%"))
    }
}
