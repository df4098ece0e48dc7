// tally log, tally stats and the figures `show` adds: a counter's events and their sums
// per period, from TallyKit's reports (CounterLog, CounterStats, CounterFigures), shown
// through their columns and text (CounterLogRendering.swift). Dates
// are read as portfolio reads them (Instant.parse; --until a date alone: to the end of
// that day).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TallyKit

extension TallyCommands {
    /// An instant from --since/--until text (nil when absent), or exit 65 naming the option:
    /// a year, month or day given to --until reaches to its end (Instant.rangeOption).
    func dateOption(_ option: OptionSpec) throws(CLIError) -> Int64? {
        guard let text = arguments.text(option) else { return nil }
        return try Instant.rangeOption(text, option: "--\(option.long)", end: option.long == "until" ? .end : .start, now: invocation.now())
    }

    func log() throws -> ExitCode {
        let format = try option(TallySpec.format)
        let log = try tally.log(of: name, from: try dateOption(TallySpec.since), through: try dateOption(TallySpec.until))
        switch format {
        case .json: out.line(JSONValue.array(EventColumns.forScripts.jsonObjects(log.events)).serialized(pretty: true))
        case .csv, .tsv: for line in EventColumns.forScripts.delimitedLines(log.events, format: format) { out.line(line) }
        case .text:
            if log.events.isEmpty {
                invocation.err.line("No events for '\(log.counter.name)' in this range.".terminalSafe)
                return .ok
            }
            let table = EventColumns.forPeople.textTable(log.events)
            out.table(table, maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
        }
        return .ok
    }

    func stats() throws -> ExitCode {
        let format = try option(TallySpec.format)
        let stats = try tally.stats(
            of: name, by: try option(TallySpec.statsPeriod), from: try dateOption(TallySpec.since), through: try dateOption(TallySpec.until))
        switch format {
        case .json: out.line(JSONValue.array(PeriodColumns.forAll.jsonObjects(stats.rows)).serialized(pretty: true))
        case .csv, .tsv: for line in PeriodColumns.forAll.delimitedLines(stats.rows, format: format) { out.line(line) }
        case .text:
            let table = PeriodColumns.forAll.textTable(stats.rows)
            out.table(table, maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
        }
        return .ok
    }

    func show() throws -> ExitCode {
        let format = try option(TallySpec.format)
        let (counter, figures) = try tally.figures(of: name, days: CounterFigureText.sparklineDays)
        switch format {
        case .json:
            guard case .object(var fields) = CounterColumns.forScripts.jsonObject(counter) else { return .ok }
            fields += [
                ("today", .integer(figures.today)), ("this_week", .integer(figures.thisWeek)),
                ("all_time", .integer(figures.allTime)), ("events", .integer(figures.events)),
                ("last_days", .array(figures.lastDays.map(JSONValue.integer))),
            ]
            out.line(JSONValue.object(fields).serialized(pretty: true))
        case .text:
            rendering.printDetail(counter, format: .text, extraLines: CounterFigureText.lines(figures))
        case .csv, .tsv:
            rendering.printDetail(counter, format: format)
        }
        return .ok
    }
}
