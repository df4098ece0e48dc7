// tillcount deposit: the deposit plan (TillKit's DepositReport) rendered: what to leave in
// the drawer as the float, and what to bank.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import TillKit

struct DepositCommand {
    let context: TillContext

    func run() throws -> ExitCode {
        let (_, summary) = try context.till.summary(context.currencyChoice())
        let report = DepositReport(summary)
        let rendering = context.rendering
        let out = context.out
        let format = OutputFormat.chosen(in: context.arguments)
        switch format {
        case .json:
            let entries = TillColumns.depositEntries
            out.line(JSONValue.object([
                ("currency", .string(summary.currency.code)), ("float", .string(summary.float.plainString)),
                ("floatMade", .string(report.floatMade.plainString)), ("exact", .bool(report.exact)),
                ("deposit", .string(report.deposit.plainString)),
                ("keep", .array(entries.jsonObjects(report.keep))), ("bank", .array(entries.jsonObjects(report.bank))),
            ]).serialized(pretty: true))
        case .text:
            let styler = context.invocation.styler
            var table = TextTable(columns: [.text("DENOMINATION", minimum: 12), .amount("QTY"), .amount("VALUE")])
            table.append([TextTable.Cell("Leave in the drawer", style: styler.bold), "", ""])
            for entry in report.keep { table.append(["  " + entry.line.label, String(entry.quantity), rendering.money(entry.value)]) }
            table.append(["  Float", "", TextTable.Cell(rendering.money(report.floatMade), style: styler.bold)])
            table.append([TextTable.Cell("Bank", style: styler.bold), "", ""])
            for entry in report.bank { table.append(["  " + entry.line.label, String(entry.quantity), rendering.money(entry.value)]) }
            table.append(["  Deposit", "", TextTable.Cell(rendering.money(report.deposit), style: styler.bold)])
            out.table(table, maxWidth: context.invocation.terminal.width, styleHeader: styler.dim)
            if !report.exact {
                out.line("")
                out.line("The float of \(rendering.money(summary.float)) cannot be made exactly from what is here: \(rendering.money(report.floatMade)) is the closest below, \(rendering.money(report.gap)) short.")
            }
        case .csv, .tsv:
            let rows = report.keep.map { (place: "keep", entry: $0) } + report.bank.map { (place: "bank", entry: $0) }
            for line in TillColumns.depositRows.delimitedLines(rows, format: format) { out.line(line) }
        }
        return .ok
    }
}
