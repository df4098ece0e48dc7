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

    /// Whether moving from `count` to `newCount` reaches the goal for the first time.
    public func crossesGoal(to newCount: Int64) -> Bool {
        !reachesGoal(count) && reachesGoal(newCount)
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
