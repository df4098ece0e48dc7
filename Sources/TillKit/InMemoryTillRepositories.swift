// In-memory adapters of the three seams: for apps that keep nothing on disk, and for the
// kit's tests, which run every rule against them. They map rows only: the live counts'
// rules are TillDirectoryRules', the history's (Z numbers, a Z count is final, revert)
// TillHistoryRules', as for the SQLite and PostgreSQL adapters.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// A live count kept in memory: a till of an `InMemoryTillDirectory` (its own, when made
/// on its own), changed under the rules every adapter applies (TillDirectoryRules).
public final class InMemoryTillRepository: TillRepository {
    private let directory: InMemoryTillDirectory
    /// The till it is kept for (nil: the default till), named in the count by its first
    /// change, as a till's row names it.
    public let till: TillName?

    /// A live count starting as `state`, of the till `till` (nil: the default till), in a
    /// directory of its own.
    public init(_ state: TillState = TillState(), till: TillName? = nil) {
        self.directory = InMemoryTillDirectory()
        self.till = till
        if state != TillState() { directory.rows.tills[(till ?? .main).key] = KeptTill(name: till ?? .main, state: state) }
    }

    /// The till `till` of `directory`.
    init(directory: InMemoryTillDirectory, till: TillName) {
        self.directory = directory
        self.till = till
    }

    /// The live count as last kept.
    public var state: TillState {
        (try? TillDirectoryRules.load(till ?? .main, in: directory.rows)) ?? TillState()
    }

    /// The live count; never throws.
    /// - Throws: nothing: memory cannot fail.
    public func load() throws -> TillState { state }

    /// Runs `body` on a copy and keeps it unless `body` throws or the copy breaks a rule
    /// the loader checks (`TillState.checkStorable`).
    /// - Throws: what `body` throws, `TillError.changeWouldBreakStore` (then nothing changes).
    public func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        try directory.changing { rows in try TillDirectoryRules.change(till ?? .main, in: rows, body) }
    }
}

/// Saved counts kept in memory.
public final class InMemoryTillHistory: TillHistoryRepository {
    struct Row {
        var count: SavedCount
        var savedBy: String?
        var deletedAt: String?
        var deletedBy: String?
        /// Relabels, oldest first, each with its step's key.
        var labels: [(key: String, label: String?)] = []
        /// Notes added after saving, oldest first, each with its step's key.
        var notes: [(key: String, note: SavedNote)] = []

        /// The count with its newest label and its added notes.
        var edited: SavedCount {
            var count = count
            if let last = labels.last { count.label = last.label }
            count.addedNotes = notes.map(\.note)
            return count
        }
    }

    var rows: [Row] = []
    /// The audit trail, oldest first.
    var audit: [TillAuditEntry] = []

    /// Adds `entry` to the trail (a failed write's is put back with the rows: InMemoryTillStore).
    public func appendAudit(_ entry: TillAuditEntry) { audit.append(entry) }

    /// The trail, oldest first.
    public func auditEntries() -> [TillAuditEntry] { audit }

    var lastID: Int64 = 0
    /// How `stepNotFound` names this store.
    public let name: String

    /// An empty history; `name` is how `HistoryReversal.stepNotFound` names it.
    public init(name: String = "the history") {
        self.name = name
    }

    /// Every count kept, hidden ones included, by id (for tests).
    public var storedIDs: [Int64] { rows.map(\.count.id) }

    /// Every visible count, newest first (by saved time, then id).
    /// - Throws: nothing.
    public func savedCounts() throws -> [SavedCount] {
        rows.filter { $0.deletedAt == nil }.map(\.edited.header)
            .sorted { ($0.savedAt, $0.id) > ($1.savedAt, $1.id) }
    }

    /// The visible count `id` without its lines.
    /// - Throws: `TillError.noSavedCount`.
    public func header(_ id: Int64) throws -> SavedCount {
        try visible(id).header
    }

    /// As `header(_:)`.
    /// - Throws: `TillError.noSavedCount`.
    public func countToDelete(_ id: Int64) throws -> SavedCount {
        try header(id)
    }

    /// The visible count `id` with its lines as saved.
    /// - Throws: `TillError.noSavedCount`.
    public func count(_ id: Int64, definitions: (Currency) throws -> DenominationSet) throws -> SavedCount {
        try visible(id)
    }

    /// Nothing to prepare in memory.
    /// - Throws: nothing.
    public func prepareToSave() throws {}

    /// Keeps `count` under the next id, stamped and marked by `step` (TillHistoryRules:
    /// a Z count takes its till's next number).
    /// - Throws: `StoreError.corrupt` when the till's Z numbers are used up.
    public func save(_ count: SavedCount, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws -> Int64 {
        try TillHistoryRules.save(count, step: step, in: InMemoryTillHistoryRows(history: self))
    }

    /// Hides the visible count `id`, marked by `step`.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`.
    public func delete(_ id: Int64, step: HistoryStep, definitions: (Currency) throws -> DenominationSet) throws {
        try TillHistoryRules.delete(id, step: step, in: InMemoryTillHistoryRows(history: self))
    }

    /// Reverts `step` (TillHistoryRules): an rm's count shown again, a save's count
    /// deleted (refused while it carries labels or notes: SaveUndoRule.swift).
    /// - Throws: `TillError.undoSaveEditedSince`; a step that finds nothing is a reversal.
    public func revert(_ step: HistoryStep) throws -> HistoryReversal {
        try TillHistoryRules.revert(step, in: InMemoryTillHistoryRows(history: self))
    }

    /// Deletes the counts hidden by `keys`; returns how many.
    /// - Throws: nothing.
    public func purge(_ keys: [String]) throws -> Int {
        try TillHistoryRules.purge(keys, in: InMemoryTillHistoryRows(history: self))
    }

    /// Every visible count with its lines, oldest first.
    /// - Throws: nothing.
    public func countsWithLines(definitions: (Currency) throws -> DenominationSet) throws -> [SavedCount] {
        rows.filter { $0.deletedAt == nil }.map(\.edited).sorted { ($0.savedAt, $0.id) < ($1.savedAt, $1.id) }
    }

    /// Relabels the visible X count `id`, marked by `step`.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`.
    public func relabel(_ id: Int64, label: String?, step: HistoryStep) throws {
        try TillHistoryRules.relabel(id, label: label, step: step, in: InMemoryTillHistoryRows(history: self))
    }

    /// Adds a note to the visible count `id`, marked by `step`.
    /// - Throws: `TillError.noSavedCount`.
    public func addNote(_ id: Int64, text: String, step: HistoryStep) throws {
        try TillHistoryRules.addNote(id, text: text, step: step, in: InMemoryTillHistoryRows(history: self))
    }

    /// The next id, never one used before.
    func nextID() throws -> Int64 {
        let (next, overflow) = lastID.addingReportingOverflow(1)
        if overflow { throw StoreError.corrupt(path: name, reason: "no saved count id left") }
        lastID = next
        return next
    }

    /// Applies `edit` to each row until one says it removed something; whether one did.
    func removeEdits(_ edit: (inout Row) -> Bool) -> Bool {
        for index in rows.indices where edit(&rows[index]) { return true }
        return false
    }

    private func visible(_ id: Int64) throws -> SavedCount {
        guard let row = rows.first(where: { $0.count.id == id && $0.deletedAt == nil }) else { throw TillError.noSavedCount(id: id) }
        return row.edited
    }
}

/// The in-memory history's rows as TillHistoryRules reads and writes them.
struct InMemoryTillHistoryRows: TillHistoryRows {
    let history: InMemoryTillHistory

    var storeName: String { history.name }

    func visibleKind(of id: Int64) -> (kind: SavedCount.Kind, zNumber: Int64?)? {
        history.rows.first { $0.count.id == id && $0.deletedAt == nil }.map { ($0.count.kind, $0.count.zNumber) }
    }

    func countHidden(by key: String) -> Int64? {
        history.rows.first { $0.deletedBy == key && $0.deletedAt != nil }?.count.id
    }

    func show(_ id: Int64) {
        for index in history.rows.indices where history.rows[index].count.id == id {
            history.rows[index].deletedAt = nil
            history.rows[index].deletedBy = nil
        }
    }

    func deleteLabel(setBy key: String) -> Bool {
        history.removeEdits { row in
            let before = row.labels.count
            row.labels.removeAll { $0.key == key }
            return row.labels.count != before
        }
    }

    func deleteNote(addedBy key: String) -> Bool {
        history.removeEdits { row in
            let before = row.notes.count
            row.notes.removeAll { $0.key == key }
            return row.notes.count != before
        }
    }

    func visibleXCount(savedBy key: String) -> Int64? {
        history.rows.first { $0.savedBy == key && $0.deletedAt == nil && $0.count.kind == .x }?.count.id
    }

    func xCount(savedBy key: String) -> Int64? {
        history.rows.first { $0.savedBy == key && $0.count.kind == .x }?.count.id
    }

    func zCount(savedBy key: String) -> (id: Int64, zNumber: Int64)? {
        history.rows.first { $0.savedBy == key && $0.count.kind == .z }.flatMap { row in row.count.zNumber.map { (row.count.id, $0) } }
    }

    func editors(of id: Int64) -> [String?] {
        // Memory does not record who made a label or note.
        history.rows.filter { $0.count.id == id }.flatMap { $0.labels.map { _ in nil } + $0.notes.map { _ in nil } }
    }

    func lastZNumber(of till: TillName) -> Int64 {
        history.rows.filter { TillName(stored: $0.count.till).key == till.key }.compactMap(\.count.zNumber).max() ?? 0
    }

    func deleteCount(_ id: Int64) {
        history.rows.removeAll { $0.count.id == id }
    }

    func insertCount(_ count: SavedCount, zNumber: Int64?, step: HistoryStep) throws -> Int64 {
        let id = try history.nextID()
        let saved = SavedCount(
            id: id, savedAt: step.at, label: count.label, currency: count.currency, total: count.total, float: count.float,
            expected: count.expected, notes: count.notes, lines: count.lines, till: count.till, kind: count.kind, zNumber: zNumber,
            movements: count.movements, tolerance: count.tolerance)
        history.rows.append(InMemoryTillHistory.Row(count: saved, savedBy: step.key))
        return id
    }

    func hide(_ id: Int64, step: HistoryStep) -> Bool {
        guard let index = history.rows.firstIndex(where: { $0.count.id == id && $0.deletedAt == nil && $0.count.kind == .x }) else { return false }
        history.rows[index].deletedAt = step.at
        history.rows[index].deletedBy = step.key
        return true
    }

    func insertLabel(_ id: Int64, label: String?, step: HistoryStep) {
        for index in history.rows.indices where history.rows[index].count.id == id { history.rows[index].labels.append((step.key, label)) }
    }

    func insertNote(_ id: Int64, text: String, step: HistoryStep) {
        for index in history.rows.indices where history.rows[index].count.id == id {
            history.rows[index].notes.append((step.key, SavedNote(at: step.at, text: text)))
        }
    }

    func deleteHidden(by key: String) -> Int {
        let before = history.rows.count
        history.rows.removeAll { $0.deletedAt != nil && $0.deletedBy == key }
        return before - history.rows.count
    }
}

/// Denominations without a file: the built-in sets, with overrides by currency code.
public struct InMemoryDenominations: DenominationSource {
    /// The changes to the built-in sets, by currency code.
    public var overrides: [String: DenominationOverride]

    /// The built-in sets with `overrides` applied.
    public init(overrides: [String: DenominationOverride] = [:]) {
        self.overrides = overrides
    }

    /// The built-in set of `currency` with its override; never throws.
    /// - Throws: nothing.
    public func denominations(for currency: Currency) throws -> DenominationSet {
        let base = DenominationSet.tillDefault(for: currency)
        return overrides[currency.code].map(base.merging) ?? base
    }
}
