// Derived counters: a counter defined by a sum or difference of stored counters
// (CounterFormula), never stored, worked out whenever it is shown. Its goal is shown and
// reported like any counter's; its minimum and maximum are thresholds: a change of a source
// that leaves it beyond one is reported (`DerivedChange`), never refused, so a door's
// increment always counts. Its sources are stored counters, never derived ones, and a
// source cannot be deleted while a derived counter names it.

import MoneyKitPlatform

/// A derived counter a change moved: what it was and what it is now.
public struct DerivedChange: Equatable, Sendable {
    /// The derived counter, its count the value after the change.
    public var counter: Counter
    /// Its value before the change.
    public var before: Int64
    /// Its formula by name ("in - out").
    public var formula: String

    /// A change of a derived counter.
    public init(counter: Counter, before: Int64, formula: String) {
        self.counter = counter
        self.before = before
        self.formula = formula
    }

    /// The value after the change.
    public var count: Int64 { counter.count }

    /// The bound the value now lies beyond (a capacity passed), if any: reported after
    /// every change that leaves it there.
    public var boundBeyond: (bound: CounterBound, limit: Int64)? { counter.boundCrossed(by: counter.count) }

    /// Whether this change reached the goal (it had not before).
    public var reachedGoal: Bool { !counter.reachesGoal(before) && counter.reachesGoal(counter.count) }
}

extension Counter {
    /// Refuses this counter as a derived counter's source: a source keeps its count.
    /// - Throws: `TallyError.derivedSource` when this counter is itself derived.
    func requireCanBeSource() throws(TallyError) {
        if isDerived { throw .derivedSource(source: name) }
    }

    /// The row a store keeps: a derived counter's count, start and step as 0, 0 and 1.
    var storedForm: Counter {
        guard isDerived, count != 0 || start != 0 || step != 1 else { return self }
        var stored = self
        stored.count = 0
        stored.start = 0
        stored.step = 1
        return stored
    }
}

extension TallyStoreReading {
    /// `counter`'s formula by name ("in - out"); empty for a stored counter.
    /// - Throws: the store's errors.
    public func formulaText(of counter: Counter) throws -> String {
        guard let formula = counter.formula else { return "" }
        var names: [Int64: String] = [:]
        for serial in formula.sourceSerials { names[serial] = try self.counter(serial: serial)?.name }
        return formula.text { names[$0] }
    }

    /// `counter` with its count (and `formulaText`) worked out when it is derived.
    /// - Throws: `StoreError.corrupt` when a source is missing; `TallyError.derivedOverflow`;
    ///   the store's errors.
    public func valued(_ counter: Counter) throws -> Counter {
        guard let formula = counter.formula else { return counter }
        var valued = counter
        guard let value = try formula.value(of: counter.name, count: { try self.counter(serial: $0)?.count }) else {
            throw Self.missingSource(counter, formula: formula) { try self.counter(serial: $0) }
        }
        valued.count = value
        valued.formulaText = try formulaText(of: counter)
        return valued
    }

    /// `counters` (every counter of the store) with the derived ones' counts (and
    /// `formulaText`) worked out.
    /// - Throws: as `valued`.
    public func valued(all counters: [Counter]) throws -> [Counter] {
        guard counters.contains(where: \.isDerived) else { return counters }
        var counts: [Int64: Int64] = [:]
        for counter in counters where !counter.isDerived { counts[counter.serial] = counter.count }
        var result = counters
        let texts = formulaTexts(of: counters)
        for index in result.indices {
            guard let formula = result[index].formula else { continue }
            guard let value = try formula.value(of: result[index].name, count: { counts[$0] }) else {
                throw Self.missingSource(result[index], formula: formula) { serial in counters.first { $0.serial == serial } }
            }
            result[index].count = value
            result[index].formulaText = texts[result[index].serial]
        }
        return result
    }

    /// Every derived counter's formula by name, by serial, from every counter of the store.
    private func formulaTexts(of counters: [Counter]) -> [Int64: String] {
        var names: [Int64: String] = [:]
        for counter in counters { names[counter.serial] = counter.name }
        var texts: [Int64: String] = [:]
        for counter in counters { if let formula = counter.formula { texts[counter.serial] = formula.text { names[$0] } } }
        return texts
    }

    /// The error for a derived counter whose source is gone (only a store changed by hand:
    /// every change refuses to leave one).
    private static func missingSource(_ counter: Counter, formula: CounterFormula, lookup: (Int64) throws -> Counter?) -> Error {
        let missing = formula.sourceSerials.first { ((try? lookup($0)) ?? nil) == nil } ?? 0
        return TallyError.derivedSourceMissing(counter: counter.name, serial: missing)
    }

    /// The log of the derived counter `counter` (valued): its own events (made, renamed,
    /// its goal set) and every event of its sources, by time, each with the derived
    /// counter's value before and after it, worked back from its value now, and the
    /// source's name in `newValue`. So log, stats and show's figures of a derived counter
    /// say how it moved.
    /// - Throws: `TallyError.netChangeOverflow` when a value leaves the 64-bit range; the store's errors.
    public func derivedLog(of counter: Counter) throws -> [CounterEvent] {
        guard let formula = counter.formula else { return try events(of: counter.serial, from: nil, through: nil) }
        var weights: [Int64: Int64] = [:]
        for term in formula.terms { weights[term.serial, default: 0] += term.subtracted ? -1 : 1 }
        var merged = try events(of: counter.serial, from: nil, through: nil)
        for serial in formula.sourceSerials {
            let name = try self.counter(serial: serial)?.name
            merged += try events(of: serial, from: nil, through: nil).map { event in
                var event = event
                event.oldValue = nil
                event.newValue = name
                return event
            }
        }
        merged.sort { ($0.at, $0.id) < ($1.at, $1.id) }
        var value = counter.count
        for index in merged.indices.reversed() {
            let weight = weights[merged[index].serial] ?? 0
            guard let change = merged[index].change else { throw TallyError.netChangeOverflow(counter: counter.name) }
            let (delta, overflow) = weight.multipliedReportingOverflow(by: change)
            let (before, under) = value.subtractingReportingOverflow(delta)
            if (overflow || under) && weight != 0 { throw TallyError.netChangeOverflow(counter: counter.name) }
            merged[index].countAfter = value
            merged[index].countBefore = weight == 0 ? value : before
            value = merged[index].countBefore
        }
        return merged
    }

    /// Refuses to change the count of a derived counter by itself.
    /// - Throws: `TallyError.derivedNotChangeable`; the store's errors.
    func requireStored(_ counter: Counter) throws {
        if counter.isDerived { throw TallyError.derivedNotChangeable(counter: counter.name, formula: try formulaText(of: counter)) }
    }

    /// The formula `text` types, its sources looked up as any name is: stored counters only.
    /// - Throws: `TallyError.badFormula`, `.derivedSource`, `.notFound`, `.ambiguousName`;
    ///   the store's errors.
    func resolveFormula(_ text: String) throws -> CounterFormula {
        var terms: [CounterFormula.Term] = []
        for typed in try CounterFormula.parse(text) {
            let source = try requireCounter(named: typed.name)
            try source.requireCanBeSource()
            terms.append(CounterFormula.Term(serial: source.serial, subtracted: typed.subtracted))
        }
        return CounterFormula(terms: terms)
    }
}

extension Tally {
    /// Creates a counter derived from others by `formula` ("in - out": see CounterFormula)
    /// and returns its name; `settings` give its goal, its thresholds (--min, --max) and
    /// tags. Its sources must be stored counters.
    /// - Throws: `TallyError.badFormula`, `.derivedSource`, `.notFound`, `.ambiguousName`
    ///   for the formula; `.invalidName`, `.nameTaken`, `.noSerialLeft`, `.invalidTag`,
    ///   `.badBounds`, `.derivedOverflow`; the repository's errors.
    public func createDerived(name: String, formula text: String, pinned: Bool = false, settings: NewCounterSettings = NewCounterSettings()) throws -> String {
        let given = try Counter.validate(name: name)
        let at = now()
        let created = Instant.iso8601UTC(at)
        return try repository.write { store -> String in
            try store.requireUnused(given)
            let formula = try store.resolveFormula(text)
            try store.begin("new \(given)", at: at)
            var counter = try settings.applied(to: Counter(
                name: given, count: 0, start: 0, step: 1, pinned: pinned, created: created, serial: try store.takeSerial(), formula: formula))
            counter = try store.valued(counter)
            try store.insert(counter)
            try store.record(CounterEvent(serial: counter.serial, at: at, kind: .new, countBefore: counter.count, countAfter: counter.count))
            return given
        }
    }
}
