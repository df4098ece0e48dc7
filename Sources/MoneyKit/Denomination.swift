// The notes, coins and coin rolls of a currency, as a till counts them.

/// One note or coin in circulation.
public struct Denomination: Hashable, Sendable, Codable {
    /// Whether it is a note or a coin: a till keeps them apart, and both may share a value.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// A banknote.
        case note
        /// A coin.
        case coin
    }

    /// Note or coin.
    public let kind: Kind
    /// The face value in minor units (GBP 50p = 50, USD $20 = 2000, JPY ¥500 = 500).
    public let minorUnits: Int64
    /// How people name it: "£20", "50p", "25¢", "1 kr"; with the symbol amounts of the
    /// currency are formatted with, and "note" or "coin" where both exist at one value
    /// ("$1 note", "$1 coin"). For people, MoneyKitFormatting's
    /// `DenominationSet.displayLabel(for:currency:)` derives it from the amount format itself.
    public let label: String

    /// A note or coin worth `minorUnits`, named `label`.
    public init(_ kind: Kind, _ minorUnits: Int64, label: String) {
        self.kind = kind
        self.minorUnits = minorUnits
        self.label = label
    }
}

/// A standard wrapped roll, or a bank bag, of one coin.
public struct CoinRoll: Hashable, Sendable, Codable {
    /// How the coins are wrapped: in a paper roll or in a bank bag.
    public enum Packaging: String, Hashable, Sendable, Codable {
        /// A wrapped roll.
        case roll
        /// A bank bag.
        case bag
    }

    /// The coin's face value in minor units.
    public let coinMinorUnits: Int64
    /// How many coins one roll or bag holds.
    public let count: Int64
    /// Roll or bag.
    public let packaging: Packaging

    /// A roll (or bag) of `count` coins worth `coinMinorUnits` each.
    public init(coinMinorUnits: Int64, count: Int64, packaging: Packaging = .roll) {
        self.coinMinorUnits = coinMinorUnits
        self.count = count
        self.packaging = packaging
    }

    /// The value of one full roll or bag in minor units (40 × 25¢ = 1000); nil when it
    /// is beyond Int64 (a roll a user defined may claim any count).
    public var minorUnits: Int64? {
        let (value, overflow) = coinMinorUnits.multipliedReportingOverflow(by: count)
        return overflow ? nil : value
    }
}

/// Everything a till of one currency can hold.
public struct DenominationSet: Hashable, Sendable, Codable {
    /// The ISO 4217 code of the currency it belongs to.
    public let currencyCode: String
    /// Notes and coins, highest value first; a note before a coin of the same value.
    public let denominations: [Denomination]
    /// Standard rolls or bags, highest coin first.
    public let rolls: [CoinRoll]
    /// True when the country has a standard for rolls or bags; false when it has none
    /// (then `rolls` is empty and a user defines their own).
    public let hasStandardRolls: Bool
    /// Where the roll data comes from or why there is none, for people.
    public let rollNote: String?
    /// The official mass of each coin whose mint publishes one, highest coin first (see
    /// CoinWeightCatalog.swift); a coin without one cannot be counted by weight.
    public let coinMasses: [CoinMass]
    /// Where the masses come from and what to know when weighing (older issues of another
    /// mass), or why there are none, for people.
    public let massNote: String?
    /// Who issues the notes and coins listed (the central bank, the mint), for people.
    public let source: String?

    /// A set from these parts, in any order: it sorts denominations highest first (a note
    /// before a coin of the same value), rolls and masses by coin, highest first.
    public init(
        currencyCode: String, denominations: [Denomination], rolls: [CoinRoll],
        hasStandardRolls: Bool, rollNote: String? = nil,
        coinMasses: [CoinMass] = [], massNote: String? = nil, source: String? = nil
    ) {
        self.currencyCode = currencyCode
        self.denominations = denominations.sorted(by: Self.highestFirst)
        self.rolls = rolls.sorted { $0.coinMinorUnits > $1.coinMinorUnits }
        self.hasStandardRolls = hasStandardRolls
        self.rollNote = rollNote
        self.coinMasses = coinMasses.sorted { $0.coinMinorUnits > $1.coinMinorUnits }
        self.massNote = massNote
        self.source = source
    }

    /// The official mass of the coin worth `minorUnits` in milligrams, or nil when the set
    /// has no such coin or knows no mass for it.
    public func massMilligrams(ofCoin minorUnits: Int64) -> Int64? {
        guard denominations.contains(where: { $0.kind == .coin && $0.minorUnits == minorUnits }) else { return nil }
        return coinMasses.first { $0.coinMinorUnits == minorUnits }?.milligrams
    }

    /// Whether both a note and a coin of this face value are in the set (the US $1):
    /// their labels must then say which is which.
    public func hasNoteAndCoin(of minorUnits: Int64) -> Bool {
        denominations.contains { $0.kind == .note && $0.minorUnits == minorUnits }
            && denominations.contains { $0.kind == .coin && $0.minorUnits == minorUnits }
    }

    /// The mass note of a set whose user gave masses; `builtIn` is the built-in note when
    /// some built-in masses are still used.
    private static func massNote(keeping builtIn: String?) -> String {
        let prefix = "Coin weights: "
        guard let builtIn else { return prefix + "from the denominations file." }
        let rest = builtIn.hasPrefix(prefix) ? String(builtIn.dropFirst(prefix.count)) : builtIn
        return prefix + "from the denominations file where it gives them, else " + rest
    }

    private static func highestFirst(_ a: Denomination, _ b: Denomination) -> Bool {
        if a.minorUnits != b.minorUnits { return a.minorUnits > b.minorUnits }
        return a.kind == .note && b.kind == .coin
    }

    /// The built-in set for a currency, or nil when MoneyKit knows none for it.
    public static func builtIn(for currency: Currency) -> DenominationSet? {
        DenominationCatalog.set(for: currency.code)
    }

    /// Every currency with a built-in set, by code.
    public static var builtInCurrencyCodes: [String] { DenominationCatalog.codes }

    /// This set with a user's additions and replacements applied: a denomination or roll
    /// of the same kind and value replaces the built-in one; `removing` drops entries.
    public func merging(_ override: DenominationOverride) -> DenominationSet {
        var notesAndCoins = denominations.filter { existing in
            !override.remove.contains { $0.kind == existing.kind && $0.minorUnits == existing.minorUnits }
                && !override.denominations.contains { $0.kind == existing.kind && $0.minorUnits == existing.minorUnits }
        }
        notesAndCoins += override.denominations
        // A roll goes with its coin: removing the coin removes the roll.
        let removedCoins = Set(override.remove.filter { $0.kind == .coin }.map(\.minorUnits))
        var rollList = rolls.filter { existing in
            !override.rolls.contains { $0.coinMinorUnits == existing.coinMinorUnits }
                && !removedCoins.contains(existing.coinMinorUnits)
        }
        rollList += override.rolls
        // A mass goes with its coin too; one the user gives replaces the built-in one.
        var masses = coinMasses.filter { existing in
            !override.masses.contains { $0.coinMinorUnits == existing.coinMinorUnits }
                && !removedCoins.contains(existing.coinMinorUnits)
        }
        masses += override.masses
        return DenominationSet(
            currencyCode: currencyCode, denominations: notesAndCoins, rolls: rollList,
            hasStandardRolls: hasStandardRolls || !override.rolls.isEmpty,
            rollNote: override.rolls.isEmpty ? rollNote : "includes rolls defined by the user",
            coinMasses: masses,
            massNote: override.masses.isEmpty ? massNote : Self.massNote(keeping: masses.count > override.masses.count ? massNote : nil),
            source: source)
    }
}

/// A user's changes to a built-in set, as a tool reads them from its config file.
public struct DenominationOverride: Hashable, Sendable, Codable {
    /// A built-in denomination to drop, named by kind and value.
    public struct Removal: Hashable, Sendable, Codable {
        /// Note or coin.
        public let kind: Denomination.Kind
        /// Its face value in minor units.
        public let minorUnits: Int64
        /// The note or coin of `kind` worth `minorUnits`.
        public init(kind: Denomination.Kind, minorUnits: Int64) {
            self.kind = kind
            self.minorUnits = minorUnits
        }
    }

    /// Notes and coins to add, or to replace the built-in one of the same kind and value.
    public var denominations: [Denomination]
    /// Rolls or bags to add, or to replace the built-in one of the same coin.
    public var rolls: [CoinRoll]
    /// Built-in notes and coins to drop (a dropped coin takes its roll and mass with it).
    public var remove: [Removal]
    /// Coin masses to add, or to replace the built-in one of the same coin.
    public var masses: [CoinMass]

    /// An override with these additions and removals; the default changes nothing.
    public init(denominations: [Denomination] = [], rolls: [CoinRoll] = [], remove: [Removal] = [], masses: [CoinMass] = []) {
        self.denominations = denominations
        self.rolls = rolls
        self.remove = remove
        self.masses = masses
    }
}
