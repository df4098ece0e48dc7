// A Codable document gets its mapping to the JSON file store for free, through
// Foundation's JSON coders. A target of its own: a tool whose documents are Codable
// (billsplit's preferences) links it, and the others start without Foundation (tally inc
// went from 8.7 M to 7.9 M instructions when MoneyKitStorage stopped importing it).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MoneyKitStorage

extension StoredDocument where Self: Codable {
    /// Codable documents are read through JSONDecoder; `version` is not consulted.
    /// - Throws: `StoredContentError` saying what JSONDecoder found wrong and where.
    public init(storedContent: JSONValue, version: Int) throws(StoredContentError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: Data(storedContent.serialized().utf8))
        } catch {
            throw StoredContentError(JSONFileStore<Self>.describe(error))
        }
    }

    /// Codable documents are written through JSONEncoder (sorted keys).
    public var storedContent: JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let value = try? JSONValue.parse(Array(data)) else {
            return .null
        }
        return value
    }
}
