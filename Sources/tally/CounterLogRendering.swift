// How a counter's history looks: the columns of `tally log` (one row per event) and of
// `tally stats` (one row per period), and the figures `show` adds for people (change
// today, this week, in all, and a sparkline of the last days).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TallyKit

/// The columns of `tally log`: one row per event.
enum EventColumns {
    static var at: ReportColumn<CounterEvent> {
        ReportColumn(
            "at", layout: .init("WHEN"), value: { .string(EventColumns.stamp($0.at)) },
            display: { .init(EventColumns.localSeconds($0.at)) })
    }
    static var kind: ReportColumn<CounterEvent> { ReportColumn("kind", layout: .init("KIND")) { .string($0.kind.rawValue) } }
    static var change: ReportColumn<CounterEvent> {
        ReportColumn(
            "change", layout: .amount("CHANGE"), value: { $0.change.map(JSONValue.integer) ?? .null },
            display: { .init($0.change.map(EventColumns.signed) ?? "beyond 64 bits") })
    }
    static var count: ReportColumn<CounterEvent> { ReportColumn("count", layout: .amount("COUNT")) { .integer($0.countAfter) } }
    static var old: ReportColumn<CounterEvent> { .scriptOnly("old") { $0.oldValue.map(JSONValue.string) ?? .null } }
    static var new: ReportColumn<CounterEvent> { .scriptOnly("new") { $0.newValue.map(JSONValue.string) ?? .null } }
    static var detail: ReportColumn<CounterEvent> {
        ReportColumn("detail", layout: .text("DETAIL", minimum: 8)) { event in
            // A derived counter's log names the source that moved it (new alone).
            if event.oldValue == nil, let source = event.newValue { return .string(source) }
            guard let old = event.oldValue, let new = event.newValue else { return .string("") }
            return .string(event.kind == .step ? "\(EventColumns.signedText(old)) → \(EventColumns.signedText(new))" : "\(old) → \(new)")
        }
    }

    static let forScripts = ReportColumns([at, kind, change, count, old, new])
    static let forPeople = ReportColumns([at, kind, change, count, detail])

    /// `+3`, `-2`, `0`.
    static func signed(_ value: Int64) -> String { value > 0 ? "+\(value)" : String(value) }
    static func signedText(_ text: String) -> String { text.hasPrefix("-") ? text : "+" + text }

    /// ISO 8601 in UTC to the millisecond: `2026-11-21T10:55:28.803Z` (as the export writes it).
    static func stamp(_ seconds: Double) -> String { CounterEvent.stamp(seconds) }

    /// `2026-11-21 11:55:28` in local time.
    static func localSeconds(_ seconds: Double) -> String {
        let instant = Int64(seconds.rounded(.down))
        guard let parts = Instant.localCalendar(instant) else { return stamp(seconds) }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        return "\(Instant.localMinutes(seconds)):\(two(parts.second))"
    }
}

/// The columns of `tally stats`: one row per period.
enum PeriodColumns {
    static let forAll = ReportColumns<PeriodTotal>([
        ReportColumn("period", layout: .init("PERIOD")) { .string($0.label) },
        .scriptOnly("start") { .string(Instant.iso8601($0.start)) },
        ReportColumn("change", layout: .amount("CHANGE"), value: { .integer($0.change) }, display: { .init(EventColumns.signed($0.change)) }),
        ReportColumn("events", layout: .amount("EVENTS")) { .integer($0.events) },
    ])
}

/// The figures `show` prints for people.
enum CounterFigureText {
    static let sparklineDays = 14

    static func lines(_ figures: CounterFigures) -> [(String, String)] {
        let s = EventColumns.signed
        return [
            ("change:", "\(s(figures.today)) today, \(s(figures.thisWeek)) this week, \(s(figures.allTime)) in all (\(figures.events) event\(figures.events == 1 ? "" : "s"))"),
            ("\(sparklineDays) days:", sparkline(figures.lastDays)),
        ]
    }

    /// One block per value, from ▁ (the lowest, or 0 when none is below it) to █ (the highest).
    static func sparkline(_ values: [Int64]) -> String {
        let blocks = Array("▁▂▃▄▅▆▇█")
        guard let highest = values.max(), let lowest = values.min() else { return "" }
        let low = Double(min(lowest, 0)), high = Double(max(highest, 0))
        guard high > low else { return String(repeating: blocks[0], count: values.count) }
        // Display only: a Double scale of whole counts, never stored.
        return String(values.map { blocks[min(7, max(0, Int(((Double($0) - low) / (high - low) * 7).rounded())))] })
    }
}
