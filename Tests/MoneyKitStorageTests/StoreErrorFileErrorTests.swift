// The platform's file errors reach the stores' handlers as `StoreError` (issue 27, item 7:
// StoreError moved out of MoneyKitPlatform): one case for one case, the same message, and
// a failing file under a store is still a `StoreError`, never a `FileError` that would
// pass every `catch let error as StoreError` by.

import Foundation
import Testing
import MoneyKitPlatform
import MoneyKitStorage

@Suite("StoreError from FileError")
struct StoreErrorFileErrorTests {
    static let cases: [(FileError, StoreError)] = [
        (.unreadable(path: "/s/a.json", reason: "Permission denied"), .unreadable(path: "/s/a.json", reason: "Permission denied")),
        (.cannotCreate(path: "/s/b.json", reason: "No space left"), .cannotCreate(path: "/s/b.json", reason: "No space left")),
        (.io(path: "/s/c.json", reason: "Input/output error"), .io(path: "/s/c.json", reason: "Input/output error")),
        (.busy(path: "/s/d.json"), .busy(path: "/s/d.json")),
    ]

    @Test func eachCaseMapsToItsStoreErrorWithTheSameMessage() {
        for (file, store) in Self.cases {
            #expect(StoreError(file) == store)
            #expect(StoreError(file).description == file.description)
            #expect(StoreError(file).path == file.path)
        }
        #expect(FileError.busy(path: "/s/d.json").description == "/s/d.json is locked by another process")
    }

    @Test func mappingPassesTheValueAndMapsTheError() throws {
        #expect(try StoreError.mapping(Self.size(of: nil)) == 7)
        for (file, store) in Self.cases {
            #expect(throws: store) { try StoreError.mapping(Self.size(of: file)) }
        }
    }

    private static func size(of failure: FileError?) throws(FileError) -> Int {
        if let failure { throw failure }
        return 7
    }

    @Test func aStoreWhoseFolderIsAFileThrowsAStoreError() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("moneykit-fileerror-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let blocker = scratch + "/state"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let store = JSONFileStore<Ledger>(path: blocker + "/tool/store.json")
        #expect(throws: StoreError.cannotCreate(path: blocker, reason: "a file of that name is in the way")) {
            try store.write { $0.count += 1 }
        }
    }
}
