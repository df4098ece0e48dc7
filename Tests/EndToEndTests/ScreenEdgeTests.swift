// The three screens at their edges (issue 27, item 5 review): a terminal of one cell or a
// few, keys no screen knows, input ending at once, and a store that cannot be written
// while the screen is up: each screen draws what fits, says what failed, and leaves
// cleanly (status 0, terminal put back), never traps.

import Foundation
import MoneyKitCLI
import Testing

@Suite(.timeLimit(.minutes(1))) struct ScreenEdgeTests {
    static let sizes: [(columns: Int, rows: Int)] = [(1, 1), (2, 2), (4, 3), (10, 1), (1, 10)]
    static let keys: [Key] = [.unknown, .function(13), .character("é"), .character("\u{1B}"), .tab, .backTab, .insert,
                              .home, .end, .pageUp, .pageDown, .left, .right, .up, .down, .enter, .backspace]

    @Test func tallyTapOnTinyTerminals() throws {
        let box = try TallyBox()
        try box.ok("new", "a counter with a long name", "--goal", "5", "--start", "-3")
        for size in Self.sizes {
            let (result, screen) = try ScreenRun.run(
                "tally", ["tap", "a counter with a long name"], environment: box.environment,
                columns: size.columns, rows: size.rows, Self.keys.map { .key($0) } + [.key(.character("q"))])
            #expect(result.status == 0, "\(size): \(result.stderr)")
            #expect(screen.restored)
        }
    }

    @Test func tillcountCountOnTinyTerminals() throws {
        let till = try TillcountSandbox()
        for size in Self.sizes {
            let (result, screen) = try ScreenRun.run(
                "tillcount", ["count"], environment: till.environment,
                columns: size.columns, rows: size.rows, Self.keys.map { .key($0) } + [.key(.escape)])
            #expect([0, 1].contains(result.status), "\(size): \(result.stderr)")
            #expect(screen.restored)
        }
    }

    @Test func billsplitOnTinyTerminals() throws {
        let sandbox = try Sandbox()
        for size in Self.sizes {
            let (result, screen) = try ScreenRun.run(
                "billsplit", ["--currency", "USD", "--no-save"], environment: sandbox.environment,
                columns: size.columns, rows: size.rows, Self.keys.filter { $0 != .enter }.map { .key($0) } + [.key(.character("q"))])
            #expect(result.status == 0, "\(size): \(result.stderr)")
            #expect(screen.restored)
        }
    }

    @Test func inputEndingAtOnceLeavesEachScreen() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let (tap, tapScreen) = try ScreenRun.run("tally", ["tap", "x"], environment: box.environment, [])
        #expect(tap.status == 0 && tapScreen.restored && tapScreen.inputEnded, "\(tap.stderr)")
        let till = try TillcountSandbox()
        let (count, countScreen) = try ScreenRun.run("tillcount", ["count"], environment: till.environment, [])
        #expect(countScreen.restored && countScreen.inputEnded, "\(count.stderr)")
    }

    /// The store turned into something tally cannot read while the screen is up: the key
    /// is refused on the screen, which stays, and q leaves with status 0.
    @Test func tallyTapSaysWhenTheStoreCannotBeWritten() throws {
        let box = try TallyBox()
        try box.ok("new", "x")
        let (result, screen) = try ScreenRun.run("tally", ["tap", "x"], environment: box.environment, [
            .key(.character("+")),
            .check { _ in
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: box.databasePath + suffix) }
                try FileManager.default.createDirectory(atPath: box.databasePath, withIntermediateDirectories: true)
            },
            .key(.character("+")),
            .check { shown in
                let text = shown.joined(separator: "\n")
                #expect(text.contains(box.databasePath) || text.lowercased().contains("cannot"), "the failure is said:\n\(text)")
            },
            .key(.character("u")),
            .key(.character("q")),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(screen.restored)
    }

    /// tillcount's database replaced by a folder while the counting screen is up: the key
    /// is refused on the screen, which stays (reading the count again says the failure
    /// rather than ending the screen), and Esc leaves.
    @Test func tillcountCountSaysWhenTheStoreCannotBeWritten() throws {
        let till = try TillcountSandbox()
        try till.run(["add", "10=1"])
        let (result, screen) = try ScreenRun.run("tillcount", ["count"], environment: till.environment, columns: 100, rows: 40, [
            .key(.character("+")),
            .check { _ in
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: till.dbPath + suffix) }
                try FileManager.default.createDirectory(atPath: till.dbPath, withIntermediateDirectories: true)
            },
            .key(.character("+")),
            .check { shown in
                let text = shown.joined(separator: "\n")
                #expect(text.contains(till.dbPath) || text.lowercased().contains("cannot"), "the failure is said:\n\(text)")
            },
            .key(.escape),
        ])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        #expect(screen.restored)
    }
}
