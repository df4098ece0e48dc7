// One entry of a counter's log: what changed, when, and the count after. Every command
// that changes a counter records one event per counter it changes, in the same change
// group (undo step) as the change itself; undo removes the events of the step it reverts.

/// What kind of change an event records.
public enum CounterEventKind: String, CaseIterable, Sendable {
    /// The counter was created (`tally new`).
    case new
    /// The step was added (`tally inc`).
    case inc
    /// The step was subtracted (`tally dec`).
    case dec
    /// An amount was added (`tally add`).
    case add
    /// The count was set (`tally set`).
    case set
    /// The count went back to the start (`tally reset`).
    case reset
    /// The counter was renamed; the old and new names are kept.
    case rename
    /// The step was changed; the old and new steps are kept.
    case step
    /// The counter was pinned.
    case pin
    /// The counter was unpinned.
    case unpin
    /// Lines were counted by `tally feed`.
    case feed
    /// The counter was created by `tally import` (or overwritten by it).
    case `import`
    /// The counter was deleted (`tally rm`); its log goes with it, and comes back with `undo`.
    case rm
    /// The goal was set or cleared (`tally goal`); the old and new goals are kept.
    case goal
    /// The bounds were set or cleared (`tally bounds`); the old and new bounds are kept.
    case bounds
    /// Tags were added (`tally tag`); the old and new tags are kept.
    case tag
    /// Tags were removed (`tally untag`).
    case untag
    /// The tags were replaced (`tally retag`).
    case retag
}

/// One change of one counter, as the log keeps it.
public struct CounterEvent: Equatable, Sendable {
    /// The store's number for it, in the order events were recorded (0 before it is stored).
    public var id: Int64
    /// The counter's creation serial (names change, serials do not).
    public var serial: Int64
    /// When, in seconds since 1970 (to the millisecond).
    public var at: Double
    /// What happened.
    public var kind: CounterEventKind
    /// The count before the change.
    public var countBefore: Int64
    /// The count after the change.
    public var countAfter: Int64
    /// The old value of a rename (name), a step change (step, as decimal text), a goal,
    /// bounds (`min 0, max 10`) or tags (`a, b`) change.
    public var oldValue: String?
    /// The new value of a rename, a step, goal, bounds or tags change.
    public var newValue: String?
    /// Who made the change, when the store knows (reserved; nil for now).
    public var actor: String?

    /// An event with every field given.
    public init(
        id: Int64 = 0, serial: Int64, at: Double, kind: CounterEventKind, countBefore: Int64, countAfter: Int64,
        oldValue: String? = nil, newValue: String? = nil, actor: String? = nil
    ) {
        self.id = id
        self.serial = serial
        self.at = at
        self.kind = kind
        self.countBefore = countBefore
        self.countAfter = countAfter
        self.oldValue = oldValue
        self.newValue = newValue
        self.actor = actor
    }

    /// `countAfter - countBefore`, or nil when it is beyond the 64-bit range (a `set`
    /// from one end of the range to the other).
    public var change: Int64? {
        let (result, overflow) = countAfter.subtractingReportingOverflow(countBefore)
        return overflow ? nil : result
    }
}

extension CounterEvent {
    /// Seconds as whole milliseconds, as the SQL stores keep an event's time (clamped to the 64-bit range).
    package static func milliseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1000).rounded()
        guard value.isFinite else { return value > 0 ? .max : .min }
        if value >= 9.2e18 { return .max }
        if value <= -9.2e18 { return .min }
        return Int64(value)
    }
}
