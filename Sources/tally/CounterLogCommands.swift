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
    /// a year, month or day given to --until reaches to its end (Instant.rangeOption). With
    /// days beginning `dayStart` minutes past midnight, a whole day, month or year begins
    /// and ends then: `--since 2026-12-05` is 06:00 that day, `--until` it 05:59:59 the next.
    func dateOption(_ option: OptionSpec, dayStart: Int = 0) throws(CLIError) -> Int64? {
        guard let text = arguments.text(option) else { return nil }
        let isEnd = option.long == "until"
        let instant = try Instant.rangeOption(text, option: "--\(option.long)", end: isEnd ? .end : .start, now: invocation.now())
        guard dayStart > 0 else { return instant }
        let now = invocation.now()
        return (isEnd ? Instant.rangeEnd(text, now: now, dayBeginningAt: dayStart) : Instant.rangeStart(text, now: now, dayBeginningAt: dayStart)) ?? instant
    }

    /// When days begin for this command, in minutes past local midnight: --day-starts, else
    /// the store's (`tally day-starts`).
    func dayStart() throws -> Int {
        guard let text = arguments.text(TallySpec.dayStarts) else { return try tally.dayStart() }
        guard let minutes = Instant.parseTimeOfDay(text) else {
            throw CLIError.usage("invalid value '\(text)' for --day-starts: expected a time of day like 06:00", commandPath: arguments.commandPath)
        }
        return minutes
    }

    /// `tally day-starts [TIME]`: prints when the store's days begin, or sets it.
    func dayStarts() throws -> ExitCode {
        guard let text = arguments.argument("TIME") else {
            out.line(Instant.timeOfDayText(try tally.dayStart()))
            return .ok
        }
        guard let minutes = Instant.parseTimeOfDay(text) else {
            throw CLIError.usage("invalid TIME '\(text)': expected a time of day like 06:00", commandPath: arguments.commandPath)
        }
        let changed = try tally.setDayStart(minutes)
        invocation.err.line("Days begin at \(Instant.timeOfDayText(minutes)).\(changed ? " Undo with: tally undo" : " (They already did.)")")
        return .ok
    }

    func log() throws -> ExitCode {
        let format = try option(TallySpec.format)
        let dayStart = try dayStart()
        let log = try tally.log(of: name, from: try dateOption(TallySpec.since, dayStart: dayStart), through: try dateOption(TallySpec.until, dayStart: dayStart))
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
        let dayStart = try dayStart()
        var stats = try tally.stats(
            of: name, by: try option(TallySpec.statsPeriod), from: try dateOption(TallySpec.since, dayStart: dayStart),
            through: try dateOption(TallySpec.until, dayStart: dayStart), dayStart: dayStart)
        if arguments.flag(TallySpec.skipEmpty) { stats.rows.removeAll { $0.events == 0 } }
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
        let (counter, figures) = try tally.figures(of: name, days: CounterFigureText.sparklineDays, dayStart: try dayStart())
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
