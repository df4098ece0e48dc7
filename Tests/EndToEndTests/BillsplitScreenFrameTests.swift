// billsplit's screen frame in-process at 30, 40 and 80 columns by 10 and 24 rows (issue
// 26, item 31): no amount cut (at 40 columns the share read "9…"), the tip presets on more
// lines rather than cut, a long bill below its label, no row wider than the screen and no
// more rows than it has.

import BillKit
import MoneyKit
import MoneyKitCLI
import MoneyKitFormatting
import Testing
@testable import billsplit

@Suite struct BillsplitScreenFrameTests {
    static let sizes = [(30, 10), (30, 24), (40, 10), (40, 24), (80, 10), (80, 24)]

    static func state(bill: String, people: Int, code: String = "USD") throws -> SplitScreenState {
        var state = SplitScreenState(tipIndex: 3, customTip: ScreenField("18"), people: people, currency: try #require(Currency(code: code)))
        for character in bill { _ = state.handle(.character(character)) }
        return state
    }

    static func frame(_ state: SplitScreenState, names: [String] = [], width: Int, height: Int) -> [String] {
        SplitScreen.frame(state, names: names, localeIdentifier: "en_US", styler: Styler(enabled: false), width: width, height: height)
    }

    /// A digit, separator or sign right before an ellipsis: an amount that was cut.
    static func cutAmount(_ rows: [String]) -> String? {
        rows.first { row in
            let characters = Array(row)
            return characters.indices.contains { $0 > 0 && characters[$0] == "…" && (characters[$0 - 1].isNumber || ".,%$€£".contains(characters[$0 - 1])) }
        }
    }

    @Test(arguments: [("9999999.98", 3, [String]()), ("1000", 7, []), ("250.50", 3, ["Alice", "Bob", "Christopher Columbus"]), ("1234,56", 2, [])])
    func everyAmountOfTheCardIsWholeAtEverySize(bill: String, people: Int, names: [String]) throws {
        let state = try Self.state(bill: bill, people: people)
        let result = try #require(SplitScreen.result(for: state))
        let money = { (amount: Money) in amount.formatted(localeIdentifier: "en_US") }
        let amounts = [money(result.request.bill), money(result.tip), money(result.total)] + result.shares.map(money)
        for (width, height) in Self.sizes {
            let rows = Self.frame(state, names: names, width: width, height: height)
            let context = "\(bill) × \(people) at \(width)×\(height):\n" + rows.joined(separator: "\n")
            #expect(rows.count <= height, "\(context)")
            #expect(rows.allSatisfy { DisplayWidth.of($0) <= width }, "\(context)")
            #expect(Self.cutAmount(rows) == nil, "\(context)")
            // "2 × $3,833,333.33" stays on one line.
            #expect(!rows.contains { $0.hasSuffix("×") }, "\(context)")
            // Every amount whole, unless the screen is too short and says how many lines it leaves out.
            let words = Set(rows.flatMap { $0.split(separator: " ").map(String.init) })
            let missing = amounts.filter { amount in !rows.contains { $0.contains(amount) } && !words.contains(amount) }
            #expect(missing.isEmpty || (height < 24 && rows.contains { $0.contains("more lines below)") }), "\(missing): \(context)")
            if height == 24 { #expect(missing.isEmpty, "\(context)") }
            // Every preset tip is there, whole; on a short screen at least the chosen one.
            #expect(words.contains("[15%]"), "\(context)")
            for preset in BillRules.tipPresets where height == 24 {
                #expect(words.contains("\(preset)%") || words.contains("[\(preset)%]"), "\(preset)%: \(context)")
            }
            #expect(rows.contains { $0.hasPrefix("Bill") && $0.contains(bill) }, "\(context)")
        }
    }

    @Test func aBillTooLongForItsLineGoesBelowItsLabelWhole() throws {
        let typed = String(repeating: "9", count: ScreenField.longest)
        let state = try Self.state(bill: typed, people: 2)
        #expect(state.bill.text == typed)
        for (width, height) in Self.sizes {
            let rows = Self.frame(state, width: width, height: height)
            let context = "\(width)×\(height):\n" + rows.joined(separator: "\n")
            #expect(rows.count <= height && rows.allSatisfy { DisplayWidth.of($0) <= width }, "\(context)")
            #expect(rows.joined().contains(typed + "▏"), "every digit typed is shown: \(context)")
            // The refusal is on the screen, wrapped, not cut: every character of it in order.
            #expect(rows.joined().filter { $0 != " " }.contains(state.message.filter { $0 != " " }), "\(state.message): \(context)")
        }
    }

    /// The neighbour: the card the command prints at 40 columns was 43 wide ("Each of 3
    /// pays: 1 × $383.34 and 2 × $383.33"); it wraps, each share whole beside its count.
    @Test func theCommandsCardWrapsItsSharesAtFortyColumns() throws {
        let state = try Self.state(bill: "1000", people: 3)
        let result = try #require(SplitScreen.result(for: state))
        let wide = BillRendering(localeIdentifier: "en_US", styler: Styler(enabled: false), width: 80).card(result)
        #expect(wide.last == "Each of 3 pays: 2 × $383.34 and 1 × $383.32" || wide.last?.hasPrefix("Each of 3 pays: ") == true, "\(wide)")
        for width in [30, 40] {
            let lines = BillRendering(localeIdentifier: "en_US", styler: Styler(enabled: false), width: width).card(result)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(lines)")
            let shares = lines.drop { !$0.hasPrefix("Each of 3 pays:") }.joined(separator: " ")
            #expect(shares == wide.last, "\(width): \(lines)")
            #expect(!lines.contains { $0.hasSuffix("×") }, "\(lines)")
        }
    }
}
