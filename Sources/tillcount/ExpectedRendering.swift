// How the expected cash shows in show, report, save and the counting screen: the figures
// it is made of, over/short with the tolerance verdict, and on a blind count only the
// word that it is hidden. The values come from TillKit's CashStanding, which leaves out
// what a blind count hides, so nothing here can show it.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import TillKit

enum ExpectedRendering {
    /// The figures the expected cash is made of, as people read them; nil amounts are
    /// hidden (blind). Refunds show when there are some (a till that never refunds reads
    /// as before); scripts always get them (JSON, CSV).
    static func breakdown(_ cash: ExpectedCash, blind: Bool) -> [(String, Money?)] {
        let refunds: [(String, Money?)] = cash.refunds.minorUnits == 0 ? [] : [("Refunds", cash.refunds)]
        return [("Cash sales", blind ? nil : cash.sales), ("Paid in", cash.paidIn), ("Paid out", cash.paidOut)] + refunds
            + [("Drops", cash.drops), ("Expected", blind ? nil : cash.expected)]
    }

    /// "! beyond tolerance (£1.00)" or "within tolerance (£1.00)"; empty without a verdict.
    static func toleranceNote(_ standing: CashStanding, rendering: TillRendering) -> String {
        guard let beyond = standing.isBeyondTolerance, let tolerance = standing.tolerance else { return "" }
        return (beyond ? "! beyond tolerance" : "within tolerance") + " (\(rendering.money(tolerance.amount)))"
    }

    /// The rows of show's totals from the expected cash on: the figures, then Expected
    /// with over/short and the tolerance verdict; on a blind count, one row saying so.
    static func totalsRows(_ standing: CashStanding, rendering: TillRendering) -> [[TextTable.Cell]] {
        var rows: [[TextTable.Cell]] = []
        if standing.isBlind {
            rows.append(["Expected", "hidden", "blind count: shown once saved"])
            return rows
        }
        if let cash = standing.cash {
            for (label, amount) in breakdown(cash, blind: false).dropLast() {
                rows.append([TextTable.Cell(label), TextTable.Cell(amount.map(rendering.money) ?? ""), ""])
            }
        }
        if let expected = standing.summary.expected, let overShort = standing.summary.overShort {
            let note = [rendering.overShortText(overShort), toleranceNote(standing, rendering: rendering)].filter { !$0.isEmpty }.joined(separator: "  ")
            let beyond = standing.isBeyondTolerance == true
            rows.append([TextTable.Cell("Expected"), TextTable.Cell(rendering.money(expected)),
                         TextTable.Cell(note, style: beyond ? { rendering.styler.color($0, .red) } : nil)])
        }
        return rows
    }

    /// The report's markdown list items from the expected cash on (as totalsRows).
    static func markdownLines(_ standing: CashStanding, rendering: TillRendering) -> [String] {
        if standing.isBlind { return ["- Expected: hidden (blind count: shown once saved)"] }
        var lines: [String] = []
        if let cash = standing.cash {
            for (label, amount) in breakdown(cash, blind: false).dropLast() {
                lines.append("- \(label): \(amount.map(rendering.money) ?? "")")
            }
        }
        if let expected = standing.summary.expected, let overShort = standing.summary.overShort {
            let note = toleranceNote(standing, rendering: rendering)
            lines.append("- Expected \(rendering.money(expected)): \(rendering.overShortText(overShort))" + (note.isEmpty ? "" : ", \(note)"))
        }
        return lines
    }

    /// The JSON members beside "expected" and "overShort": the figures, the tolerance and
    /// its verdict, and "blind": true on a blind count (with nothing it hides).
    static func jsonMembers(_ standing: CashStanding) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let cash = standing.cash {
            members += [("sales", .string(cash.sales.plainString)), ("paidIn", .string(cash.paidIn.plainString)),
                        ("paidOut", .string(cash.paidOut.plainString)), ("refunds", .string(cash.refunds.plainString)),
                        ("drops", .string(cash.drops.plainString))]
        }
        if let tolerance = standing.tolerance { members.append(("tolerance", .string(tolerance.amount.plainString))) }
        if let beyond = standing.isBeyondTolerance { members.append(("beyondTolerance", .bool(beyond))) }
        if standing.isBlind { members.append(("blind", .bool(true))) }
        return members
    }

    /// The report's CSV rows after total, float and deposit/short: label and amount.
    static func csvRows(_ standing: CashStanding) -> [(String, String)] {
        var rows: [(String, String)] = []
        if let cash = standing.cash {
            rows += [("sales", cash.sales.plainString), ("paid-in", cash.paidIn.plainString),
                     ("paid-out", cash.paidOut.plainString), ("refunds", cash.refunds.plainString), ("drops", cash.drops.plainString)]
        }
        if let expected = standing.summary.expected, let overShort = standing.summary.overShort {
            rows += [("expected", expected.plainString), ("over-short", overShort.plainString)]
        }
        if let tolerance = standing.tolerance { rows.append(("tolerance", tolerance.amount.plainString)) }
        if let beyond = standing.isBeyondTolerance { rows.append(("beyond-tolerance", beyond ? "true" : "false")) }
        if standing.isBlind { rows.append(("blind", "true")) }
        return rows
    }

    /// The counting screen's figure after total, float and deposit: the expected cash with
    /// over/short ("£219.90 short by £4.90", "!" beyond the tolerance), or that it is
    /// hidden; a label and what it says, never cut (CountScreenFrame lays it out).
    static func barFigures(_ standing: CashStanding, rendering: TillRendering) -> [(label: String, amount: String)] {
        if standing.isBlind { return [("Expected", "hidden (blind)")] }
        guard let expected = standing.summary.expected, let overShort = standing.summary.overShort else { return [] }
        let flag = standing.isBeyondTolerance == true ? " !" : ""
        return [("Expected", rendering.money(expected) + " " + rendering.overShortText(overShort) + flag)]
    }

    /// What 'save' says on standard error once the count is filed: over/short against
    /// the expected cash filed with it (shown now even on a blind till), or nothing.
    static func saved(_ summary: TillSummary, tolerance: Tolerance?, rendering: TillRendering) -> String? {
        guard let expected = summary.expected, let overShort = summary.overShort else { return nil }
        let verdict = tolerance.map { ($0.isExceeded(by: overShort) ? ", ! beyond tolerance" : ", within tolerance") + " (\(rendering.money($0.amount)))" } ?? ""
        return "Expected \(rendering.money(expected)): \(rendering.overShortText(overShort))\(verdict)"
    }
}
