// The JSON file store: versioned envelope, private files, atomic replacement, locking,
// and refusing (without touching) files it cannot understand.

import Foundation
import Testing
import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage
import MoneyKitCodable
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The document the tests store.
struct Ledger: StoredDocument, Codable, Equatable {
    static let formatName = "moneykit-tests"
    static let formatVersion = 2

    var count: Int = 0
    var entries: [String] = []

    init() {}
    init(count: Int, entries: [String]) {
        self.count = count
        self.entries = entries
    }
}

private struct BodyFailed: Error {}

/// A fresh folder under the system's temporary folder, removed when `body` ends.
private func withTemporaryFolder<T>(_ body: (String) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("moneykit-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer {
        // Give back write permission a test may have taken away, so removal cannot fail.
        if let names = FileManager.default.enumerator(atPath: folder) {
            for case let name as String in names {
                try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder + "/" + name)
            }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }
    return try await body(folder)
}

private func bytes(at path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}

private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

private func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int) & 0o777
}

private let runningAsRoot = getuid() == 0

@Suite("JSON file store")
struct JSONFileStoreTests {
    @Test func missingFileLoadsTheEmptyDocument() async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/not/yet/ledger.json"
            let store = JSONFileStore<Ledger>(path: path)
            #expect(try store.load() == Ledger())
            #expect(try store.read { $0 } == Ledger())
            #expect(!store.exists)
            #expect(!FileManager.default.fileExists(atPath: folder + "/not"), "loading creates nothing")
        }
    }

    @Test func writeCreatesPrivateFoldersAndFile() async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/a/b/ledger.json"
            let store = JSONFileStore<Ledger>(path: path)
            try store.write { $0.count = 1 }
            #expect(store.exists)
            #expect(try permissions(of: folder + "/a") == 0o700)
            #expect(try permissions(of: folder + "/a/b") == 0o700)
            #expect(try permissions(of: path) == 0o600)
        }
    }

    @Test func roundTrip() async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/ledger.json"
            let store = JSONFileStore<Ledger>(path: path)
            let returned = try store.write { document -> String in
                document.count = 42
                document.entries = ["coffee 3.50", "naïve ünïcödé ☕", "slash/and\"quote"]
                return "body result"
            }
            #expect(returned == "body result")
            let expected = Ledger(count: 42, entries: ["coffee 3.50", "naïve ünïcödé ☕", "slash/and\"quote"])
            #expect(try store.load() == expected)
            #expect(try JSONFileStore<Ledger>(path: path, prettyPrinted: false).load() == expected, "another store value reads it")

            // The next write starts from what the last one saved.
            try store.write { $0.count += 1 }
            #expect(try store.read(\.count) == 43)

            // The envelope on disk: format name, version, content.
            let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes(at: path))) as? [String: Any])
            #expect(json["format"] as? String == Ledger.formatName)
            #expect(json["version"] as? Int == Ledger.formatVersion)
            #expect((json["content"] as? [String: Any])?["count"] as? Int == 43)
        }
    }

    @Test func compactOutputRoundTrips() async throws {
        try await withTemporaryFolder { folder throws in
            let store = JSONFileStore<Ledger>(path: folder + "/ledger.json", prettyPrinted: false)
            try store.write { $0.entries = ["x"] }
            #expect(try store.load().entries == ["x"])
        }
    }

    @Test func anOlderVersionIsRead() async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/ledger.json"
            try write(#"{"format":"moneykit-tests","version":1,"content":{"count":7,"entries":[]}}"#, to: path)
            #expect(try JSONFileStore<Ledger>(path: path).load().count == 7)
        }
    }

    @Test func aThrowingBodyLeavesTheFileUnchanged() async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/ledger.json"
            let store = JSONFileStore<Ledger>(path: path)
            try store.write { $0.count = 5 }
            let before = try bytes(at: path)
            #expect(throws: BodyFailed.self) {
                try store.write { document in
                    document.count = 999
                    document.entries.append("half done")
                    throw BodyFailed()
                }
            }
            #expect(try bytes(at: path) == before)
            #expect(try store.load().count == 5)
        }
    }

    @Test func aThrowingFirstBodyCreatesNoFile() async throws {
        try await withTemporaryFolder { folder throws in
            let store = JSONFileStore<Ledger>(path: folder + "/ledger.json")
            #expect(throws: BodyFailed.self) { try store.write { _ in throw BodyFailed() } }
            #expect(!store.exists)
        }
    }

    static let corruptFiles: [(String, String)] = [
        ("garbage", "this is not JSON at all"),
        ("empty", ""),
        ("binary", "\u{0}\u{1}\u{FFFD}\u{7F}"),
        ("truncated", #"{"format":"moneykit-tests","vers"#),
        ("a JSON array", "[1, 2, 3]"),
        ("wrong format name", #"{"format":"tally","version":1,"content":{"count":1,"entries":[]}}"#),
        ("no format", #"{"version":1,"content":{"count":1,"entries":[]}}"#),
        ("no version", #"{"format":"moneykit-tests","content":{"count":1,"entries":[]}}"#),
        ("version as text", #"{"format":"moneykit-tests","version":"1","content":{"count":1,"entries":[]}}"#),
        ("version 0", #"{"format":"moneykit-tests","version":0,"content":{"count":1,"entries":[]}}"#),
        ("no content", #"{"format":"moneykit-tests","version":1}"#),
        ("missing field in content", #"{"format":"moneykit-tests","version":1,"content":{"entries":[]}}"#),
        ("wrong type in content", #"{"format":"moneykit-tests","version":1,"content":{"count":"one","entries":[]}}"#),
    ]

    @Test("a corrupt file is refused, named, and left untouched", arguments: corruptFiles)
    func corruptFile(name: String, contents: String) async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/ledger.json"
            try write(contents, to: path)
            let before = try bytes(at: path)
            let store = JSONFileStore<Ledger>(path: path)

            let loadError = #expect(throws: StoreError.self) { try store.load() }
            let writeError = #expect(throws: StoreError.self) { try store.write { $0.count += 1 } }
            for error in [loadError, writeError] {
                guard case let .corrupt(errorPath, reason)? = error else {
                    Issue.record("expected corrupt, got \(String(describing: error))")
                    continue
                }
                #expect(errorPath == path)
                #expect(!reason.isEmpty)
                #expect(error?.description.contains(path) == true)
            }
            #expect(try bytes(at: path) == before)
        }
    }

    @Test func aNewerVersionIsRefusedAndLeftUntouched() async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/ledger.json"
            try write(#"{"format":"moneykit-tests","version":3,"content":{"future":true}}"#, to: path)
            let before = try bytes(at: path)
            let store = JSONFileStore<Ledger>(path: path)
            let expected = StoreError.newerVersion(path: path, found: 3, supported: Ledger.formatVersion)
            #expect(throws: expected) { try store.load() }
            #expect(throws: expected) { try store.write { $0.count += 1 } }
            #expect(expected.description.contains(path))
            #expect(try bytes(at: path) == before)
        }
    }

    @Test(.enabled(if: !runningAsRoot, "running as root: access(W_OK) succeeds whatever the mode, so a read-only file cannot be simulated"))
    func aReadOnlyFileIsRefused() async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/ledger.json"
            let store = JSONFileStore<Ledger>(path: path)
            try store.write { $0.count = 1 }
            try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
            let before = try bytes(at: path)
            #expect(throws: StoreError.readOnly(path: path)) { try store.write { $0.count += 1 } }
            #expect(try store.load().count == 1, "a read-only file can still be read")
            #expect(try bytes(at: path) == before)
        }
    }

    @Test(.enabled(if: !runningAsRoot, "running as root: a folder's mode does not stop root writing in it"))
    func aFileInAReadOnlyFolderIsRefused() async throws {
        try await withTemporaryFolder { folder throws in
            let data = folder + "/data"
            let path = data + "/ledger.json"
            let store = JSONFileStore<Ledger>(path: path)
            try store.write { $0.count = 1 }
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: data)
            let before = try bytes(at: path)
            #expect(throws: StoreError.readOnly(path: path)) { try store.write { $0.count += 1 } }
            #expect(try bytes(at: path) == before)
        }
    }

    @Test func aDirectoryInPlaceOfTheFileIsUnreadable() async throws {
        try await withTemporaryFolder { folder throws in
            let path = folder + "/ledger.json"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            let store = JSONFileStore<Ledger>(path: path)
            for error in [#expect(throws: StoreError.self) { try store.load() },
                          #expect(throws: StoreError.self) { try store.write { $0.count += 1 } }] {
                guard case let .unreadable(errorPath, _)? = error else {
                    Issue.record("expected unreadable, got \(String(describing: error))")
                    continue
                }
                #expect(errorPath == path)
            }
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
        }
    }

    @Test func aFileInPlaceOfTheFolderCannotBeCreated() async throws {
        try await withTemporaryFolder { folder throws in
            try write("in the way", to: folder + "/sub")
            let store = JSONFileStore<Ledger>(path: folder + "/sub/ledger.json")
            let error = #expect(throws: StoreError.self) { try store.write { $0.count += 1 } }
            guard case .cannotCreate? = error else {
                Issue.record("expected cannotCreate, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("concurrent writers on several threads lose no update")
    func concurrentWriters() async throws {
        // 8 threads on 2 cores: their writes interleave from the first few, so 30 each
        // lose an update as surely as 100 did if the lock let two read the same document.
        let threads = 8
        let incrementsPerThread = 30
        try await withTemporaryFolder { folder throws in
            let path = folder + "/ledger.json"
            let failures = FailureLog()
            let group = DispatchGroup()
            for thread in 0..<threads {
                group.enter()
                Thread {
                    defer { group.leave() }
                    // Each thread uses its own store value, as separate processes would.
                    let store = JSONFileStore<Ledger>(path: path, lockTimeout: 120)
                    for increment in 0..<incrementsPerThread {
                        do {
                            try store.write { document in
                                document.count += 1
                                document.entries.append("\(thread)-\(increment)")
                            }
                        } catch {
                            failures.record("thread \(thread), increment \(increment): \(error)")
                        }
                    }
                }.start()
            }
            await withCheckedContinuation { continuation in
                group.notify(queue: .global()) { continuation.resume() }
            }

            #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
            let ledger = try JSONFileStore<Ledger>(path: path).load()
            #expect(ledger.count == threads * incrementsPerThread)
            #expect(Set(ledger.entries).count == threads * incrementsPerThread)
            // Each thread's own updates stay in its order.
            for thread in 0..<threads {
                let own = ledger.entries.filter { $0.hasPrefix("\(thread)-") }
                #expect(own == (0..<incrementsPerThread).map { "\(thread)-\($0)" })
            }
        }
    }
}

/// Errors collected from several threads.
private final class FailureLog: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func record(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        messages.append(message)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return messages
    }
}
