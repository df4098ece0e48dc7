// The reports tillcount prints, as values: the live summary is TillSummary; these add
// what the other reports need. The executable renders them.

import MoneyKit

/// The shareable summary of the live count: its summary, notes and when it was made.
public struct TillReport: Sendable {
    /// The live count's summary.
    public let summary: TillSummary
    /// The count's notes.
    public let notes: [String]
    /// When the report was made (seconds since the epoch).
    public let madeAt: Double
    /// The till counted, as its name was first given.
    public let till: String

    /// A report of `summary` and `notes` of the till `till`, made at `madeAt`.
    public init(summary: TillSummary, notes: [String], madeAt: Double, till: String = TillName.main.display) {
        self.summary = summary
        self.notes = notes
        self.madeAt = madeAt
        self.till = till
    }
}

/// The denominations of a currency as they are counted: every token with its kind, label,
/// pieces per unit and value.
public struct DenominationsReport: Sendable {
    /// One denomination.
    public struct Row: Sendable {
        /// Its canonical token.
        public let token: String
        /// Note, coin or roll.
        public let kind: TillItem.Kind
        /// How people name it.
        public let label: String
        /// Pieces in one unit (a roll's coins; 1 otherwise).
        public let pieces: Int64
        /// The value of one unit (nil when it does not fit).
        public let value: Money?
        /// The official weight of one unit in milligrams (a coin's mass, a roll's coins
        /// together); nil for notes and coins of unknown mass.
        public let milligrams: Int64?
    }

    /// The currency listed.
    public let currency: Currency
    /// Its denomination set.
    public let set: DenominationSet
    /// Every denomination, loose first, then rolls.
    public let rows: [Row]

    /// The denominations of `set` in `currency`.
    /// - Throws: `TillError.countTooLarge` (never for a set the loader accepted).
    public init(currency: Currency, set: DenominationSet) throws(TillError) {
        self.currency = currency
        self.set = set
        let empty = try TillSummary(state: TillState(), set: set, currency: currency)
        rows = empty.lines.map { line in
            Row(token: line.token, kind: line.item.kind, label: line.label, pieces: line.piecesPerUnit,
                value: try? Money(minorUnits: line.item.minorUnits, currency: currency).multiplied(by: line.piecesPerUnit),
                milligrams: line.item.kind == .note ? nil : set.massMilligrams(ofCoin: line.item.minorUnits).flatMap { mass in
                    let (total, overflow) = mass.multipliedReportingOverflow(by: line.piecesPerUnit)
                    return overflow ? nil : total
                })
        }
    }
}

extension Till {
    /// The denominations report for the live count's currency (or the one asked for).
    /// - Throws: what the repositories throw.
    public func denominationsReport(_ choice: CurrencyChoice) throws -> DenominationsReport {
        let currency = try choice.currency(for: try live.load())
        return try DenominationsReport(currency: currency, set: try denominations.denominations(for: currency))
    }

    /// The saved counts, newest first.
    /// - Throws: what the history throws.
    public func historyList() throws -> [SavedCount] {
        try history.savedCounts()
    }
}

/// A count that is not kept ('tillcount total'): quantities added up as they come, against
/// an optional float.
public struct LooseTotal: Sendable {
    /// The currency of the total.
    public let currency: Currency
    /// What was added, as a count not kept.
    public private(set) var state = TillState()

    /// An empty total in `currency`.
    public init(currency: Currency) {
        self.currency = currency
        state.currencyCode = currency.code
    }

    /// Adds `quantity` of `item`; `word` names the entry for the error.
    /// - Throws: `TillError.totalQuantityOverflows`.
    public mutating func add(_ item: TillItem, quantity: Int64, word: String) throws(TillError) {
        let (sum, overflow) = (state.quantities[item] ?? 0).addingReportingOverflow(quantity)
        if overflow { throw .totalQuantityOverflows(word: word) }
        state.quantities[item] = sum
    }

    /// The float to set the total against.
    public mutating func setFloat(_ float: Money) {
        state.floatMinorUnits = float.minorUnits
    }

    /// The summary of what was added, read with `set`.
    /// - Throws: `TillError.countTooLarge`, `.rollNoLongerDefined`.
    public func summary(set: DenominationSet) throws(TillError) -> TillSummary {
        try TillSummary(state: state, set: set, currency: currency)
    }
}
