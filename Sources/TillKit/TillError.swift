// What goes wrong in tillcount's rules, each case carrying what its message needs. The
// executable turns each into its message, hint and exit code in one place
// (Sources/tillcount/TillErrorMessages.swift); an app would word them its own way.
// Storage faults stay StoreError, money faults MoneyError.

import MoneyKit
import MoneyKitStorage

/// What goes wrong in tillcount's rules (see the top of this file).
public enum TillError: Error, Equatable, Sendable {
    // MARK: naming denominations

    /// `token` is not a face value at all ("abc", "££5").
    case invalidDenomination(token: String, currency: Currency)
    /// `token` is a face value the set has no `kind` of (nil: neither note nor coin);
    /// `known` are the set's canonical tokens, for a suggestion.
    case unknownDenomination(token: String, kind: TillItem.Kind?, currency: Currency, known: [String])
    /// A roll of a coin the set knows but has no roll size for; `coinLabel` names the coin.
    case noRollSize(coinLabel: String, currency: Currency, rollNote: String?)

    // MARK: the live count

    /// The count holds rolls whose size is no longer defined anywhere.
    case rollNoLongerDefined(quantity: Int64, token: String)
    /// The lines, total or float do not fit (`reason`: the overflow, as MoneyError says it).
    case countTooLarge(reason: String)
    /// total − expected does not fit.
    case expectedOutOfRange(reason: String)
    /// A summary's sum for the till `till` in `period` does not fit in an amount (a read:
    /// nothing is changed).
    case summaryTooLarge(till: String, period: String)
    /// The change would leave a live count the loader refuses (`reason`, as the loader
    /// words it): nothing was stored (see TillStateStorableCheck.swift).
    case changeWouldBreakStore(reason: String)
    /// Adding to `token` overflows its quantity.
    case quantityOverflows(token: String)
    /// An entry of a total (`word`, as given) makes its quantity overflow.
    case totalQuantityOverflows(word: String)
    /// A quantity already at its largest cannot grow (the counting screen's +).
    case quantityAtLargest(token: String)
    /// Taking `quantity` × `token` from a till that holds only `held`.
    case cannotTake(quantity: Int64, token: String, held: Int64)
    /// A float below 0.
    case negativeFloat
    /// The count is in `count`, the command asked for `asked`; `adopting`: the command
    /// changes the count (else it only reads it).
    case currencyMismatch(count: Currency, asked: Currency, adopting: Bool)
    /// Changing the currency of a count that is not empty, without force.
    case currencyChangeNeedsEmptyCount
    /// Resuming a saved count over a live count that is not empty, without force.
    case liveCountNotEmpty

    // MARK: amounts given as a value ("0.20 --value 12.40")

    /// One unit of the denomination is too large to count by value.
    case valueDenominationTooLarge
    /// A value given below 0; `text` as given.
    case negativeValue(text: String)
    /// `text` is not a whole number of `label`; `below` and `above` are the nearest that are
    /// (`above` nil when it does not fit).
    case valueNotWhole(text: String, label: String, below: Money, above: Money?)

    // MARK: the history and undo

    /// No saved count `id` (or a hidden one).
    case noSavedCount(id: Int64)
    /// A count saved before roll sizes were kept, whose roll `token` has no size to be told.
    case rollSizeUnknown(countID: Int64, token: String)
    /// A saved count whose lines do not fit.
    case savedCountTooLarge(countID: Int64, reason: String)
    /// No undo step of this till (and person); `limit` steps are kept.
    case nothingToUndo(limit: Int)
    /// In a shared store: undoing this person's newest step (`action`) would also revert
    /// what `other` (user@host) changed since, in the till or in the saved count.
    case undoRevertsOthers(action: String, other: String)
    /// Undoing the save `action` would delete saved count `id`, which carries a label or
    /// note made since from another till or by another person (`editor`, user@host, when
    /// the store records it): see SaveUndoRule.swift.
    case undoSaveEditedSince(action: String, id: Int64, editor: String?)
    /// `db copy`: the target store (`target`) already holds `what`; a copy never merges.
    case copyTargetNotEmpty(target: String, what: String)
    /// 'tills rm' of a till that holds something (see TillRemoval).
    case tillNotEmpty(name: String, holds: [TillRemoval.Holding])
    /// 'tills rm' of a till that has no live count kept.
    case noTill(name: String)
    /// 'tills rm' of the till the command runs in, whose step it would be.
    case tillRemovesItself(name: String)
    /// The till changed while 'tills rm' removed it: nothing removed; try again.
    case tillChangedMeanwhile(name: String)

    // MARK: tills and Z counts

    /// A till name the shared name rule refuses (see TillName).
    case invalidTillName(ItemName.Fault)
    /// The saved count `id` is the Z count number `number` of its till: final, so `refused`
    /// (rm, label) cannot change it.
    case zCountIsFinal(id: Int64, number: Int64, refused: HistoryStep.Change)

    // MARK: expected cash, tolerance and note placeholders (TillMovements.swift, Tolerance.swift, NotePlaceholders.swift)

    /// A movement of a negative amount, or of 0 where the kind needs more (`isZero`).
    case movementAmount(kind: TillMovement.Kind, isZero: Bool)
    /// A paid-in or paid-out without a reason.
    case reasonRequired(kind: TillMovement.Kind)
    /// A reason longer than `limit` characters.
    case reasonTooLong(limit: Int)
    /// The live count already holds `limit` movements.
    case tooManyMovements(limit: Int)
    /// No movement numbered `number`; the count holds `count`.
    case noMovement(number: Int64, count: Int)
    /// A tolerance below 0.
    case negativeTolerance
    /// Placeholders in a note that are not known (`names`, without braces); `known` are
    /// the placeholders there are, for a suggestion.
    case unknownPlaceholder(names: [String], known: [String])
    /// A `{` with no `}` after it, at character `offset` of the note.
    case unclosedPlaceholder(offset: Int)
    /// A placeholder a blind till cannot fill without telling what it hides.
    case placeholderHiddenByBlind(name: String)

    // MARK: counting coins by weight ("0.20 --grams 310", CountByWeight)

    /// --grams named a note or a roll (`label`), not a loose coin; `token` as given.
    case weightNeedsLooseCoin(token: String, label: String, kind: TillItem.Kind)
    /// `text`, given to `option` (--grams or --tare), is not a weight in grams.
    case invalidWeight(option: String, text: String)
    /// The tare is heavier than the weight.
    case tareExceedsWeight(grams: String, tare: String)
    /// No mass is known for the coin `coinLabel` (`token` as given).
    case noCoinWeight(coinLabel: String, token: String, currency: Currency)
    /// `grams` (the net weight, as grams) is not a whole number of `coinLabel` within the
    /// tolerance; `below` and `above` are the whole counts around it.
    case weightNotWhole(grams: String, coinLabel: String, perCoinMilligrams: Int64, toleranceMilligrams: Int64, below: Int64, above: Int64)
}
