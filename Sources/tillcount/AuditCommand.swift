// tillcount audit: the audit trail (TillKit's TillAuditEntry): who turned blind mode on
// and off, revealed a blind count, undid a change, and when; every till's, or --till's,
// from --since on; a table for people, JSON, CSV and TSV for scripts. Names and details
// are shown escaped.

import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TillKit

struct AuditCommand {
    let context: TillContext

    var arguments: ParsedArguments { context.invocation.arguments }

    /// The trail's columns: the time in local time for people, ISO 8601 UTC for scripts.
    static let columns = ReportColumns<TillAuditEntry>([
        ReportColumn("at", layout: .init("WHEN"), value: { .string($0.at) },
                     display: { TextTable.Cell(Instant.parseISO8601($0.at).map(Instant.localMinutes) ?? $0.at) }),
        ReportColumn("till", layout: .text("TILL", minimum: 4)) { .string($0.till) },
        ReportColumn("who", layout: .text("WHO", minimum: 4)) { .string($0.who) },
        ReportColumn("action", layout: .init("ACTION")) { .string($0.action.rawValue) },
        ReportColumn("detail", layout: .text("DETAIL", minimum: 8)) { .string($0.detail) },
    ])

    func run() throws -> ExitCode {
        let invocation = context.invocation
        let since = try arguments.text(TillcountSpec.auditSince).map { text throws(CLIError) in
            try Instant.rangeOption(text, option: "--since", end: .start, now: invocation.now())
        }
        let entries = try context.till.auditTrail(till: try arguments.text(TillcountSpec.till).map(TillContext.tillName), since: since)
        let format = OutputFormat.chosen(in: arguments)
        switch format {
        case .json: context.out.line(JSONValue.array(Self.columns.jsonObjects(entries)).serialized(pretty: true))
        case .csv, .tsv: for line in Self.columns.delimitedLines(entries, format: format) { context.out.line(line) }
        case .text:
            guard !entries.isEmpty else {
                invocation.say("Nothing in the audit trail yet: blind on and off, revealing a blind count and undo are kept.")
                return .ok
            }
            context.out.table(Self.columns.textTable(entries), maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
        }
        return .ok
    }
}
