// The counting screen's header names the till (issue 26, item 38), in process: the name
// is escaped as every name from a user is, the key help gives way first on a narrow
// terminal, then the name shrinks with "…"; the currency code is never cut.

import MoneyKit
import MoneyKitCLI
import Testing
import TillKit
@testable import tillcount

@Suite struct TillcountScreenHeaderTests {
    static let gbp = Currency(code: "GBP")!
    static func header(_ name: String, width: Int) -> String {
        CountScreenHeader.line(till: TillName(stored: name), currency: gbp, width: width, styler: Styler(enabled: false))
    }

    @Test func theHeaderNamesTheTillWithTheKeysWhenThereIsRoom() {
        let wide = Self.header("Front desk", width: 100)
        #expect(wide == "tillcount  Front desk · GBP" + CountScreenHeader.keys)
        #expect(Self.header("main", width: 100).hasPrefix("tillcount  main · GBP · ↑/↓ move"))
    }

    @Test(arguments: [30, 40, 80])
    func onANarrowTerminalTheKeysGiveWayThenTheNameShrinksButTheCurrencyStays(width: Int) {
        let long = String(repeating: "Long till name ", count: 6)
        let line = Self.header(long, width: width)
        #expect(DisplayWidth.of(line) <= width, "\(line)")
        #expect(line.hasPrefix("tillcount  Long till"), "\(line)")
        #expect(line.contains("… · GBP"), "\(line)")
        // A short name stays whole at 30 columns; only the keys are cut.
        let short = Self.header("Bar", width: width)
        #expect(short.hasPrefix("tillcount  Bar · GBP"), "\(short)")
        #expect(DisplayWidth.of(short) <= width, "\(short)")
    }

    @Test func aNameIsEscapedAsTextFromOutside() {
        let line = Self.header("Evil\u{1B}]0;pwned\u{07}", width: 100)
        #expect(!line.contains("\u{1B}") && !line.contains("\u{07}"), "\(line)")
        #expect(line.contains("Evil\\x1B]0;pwned\\x07"), "\(line)")
    }
}
