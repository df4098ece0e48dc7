// tillcount tills: every till with its currency, total, float and status; tills rm: a
// till that holds nothing removed, as an undo step of the till the command runs in
// (see TillRemoval).

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import TillKit

struct TillsCommand {
    let context: TillContext

    /// The columns of the tills list; text shows amounts for people.
    static func columns(_ rendering: TillRendering) -> ReportColumns<TillsReport.Row> {
        ReportColumns([
            ReportColumn("name", layout: .text("TILL", minimum: 8), value: { .string($0.name.display) }),
            ReportColumn("currency", layout: .init("CURRENCY", importance: 100), value: { .string($0.currency.code) }),
            ReportColumn("total", layout: .amount("TOTAL"), value: { .string($0.summary.total.plainString) },
                         display: { TextTable.Cell(rendering.money($0.summary.total)) }),
            ReportColumn("float", layout: .amount("FLOAT"), value: { .string($0.summary.float.plainString) },
                         display: { TextTable.Cell(rendering.money($0.summary.float)) }),
            .scriptOnly("expected") { $0.summary.expected.map { .string($0.plainString) } ?? .null },
            .scriptOnly("overShort") { $0.summary.overShort.map { .string($0.plainString) } ?? .null },
            ReportColumn("status", layout: .init("STATUS", importance: 100), value: { .string($0.status.rawValue) }),
            .scriptOnly("blind") { .bool($0.isBlind) },
            .scriptOnly("updated") { $0.updated.map(JSONValue.string) ?? .null },
        ])
    }

    /// A till's expected cash from its movements; none for a blind till, whose status
    /// would tell it (it reads "counting" until its count is saved).
    static func expected(_ state: TillState, _ currency: Currency) throws -> Money? {
        state.isBlind ? nil : try ExpectedCash.of(state, currency: currency)?.expected
    }

    /// `tills rm NAME`: checked first (what it holds, whether it is kept), then asked
    /// (on a terminal; --force elsewhere), then removed.
    func remove() throws -> ExitCode {
        guard let typed = context.arguments.argument("NAME") else {
            throw CLIError.usage("missing NAME", commandPath: context.arguments.commandPath)
        }
        let name = try TillContext.tillName(typed)
        let till = context.till
        let fallback = LocaleCurrency.defaultCurrency(context.invocation.environment)
        // What would refuse it is said before asking (Till.removeTill checks it again).
        guard name != till.name else { throw TillError.tillRemovesItself(name: name.display).cliError }
        // The default till always counts as kept (its first change starts nothing new): its
        // live count is there when the list has it.
        let state = try context.tillStore.read { session -> TillState in
            let kept = name.isMain ? try session.tills.tills().contains(where: \.name.isMain) : session.tills.keeps(name)
            guard kept else { throw TillError.noTill(name: name.display).cliError }
            return try session.live(of: name).load()
        }
        let shown = state.tillName.map(TillName.init(stored:)) ?? name
        let held = TillRemoval.holdings(of: state, currency: state.currency(fallback: fallback))
        if !held.isEmpty { throw TillError.tillNotEmpty(name: shown.display, holds: held).cliError }
        guard try Confirmation.require("Remove the till '\(shown.display)'", invocation: context.invocation) else {
            context.invocation.say("Nothing removed.")
            return .ok
        }
        _ = try context.announcingNewTill {
            try till.removeTill(name, fallback: fallback, action: "tills rm \(shown.display)")
            return .ok
        }
        let undo = till.name.isMain ? "tillcount undo" : "tillcount --till '\(till.name.display)' undo"
        context.invocation.say("Removed the till '\(shown.display)'. Undo with: \(undo)")
        return .ok
    }

    func run() throws -> ExitCode {
        // The tills and the history read in one snapshot.
        let kept = try context.tillStore.read { session in try TillsReport.listed(session.tills, history: session.history) }
        let arguments = context.arguments
        if arguments.flag(TillcountSpec.tillNames) {
            for till in kept { context.out.line(till.name.display.terminalSafe) }
            return .ok
        }
        let report = try TillsReport(
            tills: kept, fallback: LocaleCurrency.defaultCurrency(context.invocation.environment),
            denominations: context.till.denominations, expected: TillsCommand.expected)
        let columns = Self.columns(context.rendering)
        let format = OutputFormat.chosen(in: arguments)
        switch format {
        case .json:
            context.out.line(JSONValue.array(columns.jsonObjects(report.rows)).serialized(pretty: true))
        case .text:
            let invocation = context.invocation
            context.out.table(columns.textTable(report.rows), maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
        case .csv, .tsv:
            for line in columns.delimitedLines(report.rows, format: format) { context.out.line(line) }
        }
        return .ok
    }
}
