// How a count looks: the sectioned table for people (loose in green, rolls in red on a
// terminal), JSON/CSV/TSV for scripts, and the shareable report in text or markdown.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import MoneyKitFormatting
import TillKit

struct TillRendering {
    let styler: Styler
    let width: Int

    func money(_ amount: Money) -> String { amount.formatted() }

    /// "Deposit £57.00" or "Short by £3.00": never a negative deposit.
    func standing(_ summary: TillSummary) -> (label: String, amount: Money) {
        switch summary.standing {
        case .short(let amount): return ("Short by", amount)
        case .deposit(let amount): return ("Deposit", amount)
        }
    }

    func overShortText(_ difference: Money) -> String {
        if difference.isZero { return "exact" }
        if difference.isNegative, let short = try? difference.negated() { return "short by \(money(short))" }
        return "over by \(money(difference))"
    }

    /// The live count as a sectioned table, fitted to the width: labels give way,
    /// tokens, quantities and values never.
    func table(_ summary: TillSummary, showAll: Bool, standing cash: CashStanding? = nil) -> [String] {
        var table = TextTable(columns: [.text("DENOMINATION", minimum: 12), .init("TOKEN", importance: 50), .amount("QTY"), .amount("VALUE")])
        func section(_ title: String, _ lines: [TillLine], subtotal: Money, pieces: Int64, color: Styler.Color) {
            let shown = showAll ? lines : lines.filter { $0.quantity > 0 }
            guard !shown.isEmpty else { return }
            table.append([TextTable.Cell(title, style: styler.bold), "", "", ""])
            for line in shown {
                table.append([TextTable.Cell("  " + line.label, style: { styler.color($0, color) }), TextTable.Cell(line.token), TextTable.Cell(String(line.quantity)), TextTable.Cell(money(line.value))])
            }
            // Lines not shown hold 0 pieces: the section's count is the summary's.
            table.append(["  Subtotal", "", TextTable.Cell("\(pieces) pc"), TextTable.Cell(money(subtotal), style: styler.bold)])
        }
        section("Loose notes and coins", summary.loose, subtotal: summary.looseTotal, pieces: summary.loosePieces, color: .green)
        section("Rolls and bags", summary.rolls, subtotal: summary.rollTotal, pieces: summary.rollPieces, color: .red)
        if summary.counted.isEmpty && !showAll {
            table.append([TextTable.Cell("(nothing counted yet)", style: styler.dim), "", "", ""])
        }
        var lines = table.render(maxWidth: width, styleHeader: styler.dim)
        lines.append("")
        // The note is "short by £3.00": an amount, never cut.
        var totals = TextTable(columns: [.init("what"), .amount("amount"), .init("note", importance: 100)], showsHeader: false)
        totals.append([TextTable.Cell("Total"), TextTable.Cell(money(summary.total), style: styler.bold), ""])
        totals.append(["Float", money(summary.float), ""])
        let (label, amount) = standing(summary)
        totals.append([TextTable.Cell(label), TextTable.Cell(money(amount), style: label == "Short by" ? { styler.color($0, .red) } : nil), ""])
        if let cash {
            for row in ExpectedRendering.totalsRows(cash, rendering: self) { totals.append(row) }
        } else if let expected = summary.expected, let overShort = summary.overShort {
            totals.append(["Expected", money(expected), overShortText(overShort)])
        }
        lines += Self.notesBelowWhenNarrow(totals, width: width)
        return lines
    }

    /// The totals' lines: a note ("short by £3.00 ! beyond tolerance (£1.00)") beside its
    /// amount, or where the terminal is too narrow for that, on the lines under its row,
    /// indented and whole: an amount in a note is never cut either (issue 26, item 31).
    static func notesBelowWhenNarrow(_ totals: TextTable, width: Int) -> [String] {
        let beside = totals.render(maxWidth: width)
        guard beside.contains(where: { DisplayWidth.of($0) > width }) else { return beside }
        var bare = totals
        bare.rows = totals.rows.map { Array($0.prefix(2)) }
        var lines: [String] = []
        for (row, line) in zip(totals.rows, bare.render(maxWidth: width)) {
            lines.append(line)
            guard row.count > 2, !row[2].text.isEmpty else { continue }
            let note = row[2]
            lines += ScreenText.wrap("  " + TerminalText.escaped(note.text), width: width).map { note.style?($0) ?? $0 }
        }
        return lines
    }

    static func json(_ summary: TillSummary, notes: [String]? = nil, extra: [(String, JSONValue)] = []) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("currency", .string(summary.currency.code)),
            ("total", .string(summary.total.plainString)),
            ("float", .string(summary.float.plainString)),
            ("difference", .string(summary.difference.plainString)),
            ("looseTotal", .string(summary.looseTotal.plainString)),
            ("rollTotal", .string(summary.rollTotal.plainString)),
            ("lines", .array(TillColumns.lines.jsonObjects(summary.counted))),
        ]
        if let expected = summary.expected, let overShort = summary.overShort {
            members.append(("expected", .string(expected.plainString)))
            members.append(("overShort", .string(overShort.plainString)))
        }
        if let notes { members.append(("notes", .array(notes.map(JSONValue.string)))) }
        return .object(members + extra)
    }

    /// The shareable summary in markdown.
    func markdown(_ summary: TillSummary, notes: [String], date: String, standing cash: CashStanding? = nil) -> [String] {
        var lines = ["# Till count, \(date)", "", "Currency: \(summary.currency.code)", ""]
        lines.append("| Denomination | Qty | Value |")
        lines.append("| --- | ---: | ---: |")
        for line in summary.counted {
            lines.append("| \(Self.escapeMarkdown(line.label)) | \(line.quantity) | \(money(line.value)) |")
        }
        lines.append("")
        lines.append("- Loose: \(money(summary.looseTotal))")
        lines.append("- Rolls and bags: \(money(summary.rollTotal))")
        lines.append("- **Total: \(money(summary.total))**")
        lines.append("- Float: \(money(summary.float))")
        let (label, amount) = standing(summary)
        lines.append("- \(label): \(money(amount))")
        if let cash {
            lines += ExpectedRendering.markdownLines(cash, rendering: self)
        } else if let expected = summary.expected, let overShort = summary.overShort {
            lines.append("- Expected \(money(expected)): \(overShortText(overShort))")
        }
        if !notes.isEmpty {
            lines.append("")
            lines.append("## Notes")
            lines.append("")
            lines += notes.map { "- " + Self.escapeMarkdown($0) }
        }
        return lines
    }

    /// `text` for a markdown cell or list item: markdown's specials escaped, and (a report
    /// is read on a terminal too) control characters shown escaped.
    static func escapeMarkdown(_ text: String) -> String {
        var result = ""
        for character in String(text.map { $0 == "\n" ? " " : $0 }).terminalSafe {
            if "|*_`[]\\<>#".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
