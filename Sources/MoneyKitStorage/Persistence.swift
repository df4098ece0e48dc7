// The persistence protocol: what every tool's storage adapter offers its commands, and
// what a document kept in the JSON file store provides.

/// A store whose contents are read as a whole and changed in transactions.
///
/// `read` sees one consistent state. `write` runs its body under an exclusive lock
/// (or a database transaction) on the latest state and keeps the change only when the
/// body returns; when it throws, nothing is stored. Two processes writing at once never
/// lose an update, and a crash leaves the old state or the new one, never a mix.
public protocol TransactionalStore {
    /// What `read` sees and `write` changes: a document, or a database connection.
    associatedtype Contents
    /// The file behind the store, for messages.
    var path: String { get }
    /// Runs `body` on one consistent state and returns its result; changes nothing.
    /// - Throws: the store's own error (a `StoreError` for the stores here) when the state
    ///   cannot be read, or what `body` throws.
    func read<Result>(_ body: (Contents) throws -> Result) throws -> Result
    /// Runs `body` on the latest state under the lock and keeps its change only when it returns.
    /// - Throws: the store's own error (a `StoreError` for the stores here) when the state
    ///   cannot be read, locked or saved, or what `body` throws (then nothing is stored).
    func write<Result>(_ body: (inout Contents) throws -> Result) throws -> Result
}

/// A document kept in a JSON file store: a format name that ties the file to its tool,
/// a format version, an empty state for a store that does not exist yet, and its
/// mapping to JSON. Codable documents get the mapping for free (MoneyKitCodable); a document
/// read on every start of a fast tool writes it by hand, which is much quicker.
public protocol StoredDocument {
    /// Written into the file and checked on reading: `tally`, `billsplit-prefs`.
    static var formatName: String { get }
    /// The version this build writes. A file with a higher version is refused.
    static var formatVersion: Int { get }
    /// The state of a store with no file yet.
    init()
    /// Reads the document from the file's `content`, written by format `version`
    /// (never above `formatVersion`; older versions are for the document to upgrade).
    /// - Throws: `StoredContentError` naming what is missing or wrong and where; the store
    ///   reports it as `StoreError.corrupt` with the file's name.
    init(storedContent: JSONValue, version: Int) throws(StoredContentError)
    /// The document as the file's `content`.
    var storedContent: JSONValue { get }
    /// Throws when the document breaks a rule the code relies on (unique keys, values
    /// in range): the store calls it on every load, so a file that is valid JSON but
    /// impossible is refused with its name, never a crash in a later command; and on
    /// every write, reading the new document back before it is kept, so a change that
    /// would leave such a file is refused and nothing is written (`JSONFileStore.write`).
    /// - Throws: `StoredContentError` naming the broken rule.
    func checkInvariants() throws(StoredContentError)
}

extension StoredDocument {
    /// Documents whose every shape is usable need no further check.
    /// - Throws: never; a document with rules overrides this.
    public func checkInvariants() throws(StoredContentError) {}
}

/// The checks loaders share, each throwing a message that names the fault.
public enum StoredInvariants {
    /// Throws when two of `keys` are equal, naming the first repeated one.
    /// (`what` is built only for the message: loaders run on every start.)
    /// - Throws: `StoredContentError` "WHAT 'KEY' appears more than once".
    public static func requireUnique<Key: Hashable & CustomStringConvertible>(
        _ keys: some Sequence<Key>, what: @autoclosure () -> String
    ) throws(StoredContentError) {
        var seen = Set<Key>(minimumCapacity: keys.underestimatedCount)
        for key in keys where !seen.insert(key).inserted {
            throw StoredContentError("\(what()) '\(key)' appears more than once")
        }
    }

    /// Throws unless `value` lies in `range`.
    /// - Throws: `StoredContentError` "WHAT is VALUE, outside LOW...HIGH".
    public static func require<Value: Comparable & CustomStringConvertible>(
        _ value: Value, in range: ClosedRange<Value>, what: @autoclosure () -> String
    ) throws(StoredContentError) {
        guard range.contains(value) else {
            throw StoredContentError("\(what()) is \(value), outside \(range.lowerBound)...\(range.upperBound)")
        }
    }
}

/// Why a stored document's content could not be read; the store adds the file's name.
public struct StoredContentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The fault, worded for the user: `missing 'name' in counters[3]`.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message as it is.
    public var description: String { message }
}

/// Typed access to the members of a JSON object, with errors that say where.
public struct JSONFields {
    private let members: [(String, JSONValue)]
    /// Where the object sits, for messages: `counters[3]`.
    public let place: String

    /// The members of `value`, an object found at `place`.
    /// - Throws: `StoredContentError` "PLACE is not an object" when `value` is not one.
    public init(_ value: JSONValue, place: String) throws(StoredContentError) {
        guard let members = value.objectValue else { throw StoredContentError("\(place) is not an object") }
        self.members = members
        self.place = place
    }

    /// The value of `key` (the first, if repeated), or nil when absent.
    public func value(_ key: String) -> JSONValue? {
        members.first { $0.0 == key }?.1
    }

    private func missing(_ key: String, _ kind: String) -> StoredContentError {
        value(key) == nil
            ? StoredContentError("missing '\(key)' in \(place)")
            : StoredContentError("'\(key)' in \(place) is not \(kind)")
    }

    /// The string at `key`.
    /// - Throws: `StoredContentError` when `key` is missing or not a string.
    public func string(_ key: String) throws(StoredContentError) -> String {
        guard let text = value(key)?.stringValue else { throw missing(key, "a string") }
        return text
    }

    /// The whole number at `key`.
    /// - Throws: `StoredContentError` when `key` is missing or not an integer in Int64's range.
    public func int64(_ key: String) throws(StoredContentError) -> Int64 {
        guard let number = value(key)?.int64Value else { throw missing(key, "a whole number in the 64-bit range") }
        return number
    }

    /// The `true` or `false` at `key`.
    /// - Throws: `StoredContentError` when `key` is missing or not a boolean.
    public func bool(_ key: String) throws(StoredContentError) -> Bool {
        guard let flag = value(key)?.boolValue else { throw missing(key, "true or false") }
        return flag
    }

    /// The array at `key`.
    /// - Throws: `StoredContentError` when `key` is missing or not an array.
    public func array(_ key: String) throws(StoredContentError) -> [JSONValue] {
        guard let items = value(key)?.arrayValue else { throw missing(key, "a list") }
        return items
    }

    /// The value of `key` when present and not null.
    public func optional(_ key: String) -> JSONValue? {
        guard let found = value(key), !found.isNull else { return nil }
        return found
    }
}
