// tillcount count: the counting screen, driven through tmux. Every key is saved before the
// screen shows it, so the state file is checked as soon as the screen has changed.

import Foundation
import Testing

@Suite struct TillcountScreenTests {
    static let tmuxInstalled = TillcountTmux.path != nil

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

    @Test(.enabled(if: tmuxInstalled), .timeLimit(.minutes(2)))
    func countingScreenSavesEveryKey() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let (tmux, statusFile) = try Self.startScreen(till)
        defer { tmux.stop() }

        let first = try tmux.waitForScreen("the counting screen") { $0.contains("Total £0.00") }
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

        // ↓ moves to £20; + adds one.
        try tmux.send("Down")
        try tmux.waitForScreen("£20 selected", Self.shows(Self.row("£20", "0", selected: true, value: "£0.00")))
        try tmux.type("+")
        try tmux.waitForScreen("£20 at 1", Self.shows(Self.row("£20", "1", selected: true, value: "£20.00")))
        #expect(Self.stateLines(till) == ["note:20.00": 1], "the + was on screen before it was saved")

        // Typing 12 sets the quantity to 12 (not 1 + 12).
        try tmux.type("12")
        let twelve = try tmux.waitForScreen("£20 at 12", Self.shows(Self.row("£20", "12", selected: true, value: "£240.00")))
        #expect(Self.stateLines(till) == ["note:20.00": 12])
        #expect(twelve.contains("Total £240.00"))

        // ↓ to £10, - at 0 changes nothing; ↑ back and - takes one.
        try tmux.send("Down")
        try tmux.waitForScreen("£10 selected", Self.shows(Self.row("£10", "0", selected: true, value: "£0.00")))
        let before = till.stateBytes()
        try tmux.type("-")
        try tmux.waitForScreen("Already 0") { $0.contains("Already 0") }
        #expect(till.stateBytes() == before)
        try tmux.send("Up")
        try tmux.waitForScreen("£20 selected", Self.shows(Self.row("£20", "12", selected: true, value: "£240.00")))
        try tmux.type("-")
        try tmux.waitForScreen("£20 at 11", Self.shows(Self.row("£20", "11", selected: true, value: "£220.00")))
        #expect(Self.stateLines(till) == ["note:20.00": 11])

        // f, the float as `tillcount float` reads it (a decimal comma too), Enter sets it.
        try tmux.type("f")
        try tmux.waitForScreen("the float entry") { $0.contains("New float:") }
        try tmux.type("150,50")
        try tmux.send("Enter")
        let floated = try tmux.waitForScreen("the new float") { $0.contains("Float £150.50") }
        #expect(Self.stateFloat(till) == "150.50")
        #expect(floated.range(of: #"Total £220\.00\s+Float £150\.50\s+Deposit £69\.50"#, options: .regularExpression) != nil, "\(floated)")

        // u undoes the float, then the last -.
        try tmux.type("u")
        try tmux.waitForScreen("the float undone") { $0.contains("Float £0.00") }
        #expect(Self.stateFloat(till) == "0.00")
        try tmux.type("u")
        try tmux.waitForScreen("£20 back at 12", Self.shows(Self.row("£20", "12", selected: true, value: "£240.00")))
        #expect(Self.stateLines(till) == ["note:20.00": 12])

        // s saves to the history.
        try tmux.type("s")
        try tmux.waitForScreen("the save message") { $0.contains("Saved as count 1") }
        #expect(try till.ok("history", "--ids").stdout == "1\n")
        let saved = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
        #expect(saved["total"] as? String == "240.00")

        // q quits with status 0.
        try tmux.type("q")
        #expect(tillcountEventually { FileManager.default.fileExists(atPath: statusFile) })
        let status = try? String(contentsOfFile: statusFile, encoding: .utf8)
        #expect(status?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(try till.quantities() == ["20": 12])
    }

    @Test(.enabled(if: tmuxInstalled), .timeLimit(.minutes(2)))
    func rollsFloatCancelAndTheOtherKeys() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "0.01=3")
        let (tmux, statusFile) = try Self.startScreen(till)
        defer { tmux.stop() }
        try tmux.waitForScreen("the counting screen") { $0.contains("Total £0.03") }

        // Twelve loose lines, then the bags: 12 × ↓ reaches the £2 bag.
        for _ in 0..<12 { try tmux.send("Down") }
        try tmux.waitForScreen("the £2 bag selected", Self.shows(Self.row("£2 bag of 10", "0", selected: true, value: "£0.00")))
        try tmux.send("Right")  // → is + too
        try tmux.waitForScreen("one £2 bag", Self.shows(Self.row("£2 bag of 10", "1", selected: true, value: "£20.00")))
        #expect(Self.stateLines(till) == ["coin:0.01": 3, "roll:2.00": 1])

        // ↑ (k) to the 1p line; Backspace edits a typed quantity.
        try tmux.type("k")
        try tmux.waitForScreen("1p selected", Self.shows(Self.row("1p", "3", selected: true, value: "£0.03")))
        try tmux.type("45")
        try tmux.waitForScreen("1p at 45", Self.shows(Self.row("1p", "45", selected: true, value: "£0.45")))
        try tmux.send("BSpace")
        try tmux.waitForScreen("1p at 4", Self.shows(Self.row("1p", "4", selected: true, value: "£0.04")))
        #expect(Self.stateLines(till) == ["coin:0.01": 4, "roll:2.00": 1])

        // Esc cancels a float entry without a change.
        let before = till.stateBytes()
        try tmux.type("f")
        try tmux.waitForScreen("the float entry") { $0.contains("New float:") }
        try tmux.type("99")
        try tmux.waitForScreen("typed float") { $0.contains("New float: 99") }
        try tmux.send("Escape")
        try tmux.waitForScreen("the totals bar back") { $0.contains("Total £20.04") && !$0.contains("New float") }
        #expect(till.stateBytes() == before)

        // One undo step per field edited (issue 26, item 38): 4, 5 and Backspace on 1p
        // come back as one, the bag's + stays.
        try tmux.type("u")
        try tmux.waitForScreen("1p back at 3", Self.shows(Self.row("1p", "3", selected: true, value: "£0.03")))
        #expect(Self.stateLines(till) == ["coin:0.01": 3, "roll:2.00": 1])
        try tmux.waitForScreen("the undo named") { $0.contains("Undid: count: set 0.01=4") }

        try tmux.type("q")
        #expect(tillcountEventually { FileManager.default.fileExists(atPath: statusFile) })
        #expect((try? String(contentsOfFile: statusFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func countWithoutATerminalIsExit64() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let result = try till.run("count")
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs a terminal"))
        let piped = try till.run(["count"], stdin: "q\n")
        #expect(piped.status == 64)
    }
}
