// The preferences in a JSON file of the MoneyKit file store: by default
// $XDG_CONFIG_HOME/billsplit/preferences.json, else the path given (--config) or named by
// BILLSPLIT_CONFIG. Read without a lock, changed under the store's lock, written 0600.
//
// File format (version 1), inside {"format": "billsplit-preferences", "version": 1,
// "content": …}: {"currency": "NOK", "tipPercent": "15", "customTipPercent": "18",
// "people": 1}; any key may be missing.

import MoneyKitPlatform
import MoneyKitStorage
import MoneyKitCodable
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Preferences: StoredDocument {
    /// The name in the file's envelope that ties it to billsplit.
    public static let formatName = "billsplit-preferences"
    /// The version of the file format this build writes.
    public static let formatVersion = 1

    /// No preferences saved.
    public init() {
        self.init(currency: nil)
    }

    /// The preferences of a file's `content` (every version so far is version 1's shape).
    ///
    /// Content as billsplit writes it (strings, a plain whole number) is read by hand,
    /// which costs a fraction of JSONDecoder on every start; anything else goes through
    /// JSONDecoder, whose reading (and wording of faults) the file format has always had.
    /// - Throws: `StoredContentError` saying what is wrong and where (JSONDecoder's wording),
    ///   when a key holds a value of the wrong kind or the content is no object.
    public init(storedContent: JSONValue, version: Int) throws(StoredContentError) {
        if let plain = Self.plainlyWritten(storedContent) {
            self = plain
            return
        }
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(storedContent.serialized().utf8))
        } catch {
            throw StoredContentError(JSONFileStore<Self>.describe(error))
        }
    }

    /// The keys in sorted order, absent values left out: the bytes JSONEncoder with
    /// sorted keys wrote.
    public var storedContent: JSONValue {
        var members: [(String, JSONValue)] = []
        if let currency { members.append(("currency", .string(currency))) }
        if let customTipPercent { members.append(("customTipPercent", .string(customTipPercent))) }
        if let people { members.append(("people", .integer(people))) }
        if let tipPercent { members.append(("tipPercent", .string(tipPercent))) }
        return .object(members)
    }

    /// The preferences when `content` is an object whose known keys appear once each and
    /// hold a string (a whole number for people) or null; nil for anything else.
    static func plainlyWritten(_ content: JSONValue) -> Preferences? {
        guard let members = content.objectValue else { return nil }
        var preferences = Preferences()
        var seen: Set<String> = []
        for (key, value) in members {
            guard seen.insert(key).inserted else { return nil }
            if value.isNull { continue }
            switch key {
            case "currency":
                guard let text = value.stringValue else { return nil }
                preferences.currency = text
            case "tipPercent":
                guard let text = value.stringValue else { return nil }
                preferences.tipPercent = text
            case "customTipPercent":
                guard let text = value.stringValue else { return nil }
                preferences.customTipPercent = text
            case "people":
                guard case .number(let text) = value, let first = text.utf8.first, first != UInt8(ascii: "-"),
                    text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let people = Int(text)
                else { return nil }
                preferences.people = people
            default:
                continue
            }
        }
        return preferences
    }
}

/// The preferences in one JSON file of the MoneyKit file store.
public struct JSONPreferencesRepository: PreferencesRepository {
    /// The variable naming the file when no path is given.
    public static let environmentVariable = "BILLSPLIT_CONFIG"

    /// The file store holding the preferences.
    public let file: JSONFileStore<Preferences>

    /// The repository at `location` (its folders are made only when it is the default one).
    public init(location: StoreLocation) {
        file = JSONFileStore(location: location)
    }

    /// The repository at `path` when given, else `$BILLSPLIT_CONFIG`, else the XDG default.
    /// - Throws: `StoreError.noHome` when the default is needed and there is no home.
    public init(path: String?, environment: [String: String]) throws(StoreError) {
        self.init(location: try XDGPaths(environment: environment).storeLocation(
            option: path, environmentVariable: Self.environmentVariable,
            kind: .config, tool: "billsplit", fileName: "preferences.json"))
    }

    /// The file's path.
    public var source: String { file.path }

    /// The saved preferences, without a lock; empty when there is no file (none is made).
    /// - Throws: `StoreError` when the file cannot be read, is corrupt or newer.
    public func load() throws -> Preferences {
        try file.load()
    }

    /// Applies `change` to the latest preferences under the file's lock and writes them
    /// atomically (0600, in a 0700 folder made when the location is the default).
    /// - Throws: `StoreError` when the file cannot be read, locked or written; nothing changes then.
    public func update(_ change: (inout Preferences) -> Void) throws {
        try file.write { preferences in change(&preferences) }
    }
}
