// The reports of a counter's log, as values: its events in a range (`tally log`), its net
// change and number of events per period (`tally stats`), and the figures `show` gives
// (today, this week, all time, and the last days for a sparkline). Sums are checked: a
// net change beyond the 64-bit range is an error, never a wrap.

import MoneyKitPlatform

/// A counter's events in a range, oldest first.
public struct CounterLog: Equatable, Sendable {
    /// The counter, as it is now.
    public var counter: Counter
    /// Oldest first.
    public var events: [CounterEvent]

    /// A log of these events.
    public init(counter: Counter, events: [CounterEvent]) {
        self.counter = counter
        self.events = events
    }
}

/// The net change and number of events in one period.
public struct PeriodTotal: Equatable, Sendable {
    /// The period's start (seconds since 1970).
    public var start: Int64
    /// The period's name in local time (`CounterPeriod.label`).
    public var label: String
    /// The sum of the changes of its events.
    public var change: Int64
    /// How many events it holds.
    public var events: Int

    /// A period's figures.
    public init(start: Int64, label: String, change: Int64, events: Int) {
        self.start = start
        self.label = label
        self.change = change
        self.events = events
    }
}

/// A counter's events counted per period, every period of the range listed (empty ones as 0).
public struct CounterStats: Equatable, Sendable {
    /// The counter, as it is now.
    public var counter: Counter
    /// How the events are grouped.
    public var period: CounterPeriod
    /// Oldest first.
    public var rows: [PeriodTotal]

    /// A report of these rows.
    public init(counter: Counter, period: CounterPeriod, rows: [PeriodTotal]) {
        self.counter = counter
        self.period = period
        self.rows = rows
    }
}

/// What `show` adds to a counter: its net change today, this week and since its log
/// began, and the last days' net changes for a sparkline.
public struct CounterFigures: Equatable, Sendable {
    /// Since local midnight.
    public var today: Int64
    /// Since Monday 00:00 local time.
    public var thisWeek: Int64
    /// Every event's change.
    public var allTime: Int64
    /// How many events the log holds.
    public var events: Int
    /// The net change of each of the last days, oldest first, today last.
    public var lastDays: [Int64]

    /// Figures with every value given.
    public init(today: Int64, thisWeek: Int64, allTime: Int64, events: Int, lastDays: [Int64]) {
        self.today = today
        self.thisWeek = thisWeek
        self.allTime = allTime
        self.events = events
        self.lastDays = lastDays
    }
}

extension Tally {
    /// The most periods `stats` lists (an hourly report of 11 years).
    public static let periodLimit = 100_000

    /// The events of the counter `name` from `from` through `through` (inclusive; nil: open);
    /// a derived counter's are its sources' (see `derivedLog`).
    /// - Throws: `TallyError.notFound`, `.ambiguousName`, `.rangeEndsBeforeStart`; the repository's errors.
    public func log(of name: String, from: Int64? = nil, through: Int64? = nil) throws -> CounterLog {
        if let from, let through, through < from { throw TallyError.rangeEndsBeforeStart(from: from, through: through) }
        return try repository.read { store in
            let counter = try store.valued(store.requireCounter(named: name))
            guard counter.isDerived else {
                let events = try store.events(of: counter.serial, from: from.map(Double.init), through: through.map { Double($0) + 0.999 })
                return CounterLog(counter: counter, events: events)
            }
            let events = try store.derivedLog(of: counter).filter { event in
                from.map { event.at >= Double($0) } ?? true && through.map { event.at < Double($0) + 1 } ?? true
            }
            return CounterLog(counter: counter, events: events)
        }
    }

    /// The net change and number of events of the counter `name` per `period`, from the
    /// period holding `from` (default: the first event, else now) to the one holding
    /// `through` (default: now), every period listed; days (and the weeks and months
    /// made of them) begin `dayStart` minutes past local midnight (nil: as the store says).
    /// - Throws: `TallyError.notFound`, `.ambiguousName`, `.rangeEndsBeforeStart`,
    ///   `.tooManyPeriods`, `.netChangeOverflow`; the repository's errors.
    public func stats(of name: String, by period: CounterPeriod, from: Int64? = nil, through: Int64? = nil, dayStart: Int? = nil) throws -> CounterStats {
        let dayStart = try dayStart ?? self.dayStart()
        let log = try log(of: name, from: from, through: through)
        let end = through ?? Int64(now().rounded(.down))
        let first = from ?? log.events.first.map { Int64($0.at.rounded(.down)) } ?? end
        if end < first { throw TallyError.rangeEndsBeforeStart(from: first, through: end) }
        var rows: [PeriodTotal] = []
        var start = period.start(containing: first, dayStart: dayStart)
        var remaining = log.events[...]
        while let current = start, current <= end {
            guard rows.count < Self.periodLimit else { throw TallyError.tooManyPeriods(limit: Self.periodLimit) }
            let next = period.next(after: current, dayStart: dayStart)
            var total = PeriodTotal(start: current, label: period.label(current), change: 0, events: 0)
            while let event = remaining.first, next.map({ event.at < Double($0) }) ?? true {
                remaining.removeFirst()
                total.change = try Self.adding(event, to: total.change, counter: log.counter.name)
                total.events += 1
            }
            rows.append(total)
            start = next
        }
        return CounterStats(counter: log.counter, period: period, rows: rows)
    }

    /// The counter `name` with its figures: today, this week, all time, and the net change
    /// of each of the last `days` days, days beginning `dayStart` minutes past local
    /// midnight (nil: as the store says).
    /// - Throws: `TallyError.notFound`, `.ambiguousName`, `.netChangeOverflow`; the repository's errors.
    public func figures(of name: String, days: Int = 14, dayStart: Int? = nil) throws -> (Counter, CounterFigures) {
        let dayStart = try dayStart ?? self.dayStart()
        let log = try log(of: name)
        let moment = Int64(now().rounded(.down))
        let today = CounterPeriod.day.start(containing: moment, dayStart: dayStart) ?? moment
        let week = CounterPeriod.week.start(containing: moment, dayStart: dayStart) ?? today
        var dayStarts: [Int64] = [today]
        while dayStarts.count < max(days, 1), let earlier = CounterPeriod.day.start(containing: dayStarts[0] - 1, dayStart: dayStart) {
            dayStarts.insert(earlier, at: 0)
        }
        var figures = CounterFigures(today: 0, thisWeek: 0, allTime: 0, events: log.events.count, lastDays: Array(repeating: 0, count: dayStarts.count))
        let name = log.counter.name
        for event in log.events {
            figures.allTime = try Self.adding(event, to: figures.allTime, counter: name)
            if event.at >= Double(week) { figures.thisWeek = try Self.adding(event, to: figures.thisWeek, counter: name) }
            if event.at >= Double(today) { figures.today = try Self.adding(event, to: figures.today, counter: name) }
            if let day = dayStarts.lastIndex(where: { Double($0) <= event.at }) {
                figures.lastDays[day] = try Self.adding(event, to: figures.lastDays[day], counter: name)
            }
        }
        return (log.counter, figures)
    }

    /// `sum + event.change`, checked.
    static func adding(_ event: CounterEvent, to sum: Int64, counter: String) throws(TallyError) -> Int64 {
        guard let change = event.change else { throw .netChangeOverflow(counter: counter) }
        let (result, overflow) = sum.addingReportingOverflow(change)
        if overflow { throw .netChangeOverflow(counter: counter) }
        return result
    }
}
