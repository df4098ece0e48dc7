// The JSON file store under real concurrency: several processes hammering one file
// lose nothing; a corrupt file is reported and left exactly as it was.

import Foundation
import Testing

@Suite struct FileStoreProcessTests {
    /// 4 × 50 increments in the README's test command, 4 × 250 in Tests/Reliability/run.sh.
    @Test func fourProcessesHammeringOneFileLoseNothing() throws {
        let increments = ReliabilityLoops.size(quick: 50, full: 250)
        let sandbox = try Sandbox()
        let store = sandbox.path("hammer/store.json")
        let processes = try ToolProcess.startHammers(4, store: store, increments: increments)
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: store))
        let envelope = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(envelope["format"] as? String == "store-hammer")
        #expect(envelope["version"] as? Int == 1)
        let content = try #require(envelope["content"] as? [String: Any])
        #expect(content["count"] as? Int == 4 * increments)
        let writers = try #require(content["writers"] as? [String: Int])
        #expect(writers.count == 4)
        #expect(writers.values.allSatisfy { $0 == increments })

        let attributes = try FileManager.default.attributesOfItem(atPath: store)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: sandbox.path("hammer"))
        #expect((folder[.posixPermissions] as? Int) == 0o700)
    }

    @Test func aCorruptFileIsReportedAndLeftAsIs() throws {
        let sandbox = try Sandbox()
        let store = sandbox.path("store.json")
        let garbage = Data("{\"format\": \"store-hammer\", \"version\": 1, \"content\": {\"count\": \"many\"".utf8)
        try garbage.write(to: URL(fileURLWithPath: store))
        let result = try ToolProcess.run("mk-store-hammer", [store, "1"], environment: sandbox.environment)
        #expect(result.status == 1)
        #expect(result.stderr.contains(store))
        #expect(result.stderr.contains("not a valid store"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == garbage)
    }
}
