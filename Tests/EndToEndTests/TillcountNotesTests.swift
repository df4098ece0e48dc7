// tillcount note: lines with {time}, {total} and {discrepancy} filled in, printing,
// clearing, undo, and editing in $EDITOR / $VISUAL.

import Foundation
import Testing

@Suite struct TillcountNotesTests {
    /// "2026-11-21 11:55" for `date` in UTC (the sandbox's TZ).
    static func minutes(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    @Test func placeholdersAreFilledWhenTheLineIsAdded() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=3")
        let before = Self.minutes(Date())
        let added = try till.ok("note", "Closed at {time}: {total}, {discrepancy}")
        let after = Self.minutes(Date())
        let line = added.stdout.trimmingCharacters(in: .newlines)
        #expect(line == "Closed at \(before): £60.00, short by £40.00" || line == "Closed at \(after): £60.00, short by £40.00", "\(line)")
        try till.ok("float", "50")
        let deposit = try till.ok("note", "{discrepancy}", "and", "{total}", "{total}")
        #expect(deposit.stdout == "deposit £10.00 and £60.00 £60.00\n", "words are joined, every placeholder replaced")
        try till.ok("note", "no {{placeholders}} here")
        let notes = try till.ok("note").stdout.split(separator: "\n").map(String.init)
        #expect(notes.count == 3)
        #expect(notes.first == line)
        #expect(notes.dropFirst().first == "deposit £10.00 and £60.00 £60.00")
        #expect(notes.last == "no {placeholders} here")
        // The lines were filled once, when added: a later change does not alter them.
        try till.ok("add", "50")
        #expect(try till.ok("note").stdout.split(separator: "\n").map(String.init) == notes)
        let bytes = try #require(till.stateBytes())
        let content = try #require(TillcountJSON.stateContent(bytes))
        #expect(content["notes"] as? [String] == notes)
    }

    @Test func timeFollowsTZ() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let before = Int(Self.minutes(Date()).suffix(2))!
        let line = try till.ok("note", "{time}", environment: ["TZ": "IST-5:30"]).stdout
        let after = Int(Self.minutes(Date()).suffix(2))!
        #expect(line.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d\n$"#, options: .regularExpression) != nil, "\(line)")
        // India is UTC+05:30: the minutes are UTC's plus 30.
        let local = Int(line.dropLast().suffix(2)) ?? -1
        #expect(local == (before + 30) % 60 || local == (after + 30) % 60, "\(line) vs UTC minute \(before)")
    }

    @Test func noteWithoutTextPrintsTheNotesAndChangesNothing() throws {
        let till = try TillcountSandbox(currency: "GBP")
        #expect(try till.ok("note").stdout == "")
        try till.ok("note", "one")
        try till.ok("note", "two")
        let before = try #require(till.stateBytes())
        let printed = try till.ok("note")
        #expect(printed.stdout == "one\ntwo\n")
        #expect(till.stateBytes() == before)
    }

    @Test func clearAndUndo() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("note", "one")
        try till.ok("note", "two")
        let cleared = try till.ok("note", "--clear")
        #expect(cleared.stderr.contains("Notes cleared"))
        #expect(try till.ok("note").stdout == "")
        try till.ok("undo")
        #expect(try till.ok("note").stdout == "one\ntwo\n")
        try till.ok("undo")
        #expect(try till.ok("note").stdout == "one\n")
    }

    @Test func editRunsTheEditorOnTheNotes() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("note", "first")
        try till.ok("note", "second")
        let seen = till.path("seen.txt")
        let editor = try till.writeScript("append-line.sh", """
            #!/bin/sh
            cp "$1" \(tillcountShellQuote(seen))
            printf 'added by the editor\\n' >> "$1"
            """)
        let edited = try till.ok("note", "--edit", environment: ["EDITOR": editor])
        #expect(edited.stderr.contains("3 note lines saved"))
        #expect(try String(contentsOfFile: seen, encoding: .utf8) == "first\nsecond\n", "the editor gets the notes, one a line")
        #expect(try till.ok("note").stdout == "first\nsecond\nadded by the editor\n")
        try till.ok("undo")
        #expect(try till.ok("note").stdout == "first\nsecond\n")
    }

    @Test func visualWinsOverEditorAndMayCarryArguments() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let visual = try till.writeScript("visual.sh", "#!/bin/sh\nprintf '%s\\n' \"$1\" >> \"$2\"\n")
        let editor = try till.writeScript("editor.sh", "#!/bin/sh\necho from-editor >> \"$1\"\n")
        try till.ok("note", "--edit", environment: ["VISUAL": visual + " from-visual", "EDITOR": editor])
        #expect(try till.ok("note").stdout == "from-visual\n")
    }

    @Test func aFailingEditorLeavesTheNotesAlone() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("note", "keep me")
        let before = try #require(till.stateBytes())
        let editor = try till.writeScript("fail.sh", "#!/bin/sh\necho scribble >> \"$1\"\nexit 3\n")
        let result = try till.run(["note", "--edit"], environment: ["EDITOR": editor])
        #expect(result.status == 74)
        // The editor's own exit status (issue 13, item 11), not the raw wait status (768).
        #expect(result.stderr.contains("the editor exited with status 3; notes unchanged"), "\(result.stderr)")
        #expect(till.stateBytes() == before)
    }

    @Test func anEditorThatEmptiesTheFileClearsTheNotes() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("note", "gone")
        let editor = try till.writeScript("empty.sh", "#!/bin/sh\n: > \"$1\"\n")
        let result = try till.ok("note", "--edit", environment: ["EDITOR": editor])
        #expect(result.stderr.contains("0 note lines saved"))
        #expect(try till.ok("note").stdout == "")
    }
}
