// A till: the live count, the saved counts and the denominations behind their
// repositories, and every change a person makes to them, each one undo step. The rules
// live here; the command line (or an app) only says what to change.
//
// Every command that changes something is one `store.write`: the change and its undo step
// (the shared undo journal's, TillUndo.swift) are one transaction, so a kill leaves the
// old state or the new one. A till built from bare repositories (no TillStore) runs its
// writes as they are, with its journal in memory (RepositoriesTillStore).

import MoneyKit
import MoneyKitPlatform

/// A till behind its three repositories, and the rules of every change (see the top of this file).
public struct Till {
    /// Where the live count is kept.
    public let live: any TillRepository
    /// Where saved counts are kept.
    public let history: any TillHistoryRepository
    /// Where the denominations come from.
    public let denominations: any DenominationSource
    /// The till's name (its saved counts record it); the default till unless given.
    public let name: TillName
    /// Every till's live count, where this till is one: what 'tills rm' removes from, and
    /// its undo brings a till back into (nil: a till on its own, which removes none).
    public let tills: (any TillDirectory)?
    /// The store the repositories are a session of, whose `write` makes a change to the
    /// live count and the history one transaction. For a till built without one, a
    /// stand-in that runs its bodies as they are: each repository's change is its own, in
    /// the order the top of this file gives.
    public let store: any TillStore
    /// The clock every change is stamped by (seconds since 1970, to the millisecond): a
    /// saved count's time, a movement's, an undo step's and the live count's `updated`.
    /// The system clock unless given (a command line passes its run's).
    public let now: @Sendable () -> Double
    /// Who the audit trail names for this till's blind, reveal and undo entries (USER@HOST,
    /// or a cashier's name); "" when nobody is named. Asked only when an entry is written
    /// (a user name lookup is not free at every start).
    public var auditor: @Sendable () -> String = { "" }

    /// A till on these repositories, named `name`, one of `tills`; `store` (whose
    /// repositories they are) joins their changes into one transaction; `now` stamps its changes.
    public init(
        live: any TillRepository, history: any TillHistoryRepository, denominations: any DenominationSource, name: TillName = .main,
        tills: (any TillDirectory)? = nil, store: (any TillStore)? = nil,
        now: @escaping @Sendable () -> Double = { Instant.preciseNow() }
    ) {
        self.live = live
        self.history = history
        self.denominations = denominations
        self.name = name
        self.tills = tills
        self.store = store ?? RepositoriesTillStore(
            session: RepositoriesTillSession(name: name, live: live, tills: tills ?? InMemoryTillDirectory(), history: history))
        self.now = now
    }

    /// The instant a change is stamped with: `now` as ISO 8601 UTC, to the millisecond.
    var stamp: String { Instant.iso8601UTC(now()) }

    /// Runs `body` as one `write` of the store, named `label` (the stand-in store of bare
    /// repositories runs it as it is). It may run more than once (see TillStore).
    /// - Throws: what `body` and the store throw (then nothing of it is kept, in one transaction).
    public func write<Result>(_ label: String, _ body: () throws -> Result) throws -> Result {
        try store.write(label) { _ in try body() }
    }

    /// Runs `body` on one snapshot of the store (the stand-in store of bare repositories
    /// runs it as it is).
    /// - Throws: what `body` and the store throw.
    public func read<Result>(_ body: () throws -> Result) throws -> Result {
        try store.read { _ in try body() }
    }

    /// The live count read with its currency and the denominations it counts with.
    public struct Count {
        /// The live count.
        public let state: TillState
        /// The currency it is read in.
        public let currency: Currency
        /// The denominations it counts with (its own roll sizes included).
        public let set: DenominationSet
    }

    // MARK: reading

    /// The live count as kept (an empty one when none is kept yet), read in one snapshot.
    /// Changes nothing.
    /// - Throws: what the store throws (`StoreError`); it is never reset.
    public func liveCount() throws -> TillState {
        try store.read { try $0.live(of: name).load() }
    }

    /// The live count with its currency and denominations. A currency asked for that is
    /// not a non-empty count's own is refused: it would misread the count.
    /// - Throws: `TillError.currencyMismatch`; what the repositories throw (`StoreError`).
    public func current(_ choice: CurrencyChoice) throws -> Count {
        let state = try liveCount()
        let currency = try choice.currency(for: state)
        if let own = state.currencyCode.flatMap(Currency.init(code:)), own != currency, !state.isEmpty {
            throw TillError.currencyMismatch(count: own, asked: currency, adopting: false)
        }
        return Count(state: state, currency: currency, set: try countingSet(state, currency: currency))
    }

    /// The denominations `state` counts with: the current ones, with the roll sizes the
    /// count keeps for the rolls it holds.
    /// - Throws: what the denomination source throws (`StoreError`).
    public func countingSet(_ state: TillState, currency: Currency) throws -> DenominationSet {
        state.countingSet(try denominations.denominations(for: currency))
    }

    /// The live count's summary (with `expected`, over or short against it).
    /// - Throws: what `current` and `expected` throw, and `TillError` when the summary does not fit.
    public func summary(_ choice: CurrencyChoice, expected: (Currency) throws -> Money? = { _ in nil }) throws -> (Count, TillSummary) {
        let count = try current(choice)
        return (count, try TillSummary(state: count.state, set: count.set, currency: count.currency, expected: try expected(count.currency)))
    }

    // MARK: changing the live count

    /// Changes the live count under its lock as one undo step named `action` (the count
    /// before it is what undo brings back), stamped `updated` now. With `adopting`, the
    /// count takes the currency it is counted in first (see `adoptCurrency`), and undo keeps
    /// it: a till whose first change named its currency keeps that currency.
    /// - Throws: what `body`, the live repository and the journal throw (nothing is kept then).
    public func change<Result>(_ action: String, adopting choice: CurrencyChoice? = nil, _ body: (inout TillState) throws -> Result) throws -> Result {
        try store.write(action) { session in try change(in: session, adopting: choice, body, named: { _ in action }).result }
    }

    /// `change`'s steps, in `session`: `body` on the live count, then its undo step, named
    /// by `named` from what `body` returned: a new one, or the step of the field edit
    /// `continuing` when it is still this till's newest, the count unchanged since the
    /// edit's last change and no one else's step touching it since. Returns what `body`
    /// returned and the step's id.
    /// - Throws: what `body`, the live repository and the journal throw.
    func change<Result>(
        in session: any TillSession, continuing edit: FieldEdit? = nil, adopting choice: CurrencyChoice? = nil,
        _ body: (inout TillState) throws -> Result, named: (Result) -> String
    ) throws -> (result: Result, step: Int64?, updated: String?) {
        let journal = try journal(in: session)
        return try session.live(of: name).change { state in
            if let choice { _ = try adoptCurrency(&state, choice) }
            let before = state
            let result = try body(&state)
            let action = named(result)
            state.updated = stamp
            if let edit, edit.updated == before.updated, try journal.newestStep()?.id == edit.step, try journal.continueNewest() {
                try journal.relabelCurrent(action)
            } else {
                try beginStep(journal, action, in: session)
                try journal.touch(kind: TillUndoRecord.liveCount, key: name.key) { before.snapshotJSON }
            }
            return (result, journal.currentStep, state.updated)
        }
    }

    /// The live count's currency, taking the one asked for when the count is empty; a
    /// clash with a non-empty count is an error.
    /// - Throws: `TillError.currencyMismatch` when a currency is asked for that a non-empty
    ///   count is not in; what reading the currency asked for throws.
    public func adoptCurrency(_ state: inout TillState, _ choice: CurrencyChoice) throws -> Currency {
        let asked = try choice.currency(for: nil)
        guard let code = state.currencyCode, let own = Currency(code: code) else {
            state.currencyCode = asked.code
            return asked
        }
        if choice.isAsked, asked != own {
            if state.isEmpty {
                state.currencyCode = asked.code
                return asked
            }
            throw TillError.currencyMismatch(count: own, asked: asked, adopting: true)
        }
        return own
    }

    /// How a quantity changes.
    public enum QuantityChange: Sendable { case set, add, subtract }

    /// One requested change: the token as given, the item it names and the quantity.
    public struct QuantityRequest: Sendable {
        /// The token as given, for messages.
        public let token: String
        /// The item it names.
        public let item: TillItem
        /// The quantity to set, add or take.
        public let quantity: Int64

        /// A request for `quantity` of `item`, named `token`.
        public init(token: String, item: TillItem, quantity: Int64) {
            self.token = token
            self.item = item
            self.quantity = quantity
        }
    }

    /// Sets, adds to or takes from quantities as one undo step named `action`; `requests`
    /// names the items in the count's currency and set. A quantity never goes below 0
    /// and never overflows, and the new total must fit: otherwise nothing changes.
    /// Returns the new summary.
    /// - Throws: `TillError.cannotTake`, `.quantityOverflows`, `.countTooLarge`,
    ///   `.currencyMismatch`, what `requests` throws, and the repositories' errors.
    public func adjust(
        _ change: QuantityChange, action: String, currency choice: CurrencyChoice,
        requests: (DenominationSet, Currency) throws -> [QuantityRequest]
    ) throws -> TillSummary {
        try self.change(action, adopting: choice) { state -> TillSummary in
            let currency = try adoptCurrency(&state, choice)
            let set = try countingSet(state, currency: currency)
            let requests = try requests(set, currency)
            for request in requests {
                let have = state.quantities[request.item] ?? 0
                let next: Int64
                switch change {
                case .set: next = request.quantity
                case .add:
                    let (sum, overflow) = have.addingReportingOverflow(request.quantity)
                    if overflow { throw TillError.quantityOverflows(token: request.token) }
                    next = sum
                case .subtract:
                    guard have >= request.quantity else {
                        throw TillError.cannotTake(quantity: request.quantity, token: request.token, held: have)
                    }
                    next = have - request.quantity
                }
                state.quantities[request.item] = next
            }
            // A roll counted now keeps the size it is counted with.
            state.keepRollDefinitions(from: set)
            // Checks that the new total still fits before anything is saved.
            return try TillSummary(state: state, set: set, currency: currency)
        }
    }

    /// Sets the quantity of `item` to `transform` of what it is (never below 0): the
    /// counting screen's keys. Each change is kept at once (a screen killed mid-edit loses
    /// nothing), but the changes of one field edit are one undo step: when `edit` (what
    /// the edit's previous change returned) is of the same item and its step is still the
    /// newest, with nothing changed in the till since, that step (the count before the
    /// edit's first change) stays and takes the name `action` gives (the currency and the
    /// new quantity); otherwise a new step starts. Returns the edit to continue.
    /// - Throws: `TillError.currencyMismatch`, `.countTooLarge`, what `transform` throws; the repositories' errors.
    @discardableResult
    public func setQuantity(
        _ item: TillItem, action: (Currency, Int64) -> String, currency choice: CurrencyChoice, continuing edit: FieldEdit? = nil,
        to transform: (Int64) throws -> Int64
    ) throws -> FieldEdit {
        try store.write("edit a quantity") { session in
            let (_, step, updated) = try change(in: session, continuing: edit?.item == item ? edit : nil, adopting: choice) { state -> (Currency, Int64) in
                let currency = try adoptCurrency(&state, choice)
                let set = try countingSet(state, currency: currency)
                let quantity = max(0, try transform(state.quantities[item] ?? 0))
                state.quantities[item] = quantity
                state.keepRollDefinitions(from: set)
                _ = try TillSummary(state: state, set: set, currency: currency)  // refuse an overflowing total
                return (currency, quantity)
            } named: { action($0.0, $0.1) }
            return FieldEdit(item: item, step: step ?? 0, updated: updated)
        }
    }

    /// A field a screen is editing: the undo step its changes to one quantity share (see
    /// `setQuantity`), so that typing 1, 2, 5 into one line is one step, not three.
    public struct FieldEdit: Equatable, Sendable {
        /// The item being edited.
        public let item: TillItem
        /// The id of the edit's undo step in the journal.
        let step: Int64
        /// When the edit's last change was kept (the count's `updated`): a change since, by
        /// another command or another person, starts a new step.
        let updated: String?
    }

    /// Sets the float (`amount` reads it in the count's currency); never negative, and
    /// never so large that the expected cash with the recorded movements overflows.
    /// - Throws: `TillError.negativeFloat`, `.expectedOutOfRange`, `.currencyMismatch`, what `amount` throws.
    public func setFloat(action: String, currency choice: CurrencyChoice, amount: (Currency) throws -> Money) throws -> Money {
        try change(action, adopting: choice) { state -> Money in
            let currency = try adoptCurrency(&state, choice)
            let float = try amount(currency)
            guard !float.isNegative else { throw TillError.negativeFloat }
            state.floatMinorUnits = float.minorUnits
            // The expected cash (float + the movements) must still add up before anything is kept.
            _ = try ExpectedCash.of(state, currency: currency)
            return float
        }
    }

    /// Changes the count's currency: only an empty count, unless `force` (the quantities
    /// of the same face values are kept).
    /// - Throws: `TillError.currencyChangeNeedsEmptyCount`.
    public func setCurrency(_ currency: Currency, force: Bool, action: String) throws {
        try change(action) { state in
            if !state.isEmpty, state.currencyCode != currency.code, !force { throw TillError.currencyChangeNeedsEmptyCount }
            state.currencyCode = currency.code
        }
    }

    /// Starts a new count: every quantity 0; the notes go with the count cleared unless
    /// `keepNotes`. The float stays.
    /// - Throws: what the live repository throws.
    public func clear(keepNotes: Bool, action: String) throws {
        try change(action) { state in
            state.quantities = [:]
            state.rollDefinitions = [:]
            // The movements were this count's; the till's settings (blind, tolerance) stay.
            state.movements = []
            // The notes belong to the count being cleared (they were filed with it when it
            // was saved); keepNotes carries them over to the next one.
            if !keepNotes { state.notes = [] }
        }
    }

    // MARK: notes

    /// Adds a line to the notes, its placeholders filled in (see NotePlaceholders);
    /// returns the line as added. `moment` gives {time}, {date} and {till} (nil: `time`
    /// alone, the others empty).
    /// - Throws: `TillError.currencyMismatch`, `.countTooLarge`, `.unknownPlaceholder`,
    ///   `.unclosedPlaceholder`, `.placeholderHiddenByBlind`; what the repositories throw.
    public func addNote(_ text: String, action: String, currency choice: CurrencyChoice, time: String, moment: NoteMoment? = nil) throws -> String {
        try change(action, adopting: choice) { state -> String in
            let currency = try adoptCurrency(&state, choice)
            let summary = try TillSummary(state: state, set: try countingSet(state, currency: currency), currency: currency)
            let filled = try NotePlaceholders.fill(text, state: state, summary: summary, moment: moment ?? NoteMoment(time: time))
            state.notes.append(filled)
            return filled
        }
    }

    /// Replaces the notes with `lines` (empty: clears them).
    /// - Throws: what the live repository throws.
    public func replaceNotes(_ lines: [String], action: String) throws {
        try change(action) { state in
            state.notes = lines
        }
    }

    // MARK: the history

    /// The denominations lines saved before roll sizes were kept are named with.
    public var definitions: (Currency) throws -> DenominationSet { denominations.denominations(for:) }

    /// Files `summary` (with `notes`) in the history, recording this till and `kind`;
    /// returns the new id. An X save is one undo step. A Z save is final: its step only
    /// marks its place, so that undo says it passes over the Z count (undo never removes
    /// it: see SavedCount.Kind and `HistoryReversal.finalCount`).
    /// The count keeps the movements recorded with the live count and the tolerance over/short
    /// is judged by (`tolerance`, else the till's own), so history shows them as saved.
    /// A blind count saved with an expected cash reveals it (over/short is said): the audit
    /// trail keeps who, whether the till is blind or `blind` asks for this save alone (a
    /// count screen opened with --blind).
    /// - Throws: `TillError.changeWouldBreakStore` (a count the history's readers would
    ///   refuse: nothing is filed); what the repositories throw (nothing is kept then).
    public func save(
        _ summary: TillSummary, notes: [String], label: String?, expected: Money?, action: String, kind: SavedCount.Kind = .x,
        tolerance: Money? = nil, blind: Bool = false
    ) throws -> Int64 {
        try store.write(action) { session in
            try fileCount(
                session, summary, notes: notes, label: label, expected: expected, action: action, kind: kind, tolerance: tolerance, blind: blind)
        }
    }

    /// `save`'s steps (see there).
    private func fileCount(
        _ session: any TillSession, _ summary: TillSummary, notes: [String], label: String?, expected: Money?, action: String, kind: SavedCount.Kind, tolerance: Money?,
        blind: Bool
    ) throws -> Int64 {
        // Made ready (created, migrated) first: a history that cannot be written is
        // refused before the live count changes.
        try session.history.prepareToSave()
        let step = HistoryStep(change: .save, id: nil, action: action, at: stamp)
        let live = try session.live(of: name).load()
        let filed = SavedCount(
            filing: summary, notes: notes, label: label, expected: expected, at: step.at, till: live.tillName.map(TillName.init(stored:)) ?? name,
            kind: kind, movements: live.movements,
            tolerance: tolerance ?? live.toleranceMinorUnits.map { Money(minorUnits: $0, currency: summary.currency) })
        // The loader's own rules, before anything is filed.
        if let fault = filed.invariantFault { throw TillError.changeWouldBreakStore(reason: "the saved count \(fault)") }
        let id = try session.history.save(filed, step: step, definitions: definitions)
        try record(step, in: session)
        if (live.isBlind || blind) && expected != nil { try audit(.reveal, detail: "saved count \(id)", in: session) }
        return id
    }

    /// Deletes the saved count `id` as one undo step (it stays hidden in the history until
    /// its step leaves the last `TillState.undoLimit`). Check it first with `history.countToDelete(id)`.
    /// - Throws: `TillError.noSavedCount`; what the repositories throw.
    public func delete(_ id: Int64, action: String) throws {
        try store.write(action) { session in try hide(session, id, action: action) }
    }

    /// `delete`'s steps.
    private func hide(_ session: any TillSession, _ id: Int64, action: String) throws {
        let step = HistoryStep(change: .rm, id: id, action: action, at: stamp)
        try session.history.delete(id, step: step, definitions: definitions)
        try record(step, in: session)
    }

    /// Relabels the saved count `id` (nil or empty: no label) as one undo step; the
    /// count's lines and amounts stay as saved. A Z count keeps its label.
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`; what the repositories throw.
    public func relabel(_ id: Int64, label: String?, action: String) throws {
        try store.write(action) { session in try setLabel(session, id, label: label, action: action) }
    }

    /// `relabel`'s steps.
    private func setLabel(_ session: any TillSession, _ id: Int64, label: String?, action: String) throws {
        let saved = try session.history.header(id)
        if saved.kind == .z { throw TillError.zCountIsFinal(id: id, number: saved.zNumber ?? 0, refused: .label) }
        let step = HistoryStep(change: .label, id: id, action: action, at: stamp)
        try session.history.relabel(id, label: label.flatMap { $0.isEmpty ? nil : $0 }, step: step)
        try record(step, in: session)
    }

    /// Adds `text` to the notes of the saved count `id`; the notes filed with it and its
    /// lines stay as saved. On an X count it is one undo step; a Z count is final, so its
    /// added notes are too (no undo step). Returns the count as it was before.
    /// - Throws: `TillError.noSavedCount`; what the repositories throw.
    @discardableResult
    public func addSavedNote(_ id: Int64, text: String, action: String) throws -> SavedCount {
        try store.write(action) { session in try noteSaved(session, id, text: text, action: action) }
    }

    /// `addSavedNote`'s steps.
    private func noteSaved(_ session: any TillSession, _ id: Int64, text: String, action: String) throws -> SavedCount {
        let saved = try session.history.header(id)
        let step = HistoryStep(change: .note, id: id, action: action, at: stamp)
        try session.history.addNote(id, text: text, step: step)
        if saved.kind == .x { try record(step, in: session) }
        return saved
    }

    /// The saved count `id` about to be deleted: a Z count is refused (final).
    /// - Throws: `TillError.noSavedCount`, `.zCountIsFinal`; what the history throws.
    public func countToDelete(_ id: Int64) throws -> SavedCount {
        let saved = try history.countToDelete(id)
        if saved.kind == .z { throw TillError.zCountIsFinal(id: id, number: saved.zNumber ?? 0, refused: .rm) }
        return saved
    }

    /// The till's name as its live count keeps it (as first given), else as asked for:
    /// what saved counts record and {till} in a note becomes.
    /// - Throws: what reading the live count throws.
    public func keptName() throws -> TillName {
        try live.load().tillName.map(TillName.init(stored:)) ?? name
    }

    /// The saved count `id` with its lines.
    /// - Throws: `TillError.noSavedCount`; what the history throws.
    public func savedCount(_ id: Int64) throws -> SavedCount {
        try history.count(id, definitions: definitions)
    }

    /// The saved count `id` as it is shown: its lines as saved, named with the current set.
    /// - Throws: `TillError` when the saved lines do not fit; what the denomination source throws.
    public func savedSummary(_ saved: SavedCount) throws -> TillSummary {
        try TillSummary(saved: saved, set: try denominations.denominations(for: saved.currency))
    }

    /// Copies the saved count `id` into the live count (the saved one is unchanged); the
    /// live count it replaces comes back with undo. A live count that is not empty is
    /// replaced only with `replacingNonEmpty`. Returns the saved count.
    /// - Throws: `TillError.noSavedCount`, `.liveCountNotEmpty`, and what a summary of the
    ///   saved count throws (a count that would not add up is refused before any change).
    @discardableResult
    public func resume(_ id: Int64, replacingNonEmpty: Bool, action: String) throws -> SavedCount {
        let saved = try savedCount(id)
        let replacement = TillState(saved: saved)
        // Refuse a saved count that would not add up as a live count before anything changes.
        _ = try TillSummary(state: replacement, set: replacement.countingSet(try denominations.denominations(for: saved.currency)), currency: saved.currency)
        try change(action) { live in
            if !live.isEmpty && !replacingNonEmpty { throw TillError.liveCountNotEmpty }
            live.currencyCode = replacement.currencyCode
            live.floatMinorUnits = replacement.floatMinorUnits
            live.quantities = replacement.quantities
            live.rollDefinitions = replacement.rollDefinitions
            live.notes = replacement.notes
        }
        return saved
    }

    // MARK: removing a till

    /// Removes the till `other`, which must hold nothing (see TillRemoval), as one undo
    /// step of this till; `fallback` is the currency its float is named in when it has
    /// none. Returns the removal.
    /// - Throws: `TillError.tillRemovesItself`, `.noTill`, `.tillNotEmpty`,
    ///   `.tillChangedMeanwhile`; what the repositories throw (then nothing is removed).
    @discardableResult
    public func removeTill(_ other: TillName, fallback: Currency, action: String) throws -> TillRemoval {
        try store.write(action) { session in try remove(session, other, fallback: fallback, action: action) }
    }

    /// `removeTill`'s steps.
    private func remove(_ session: any TillSession, _ other: TillName, fallback: Currency, action: String) throws -> TillRemoval {
        guard tills != nil else { throw TillError.noTill(name: other.display) }
        guard other != name else { throw TillError.tillRemovesItself(name: other.display) }
        guard session.tills.keeps(other) else { throw TillError.noTill(name: other.display) }
        let state = try session.tills.repository(for: other).load()
        let currency = state.currency(fallback: fallback)
        let held = TillRemoval.holdings(of: state, currency: currency)
        let kept = state.tillName.map(TillName.init(stored:)) ?? other
        guard held.isEmpty else { throw TillError.tillNotEmpty(name: kept.display, holds: held) }
        let removal = TillRemoval(name: kept, state: state, action: action)
        let removed = try session.tills.remove(other) { now in
            let held = TillRemoval.holdings(of: now, currency: now.currency(fallback: fallback))
            guard held.isEmpty else { throw TillError.tillNotEmpty(name: kept.display, holds: held) }
            guard TillRemoval(name: kept, state: now, action: action) == removal else { throw TillError.tillChangedMeanwhile(name: kept.display) }
        }
        guard removed != nil else { throw TillError.noTill(name: other.display) }
        let journal = try journal(in: session)
        try beginStep(journal, action, in: session)
        // A key of its own: a till of that name started and removed again since conflicts
        // with nothing (undo brings it back only where none is kept, TillDirectory.restore).
        try journal.touch(kind: TillUndoRecord.removedTill, key: HistoryStep.randomKey()) { TillUndoRecord.json(of: removal) }
        try keepTill(in: session)
        // Its steps, of every person, go with it: the counts its 'history rm' steps hid can
        // never come back, so they are purged.
        try purgeHidden(by: journal.forgetSteps(ofActorsStartingWith: Self.actor(till: other, person: "")), in: session)
        return removal
    }

    // MARK: undo

    /// What `undo` reverted.
    public enum UndoOutcome: Equatable {
        /// The live count is back as it was before `action` (nil: a step from before steps
        /// were named).
        case liveCount(action: String?)
        /// A history step reverted.
        case history(HistoryStep, HistoryReversal)
        /// A removed till: back when `restored`; else a till of its name was started again
        /// since, and is left as it is.
        case till(TillRemoval, restored: Bool)

        /// What was undone, as the audit trail names it.
        public var undone: String {
            switch self {
            case .liveCount(let action): return action ?? "an earlier change"
            case .history(let step, _): return step.action
            case .till(let removal, _): return removal.action
            }
        }
    }

    /// Reverts the newest step of this till (and person, on a shared store). History steps
    /// that find nothing to revert (a Z save, final; a count deleted since) are dropped,
    /// reported through `skipped`, and the next step is undone instead.
    /// - Throws: `TillError.nothingToUndo` when there is no step; `.undoRevertsOthers`.
    public func undo(skipped: (HistoryStep, HistoryReversal) -> Void) throws -> UndoOutcome {
        // Nothing to undo is said without a write (which would make the store). A stack an
        // older tillcount kept in its files is taken into the journal by the write.
        let pending = try store.read { session in
            try journal(in: session).newestStep() != nil || !session.live(of: name).load().undo.isEmpty
                // A shared store may keep a till under the first name rule's key, its steps
                // with it, until a change moves them: the write below does, then looks.
                || (!session.person.isEmpty && !name.isMain && session.tills.keeps(name))
        }
        guard pending else { throw TillError.nothingToUndo(limit: TillState.undoLimit) }
        return try store.write("undo") { session in
            let outcome = try revertNewest(session, skipped: skipped)
            try audit(.undo, detail: outcome.undone, in: session)
            return outcome
        }
    }
}

/// The currency a command works in: the one asked for, else the live count's, else the
/// fallback (the locale's, else USD). The one asked for is read only when a command needs
/// it, so that a command refuses what it reads first (a store it cannot read) first.
public struct CurrencyChoice: Sendable {
    /// Whether a currency is asked for at all (--currency given).
    public let isAsked: Bool
    /// The currency when neither is asked for nor kept.
    public let fallback: Currency
    private let readAsked: @Sendable () throws -> Currency?

    /// A choice of `asked`, else the count's, else `fallback`.
    public init(asked: Currency?, fallback: Currency) {
        self.isAsked = asked != nil
        self.fallback = fallback
        self.readAsked = { asked }
    }

    /// A choice of what `read` gives (it may refuse what was asked for), else the count's,
    /// else `fallback`; `isAsked` says whether anything was asked for.
    public init(isAsked: Bool, fallback: Currency, read: @escaping @Sendable () throws -> Currency?) {
        self.isAsked = isAsked
        self.fallback = fallback
        self.readAsked = read
    }

    /// The currency asked for, if any.
    /// - Throws: what reading it throws (an unknown code).
    public func asked() throws -> Currency? {
        try readAsked()
    }

    /// The currency for a command on `count` (nil: on no count).
    /// - Throws: what reading the currency asked for throws.
    public func currency(for count: TillState?) throws -> Currency {
        if let asked = try readAsked() { return asked }
        if let code = count?.currencyCode, let currency = Currency(code: code) { return currency }
        return fallback
    }
}
