// The JSON file store every JSON-backed tool uses: a versioned document, changed under an
// exclusive lock, written to a private temporary file, fsynced and renamed into place.
//
// On disk:
//   { "format": "tally", "version": 1, "content": { …the document… } }

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public struct JSONFileStore<Document: StoredDocument>: TransactionalStore {
    public let path: String
    /// How long a write waits for another process's lock before failing with `busy`.
    public var lockTimeout: Double
    /// Pretty output is easier to read and diff; compact is faster for large documents.
    public var prettyPrinted: Bool

    public init(path: String, lockTimeout: Double = 10, prettyPrinted: Bool = true) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.prettyPrinted = prettyPrinted
    }

    /// Whether the file exists yet.
    public var exists: Bool {
        if case .contents = (try? PosixFile.readAll(path)) ?? .missing { return true }
        return false
    }

    /// The stored document, or `Document()` when there is no file yet. Takes no lock:
    /// the file is only ever replaced whole, so a reader sees the old or the new one.
    public func load() throws(StoreError) -> Document {
        switch try PosixFile.readAll(path) {
        case .missing: return Document()
        case .contents(let bytes): return try decode(bytes)
        }
    }

    public func read<Result>(_ body: (Document) throws -> Result) throws -> Result {
        try body(load())
    }

    /// Runs `body` on the latest document under the lock and saves what it leaves, unless
    /// it throws. The folder is created (0700) and the file written 0600 if new.
    public func write<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        let folder = PosixFile.directory(of: path)
        try PosixFile.makeDirectories(folder)
        if PosixFile.existsReadOnly(path) { throw StoreError.readOnly(path: path) }
        let lock = FileLock(lockPath: path + ".lock")
        try lock.lock(timeout: lockTimeout, storePath: path)
        defer { lock.unlock() }
        var document = try load()
        let result = try body(&document)
        try save(document)
        return result
    }

    /// Replaces the stored document with `document`. Call only while holding the lock
    /// (inside `write`), or for a file no other process uses.
    func save(_ document: Document) throws(StoreError) {
        let envelope = Envelope(format: Document.formatName, version: Document.formatVersion, content: document)
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8]
        do {
            bytes = Array(try encoder.encode(envelope))
        } catch {
            throw StoreError.io(path: path, reason: "cannot encode the document: \(error)")
        }
        bytes.append(UInt8(ascii: "\n"))
        try PosixFile.replaceAtomically(path, with: bytes)
    }

    private func decode(_ bytes: [UInt8]) throws(StoreError) -> Document {
        let data = Data(bytes)
        let decoder = JSONDecoder()
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: data)
        } catch {
            throw StoreError.corrupt(path: path, reason: bytes.isEmpty ? "the file is empty" : "not a \(Document.formatName) JSON document (\(Self.describe(error)))")
        }
        guard header.format == Document.formatName else {
            throw StoreError.corrupt(path: path, reason: "it holds format '\(header.format)', expected '\(Document.formatName)'")
        }
        guard header.version <= Document.formatVersion else {
            throw StoreError.newerVersion(path: path, found: header.version, supported: Document.formatVersion)
        }
        guard header.version >= 1 else {
            throw StoreError.corrupt(path: path, reason: "format version \(header.version) is not valid")
        }
        do {
            return try decoder.decode(Envelope.self, from: data).content
        } catch {
            throw StoreError.corrupt(path: path, reason: Self.describe(error))
        }
    }

    /// A short account of a decoding error: what was wrong and where.
    public static func describe(_ error: Error) -> String {
        guard let decodingError = error as? DecodingError else { return "\(error)" }
        func location(_ path: [CodingKey]) -> String {
            let keys = path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch decodingError {
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "wrong or missing value at \(location(context.codingPath))"
        case let .keyNotFound(key, context):
            return "missing '\(key.stringValue)' at \(location(context.codingPath))"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "invalid JSON" : "invalid value at \(location(context.codingPath))"
        @unknown default:
            return "invalid JSON"
        }
    }

    private struct Header: Decodable {
        let format: String
        let version: Int
    }

    private struct Envelope: Codable {
        let format: String
        let version: Int
        let content: Document
    }
}
