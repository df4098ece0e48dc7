// The remembered preferences against the in-memory repository: what a split remembers,
// what it leaves alone, reset, the saved values read with the rules, and the prefs report.

import Testing
import MoneyKit
@testable import BillKit

struct PreferencesTests {
    @Test func aSplitRemembersOnlyWhatWasGiven() throws {
        let repository = InMemoryPreferencesRepository(Preferences(currency: "JPY", tipPercent: "10", people: 2))
        try repository.remember(PreferencesChange.afterSplit(currency: nil, tip: nil, people: 5))
        #expect(repository.preferences == Preferences(currency: "JPY", tipPercent: "10", people: 5))
        try repository.remember(PreferencesChange.afterSplit(currency: Currency(code: "USD"), tip: nil, people: nil))
        #expect(repository.preferences == Preferences(currency: "USD", tipPercent: "10", people: 5))
    }

    @Test(arguments: ["12.5", "0.25", "18", "50"])
    func aTipThatIsNoPresetIsAlsoTheCustomTip(text: String) throws {
        let repository = InMemoryPreferencesRepository()
        try repository.remember(PreferencesChange.afterSplit(currency: nil, tip: try BillRules.tip(text), people: nil))
        #expect(repository.preferences == Preferences(tipPercent: text, customTipPercent: text))
        // A later preset replaces the tip and keeps the custom one.
        try repository.remember(PreferencesChange.afterSplit(currency: nil, tip: Percentage(5), people: nil))
        #expect(repository.preferences == Preferences(tipPercent: "5", customTipPercent: text))
    }

    @Test func nothingGivenTouchesNothing() throws {
        let empty = InMemoryPreferencesRepository()
        try empty.remember(PreferencesChange.afterSplit(currency: nil, tip: nil, people: nil))
        #expect(empty.preferences == nil)
        #expect(empty.writeCount == 0)
        let saved = InMemoryPreferencesRepository(Preferences(currency: "NOK"))
        try saved.remember(PreferencesChange())
        #expect(saved.writeCount == 0)
        #expect(saved.preferences == Preferences(currency: "NOK"))
    }

    @Test func resetForgetsEverything() throws {
        let repository = InMemoryPreferencesRepository(Preferences(currency: "KWD", tipPercent: "12.5", customTipPercent: "12.5", people: 7))
        try repository.reset()
        #expect(repository.preferences == Preferences())
        #expect(try repository.load().isEmpty)
    }

    @Test func savedValuesAreReadWithTheRules() throws {
        let saved = try InMemoryPreferencesRepository(Preferences(currency: "NOK", tipPercent: "12.5", people: 4), source: "/p.json").savedSettings()
        #expect(try saved.currency()?.code == "NOK")
        #expect(try saved.tip()?.description == "12.5")
        #expect(saved.people == 4)
        let none = try InMemoryPreferencesRepository().savedSettings()
        #expect(try none.currency() == nil)
        #expect(try none.tip() == nil)
        #expect(none.people == nil)
    }

    /// A saved value the rules refuse is the store's error, naming it; never a default.
    @Test func anUnusableSavedValueIsAnErrorOfTheStore() throws {
        let badCurrency = SavedSettings(Preferences(currency: "ZZZ"), source: "/p.json")
        #expect(throws: BillError.invalidSavedPreference(setting: .currency, value: "ZZZ", source: "/p.json")) { try badCurrency.currency() }
        for tip in ["99", "lots", "12.345"] {
            let badTip = SavedSettings(Preferences(tipPercent: tip), source: "/p.json")
            #expect(throws: BillError.invalidSavedPreference(setting: .tipPercent, value: tip, source: "/p.json")) { try badTip.tip() }
        }
    }

    @Test(arguments: [0, 21, 50, -1])
    func savedPeopleOutOfRangeFallBack(people: Int) {
        #expect(SavedSettings(Preferences(people: people), source: "").people == nil)
    }

    @Test func theReportShowsDefaultsThenSavedValues() throws {
        let usd = try #require(Currency(code: "USD"))
        let defaults = PreferencesReport(Preferences(), source: "/p.json", defaultCurrency: usd)
        #expect(defaults.entries.map(\.value) == ["USD", "15", "18", "1"])
        #expect(defaults.entries.map(\.setting) == PreferenceSetting.allCases)
        #expect(defaults.entries.allSatisfy { !$0.isSaved })
        #expect(defaults.source == "/p.json")
        let saved = PreferencesReport(Preferences(currency: "KWD", tipPercent: "12.5", people: 7), source: "/p.json", defaultCurrency: usd)
        #expect(saved.entries.map(\.value) == ["KWD", "12.5", "18", "7"])
        #expect(saved.entries.map(\.isSaved) == [true, true, false, true])
    }
}
