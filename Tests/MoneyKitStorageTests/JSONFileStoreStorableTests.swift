// A JSON store reads every new document back with the loader's own checks before it
// writes it (issue 26, item 16): a change that would leave a file every later load
// refuses is refused itself, with 65's StoreError.rejected, and the file stays as it was.

import Foundation
import Testing
import MoneyKitPlatform
import MoneyKitStorage
import MoneyKitCodable

/// A document with a rule: its names are unique (checked on every load).
private struct Roster: StoredDocument, Codable, Equatable {
    static let formatName = "moneykit-roster-tests"
    static let formatVersion = 1

    var names: [String] = []

    init() {}

    func checkInvariants() throws(StoredContentError) {
        try StoredInvariants.requireUnique(names, what: "the name")
    }
}

private func withFolder<T>(_ body: (String) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moneykit-storable-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    return try body(folder)
}

@Suite("JSON file store: a change is read back before it is kept")
struct JSONFileStoreStorableTests {
    @Test func aChangeTheLoaderWouldRefuseIsNotWritten() throws {
        try withFolder { folder in
            let path = folder + "/roster.json"
            let store = JSONFileStore<Roster>(path: path)
            try store.write { $0.names = ["ada"] }
            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            #expect {
                try store.write { $0.names.append("ada") }
            } throws: { error in
                guard case .rejected(let named, let reason)? = error as? StoreError else { return false }
                return named == path && reason.contains("the name 'ada' appears more than once") && reason.contains("nothing was changed")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file is as it was")
            #expect(try store.load().names == ["ada"])

            // A change that keeps the rule is written as ever.
            try store.write { $0.names.append("grace") }
            #expect(try store.load().names == ["ada", "grace"])
        }
    }

    @Test func aNewStoreTheLoaderWouldRefuseIsNotCreated() throws {
        try withFolder { folder in
            let path = folder + "/roster.json"
            let store = JSONFileStore<Roster>(path: path)
            #expect(throws: StoreError.self) {
                try store.write { $0.names = ["x", "x"] }
            }
            #expect(!FileManager.default.fileExists(atPath: path), "no file is created")
        }
    }

    @Test func theRefusalIsTheLoadersOwnCheck() throws {
        // The same document, written by hand, is refused by a load with the same words.
        try withFolder { folder in
            let path = folder + "/roster.json"
            let text = #"{"format": "moneykit-roster-tests", "version": 1, "content": {"names": ["x", "x"]}}"#
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: StoreError.corrupt(path: path, reason: "the name 'x' appears more than once")) {
                _ = try JSONFileStore<Roster>(path: path).load()
            }
        }
    }
}
