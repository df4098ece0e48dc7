// What billsplit remembers between runs, as the app did: the currency, the tip, the
// custom tip and the number of people. Any of them may be missing (then the built-in
// default applies); values are kept as typed, and read with the rules when used.

import MoneyKit

/// The remembered settings; nil means not saved (the default applies).
public struct Preferences: Codable, Equatable, Sendable {
    /// An ISO 4217 code, as saved.
    public var currency: String?
    /// The tip in percent, as saved (`"12.5"`).
    public var tipPercent: String?
    /// The screen's custom tip in percent, as saved.
    public var customTipPercent: String?
    /// The number of people, as saved.
    public var people: Int?

    /// Preferences holding the values given.
    public init(currency: String? = nil, tipPercent: String? = nil, customTipPercent: String? = nil, people: Int? = nil) {
        self.currency = currency
        self.tipPercent = tipPercent
        self.customTipPercent = customTipPercent
        self.people = people
    }

    /// Whether nothing is saved.
    public var isEmpty: Bool { self == Preferences() }

    /// These preferences with what `change` sets replaced, the rest kept.
    public func merging(_ change: PreferencesChange) -> Preferences {
        var merged = self
        if let currency = change.currency { merged.currency = currency }
        if let tipPercent = change.tipPercent { merged.tipPercent = tipPercent }
        if let customTipPercent = change.customTipPercent { merged.customTipPercent = customTipPercent }
        if let people = change.people { merged.people = people }
        return merged
    }
}

/// One remembered setting, for messages and the preferences report.
public enum PreferenceSetting: String, CaseIterable, Sendable {
    /// The setting of the same name in `Preferences`.
    case currency, tipPercent, customTipPercent, people

    /// How a message names it: "an invalid tip '99'".
    public var noun: String {
        switch self {
        case .currency: return "currency"
        case .tipPercent: return "tip"
        case .customTipPercent: return "custom tip"
        case .people: return "number of people"
        }
    }
}

/// What one run asks to remember: nil leaves the saved value as it is.
public struct PreferencesChange: Equatable, Sendable {
    /// The currency code to remember.
    public var currency: String?
    /// The tip to remember.
    public var tipPercent: String?
    /// The custom tip to remember.
    public var customTipPercent: String?
    /// The number of people to remember.
    public var people: Int?

    /// A change setting the values given, leaving the others.
    public init(currency: String? = nil, tipPercent: String? = nil, customTipPercent: String? = nil, people: Int? = nil) {
        self.currency = currency
        self.tipPercent = tipPercent
        self.customTipPercent = customTipPercent
        self.people = people
    }

    /// Nothing to remember: the store is not touched at all.
    public var isEmpty: Bool { self == PreferencesChange() }

    /// What a split of one bill remembers: only what was given for it (nil: not given).
    /// A tip that is no preset is also the custom tip; people are remembered only when
    /// given as a number (not when they follow from weights).
    public static func afterSplit(currency: Currency?, tip: Percentage?, people: Int?) -> PreferencesChange {
        PreferencesChange(
            currency: currency?.code, tipPercent: tip?.description,
            customTipPercent: tip.flatMap { BillRules.isPreset($0) ? nil : $0.description },
            people: people)
    }
}
