// The settings a run starts from: the saved preferences read with the rules. A saved
// value the rules refuse is an error of the store (named by `source`), never blamed on
// the command line; people outside the range fall back to the default, as the app did.

import MoneyKit

/// The saved preferences as a run reads them, naming where they are kept.
public struct SavedSettings: Sendable {
    /// The preferences as saved.
    public let preferences: Preferences
    /// Where the preferences are kept (the file's path), for messages.
    public let source: String

    /// `preferences` kept at `source`.
    public init(_ preferences: Preferences, source: String) {
        self.preferences = preferences
        self.source = source
    }

    /// The saved currency, or nil when none is saved.
    /// - Throws: `BillError.invalidSavedPreference` for a code that names no currency.
    public func currency() throws(BillError) -> Currency? {
        guard let code = preferences.currency else { return nil }
        guard let currency = Currency(code: code) else { throw invalid(.currency, code) }
        return currency
    }

    /// The saved tip, or nil when none is saved.
    /// - Throws: `BillError.invalidSavedPreference` for a tip the rules refuse.
    public func tip() throws(BillError) -> Percentage? {
        guard let text = preferences.tipPercent else { return nil }
        guard let tip = BillRules.tipIfValid(text) else { throw invalid(.tipPercent, text) }
        return tip
    }

    /// The saved number of people, or nil when none is saved or it is out of range.
    public var people: Int? {
        guard let people = preferences.people, BillRules.peopleRange.contains(Int64(people)) else { return nil }
        return people
    }

    private func invalid(_ setting: PreferenceSetting, _ value: String) -> BillError {
        .invalidSavedPreference(setting: setting, value: value, source: source)
    }
}
