// Issue 12, item 15 (tally): a store that is valid JSON but breaks a rule the code relies
// on is refused with 65, naming the file and the fault, and left byte for byte; never a
// crash in a later command.

import Foundation
import Testing

@Suite struct TallyStoreInvariantTests {
    static func counter(_ name: String, serial: Int64, step: Int64 = 1, count: Int64 = 0) -> String {
        let escaped = name.replacingOccurrences(of: "\"", with: "\\\"")
        return """
            {"name":"\(escaped)","count":\(count),"start":0,"step":\(step),"pinned":false,"created":"2026-11-01T10:00:00Z","serial":\(serial)}
            """
    }

    static func store(_ counters: [String], nextSerial: String, undo: String = "[]") -> String {
        """
        {"format":"tally","version":1,"content":{"counters":[\(counters.joined(separator: ","))],"nextSerial":\(nextSerial),"undo":\(undo)}}
        """
    }

    static let broken: [(String, String, String)] = [
        ("nextSerial at the top of the range",
         store([counter("a", serial: 1)], nextSerial: "9223372036854775807"), "nextSerial"),
        ("nextSerial 0", store([], nextSerial: "0"), "nextSerial"),
        ("nextSerial negative", store([], nextSerial: "-5"), "nextSerial"),
        ("a name twice", store([counter("a", serial: 1), counter("a", serial: 2)], nextSerial: "3"), "'a' appears more than once"),
        ("a serial twice", store([counter("a", serial: 1), counter("b", serial: 1)], nextSerial: "3"), "serial '1' appears more than once"),
        ("a serial not below nextSerial", store([counter("a", serial: 7)], nextSerial: "3"), "serial"),
        ("a serial of Int64.min", store([counter("a", serial: Int64.min)], nextSerial: "3"), "serial"),
        ("a step of 0", store([counter("a", serial: 1, step: 0)], nextSerial: "2"), "step of 0"),
        ("an empty name", store([counter("", serial: 1)], nextSerial: "2"), "empty name"),
        ("a blank name", store([counter("  ", serial: 1)], nextSerial: "2"), "empty name"),
        ("an undo step restoring a name twice",
         store([counter("a", serial: 1)], nextSerial: "2",
               undo: "[{\"action\":\"x\",\"before\":[\(counter("b", serial: 1)),\(counter("b", serial: 1))],\"after\":[\"b\"]}]"),
         "appears more than once"),
    ]

    @Test(arguments: 0..<broken.count)
    func aBrokenStoreIsRefusedByEveryCommandAndLeftAlone(index: Int) throws {
        let (situation, text, fault) = Self.broken[index]
        let sandbox = try Sandbox()
        let path = sandbox.path("counters.json")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        // Every command for the first two stores; a read and a change for the rest (TallyKit's
        // RepositoryTests hold every store against every kind of change in-process).
        let everyCommand = [["list"], ["new", "z"], ["inc", "a"], ["get", "a"], ["undo"], ["export"], ["rm", "a", "--force"]]
        for arguments in index < 2 ? everyCommand : [["list"], ["inc", "a"]] {
            let result = try ToolProcess.run("tally", ["--file", path] + arguments, environment: sandbox.environment)
            #expect(result.status == 65, "\(situation): tally \(arguments.joined(separator: " ")): \(result.stderr)")
            #expect(!result.killedBySignal)
            #expect(result.stderr.contains(path), "\(situation)")
            #expect(result.stderr.contains(fault), "\(situation): \(result.stderr)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "\(situation): the store changed")
    }

    @Test func theLastSerialIsStillUsableAndThenAClearError() throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("counters.json")
        try Data(Self.store([Self.counter("a", serial: 1)], nextSerial: "9223372036854775805").utf8).write(to: URL(fileURLWithPath: path))
        #expect(try sandbox.run("tally", "--file", path, "new", "b").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try sandbox.run("tally", "--file", path, "new", "c")
        #expect(result.status == 65)
        #expect(result.stderr.contains("no serial left"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
