// A named counter: a count that moves by a step, with the start it resets to, an
// optional goal and bounds (CounterBounds.swift), tags (CounterTags.swift) and the instant
// of its last change. A derived counter (CounterFormula.swift) keeps a formula instead of
// a count: its count, start and step are stored as 0, 0 and 1 and mean nothing; its count
// is worked out from its sources when it is shown (DerivedCounters.swift).

import MoneyKitStorage
import MoneyKitPlatform

/// One named counter, as every repository stores it.
public struct Counter: Equatable, Sendable {
    /// As stored (NFC); unique among the counters in any letter case.
    public var name: String
    /// The count now.
    public var count: Int64
    /// Where `reset` puts the count back.
    public var start: Int64
    /// What inc adds and dec subtracts; never 0, may be negative.
    public var step: Int64
    /// Pinned counters list first.
    public var pinned: Bool
    /// Creation instant, ISO 8601 UTC (`2026-11-21T10:55:28Z`).
    public var created: String
    /// Creation order, to break ties between counters created in the same second.
    public var serial: Int64
    /// A count to reach (shown as `12/50`), or nil.
    public var goal: Int64?
    /// The lowest count allowed, or nil; a change below it is refused.
    public var minimum: Int64?
    /// The highest count allowed, or nil; a change above it is refused.
    public var maximum: Int64?
    /// Tags in their stored form: checked, unique in any letter case, sorted (`CounterTags`).
    public var tags: [String]
    /// The instant of the last change, in the form of `created`; `created` in a store
    /// written before it was kept.
    public var updated: String
    /// What a derived counter is worked out from; nil for a counter that keeps its count.
    public var formula: CounterFormula?

    /// A derived counter's formula by name ("in - out"), filled in by the reads that show
    /// it (`TallyStoreReading.valued`); nil otherwise. Never stored: names change.
    public var formulaText: String?

    /// Whether this counter is derived from others (its count is never stored).
    public var isDerived: Bool { formula != nil }

    /// A counter with every field given; `tags` must already be in their stored form
    /// (`CounterTags.validate`), `updated` defaults to `created`.
    public init(
        name: String, count: Int64, start: Int64, step: Int64, pinned: Bool, created: String, serial: Int64,
        goal: Int64? = nil, minimum: Int64? = nil, maximum: Int64? = nil, tags: [String] = [], updated: String? = nil,
        formula: CounterFormula? = nil
    ) {
        self.name = name
        self.count = count
        self.start = start
        self.step = step
        self.pinned = pinned
        self.created = created
        self.serial = serial
        self.goal = goal
        self.minimum = minimum
        self.maximum = maximum
        self.tags = tags
        self.updated = updated ?? created
        self.formula = formula
    }

    /// Seconds since 1970 of `created`, or nil when unreadable (a store written by hand).
    public var createdInstant: Double? { Instant.parseISO8601(created) }

    /// Seconds since 1970 of `created`, or 0 when unreadable (sorts last).
    var createdSeconds: Double { createdInstant ?? 0 }

    /// Seconds since 1970 of `updated`, or nil when unreadable (a store written by hand).
    public var updatedInstant: Double? { Instant.parseISO8601(updated) }

    /// `count + delta`, or `TallyError.countOverflow` when it leaves the 64-bit range.
    /// - Throws: `TallyError.countOverflow`.
    public func adding(_ delta: Int64) throws(TallyError) -> Int64 {
        let (result, overflow) = count.addingReportingOverflow(delta)
        if overflow { throw .countOverflow(counter: name, count: count, delta: delta) }
        return result
    }

    /// `step × times`, or `TallyError.stepsOverflow` when it leaves the 64-bit range.
    /// - Throws: `TallyError.stepsOverflow`.
    public func steps(_ times: Int64) throws(TallyError) -> Int64 {
        let (result, overflow) = step.multipliedReportingOverflow(by: times)
        if overflow { throw .stepsOverflow(times: times, step: step) }
        return result
    }

    /// Pinned first, then newest first; same instant: the later created first.
    public static func listOrder(_ a: Counter, _ b: Counter) -> Bool {
        if a.pinned != b.pinned { return a.pinned }
        let (left, right) = (a.createdSeconds, b.createdSeconds)
        if left != right { return left > right }
        if a.serial != b.serial { return a.serial > b.serial }
        return a.name < b.name
    }

    /// What every store requires of a counter it holds (see TallyDocument.checkInvariants).
    /// `place` (e.g. `counters[3]`) is built only for a message.
    func checkInvariants(place: @autoclosure () -> String, nextSerial: Int64) throws(StoredContentError) {
        if let fault = storedFault { throw StoredContentError(fault.described(place: place(), name: name)) }
        try StoredInvariants.require(serial, in: 1...(nextSerial - 1), what: "the serial of \(place()) ('\(name)')")
        if !tags.isEmpty, let fault = CounterTags.storedFault(tags) {
            throw StoredContentError("\(place()) ('\(name)'): \(fault)")
        }
    }

    /// Why no store may hold this counter, or nil: what every store's reader checks of
    /// each counter row (SQLite, PostgreSQL, the older JSON document) and what every
    /// store's writer checks before it keeps one (`requireStorable`), so that no change
    /// can leave a counter that every later read refuses.
    public var storedFault: StoredCounterFault? {
        if name.isEmpty || name.allSatisfy({ $0.isWhitespace }) { return .emptyName }
        if step == 0 { return .zeroStep }
        if let fault = boundsFault { return .bounds(fault) }
        if let formula, formula.terms.contains(where: { $0.serial == serial }) { return .derivedFromItself }
        return nil
    }

    /// Refuses to store this counter when a reader would refuse it (`storedFault`):
    /// called by every adapter's write of a counter, in the change's transaction.
    /// - Throws: `TallyError.changeWouldBreakStore` naming the counter and the fault;
    ///   nothing of the change is stored then.
    public func requireStorable() throws(TallyError) {
        if let fault = storedFault { throw .changeWouldBreakStore(counter: name, fault) }
    }

    /// A new name as it is stored (NFC), or `TallyError.invalidName` saying what ItemName's
    /// rule refuses.
    /// - Throws: `TallyError.invalidName` with ItemName's fault.
    public static func validate(name: String) throws(TallyError) -> String {
        switch ItemName.checked(name) {
        case .success(let stored): return stored
        case .failure(let fault): throw .invalidName(name, fault)
        }
    }
}

/// Why a store may not hold a counter (see `Counter.storedFault`).
public enum StoredCounterFault: Equatable, Sendable {
    /// The name is empty or blank.
    case emptyName
    /// The step is 0: inc and dec would do nothing.
    case zeroStep
    /// The goal and bounds do not fit the start and count.
    case bounds(BoundsFault)
    /// A derived counter that names itself among its sources.
    case derivedFromItself

    /// The fault alone: "a step of 0", "the count 7 is above the maximum 5".
    public var message: String {
        switch self {
        case .emptyName: return "an empty name"
        case .zeroStep: return "a step of 0"
        case .bounds(let fault): return fault.message
        case .derivedFromItself: return "a formula that names itself"
        }
    }

    /// The fault of the counter `name` at `place` (`counter 3`, `counters[3]`), as a
    /// reader's message says it: "counter 3 ('a') has a step of 0".
    public func described(place: String, name: String) -> String {
        switch self {
        case .emptyName: return "\(place) has an empty name"
        case .zeroStep: return "\(place) ('\(name)') has a step of 0"
        case .bounds(let fault): return "\(place) ('\(name)'): \(fault.message)"
        case .derivedFromItself: return "\(place) ('\(name)') is derived from itself"
        }
    }
}
