// The repository contract, held by both adapters: a change that throws stores nothing; a
// store that breaks an invariant is refused (and a file left byte for byte, no database
// made from it); what is saved loads back equal.

import Foundation
import Testing
import MoneyKitStorage
import MoneyKitPlatform
import TallyKit
import TallyPostgres
import TallySQLite

@Suite struct RepositoryTests {
    static let broken: [(String, TallyDocument, String)] = [
        ("nextSerial at the top of the range", TallyDocument(counters: [counter("a", serial: 1)], nextSerial: .max), "nextSerial"),
        ("nextSerial 0", TallyDocument(counters: [], nextSerial: 0), "nextSerial"),
        ("nextSerial negative", TallyDocument(counters: [], nextSerial: -5), "nextSerial"),
        ("a name twice", TallyDocument(counters: [counter("a", serial: 1), counter("a", serial: 2)], nextSerial: 3), "'a' appears more than once"),
        ("a serial twice", TallyDocument(counters: [counter("a", serial: 1), counter("b", serial: 1)], nextSerial: 3), "serial '1' appears more than once"),
        ("a serial not below nextSerial", TallyDocument(counters: [counter("a", serial: 7)], nextSerial: 3), "serial"),
        ("a serial of Int64.min", TallyDocument(counters: [counter("a", serial: .min)], nextSerial: 3), "serial"),
        ("a step of 0", TallyDocument(counters: [counter("a", step: 0, serial: 1)], nextSerial: 2), "step of 0"),
        ("an empty name", TallyDocument(counters: [counter("", serial: 1)], nextSerial: 2), "empty name"),
        ("a blank name", TallyDocument(counters: [counter("  ", serial: 1)], nextSerial: 2), "empty name"),
        ("an undo step restoring a name twice",
         TallyDocument(counters: [counter("a", serial: 1)], nextSerial: 2,
                       undo: [UndoStep(action: "x", before: [counter("b", serial: 1), counter("b", serial: 1)], after: ["b"])]),
         "appears more than once"),
    ]

    @Test(arguments: 0..<broken.count)
    func aBrokenDocumentIsRefusedInMemory(index: Int) {
        let (situation, document, fault) = Self.broken[index]
        do {
            _ = try InMemoryTallyRepository(document)
            Issue.record("\(situation): accepted")
        } catch {
            #expect(error.message.contains(fault), "\(situation): \(error.message)")
        }
    }

    /// The same documents written as files: every read and change is refused with the
    /// file's name and the fault, and the file is left byte for byte.
    @Test(arguments: 0..<broken.count)
    func aBrokenFileIsRefusedAndLeftAlone(index: Int) throws {
        let (situation, document, fault) = Self.broken[index]
        let folder = try TemporaryFolder()
        let path = folder.path + "/counters.json"
        let text = JSONValue.object([
            ("format", .string("tally")), ("version", .integer(1)), ("content", document.storedContent),
        ]).serialized()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let tally = Tally(repository: SQLiteTallyRepository(location: StoreLocation(path: path, isDefault: false), actor: "ann@door-1"))
        let attempts: [(String, () throws -> Void)] = [
            ("list", { _ = try tally.list() }), ("new", { _ = try tally.create(name: "z") }),
            ("inc", { try tally.increment("a") }), ("undo", { _ = try tally.undo() }), ("rm", { try tally.remove(["a"]) }),
        ]
        for (what, attempt) in attempts {
            do {
                try attempt()
                Issue.record("\(situation): \(what) accepted the store")
            } catch let error as StoreError {
                guard case .corrupt(let named, let reason) = error else {
                    Issue.record("\(situation): \(what): \(error)")
                    continue
                }
                #expect(named == path)
                #expect(reason.contains(fault), "\(situation): \(what): \(reason)")
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "\(situation): the file changed")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/counters.db"), "\(situation): a database was made")
    }

    /// Files that are no tally store: every read and change is refused naming the file,
    /// and the file is left byte for byte.
    @Test(arguments: [
        ("garbage", "{\"format\": \"tally\", \"version\": 1, \"content\": {\"counters\": [{\"na", "not valid JSON"),
        ("not JSON", "counters: lots\n", "not valid JSON"),
        ("empty", "", "the file is empty"),
        ("wrong types", #"{"format": "tally", "version": 1, "content": {"counters": "many", "nextSerial": 1, "undo": []}}"#, "'counters'"),
        ("another tool's", #"{"format": "billsplit", "version": 1, "content": {}}"#, "'billsplit'"),
        ("newer", #"{"format": "tally", "version": 2, "content": {"counters": [], "shelves": []}}"#, ""),
    ])
    func aFileThatIsNoTallyStoreIsRefusedAndLeftAlone(kind: String, text: String, fault: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/counters.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let tally = Tally(repository: SQLiteTallyRepository(location: StoreLocation(path: path, isDefault: false), actor: "ann@door-1"))
        let attempts: [(String, () throws -> Void)] = [
            ("list", { _ = try tally.list() }), ("get", { _ = try tally.counter(named: "x") }),
            ("new", { _ = try tally.create(name: "x") }), ("inc", { try tally.increment("x") }),
            ("rename", { try tally.rename("x", to: "y") }), ("undo", { _ = try tally.undo() }),
            ("import", { _ = try tally.importCounters([], source: "-", onClash: .error) }),
        ]
        for (what, attempt) in attempts {
            do {
                try attempt()
                Issue.record("\(kind): \(what) accepted the file")
            } catch let error as StoreError {
                switch error {
                case .corrupt(let named, let reason):
                    #expect(named == path)
                    #expect(reason.contains(fault), "\(kind): \(what): \(reason)")
                case .newerVersion(let named, let found, let supported):
                    #expect(named == path && found == 2 && supported == 1, "\(kind): \(what)")
                default:
                    Issue.record("\(kind): \(what): \(error)")
                }
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(text.utf8), "\(kind): the file changed")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/counters.db"), "\(kind): a database was made")
    }

    @Test func aChangeThatThrowsStoresNothing() throws {
        struct Refused: Error {}
        let folder = try TemporaryFolder()
        let sqlite = SQLiteTallyRepository(location: StoreLocation(path: folder.path + "/t.db", isDefault: false), actor: "ann@door-1")
        _ = try Tally(repository: sqlite, now: { testNow }).create(name: "a")
        let memory = try InMemoryTallyRepository(TallyDocument(counters: [counter("a", serial: 1)], nextSerial: 2))
        for repository in [memory, sqlite] as [any TallyRepository] {
            let tally = Tally(repository: repository, now: { testNow })
            let before = try tally.list()
            #expect(throws: Refused.self) {
                try repository.write { store in
                    let found = try store.requireCounter(named: "a")
                    try store.begin("rm a", at: testNow)
                    try store.delete(found)
                    throw Refused()
                }
            }
            #expect(try tally.list() == before)
            #expect(try repository.read { try $0.latestChange()?.action } != "rm a")
        }
    }

    @Test func theSQLiteStoreKeepsWhatTheKitDidAndStartsEmpty() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/sub/counters.json"
        let repository = SQLiteTallyRepository(location: StoreLocation(path: path, isDefault: true), actor: "ann@door-1")
        #expect(repository.paths.database == folder.path + "/sub/counters.db")
        #expect(try Tally(repository: repository).list().rows.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/sub"), "a read created the store")
        let tally = Tally(repository: repository, now: { testNow })
        #expect(tallyError { try tally.increment("nothing") } == .notFound("nothing", known: []))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/sub"), "a change that found nothing created the store")
        _ = try tally.create(name: "coffee", start: 2, step: -3, pinned: true)
        try tally.increment("coffee")
        let reopened = Tally(repository: SQLiteTallyRepository(location: StoreLocation(path: path, isDefault: true), actor: "ann@door-1"))
        #expect(try reopened.export().counters == [Counter(name: "coffee", count: -1, start: 2, step: -3, pinned: true, created: "2026-11-21T10:55:28Z", serial: 1)])
        #expect(try reopened.repository.read { try $0.latestChange() } == TallyChangeGroup(action: "inc coffee", names: ["coffee"]))
        let events = try reopened.repository.read { try $0.events(of: 1, from: nil, through: nil) }
        #expect(events.map(\.kind) == [.new, .inc])
        #expect(events.map(\.countAfter) == [2, -1])
        #expect(events.allSatisfy { $0.at == testNow })
        let attributes = try FileManager.default.attributesOfItem(atPath: repository.paths.database)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/sub")
        #expect(folderAttributes[.posixPermissions] as? Int == 0o700)
    }
}

/// A private folder removed at the end of the test.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("tallykit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
