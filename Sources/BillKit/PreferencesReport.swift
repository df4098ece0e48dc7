// `billsplit prefs`: each setting with the value a run would use and whether it was saved
// or is the built-in default. A value, rendered by the executable as text or JSON.

import MoneyKit

/// What `billsplit prefs` shows: each setting, its value and whether it was saved.
public struct PreferencesReport: Equatable, Sendable {
    /// One setting of the report.
    public struct Entry: Equatable, Sendable {
        /// Which setting.
        public var setting: PreferenceSetting
        /// As saved (even a value the rules would refuse), else the default.
        public var value: String
        /// Whether the value was saved (else it is the default).
        public var isSaved: Bool
    }

    /// Currency, tip, custom tip, people: in that order.
    public var entries: [Entry]
    /// Where the preferences are kept.
    public var source: String

    /// The report of `preferences` kept at `source`; `defaultCurrency` is the currency a
    /// run uses when none is saved (the locale's, in the tool).
    public init(_ preferences: Preferences, source: String, defaultCurrency: Currency) {
        self.source = source
        entries = [
            Entry(setting: .currency, value: preferences.currency ?? defaultCurrency.code, isSaved: preferences.currency != nil),
            Entry(setting: .tipPercent, value: preferences.tipPercent ?? BillRules.defaultTip.description, isSaved: preferences.tipPercent != nil),
            Entry(setting: .customTipPercent, value: preferences.customTipPercent ?? BillRules.defaultCustomTip.description,
                  isSaved: preferences.customTipPercent != nil),
            Entry(setting: .people, value: String(preferences.people ?? BillRules.defaultPeople), isSaved: preferences.people != nil),
        ]
    }
}
