// The JSON file store at a name that is a symbolic link to a missing file (issue 26 item
// 25): the first write used to spin for ever (link(2) answered EEXIST, the lock found no
// file, round after round). It is refused at once, creating nothing through the link.

import Foundation
import Testing
import MoneyKitPlatform
import MoneyKitStorage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("JSON file store at a dangling link")
struct JSONFileStoreLinkTests {
    /// A fresh private folder, removed when `body` ends.
    private static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moneykit-links-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    @Test func aWriteThroughALinkToAMissingFileIsRefusedAtOnce() throws {
        try Self.withFolder { folder throws in
            let path = folder + "/p.json"
            let target = folder + "/elsewhere/missing.json"
            #expect(symlink(target, path) == 0)
            let store = JSONFileStore<Ledger>(path: path, createsMissingFolders: false)
            let clock = ContinuousClock.now
            let error = #expect(throws: StoreError.self) { try store.write { $0.count += 1 } }
            #expect(ContinuousClock.now - clock < .seconds(5), "refused, not retried until the lock timeout")
            guard case .cannotCreate(let named, let reason)? = error else {
                Issue.record("expected cannotCreate, got \(String(describing: error))")
                return
            }
            #expect(named == path)
            #expect(reason.contains("symbolic link") && reason.contains(target), "\(reason)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/elsewhere"), "nothing made through the link")
            #expect(PosixFile.danglingLinkTarget(path) == target, "the link is left as it was")
            // No temporary left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["p.json"])
            // Reading still finds no store there: the empty document.
            #expect(try store.load() == Ledger())
        }
    }

    @Test func anEmptyFileIsNeverCreatedThroughALink() throws {
        try Self.withFolder { folder throws in
            let path = folder + "/c.db"
            #expect(symlink(folder + "/missing", path) == 0)
            #expect(throws: FileError.self) { try PosixFile.createEmptyExclusively(path) }
            #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
            // A free name is made, private whatever the umask.
            let free = folder + "/free.db"
            let made = try PosixFile.withPrivateFileMask { () throws(FileError) -> Bool in
                umask(0)
                return try PosixFile.createEmptyExclusively(free)
            }
            #expect(made)
            #expect(try PosixFile.facts(of: free)?.permissions == 0o600)
            #expect(try PosixFile.createEmptyExclusively(free) == false, "a name already taken is not made again")
        }
    }
}
