// What can go wrong in billsplit's rules, each case carrying what its message needs.
// The kit knows no command line: the executable words these (and picks the exit code)
// in one place, BillErrorMessages.swift.

import MoneyKit

/// An error of billsplit's rules: a bill, tip, weights or round-up unit that cannot be
/// used, an arithmetic overflow, or a saved preference the rules refuse.
public enum BillError: Error, Equatable, Sendable {
    /// The bill is not an amount in the currency.
    case invalidAmount(MoneyError)
    /// The bill, as typed, is below zero.
    case negativeBill(String)
    /// The tip, total or a share does not fit in 64-bit minor units.
    case calculation(MoneyError)
    /// The tip as typed, and what is wrong with it.
    case invalidTip(String, TipProblem)
    /// The weights as typed, and what is wrong with them.
    case invalidWeights(String, WeightsProblem)
    /// A number of people was given, and a different number of weights.
    case peopleAndWeightsDisagree(people: Int, weights: Int)
    /// The round-up unit as typed is not an amount in the currency.
    case invalidRoundUp(String, MoneyError)
    /// The round-up unit as typed is zero or less.
    case roundUpNotPositive(String)
    /// A remembered setting the rules cannot use; `source` names where it is kept.
    case invalidSavedPreference(setting: PreferenceSetting, value: String, source: String)
    /// `--people` as typed names people, and this is wrong with it.
    case invalidPeopleNames(String, PeopleNames.NameProblem)
    /// `--people` was given as a count and as names (or as two lists) that disagree.
    case peopleCountsDisagree([Int])
    /// An itemised bill's lines that cannot be read: the first faults (in line order) and
    /// how many lines are bad in all.
    case invalidItemLines([ItemLineFault], count: Int)
    /// An itemised bill without a single item.
    case emptyItemisedBill
    /// `--people` for an itemised bill gave a count: it needs names.
    case itemsNeedPeopleNames(Int)

    // Tax, tip base, fixed tip and total rounding (BillTaxRules.swift).
    /// A tax rate as typed, which option gave it, and what is wrong with it.
    case invalidTax(String, BillTax.Kind, TaxProblem)
    /// The fixed tip as typed is not an amount in the currency.
    case invalidTipAmount(String, MoneyError)
    /// The fixed tip as typed is below zero.
    case negativeTipAmount(String)
    /// The total-rounding unit as typed is not an amount in the currency.
    case invalidRoundTotal(String, MoneyError)
    /// The total-rounding unit as typed is zero or less.
    case roundTotalNotPositive(String)
    /// Each share rounded up and the total rounded were both asked for.
    case roundUpAndRoundTotal

    /// What is wrong with a tip.
    public enum TipProblem: Equatable, Sendable {
        /// Not a number (with an optional %).
        case notAPercentage
        /// More than two decimals.
        case tooManyDecimals
        /// Outside `BillRules.tipRange`.
        case outOfRange
    }

    /// What is wrong with a tax rate.
    public enum TaxProblem: Equatable, Sendable {
        /// Not a number (with an optional %).
        case notAPercentage
        /// More than `BillRules.taxDecimals` decimals.
        case tooManyDecimals
        /// Outside `BillRules.taxRange`.
        case outOfRange
    }

    /// What is wrong with a list of weights.
    public enum WeightsProblem: Equatable, Sendable {
        /// This part is not a whole number in `BillRules.weightRange`.
        case notAWeight(String)
        /// Fewer or more weights than `BillRules.peopleRange` allows.
        case wrongCount
        /// Every weight is 0.
        case noneAboveZero
    }
}
