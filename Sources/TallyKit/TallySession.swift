// tally's rules for one reading or change of any store, written once: change groups and
// their undo (the shared UndoJournal: each counter as it was before the group first
// touched it, the group's events, and on a shared store the names it took or gave up),
// the conflict refusal of a shared store, a feed continuing its group, the counters a
// group makes kept as runs of serials where one person keeps the store, the log of a
// deleted counter dropped when no kept group can bring it back, serials never reused,
// and match keys brought to the current rule by the first change. The adapters
// (InMemoryTallyRows, SQLiteTallyRows, PostgresTallyRows) only map the rows.

import MoneyKitStorage
import MoneyKitPlatform

/// One reading or change of a tally store, over an adapter's rows. Made for one
/// transaction (a retried PostgreSQL change makes a new one).
package final class TallySession: TallyStoreChange {
    /// The undo journal's kinds of record.
    enum RecordKind {
        /// A counter, keyed by its serial; before: its journal image.
        static let counter = "counter"
        /// The events a group recorded, keyed by the group's step id; nothing before.
        static let events = "events"
        /// A name a group took or gave up (shared stores only), keyed by the name.
        static let name = "name"
        /// When the store's days begin, keyed "day_start"; before: the minutes, or nothing
        /// for midnight.
        static let dayStart = "day start"
        /// Counters the group made, keyed by their serials "FIRST...LAST"; nothing before
        /// (undo deletes them). Only where one person keeps the store: a shared store
        /// records each new counter, so that the conflict rule sees another person's later
        /// change to it. An import of 100,000 counters writes one record, not 100,000.
        static let newCounters = "new counters"
    }

    let rows: any TallyRows
    let journal: UndoJournal
    /// The next serial as this session moved it, written back by `finish`.
    private var nextSerial: Int64?
    /// Whether the stored match keys follow the current rule, once asked.
    private var keysAreCurrent: Bool?
    /// The counters this session has read or written, by serial (nil: known not to exist).
    private var known: [Int64: Counter?] = [:]
    /// The counters the current group made, as runs of serials, recorded when it ends.
    private var madeInGroup: [ClosedRange<Int64>] = []
    /// The count of each stored counter this session changed, as the session found it:
    /// what a derived counter was before (DerivedCounters.swift).
    private var countsBefore: [Int64: Int64] = [:]
    /// The counters this session deleted (a derived counter may not lose a source).
    private var deletedSerials: Set<Int64> = []
    /// The derived counters this session moved, once worked out (nil: to work out again).
    private var derivedReport: [DerivedChange]?
    /// The derived counters this session put back or stored whole (an undo, an import):
    /// their sources are checked before the change commits.
    private var storedDerived: Set<Int64> = []
    /// Whether the derived counters' rows are locked (the first thing a change locks).
    private var derivedLocked = false

    /// A session over `rows` for `actor`; `isShared`: several actors share the store (undo
    /// per actor, refused over another's later change); `stepsKept`: the undo depth.
    package init(rows: any TallyRows, actor: String, isShared: Bool, stepsKept: Int) {
        self.rows = rows
        journal = UndoJournal(rows: rows.journalRows, actor: actor, isShared: isShared, stepsKept: stepsKept, storeName: rows.storeName)
    }

    /// Runs `body` as one change: the group `label` begun first when given (nil: the
    /// body begins its own), what the session kept written back when it returns.
    /// - Throws: what `body` throws; the store's errors.
    package func change<Result>(_ label: String?, at: Double, _ body: (any TallyStoreChange) throws -> Result) throws -> Result {
        if let label { try begin(label, at: at) }
        let result = try body(self)
        try finish()
        return result
    }

    /// Writes back what the session kept in memory; called before the transaction commits.
    /// - Throws: the store's errors.
    package func finish() throws {
        // Refuses a change that would take a derived counter beyond the 64-bit range or
        // leave it without a source.
        _ = try derivedChanges()
        try recordMadeCounters()
        if let nextSerial { try rows.setNextSerial(nextSerial) }
        try rows.finish()
    }

    private func corrupt(_ reason: String) -> StoreError { .corrupt(path: rows.storeName, reason: reason) }

    // MARK: reading

    /// Locks the derived counters' rows before any other (see `TallyRows.lockDerivedCounters`).
    private func lockDerivedFirst() throws {
        guard !derivedLocked else { return }
        derivedLocked = true
        try rows.lockDerivedCounters()
    }

    /// The counter `serial` as it is now (read once a session).
    private func current(_ serial: Int64) throws -> Counter? {
        if let found = known[serial] { return found }
        try lockDerivedFirst()
        let found = try rows.counter(serial: serial)
        known[serial] = .some(found)
        return found
    }

    package func counter(exactly name: String) throws -> Counter? {
        try lockDerivedFirst()
        let found = try rows.counter(exactly: name)
        if let found { known[found.serial] = .some(found) }
        return found
    }

    package func counters(matchingKey key: String) throws -> [Counter] {
        try lockDerivedFirst()
        try rows.lockNames()
        guard try matchKeysAreCurrent() else {
            // Keys made by an earlier rule (lower case, not case folding): compare every
            // name until the first change recomputes them (`updateMatchKeys`).
            return try rows.allCounters().filter { ItemName.matchKey($0.name) == key }
        }
        let found = try rows.counters(withStoredKey: key)
        for counter in found { known[counter.serial] = .some(counter) }
        return found
    }

    package func allCounters() throws -> [Counter] {
        try lockDerivedFirst()
        try rows.lockNames()
        return try rows.allCounters()
    }

    package func counter(serial: Int64) throws -> Counter? { try current(serial) }

    package func derivedCounters() throws -> [Counter] {
        try lockDerivedFirst()
        let found = try rows.derivedCounters()
        for counter in found { known[counter.serial] = .some(counter) }
        return found
    }

    package func events(of serial: Int64, from: Double?, through: Double?) throws -> [CounterEvent] {
        try rows.events(of: serial, from: from, through: through)
    }

    package func allEvents() throws -> [CounterEvent] { try rows.allEvents() }

    package func latestChange() throws -> TallyChangeGroup? {
        try recordMadeCounters()
        guard let step = try journal.newestStep() else { return nil }
        return try describe(step, records: journal.records(of: step))
    }

    /// The group's action, and the names its counters had before it and have now.
    private func describe(_ step: UndoJournalStep, records: [UndoJournalRecord]) throws -> TallyChangeGroup {
        var names: [String] = []
        var seen: Set<String> = []  // a large import's undo names thousands
        for record in records {
            switch record.kind {
            case RecordKind.counter:
                let before = try record.before.map(decode)?.name
                let now = try serial(of: record).flatMap(current)?.name
                for name in [before, now] {
                    if let name, seen.insert(name).inserted { names.append(name) }
                }
            case RecordKind.newCounters:
                for serial in try serials(of: record) {
                    if let name = try current(serial)?.name, seen.insert(name).inserted { names.append(name) }
                }
            default:
                continue
            }
        }
        return TallyChangeGroup(action: step.label, names: names)
    }

    private func serial(of record: UndoJournalRecord) throws -> Int64? {
        guard let serial = Int64(record.key) else { throw corrupt("an undo record names counter '\(record.key)'") }
        return serial
    }

    /// The serials a "new counters" record names.
    private func serials(of record: UndoJournalRecord) throws -> ClosedRange<Int64> {
        let bounds = record.key.split(separator: ".", omittingEmptySubsequences: true)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 1, first <= last else {
            throw corrupt("an undo record names the counters '\(record.key)'")
        }
        return first...last
    }

    private func decode(_ image: JSONValue) throws -> Counter {
        do {
            return try Counter(journalImage: image)
        } catch {
            throw corrupt(error.message)
        }
    }

    package func nextFreeSerial() throws -> Int64 {
        if let nextSerial { return nextSerial }
        return try rows.storedNextSerial() ?? 1
    }

    package func dayStart() throws -> Int {
        guard let minutes = try rows.storedDayStart() else { return 0 }
        guard (0..<1440).contains(minutes) else { throw corrupt("the day start is \(minutes) minutes past midnight, not a time of day") }
        return Int(minutes)
    }

    package func setDayStart(_ minutes: Int) throws {
        try rows.willWrite()
        let before = try rows.storedDayStart()
        try journal.touch(kind: RecordKind.dayStart, key: "day_start") { before.map(JSONValue.integer) }
        try rows.setDayStart(minutes == 0 ? nil : Int64(minutes))
    }

    package func isEmpty() throws -> Bool {
        try !rows.hasCounters() && !rows.hasEvents() && !journal.rows.hasSteps()
    }

    // MARK: match keys

    /// Whether every stored match key is made by the current rule (asked once a session).
    private func matchKeysAreCurrent() throws -> Bool {
        if let keysAreCurrent { return keysAreCurrent }
        let current = try rows.matchKeyRule() == Int64(ItemName.matchKeyRule)
        keysAreCurrent = current
        return current
    }

    /// Recomputes the match keys an earlier rule made, and marks the store as keyed by the
    /// current one: by the first change of a store written before it (a read changes nothing).
    private func updateMatchKeys() throws {
        guard try !matchKeysAreCurrent() else { return }
        for (serial, name, key) in try rows.storedMatchKeys() {
            let matchKey = ItemName.matchKey(name)
            if matchKey != key { try rows.setMatchKey(matchKey, serial: serial) }
        }
        try rows.setMatchKeyRule(Int64(ItemName.matchKeyRule))
        keysAreCurrent = true
    }

    // MARK: changing

    package func begin(_ action: String, at: Double) throws {
        try rows.willWrite()
        try updateMatchKeys()
        try recordMadeCounters()
        try forget(try journal.begin(action, at: at))
    }

    /// Records the runs of counters the current group made (see RecordKind.newCounters).
    private func recordMadeCounters() throws {
        for run in madeInGroup {
            try journal.touch(kind: RecordKind.newCounters, key: "\(run.lowerBound)...\(run.upperBound)") { nil }
        }
        madeInGroup = []
    }

    /// Whether the current group made the counter `serial` (not recorded yet).
    private func madeInGroup(_ serial: Int64) -> Bool {
        madeInGroup.contains { $0.contains(serial) }
    }

    /// The log of a counter that a forgotten group deleted goes with it, when no kept group
    /// can bring the counter back.
    private func forget(_ records: [UndoJournalRecord]) throws {
        for record in records where record.kind == RecordKind.counter {
            guard let serial = try serial(of: record), try current(serial) == nil else { continue }
            if try !journal.rows.isRecorded(kind: RecordKind.counter, key: record.key) { try rows.deleteEvents(serial: serial) }
        }
    }

    package func continueLatest(at: Double) throws {
        try updateMatchKeys()
        try recordMadeCounters()
        guard let newest = try journal.newestStep() else { throw TallyError.nothingToUndo }
        // On a shared store, a group whose counters someone else changed since cannot be
        // undone whole without overwriting that change: what follows starts its own.
        if try !journal.continueNewest() { try begin(newest.label, at: at) }
    }

    package func takeSerial() throws -> Int64 {
        try rows.willWrite()
        let serial = try nextFreeSerial()
        guard serial >= 1, serial < Int64.max - 1 else { throw TallyError.noSerialLeft(nextSerial: serial) }
        nextSerial = serial + 1
        return serial
    }

    /// Records the counter `serial` as it is now in the group, the first time it touches it.
    private func keep(_ serial: Int64) throws {
        // A counter the group made is undone by deleting it: nothing to keep.
        if madeInGroup(serial) { return }
        try journal.touch(kind: RecordKind.counter, key: String(serial)) { try current(serial)?.journalImage }
    }

    /// On a shared store, records that the group takes or gives up `name`, so that an undo
    /// over another actor's later use of the name is refused.
    private func keepName(_ name: String) throws {
        guard journal.isShared else { return }
        try journal.touch(kind: RecordKind.name, key: name) { nil }
    }

    package func insert(_ counter: Counter) throws {
        try insert([counter])
    }

    package func insert(_ counters: [Counter]) throws {
        try rows.willWrite()
        let counters = counters.map(\.storedForm)
        for counter in counters {
            try counter.requireStorable()
            try noteMade(counter)
        }
        try rows.insertCounters(counters)
        for counter in counters { known[counter.serial] = .some(counter) }
    }

    /// Records that the group makes `counter` (see RecordKind.newCounters).
    private func noteMade(_ counter: Counter) throws {
        // A new counter's serial was never used (serials are never reused): nothing to read.
        if journal.isShared {
            try journal.touch(kind: RecordKind.counter, key: String(counter.serial)) { nil }
        } else {
            guard journal.currentStep != nil else { throw StoreError.io(path: rows.storeName, reason: "a write outside a change group") }
            if let last = madeInGroup.last, last.upperBound < Int64.max, last.upperBound + 1 == counter.serial {
                madeInGroup[madeInGroup.count - 1] = last.lowerBound...counter.serial
            } else if !madeInGroup(counter.serial) {
                madeInGroup.append(counter.serial...counter.serial)
            }
        }
        try keepName(counter.name)
    }

    package func update(_ counter: Counter) throws {
        try rows.willWrite()
        let counter = counter.storedForm
        try counter.requireStorable()
        try keep(counter.serial)
        if let old = try current(counter.serial) { noteCount(of: old, changingTo: counter.count) }
        if journal.isShared, let old = try current(counter.serial)?.name, old != counter.name {
            try keepName(old)
            try keepName(counter.name)
        }
        try rows.updateCounter(counter)
        known[counter.serial] = .some(counter)
    }

    package func delete(_ counter: Counter) throws {
        try rows.willWrite()
        if madeInGroup(counter.serial) {
            // Made and deleted by one group: recorded on its own (nothing before), so that
            // its log goes when the group is forgotten, as any deleted counter's does.
            let serial = counter.serial
            madeInGroup = madeInGroup.flatMap { run -> [ClosedRange<Int64>] in
                guard run.contains(serial) else { return [run] }
                var parts: [ClosedRange<Int64>] = []
                if run.lowerBound < serial { parts.append(run.lowerBound...(serial - 1)) }
                if serial < run.upperBound { parts.append((serial + 1)...run.upperBound) }
                return parts
            }
            try journal.touch(kind: RecordKind.counter, key: String(counter.serial)) { nil }
        }
        try keep(counter.serial)
        if let old = try current(counter.serial)?.name { try keepName(old) }
        try rows.deleteCounter(serial: counter.serial)
        noteDeleted(counter.serial)
    }

    package func record(_ event: CounterEvent) throws {
        try record([event])
    }

    package func record(_ events: [CounterEvent]) throws {
        try rows.willWrite()
        guard let step = journal.currentStep else { throw StoreError.io(path: rows.storeName, reason: "a write outside a change group") }
        var stored = events
        for index in stored.indices {
            try keep(stored[index].serial)
            // Only a shared store says who made a change.
            if journal.isShared, stored[index].actor == nil { stored[index].actor = journal.actor }
        }
        try journal.touch(kind: RecordKind.events, key: String(step)) { nil }
        try rows.appendEvents(stored, step: step)
    }

    // MARK: derived counters

    /// Notes the count `old` had before this session first changed it (stored counters only).
    private func noteCount(of old: Counter, changingTo count: Int64) {
        guard !old.isDerived, old.count != count || countsBefore[old.serial] != nil else { return }
        if countsBefore[old.serial] == nil { countsBefore[old.serial] = old.count }
        derivedReport = nil
    }

    /// Notes that the counter `serial` is no longer stored.
    private func noteDeleted(_ serial: Int64) {
        known[serial] = .some(nil)
        deletedSerials.insert(serial)
        derivedReport = nil
    }

    package func derivedChanges() throws -> [DerivedChange] {
        if let derivedReport { return derivedReport }
        guard !countsBefore.isEmpty || !deletedSerials.isEmpty || !storedDerived.isEmpty else { return [] }
        var report: [DerivedChange] = []
        var orphaned: [String] = []
        for counter in try derivedCounters() {
            guard let formula = counter.formula else { continue }
            if storedDerived.contains(counter.serial) {
                // Put back whole: its sources may have gone or moved since (another person's change).
                if try formula.value(of: counter.name, count: { try current($0)?.count }) == nil { orphaned.append(counter.name) }
                continue
            }
            guard formula.terms.contains(where: { countsBefore[$0.serial] != nil || deletedSerials.contains($0.serial) }) else { continue }
            guard let after = try formula.value(of: counter.name, count: { try current($0)?.count }) else {
                orphaned.append(counter.name)
                continue
            }
            // The value before, from the counts as this session found them: within range,
            // as every earlier change checked (else reported from the value after).
            let before = (try? formula.value(of: counter.name) { serial in
                try countsBefore[serial] ?? current(serial)?.count
            }) ?? nil
            var moved = counter
            moved.count = after
            guard before != after else { continue }
            report.append(DerivedChange(counter: moved, before: before ?? after, formula: try formulaText(of: counter)))
        }
        if !orphaned.isEmpty { throw TallyError.derivedSourceGone(derived: orphaned) }
        derivedReport = report
        return report
    }

    // MARK: undo

    package func revertLatest() throws -> TallyChangeGroup? {
        try recordMadeCounters()
        try lockDerivedFirst()
        // Lock what the undo reads before the conflict rule looks at the journal (a shared
        // store: the group's counters, and the names), so that a change another actor
        // makes meanwhile is either seen by the rule or waits for this undo.
        try rows.lockNames()
        if let newest = try journal.newestStep() {
            for record in try journal.records(of: newest) where record.kind == RecordKind.counter {
                if let serial = try serial(of: record) { _ = try current(serial) }
            }
        }
        var described: TallyChangeGroup?
        do {
            let step = try journal.undoNewest(
                reverting: { step, records in described = try describe(step, records: records) },
                restore: restore)
            return step == nil ? nil : described
        } catch let conflict as UndoConflict {
            throw TallyError.undoConflict(action: conflict.step.label, counters: try names(conflict), others: conflict.actors)
        }
    }

    /// Puts back one row as the group found it.
    private func restore(_ record: UndoJournalRecord) throws {
        switch record.kind {
        case RecordKind.counter:
            guard let serial = try serial(of: record) else { return }
            let old = try current(serial)
            try rows.deleteCounter(serial: serial)
            noteDeleted(serial)
            if let image = record.before {
                let counter = try decode(image)
                try rows.insertCounter(counter)
                known[serial] = .some(counter)
                deletedSerials.remove(serial)
                if let old { noteCount(of: old, changingTo: counter.count) }
                if counter.isDerived {
                    storedDerived.insert(serial)
                    derivedReport = nil
                }
            }
        case RecordKind.events:
            guard let step = Int64(record.key) else { throw corrupt("an undo record names step '\(record.key)'") }
            try rows.deleteEvents(step: step)
        case RecordKind.newCounters:
            for serial in try serials(of: record) {
                try rows.deleteCounter(serial: serial)
                noteDeleted(serial)
            }
        case RecordKind.name:
            break
        case RecordKind.dayStart:
            try rows.setDayStart(record.before?.int64Value)
        default:
            throw corrupt("an undo record of an unknown kind '\(record.kind)'")
        }
    }

    /// The counters another actor changed since, by name: as they are now, else as the
    /// group or the later change found them.
    private func names(_ conflict: UndoConflict) throws -> [String] {
        var names: [String] = []
        for touch in conflict.touches {
            var name: String?
            if touch.mine.kind == RecordKind.name {
                name = touch.mine.key
            } else if touch.mine.kind == RecordKind.dayStart {
                name = "the day start"
            } else if touch.mine.kind == RecordKind.counter, let serial = try serial(of: touch.mine) {
                name = try current(serial)?.name ?? touch.mine.before.map(decode)?.name ?? touch.theirs.before.map(decode)?.name ?? "counter \(serial)"
            }
            if let name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    // MARK: copying a whole store (tally db copy): outside any group, so undo never reverts them

    package func storeCopied(_ counter: Counter) throws {
        try rows.willWrite()
        try updateMatchKeys()
        try counter.requireStorable()
        try rows.insertCounter(counter)
        known[counter.serial] = .some(counter)
    }

    package func storeCopied(_ event: CounterEvent) throws {
        try rows.willWrite()
        try rows.appendEvent(event, step: 0)
    }

    package func storeCopied(dayStart minutes: Int) throws {
        try rows.willWrite()
        try rows.setDayStart(minutes == 0 ? nil : Int64(minutes))
    }

    package func reserveSerials(below serial: Int64) throws {
        try rows.willWrite()
        nextSerial = max(try nextFreeSerial(), serial)
    }

    // MARK: taking over an older tally's JSON document

    /// Stores the counters, next serial and undo history of an older tally's JSON document
    /// (each undo step one group, dated `at`). No event is recorded: the log starts with the move.
    /// - Throws: the store's errors.
    package func importLegacy(_ document: TallyDocument, at: Double) throws {
        for counter in document.counters.sorted(by: { $0.serial < $1.serial }) {
            try counter.requireStorable()
            try rows.insertCounter(counter)
        }
        try rows.setNextSerial(document.nextSerial)
        for (action, groupRows) in document.changeGroups() {
            try journal.begin(action, at: at)
            for (serial, before) in groupRows {
                try journal.touch(kind: RecordKind.counter, key: String(serial)) { before?.journalImage }
            }
        }
    }
}
