// The JSON file adapter: where the file is, what reading leaves (nothing), what a change
// writes (the versioned envelope, 0600), and that a bad file is refused untouched.

import Testing
import Foundation
import MoneyKitPlatform
import MoneyKitStorage
@testable import BillKit

struct JSONPreferencesRepositoryTests {
    /// A fresh folder under the temporary directory.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "billkit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theFileIsChosenByPathThenVariableThenXDG() throws {
        let environment = ["HOME": "/home/u", "XDG_CONFIG_HOME": "/x/config", "BILLSPLIT_CONFIG": "/env/p.json"]
        #expect(try JSONPreferencesRepository(path: "/given.json", environment: environment).source == "/given.json")
        #expect(try JSONPreferencesRepository(path: nil, environment: environment).source == "/env/p.json")
        #expect(try JSONPreferencesRepository(path: nil, environment: ["HOME": "/home/u"]).source == "/home/u/.config/billsplit/preferences.json")
        #expect(throws: StoreError.self) { try JSONPreferencesRepository(path: nil, environment: [:]) }
    }

    @Test func readingAMissingFileCreatesNothingAndAChangeWritesTheEnvelope() throws {
        let folder = try Self.folder()
        let path = folder + "/preferences.json"
        let repository = JSONPreferencesRepository(location: StoreLocation(path: path, isDefault: false))
        #expect(try repository.load() == Preferences())
        try repository.remember(PreferencesChange())
        #expect(!FileManager.default.fileExists(atPath: path))

        try repository.remember(PreferencesChange(currency: "NOK", tipPercent: "12.5", customTipPercent: "12.5", people: 3))
        #expect(try repository.load() == Preferences(currency: "NOK", tipPercent: "12.5", customTipPercent: "12.5", people: 3))
        let envelope = try JSONValue.parse(Array(try #require(FileManager.default.contents(atPath: path))))
        #expect(envelope["format"]?.stringValue == "billsplit-preferences")
        #expect(envelope["version"]?.int64Value == 1)
        #expect(envelope["content"]?["currency"]?.stringValue == "NOK")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)

        try repository.reset()
        #expect(try repository.load().isEmpty)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aCorruptFileIsRefusedAndLeftAlone() throws {
        let path = try Self.folder() + "/preferences.json"
        let original = Data(#"{"format": "billsplit-preferences", "version": 1, "content": {"people": "many"}}"#.utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let repository = JSONPreferencesRepository(location: StoreLocation(path: path, isDefault: false))
        #expect(throws: StoreError.self) { try repository.load() }
        #expect(throws: StoreError.self) { try repository.remember(PreferencesChange(people: 2)) }
        #expect(FileManager.default.contents(atPath: path) == original)
    }
}

/// The hand reading of a preferences file must be JSONDecoder's reading wherever it
/// answers, and the hand writing JSONEncoder's (sorted keys): the file format is theirs.
struct PreferencesCodingTests {
    static let contents = [
        #"{}"#, #"{"currency": "NOK"}"#, #"{"currency": "NOK", "tipPercent": "12.5", "customTipPercent": "18", "people": 4}"#,
        #"{"people": 0}"#, #"{"people": 50}"#, #"{"people": 9223372036854775807}"#, #"{"currency": null, "people": null}"#,
        #"{"extra": [1, {"a": 2}], "tipPercent": "x"}"#, #"{"currency": "a\u2028/\u0001é\""}"#,
        #"{"people": -3}"#, #"{"people": 1e2}"#, #"{"people": 2.0}"#, #"{"people": "many"}"#, #"{"currency": 5}"#,
        #"{"people": 1.5}"#, #"{"people": true}"#, #"[]"#, #"{"people": 3, "people": 4}"#,
    ]

    @Test(arguments: contents)
    func theHandReadingIsJSONDecoders(content: String) throws {
        let value = try JSONValue.parse(Array(content.utf8))
        let decoded = try? JSONDecoder().decode(Preferences.self, from: Data(value.serialized().utf8))
        if let plain = Preferences.plainlyWritten(value) {
            #expect(plain == decoded)
        }
        #expect((try? Preferences(storedContent: value, version: 1)) == decoded)
    }

    @Test func plainFilesAreReadByHandAndOthersAreNot() throws {
        #expect(Preferences.plainlyWritten(try JSONValue.parse(Array(#"{"currency": "NOK", "people": 4}"#.utf8))) != nil)
        for content in [#"{"people": 2.0}"#, #"{"people": -3}"#, #"{"currency": 5}"#, #"[]"#, #"{"people": 3, "people": 4}"#] {
            #expect(Preferences.plainlyWritten(try JSONValue.parse(Array(content.utf8))) == nil, "\(content)")
        }
    }

    @Test(arguments: [
        Preferences(), Preferences(currency: "NOK"), Preferences(currency: "USD", tipPercent: "12.5", customTipPercent: "12.5", people: 3),
        Preferences(customTipPercent: "9", people: 20), Preferences(currency: "a\u{2028}/\u{1}é\""),
    ])
    func theHandWritingIsJSONEncoders(preferences: Preferences) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoded = try JSONValue.parse(Array(try encoder.encode(preferences)))
        #expect(preferences.storedContent.serialized() == encoded.serialized())
        #expect(try Preferences(storedContent: preferences.storedContent, version: 1) == preferences)
    }
}
