// What billsplit remembers between runs, as the app did: the currency, the tip, the
// custom tip and the number of people. A JSON document in the MoneyKit file store under
// $XDG_CONFIG_HOME/billsplit/preferences.json (or --config, BILLSPLIT_CONFIG).
//
// File format (version 1), inside {"format": "billsplit-preferences", "version": 1,
// "content": …}: {"currency": "NOK", "tipPercent": "15", "customTipPercent": "18",
// "people": 1}; any key may be missing (then the built-in default applies).

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI

struct Preferences: StoredDocument, Codable, Equatable {
    static let formatName = "billsplit-preferences"
    static let formatVersion = 1

    static let tipPresets: [Int64] = [0, 5, 10, 15, 20, 25]
    static let tipRange: ClosedRange<Int64> = 0...50
    static let peopleRange: ClosedRange<Int64> = 1...20
    static let defaultTip = "15"
    static let defaultCustomTip = "18"
    static let defaultPeople = 1
    /// The app's three currencies, in the order Tab cycles through them.
    static let appCurrencies = ["NOK", "USD", "KES"]

    var currency: String?
    var tipPercent: String?
    var customTipPercent: String?
    var people: Int?

    init() {}

    var isEmpty: Bool { self == Preferences() }
}

struct PreferencesStore {
    static let environmentVariable = "BILLSPLIT_CONFIG"
    let file: JSONFileStore<Preferences>

    init(invocation: Invocation) throws {
        let location = try XDGPaths(environment: invocation.environment).storeLocation(
            option: invocation.arguments.value("config"), environmentVariable: Self.environmentVariable,
            kind: .config, tool: "billsplit", fileName: "preferences.json")
        file = JSONFileStore(location: location)
    }

    func load() throws -> Preferences { try file.load() }

    /// Merges what was given on the command line into the saved preferences.
    func remember(currency: String?, tipPercent: String?, customTipPercent: String?, people: Int?) throws {
        guard currency != nil || tipPercent != nil || customTipPercent != nil || people != nil else { return }
        try file.write { preferences in
            if let currency { preferences.currency = currency }
            if let tipPercent { preferences.tipPercent = tipPercent }
            if let customTipPercent { preferences.customTipPercent = customTipPercent }
            if let people { preferences.people = people }
        }
    }

    /// Forgets everything: the next run uses the built-in defaults.
    func reset() throws {
        try file.write { preferences in preferences = Preferences() }
    }
}
