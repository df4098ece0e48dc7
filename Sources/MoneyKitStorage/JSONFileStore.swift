// The JSON file store every JSON-backed tool uses: a versioned document, changed under an
// exclusive lock, written to a private temporary file, fsynced and renamed into place.
//
// On disk:
//   { "format": "tally", "version": 1, "content": { …the document… } }

import MoneyKitPlatform

/// A `StoredDocument` kept in one JSON file: loaded without a lock, changed under an exclusive
/// lock and replaced atomically, so concurrent writers lose nothing and a crash leaves a whole file.
/// An unreadable or newer file is refused and left untouched, never overwritten.
public struct JSONFileStore<Document: StoredDocument>: TransactionalStore {
    /// The store file, as given: every read, write and message uses it.
    public let path: String
    /// How long a write waits for another process's lock before failing with `busy`.
    public var lockTimeout: Double
    /// Pretty output is easier to read and diff; compact is faster for large documents.
    public var prettyPrinted: Bool

    /// Whether a write may create the store's missing folders: yes for the tool's default
    /// location; no for a path the user named, where a missing folder is more likely a
    /// typo than a wish.
    public var createsMissingFolders: Bool

    /// A store at `path`. `lockTimeout` is in seconds.
    public init(path: String, lockTimeout: Double = 10, prettyPrinted: Bool = true, createsMissingFolders: Bool = true) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.prettyPrinted = prettyPrinted
        self.createsMissingFolders = createsMissingFolders
    }

    /// A store at `location`, creating folders only when it is the default one.
    public init(location: StoreLocation, lockTimeout: Double = 10, prettyPrinted: Bool = true) {
        self.init(
            path: location.path, lockTimeout: lockTimeout, prettyPrinted: prettyPrinted,
            createsMissingFolders: location.isDefault)
    }

    /// Whether the file exists yet (one stat, without reading it).
    public var exists: Bool { PosixFile.isRegularFile(path) }

    /// The stored document, or `Document()` when there is no file yet. Takes no lock:
    /// the file is only ever replaced whole, so a reader sees the old or the new one.
    /// - Throws: `StoreError.unreadable` or `StoreError.io` when the file cannot be read;
    ///   `StoreError.corrupt` when it is empty, not JSON, not this `Document.formatName` store,
    ///   or its content is refused by the document (reading or `checkInvariants()`);
    ///   `StoreError.newerVersion` when a newer format version wrote it.
    public func load() throws(StoreError) -> Document {
        switch try StoreError.mapping(PosixFile.readAll(path)) {
        case .missing: return Document()
        case .contents(let bytes): return try decode(bytes)
        }
    }

    /// Runs `body` on the stored document (see `load()`): no lock is taken.
    /// - Throws: what `load()` throws (a `StoreError`), or what `body` throws.
    public func read<Result>(_ body: (Document) throws -> Result) throws -> Result {
        try body(load())
    }

    /// Runs `body` on the latest document under the lock and saves what it leaves, unless
    /// it throws. The folder is created (0700) and the file written 0600 if new.
    ///
    /// The lock is held on the store file itself (see `LockedStoreFile`). A store that
    /// does not exist yet is created with link(2), which fails if another writer created
    /// it first: then the change runs again on what that writer saved. Everything that
    /// can be checked first is: a path naming a folder, a FIFO or a device is refused,
    /// and a failure leaves no file behind.
    /// - Throws: what `body` throws (then nothing is saved), or a `StoreError`: `unreadable` for
    ///   a path that is not a regular file; `cannotCreate` when the folder is missing and may not
    ///   be created, or creating it or the file fails; `readOnly` when the file or its folder
    ///   is not writable; `busy` when another process holds the lock beyond `lockTimeout`;
    ///   `io` when writing fails part way; `rejected` when the loader would refuse the
    ///   document `body` leaves (see `storable`); and what `load()` throws for the existing file.
    public func write<Result>(_ body: (inout Document) throws -> Result) throws -> Result {
        let folder = PosixFile.directory(of: path)
        if PosixFile.holdsNonRegularFile(path) {
            throw StoreError.unreadable(path: path, reason: "not a regular file")
        }
        if createsMissingFolders {
            try StoreError.mapping(PosixFile.makeDirectories(folder))
        } else if !PosixFile.isDirectory(folder) {
            throw StoreError.cannotCreate(path: path, reason: "the folder \(folder) does not exist")
        }
        if PosixFile.existsReadOnly(path) || !PosixFile.isWritableDirectory(folder) {
            throw StoreError.readOnly(path: path)
        }
        // Each round either locks the file or finds another writer created it meanwhile;
        // a name that keeps doing neither (created and removed again and again) is
        // given up on rather than spun on.
        for _ in 0..<Self.creationAttempts {
            switch try StoreError.mapping(LockedStoreFile.lock(path, timeout: lockTimeout)) {
            case .locked(let file):
                // The lock lasts as long as the file is open: keep it open to the end.
                return try withExtendedLifetime(file) {
                    // Only the lock holder writes over the store: temporaries left now
                    // are those of writers killed before their rename.
                    PosixFile.removeStaleTemporaries(for: path)
                    var document = try decode(try StoreError.mapping(PosixFile.readAll(descriptor: file.descriptor, path: path)))
                    let result = try body(&document)
                    let bytes = try storable(document)
                    try StoreError.mapping(PosixFile.replaceAtomically(path, with: bytes))
                    return result
                }
            case .missing:
                var document = Document()
                let result = try body(&document)
                let bytes = try storable(document)
                if try StoreError.mapping(PosixFile.createExclusively(path, with: bytes)) { return result }
                // Another writer created the store meanwhile: run again on its content.
            }
        }
        throw StoreError.busy(path: path)
    }

    /// Deletes the store file under its lock, once `check` accepted the stored document
    /// (it throws to keep it); returns the document deleted, nil when there is no file.
    /// A writer waiting for the lock then finds no file, and creates a new one.
    /// - Throws: `StoreError` as `write` does (unreadable, busy, I/O: a file that could
    ///   not be deleted), or what `check` throws; then the file is unchanged.
    public func remove(checking check: (Document) throws -> Void) throws -> Document? {
        if PosixFile.holdsNonRegularFile(path) { throw StoreError.unreadable(path: path, reason: "not a regular file") }
        switch try StoreError.mapping(LockedStoreFile.lock(path, timeout: lockTimeout)) {
        case .missing:
            return nil
        case .locked(let file):
            return try withExtendedLifetime(file) {
                let document = try decode(try StoreError.mapping(PosixFile.readAll(descriptor: file.descriptor, path: path)))
                try check(document)
                PosixFile.remove(path)
                if file.isStillAt(path) { throw StoreError.io(path: path, reason: "it could not be deleted") }
                PosixFile.syncDirectory(PosixFile.directory(of: path))
                return document
            }
        }
    }

    /// How many times a write tries to lock or create the file before it gives up as busy.
    static var creationAttempts: Int { 100 }

    /// Replaces the stored document with `document`. Call only while holding the lock
    /// (inside `write`), or for a file no other process uses.
    func save(_ document: Document) throws(StoreError) {
        let bytes = try storable(document)
        try StoreError.mapping(PosixFile.replaceAtomically(path, with: bytes))
    }

    /// The file's bytes for `document`, read back by the loader itself (`decode`: the
    /// document's reading and its `checkInvariants()`) before anything is written: a change
    /// that would leave a file every later load refuses is refused, and the old file stays.
    /// One check for every JSON store of every tool, the same one every load makes.
    /// - Throws: `StoreError.rejected` naming the rule the new document would break.
    func storable(_ document: Document) throws(StoreError) -> [UInt8] {
        let bytes = encoded(document)
        do {
            _ = try decode(bytes)
        } catch {
            let reason: String
            if case .corrupt(_, let why) = error { reason = why } else { reason = error.description }
            throw StoreError.rejected(path: path, reason: "the change would leave a store that cannot be read back (\(reason)); nothing was changed")
        }
        return bytes
    }

    /// The file's bytes for `document`: the envelope, then a newline.
    private func encoded(_ document: Document) -> [UInt8] {
        let envelope = JSONValue.object([
            ("format", .string(Document.formatName)),
            ("version", .integer(Document.formatVersion)),
            ("content", document.storedContent),
        ])
        var bytes = envelope.serializedBytes(pretty: prettyPrinted)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    private func decode(_ bytes: [UInt8]) throws(StoreError) -> Document {
        guard !bytes.isEmpty else { throw StoreError.corrupt(path: path, reason: "the file is empty") }
        let envelope: JSONValue
        do {
            envelope = try JSONValue.parse(bytes)
        } catch {
            throw StoreError.corrupt(path: path, reason: "not valid JSON (\(error))")
        }
        guard let format = envelope["format"]?.stringValue, let version = envelope["version"]?.int64Value,
            let content = envelope["content"]
        else {
            throw StoreError.corrupt(path: path, reason: "not a \(Document.formatName) store (no format, version and content)")
        }
        guard format == Document.formatName else {
            throw StoreError.corrupt(path: path, reason: "it holds format '\(format)', expected '\(Document.formatName)'")
        }
        guard version <= Document.formatVersion else {
            throw StoreError.newerVersion(path: path, found: Int(clamping: version), supported: Document.formatVersion)
        }
        guard version >= 1 else {
            throw StoreError.corrupt(path: path, reason: "format version \(version) is not valid")
        }
        do {
            let document = try Document(storedContent: content, version: Int(version))
            try document.checkInvariants()
            return document
        } catch {
            throw StoreError.corrupt(path: path, reason: error.message)
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
}
