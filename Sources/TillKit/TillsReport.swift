// `tillcount tills`: every till with its currency, total, float and status. The default
// till 'main' is listed once used: its live count kept, or counts saved from it.
//
// Status, in this order: "empty" (nothing counted), then, when the till's expected
// cash is known (movements recorded: see ExpectedCash) and the till is not blind,
// "balanced" (the total is what it should be, or within the till's tolerance), "over" or
// "short" against it; else "counting" (counted, nothing to set it against, or blind: a
// blind till's expected cash and over/short stay hidden here as everywhere before saving).

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// Every till with its total and status (see the top of this file).
public struct TillsReport: Sendable {
    /// How a till stands.
    public enum Status: String, Sendable, CaseIterable {
        /// Nothing counted.
        case empty
        /// Counted, with no expected figure to set it against.
        case counting
        /// The total is the expected figure.
        case balanced
        /// The total is above the expected figure.
        case over
        /// The total is below the expected figure.
        case short
    }

    /// One till.
    public struct Row: Sendable {
        /// The till's name, as first given.
        public let name: TillName
        /// The currency it counts in (its own, else the fallback).
        public let currency: Currency
        /// Whether the till has a currency of its own yet.
        public let hasCurrency: Bool
        /// Its summary (total, float, expected, over or short).
        public let summary: TillSummary
        /// How it stands.
        public let status: Status
        /// When it last changed (ISO 8601), if ever.
        public let updated: String?
        /// Whether the till is blind (its expected cash and over/short left out).
        public let isBlind: Bool
    }

    /// The tills, the default one first.
    public let rows: [Row]

    /// The tills a list shows: every till `directory` keeps, and the default till, with an
    /// empty live count, when only its saved counts in `history` say it was used. The
    /// default till nobody has used is left out (issue 26, item 38).
    /// - Throws: what the directory and the history throw (`StoreError`; a named history
    ///   not made yet reads as one without counts).
    public static func listed(_ directory: any TillDirectory, history: any TillHistoryRepository) throws -> [KeptTill] {
        let kept = try directory.tills()
        guard !kept.contains(where: \.name.isMain) else { return kept }
        let counts: [SavedCount]
        do {
            counts = try history.savedCounts()
        } catch let error as StoreError where error.isNamedStoreMissing {
            counts = []  // a history not made yet holds no counts of main's: the list is still read
        }
        guard counts.contains(where: { TillName(stored: $0.till).isMain }) else { return kept }
        return [KeptTill(name: .main, state: TillState())] + kept
    }

    /// The status of `summary` against its expected figure, balanced within `tolerance`.
    public static func status(of summary: TillSummary, tolerance: Tolerance? = nil) -> Status {
        guard !summary.counted.isEmpty else { return .empty }
        guard let overShort = summary.overShort else { return .counting }
        if overShort.isZero || tolerance.map({ !$0.isExceeded(by: overShort) }) == true { return .balanced }
        return overShort.isNegative ? .short : .over
    }

    /// A till's expected cash as the report sets its count against it: the movements'
    /// (see ExpectedCash), none on a blind till.
    /// - Throws: `TillError.expectedOutOfRange`.
    public static func expectedCash(_ state: TillState, currency: Currency) throws -> Money? {
        state.isBlind ? nil : try ExpectedCash.of(state, currency: currency)?.expected
    }

    /// The report of `tills`: each read in its own currency (else `fallback`) with
    /// `denominations`; `expected` gives a till's expected figure (by default its
    /// movements', hidden on a blind till), and the till's tolerance says what is balanced.
    /// - Throws: what reading a till's denominations or summary throws.
    public init(
        tills: [KeptTill], fallback: Currency, denominations: any DenominationSource,
        expected: (TillState, Currency) throws -> Money? = TillsReport.expectedCash
    ) throws {
        rows = try tills.map { till in
            let currency = till.state.currency(fallback: fallback)
            let set = till.state.countingSet(try denominations.denominations(for: currency))
            let summary = try TillSummary(state: till.state, set: set, currency: currency, expected: try expected(till.state, currency))
            return Row(name: till.name, currency: currency, hasCurrency: till.state.currencyCode != nil, summary: summary,
                       status: Self.status(of: summary, tolerance: till.state.tolerance(currency)), updated: till.state.updated,
                       isBlind: till.state.isBlind)
        }
    }
}
