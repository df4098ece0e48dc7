// Goals and bounds of a counter. A counter may have a goal (a count to reach: shown as
// 12/50, and a change that reaches it says so) and a minimum and a maximum: a change that
// would leave the count outside [minimum, maximum] is refused, nothing stored.
//
// The goal is reached when the count has got to it coming from the start: at or above
// it when the goal is at or above the start, at or below it when the goal is below (a
// countdown). A change "reaches" the goal when the count had not reached it before and
// has after.

/// A goal or bound given as a value or as "none" (to clear it).
public enum CounterSetting: Equatable, Sendable {
    /// Leave as it is.
    case keep
    /// Clear it.
    case clear
    /// Set it to this.
    case value(Int64)

    /// `current` after this setting.
    public func applied(to current: Int64?) -> Int64? {
        switch self {
        case .keep: return current
        case .clear: return nil
        case .value(let value): return value
        }
    }
}

/// Which bound a refused change would cross.
public enum CounterBound: String, Equatable, Sendable {
    /// The lowest count allowed.
    case minimum
    /// The highest count allowed.
    case maximum
}

extension Counter {
    /// Whether `value` has reached the goal (see the file's comment); false without a goal.
    public func reachesGoal(_ value: Int64) -> Bool {
        guard let goal else { return false }
        return goal >= start ? value >= goal : value <= goal
    }

    /// The bound `value` lies beyond, if any.
    public func boundCrossed(by value: Int64) -> (bound: CounterBound, limit: Int64)? {
        if let minimum, value < minimum { return (.minimum, minimum) }
        if let maximum, value > maximum { return (.maximum, maximum) }
        return nil
    }

    /// Refuses `newCount` when it lies beyond a bound.
    /// - Throws: `TallyError.beyondBound` naming the counter, the bound and `newCount`.
    public func requireWithinBounds(_ newCount: Int64) throws(TallyError) {
        if let (bound, limit) = boundCrossed(by: newCount) {
            throw .beyondBound(counter: name, bound: bound, limit: limit, count: newCount)
        }
    }

    /// Why this goal and these bounds cannot go together with this start and count
    /// (minimum above maximum, start, count or goal outside them); nil when they can.
    public var boundsFault: BoundsFault? {
        // Checked on every load of every counter: most have no bounds.
        if minimum == nil && maximum == nil { return nil }
        if let minimum, let maximum, minimum > maximum { return .minimumAboveMaximum(minimum: minimum, maximum: maximum) }
        // A derived counter's bounds are thresholds to report, not limits: its count
        // follows its sources wherever they go (DerivedCounters.swift).
        if isDerived { return nil }
        if let (bound, limit) = boundCrossed(by: start) { return .outside(what: "start", value: start, bound: bound, limit: limit) }
        if let (bound, limit) = boundCrossed(by: count) { return .outside(what: "count", value: count, bound: bound, limit: limit) }
        if let goal, let (bound, limit) = boundCrossed(by: goal) {
            return .outside(what: "goal", value: goal, bound: bound, limit: limit)
        }
        return nil
    }

    /// The goal and bounds after `goal`, `minimum` and `maximum` are applied, checked.
    /// - Throws: `TallyError.badBounds` naming the counter and what does not fit.
    public func withSettings(goal: CounterSetting, minimum: CounterSetting, maximum: CounterSetting) throws(TallyError) -> Counter {
        var changed = self
        changed.goal = goal.applied(to: self.goal)
        changed.minimum = minimum.applied(to: self.minimum)
        changed.maximum = maximum.applied(to: self.maximum)
        if let fault = changed.boundsFault { throw .badBounds(counter: name, fault) }
        return changed
    }
}

/// Why a goal and bounds do not fit a counter.
public enum BoundsFault: Equatable, Sendable {
    /// The minimum is above the maximum.
    case minimumAboveMaximum(minimum: Int64, maximum: Int64)
    /// `what` (start, count or goal) is `value`, beyond `bound` `limit`.
    case outside(what: String, value: Int64, bound: CounterBound, limit: Int64)

    /// The fault in words: "the count 7 is above the maximum 5".
    public var message: String {
        switch self {
        case .minimumAboveMaximum(let minimum, let maximum):
            return "the minimum \(minimum) is above the maximum \(maximum)"
        case .outside(let what, let value, let bound, let limit):
            return "the \(what) \(value) is \(bound == .minimum ? "below" : "above") the \(bound.rawValue) \(limit)"
        }
    }
}

/// A change of one counter's count, as stored: the count before and the counter after.
public struct CountChange: Equatable, Sendable {
    /// The count before the change.
    public var before: Int64
    /// The counter as stored after the change.
    public var counter: Counter
    /// The derived counters the change moved (CounterFormula), each before and after.
    public var derived: [DerivedChange]

    /// A change from `before` to `counter`'s count, moving `derived`.
    public init(before: Int64, counter: Counter, derived: [DerivedChange] = []) {
        self.before = before
        self.counter = counter
        self.derived = derived
    }

    /// The count after the change.
    public var count: Int64 { counter.count }

    /// Whether this change reached the counter's goal (it had not before).
    public var reachedGoal: Bool {
        !counter.reachesGoal(before) && counter.reachesGoal(counter.count)
    }
}

/// What a new counter may be given beside its name, start, step and pin.
public struct NewCounterSettings: Equatable, Sendable {
    /// The goal, or nil.
    public var goal: Int64?
    /// The lowest count allowed, or nil.
    public var minimum: Int64?
    /// The highest count allowed, or nil.
    public var maximum: Int64?
    /// The tags as typed (checked by `CounterTags.validate` when the counter is made).
    public var tags: [String]

    /// Settings with these values (all none by default).
    public init(goal: Int64? = nil, minimum: Int64? = nil, maximum: Int64? = nil, tags: [String] = []) {
        self.goal = goal
        self.minimum = minimum
        self.maximum = maximum
        self.tags = tags
    }

    /// `counter` with these settings, checked against its start.
    /// - Throws: `TallyError.invalidTag`; `.badBounds` when the bounds exclude the start or
    ///   the goal, or the minimum is above the maximum.
    public func applied(to counter: Counter) throws(TallyError) -> Counter {
        var made = counter
        made.goal = goal
        made.minimum = minimum
        made.maximum = maximum
        made.tags = try CounterTags.validate(tags)
        if let fault = made.boundsFault { throw .badBounds(counter: counter.name, fault) }
        return made
    }
}

extension Tally {
    /// Sets or clears the goal, the minimum and the maximum of the counter `name` (each
    /// `.keep` leaves it), as one undo step; returns the counter as stored.
    /// - Throws: `TallyError.badBounds` when they do not fit its start, count and goal;
    ///   `.notFound` or `.ambiguousName`; the repository's errors. Nothing is stored when it throws.
    @discardableResult
    public func setGoalAndBounds(
        _ name: String, goal: CounterSetting = .keep, minimum: CounterSetting = .keep, maximum: CounterSetting = .keep
    ) throws -> Counter {
        let action = goal != .keep && minimum == .keep && maximum == .keep ? "goal" : "bounds"
        return try editCounter(name, action: action) { counter throws(TallyError) in
            try counter.withSettings(goal: goal, minimum: minimum, maximum: maximum)
        }
    }
}

/// How far a counter has come from its start toward its goal.
public struct GoalProgress: Equatable, Sendable {
    /// The goal.
    public var goal: Int64
    /// Whether the count has reached it (see `Counter.reachesGoal`).
    public var reached: Bool
    /// From 0 (at the start, or moving away) to 1 (reached).
    public var fraction: Double

    /// The progress of `counter`, or nil when it has no goal.
    public init?(_ counter: Counter) {
        guard let goal = counter.goal else { return nil }
        self.goal = goal
        reached = counter.reachesGoal(counter.count)
        // In Double: the distances may not fit in 64 bits (a start of Int64.min), and a
        // share to show needs no exactness.
        let distance = Double(goal) - Double(counter.start)
        let done = Double(counter.count) - Double(counter.start)
        fraction = reached ? 1 : distance == 0 ? 1 : min(1, max(0, done / distance))
    }

    /// Whole percent, rounded down (100 only once reached).
    public var percent: Int { reached ? 100 : min(99, Int((fraction * 100).rounded(.down))) }

    /// "50 (24%)", or "50 (reached)".
    public var summary: String { "\(goal) (\(reached ? "reached" : "\(percent)%"))" }
}
