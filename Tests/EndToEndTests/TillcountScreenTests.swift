// tillcount count, the counting screen (issue 27, item 5): run in-process on a scripted
// 100×40 screen (ScriptedScreen), every key checked on the frame it left and in the
// database, since every change is saved before the screen shows it; one smoke test drives
// the real binary through tmux. The reducer itself (keys → effects): TillcountCountReducerTests.

import Foundation
import MoneyKitCLI
import Testing

@Suite struct TillcountScreenTests {
    static let tmuxInstalled = TillcountTmux.path != nil

    /// Runs `tillcount count ARGUMENTS…` in-process on a scripted 100×40 screen; each check
    /// is given the frame's rows as one text.
    static func count(
        _ till: TillcountSandbox, arguments: [String] = [], columns: Int = 100, rows: Int = 40, _ steps: [Step]
    ) throws -> (ToolResult, ScriptedScreen) {
        try ScreenRun.run("tillcount", ["count"] + arguments, environment: till.environment, columns: columns, rows: rows, steps.flatMap(\.scripted))
    }

    /// A step of a script: keys, typed text or a check of the screen as one text.
    enum Step {
        case keys([Key])
        case check((String) throws -> Void)

        static func key(_ key: Key) -> Step { .keys([key]) }
        static func type(_ text: String) -> Step { .keys(text.map { .character($0) }) }
        /// Checks that the screen matches `pattern` (a regular expression), naming `what`.
        static func shows(_ what: String, _ pattern: String, sourceLocation: SourceLocation = #_sourceLocation) -> Step {
            .check { #expect($0.range(of: pattern, options: .regularExpression) != nil, "\(what):\n\($0)", sourceLocation: sourceLocation) }
        }
        /// Checks that the screen contains `text`.
        static func says(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Step {
            .check { #expect($0.contains(text), "\(text):\n\($0)", sourceLocation: sourceLocation) }
        }

        var scripted: [ScriptedScreen.Step] {
            switch self {
            case .keys(let keys): return keys.map { .key($0) }
            case .check(let check): return [.check { try check($0.joined(separator: "\n")) }]
            }
        }
    }

    /// Starts `tillcount count` in its own tmux server; its exit status goes to a file,
    /// written beside it and renamed, so the file exists only once it holds the status
    /// (a plain `>` creates it empty first, and a test reading at once saw "").
    static func startScreen(_ till: TillcountSandbox) throws -> (TillcountTmux, statusFile: String) {
        let statusFile = till.path("count-status")
        var environment = till.environment
        environment["TERM"] = "xterm-256color"
        let assignments = environment.sorted { $0.key < $1.key }.map { tillcountShellQuote("\($0.key)=\($0.value)") }.joined(separator: " ")
        let script = try till.writeScript("run-count.sh", """
            #!/bin/sh
            env -i \(assignments) \(tillcountShellQuote(TillcountSandbox.executable)) count
            echo $? > \(tillcountShellQuote(statusFile + ".tmp"))
            mv \(tillcountShellQuote(statusFile + ".tmp")) \(tillcountShellQuote(statusFile))
            """)
        let tmux = TillcountTmux()
        try tmux.start(tillcountShellQuote(script))
        return (tmux, statusFile)
    }

    static func stateLines(_ till: TillcountSandbox) -> [String: Int] {
        till.stateBytes().flatMap(TillcountJSON.stateContent).flatMap(TillcountJSON.stateLines) ?? [:]
    }

    static func stateFloat(_ till: TillcountSandbox) -> String? {
        till.stateBytes().flatMap(TillcountJSON.stateContent)?["float"] as? String
    }

    /// The screen line of `label` with its quantity, selected (›) or not.
    static func row(_ label: String, _ quantity: String, selected: Bool, value: String) -> String {
        (selected ? "›" : #"(?<!›)\s"#) + #"\s+"# + NSRegularExpression.escapedPattern(for: label) + #"\s+"# + quantity + #"▏?\s+"#
            + NSRegularExpression.escapedPattern(for: value)
    }

    static func shows(_ pattern: String) -> (String) -> Bool {
        { $0.range(of: pattern, options: .regularExpression) != nil }
    }

    /// The one test on a real terminal: raw keys through tmux (↓, +, digits), each saved,
    /// and q leaving with status 0.
    @Test(.enabled(if: tmuxInstalled), .timeLimit(.minutes(2)))
    func smokeOnARealTerminal() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let (tmux, statusFile) = try Self.startScreen(till)
        defer { tmux.stop() }
        let first = try tmux.waitForScreen("the counting screen") { $0.contains("Total £0.00") }
        #expect(first.contains("tillcount  main · GBP"), "the header names the till")
        try tmux.send("Down")
        try tmux.waitForScreen("£20 selected", Self.shows(Self.row("£20", "0", selected: true, value: "£0.00")))
        try tmux.type("+")
        try tmux.waitForScreen("£20 at 1", Self.shows(Self.row("£20", "1", selected: true, value: "£20.00")))
        try tmux.type("12")
        try tmux.waitForScreen("£20 at 12", Self.shows(Self.row("£20", "12", selected: true, value: "£240.00")))
        #expect(Self.stateLines(till) == ["note:20.00": 12])
        try tmux.type("q")
        #expect(tillcountEventually { FileManager.default.fileExists(atPath: statusFile) })
        let status = try? String(contentsOfFile: statusFile, encoding: .utf8)
        #expect(status?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(try till.quantities() == ["20": 12])
    }

    @Test func countingScreenSavesEveryKey() throws {
        let till = try TillcountSandbox(currency: "GBP")
        var before: Data?
        let (result, screen) = try Self.count(till, [
            .check { first in
                #expect(first.contains("Total £0.00"))
                #expect(first.contains("tillcount  main · GBP"), "the header names the till")
                #expect(first.contains("Loose notes and coins"))
                #expect(first.contains("Rolls and bags"))
                #expect(first.contains("£2 bag of 10"))
                #expect(first.range(of: Self.row("£50", "0", selected: true, value: "£0.00"), options: .regularExpression) != nil, "\(first)")
                #expect(first.range(of: #"Total £0\.00\s+Float £0\.00\s+Deposit £0\.00"#, options: .regularExpression) != nil)
                // Sections in order: loose, then rolls.
                let loose = try #require(first.range(of: "Loose notes and coins"))
                let rolls = try #require(first.range(of: "Rolls and bags"))
                #expect(loose.lowerBound < rolls.lowerBound)
            },
            // ↓ moves to £20; + adds one, saved before it is shown.
            .key(.down), .shows("£20 selected", Self.row("£20", "0", selected: true, value: "£0.00")),
            .type("+"), .shows("£20 at 1", Self.row("£20", "1", selected: true, value: "£20.00")),
            .check { _ in #expect(Self.stateLines(till) == ["note:20.00": 1], "the + was on screen before it was saved") },
            // Typing 12 sets the quantity to 12 (not 1 + 12).
            .type("12"), .shows("£20 at 12", Self.row("£20", "12", selected: true, value: "£240.00")), .says("Total £240.00"),
            .check { _ in #expect(Self.stateLines(till) == ["note:20.00": 12]) },
            // ↓ to £10, - at 0 changes nothing; ↑ back and - takes one.
            .key(.down), .shows("£10 selected", Self.row("£10", "0", selected: true, value: "£0.00")),
            .check { _ in before = till.stateBytes() },
            .type("-"), .says("Already 0"),
            .check { _ in #expect(till.stateBytes() == before) },
            .key(.up), .shows("£20 selected", Self.row("£20", "12", selected: true, value: "£240.00")),
            .type("-"), .shows("£20 at 11", Self.row("£20", "11", selected: true, value: "£220.00")),
            .check { _ in #expect(Self.stateLines(till) == ["note:20.00": 11]) },
            // f, the float as `tillcount float` reads it (a decimal comma too), Enter sets it.
            .type("f"), .says("New float:"),
            .type("150,50"), .key(.enter),
            .shows("the new float", #"Total £220\.00\s+Float £150\.50\s+Deposit £69\.50"#),
            .check { _ in #expect(Self.stateFloat(till) == "150.50") },
            // u undoes the float, then the last -.
            .type("u"), .says("Float £0.00"),
            .check { _ in #expect(Self.stateFloat(till) == "0.00") },
            .type("u"), .shows("£20 back at 12", Self.row("£20", "12", selected: true, value: "£240.00")),
            .check { _ in #expect(Self.stateLines(till) == ["note:20.00": 12]) },
            // s saves to the history.
            .type("s"), .says("Saved as count 1"),
            .check { _ in
                #expect(try till.ok("history", "--ids").stdout == "1\n")
                let saved = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
                #expect(saved["total"] as? String == "240.00")
            },
            // q quits with status 0.
            .type("q"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!screen.inputEnded, "q left the screen")
        #expect(screen.restored)
        #expect(try till.quantities() == ["20": 12])
    }

    @Test func rollsFloatCancelAndTheOtherKeys() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "0.01=3")
        var before: Data?
        let (result, screen) = try Self.count(till, [
            .says("Total £0.03"),
            // Twelve loose lines, then the bags: 12 × ↓ reaches the £2 bag.
            .keys(Array(repeating: .down, count: 12)),
            .shows("the £2 bag selected", Self.row("£2 bag of 10", "0", selected: true, value: "£0.00")),
            .key(.right),  // → is + too
            .shows("one £2 bag", Self.row("£2 bag of 10", "1", selected: true, value: "£20.00")),
            .check { _ in #expect(Self.stateLines(till) == ["coin:0.01": 3, "roll:2.00": 1]) },
            // ↑ (k) to the 1p line; Backspace edits a typed quantity.
            .type("k"), .shows("1p selected", Self.row("1p", "3", selected: true, value: "£0.03")),
            .type("45"), .shows("1p at 45", Self.row("1p", "45", selected: true, value: "£0.45")),
            .key(.backspace), .shows("1p at 4", Self.row("1p", "4", selected: true, value: "£0.04")),
            .check { _ in
                #expect(Self.stateLines(till) == ["coin:0.01": 4, "roll:2.00": 1])
                before = till.stateBytes()
            },
            // Esc cancels a float entry without a change.
            .type("f"), .says("New float:"),
            .type("99"), .says("New float: 99"),
            .key(.escape),
            .check { screen in
                #expect(screen.contains("Total £20.04") && !screen.contains("New float"), "the totals bar back:\n\(screen)")
                #expect(till.stateBytes() == before)
            },
            // One undo step per field edited (issue 26, item 38): 4, 5 and Backspace on 1p
            // come back as one, the bag's + stays.
            .type("u"), .shows("1p back at 3", Self.row("1p", "3", selected: true, value: "£0.03")),
            .says("Undid: count: set 0.01=4"),
            .check { _ in #expect(Self.stateLines(till) == ["coin:0.01": 3, "roll:2.00": 1]) },
            .type("q"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!screen.inputEnded && screen.restored)
    }

    /// Esc and ^C leave as q does; the screen also ends when its terminal goes (no key left).
    @Test(arguments: [[Key.escape], [.interrupt], [.character("Q")], []])
    func leavingChangesNothing(keys: [Key]) throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        let before = till.stateBytes()
        let (result, screen) = try Self.count(till, [.says("Total £40.00"), .keys(keys)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(screen.inputEnded == keys.isEmpty)
        #expect(screen.restored)
        #expect(till.stateBytes() == before)
    }

    /// A currency MoneyKit knows no denominations for: the keys say so, and q (which
    /// indexed the empty list before the screen was a reducer) leaves as Esc does.
    @Test(arguments: [Key.character("q"), .escape])
    func aCurrencyWithoutDenominationsSaysSoAndLeaves(key: Key) throws {
        let till = try TillcountSandbox(currency: "BTN")
        let before = till.stateBytes()
        let (result, screen) = try Self.count(till, [
            .says("Total"),
            .keys([.character("+"), .character("1")]), .says("No denominations are known for BTN"),
            .key(key),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!screen.inputEnded && screen.restored)
        #expect(till.stateBytes() == before)
    }

    @Test func countWithoutATerminalIsExit64() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let result = try till.run("count")
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs a terminal"))
        let piped = try till.run(["count"], stdin: "q\n")
        #expect(piped.status == 64)
        let (dumb, screen) = try ScreenRun.run("tillcount", ["count"], environment: till.environment.merging(["TERM": "dumb"]) { $1 }, [.key(.character("+"))])
        #expect(dumb.status == 64)
        #expect(dumb.stderr.contains("TERM is dumb"), "\(dumb.stderr)")
        #expect(screen.frames.isEmpty)
    }
}
