// Stored and typed text never drives the terminal (issue 12, item 18): notes, labels and
// the denominations file's own labels are shown escaped in text for people, and kept
// byte for byte in JSON.

import Foundation
import Testing

@Suite struct TillcountTerminalTextTests {
    /// OSC 52 (write the clipboard), clear the screen, and the 8-bit CSI.
    static let clipboard = "\u{1B}]52;c;aGVsbG8=\u{07}"
    static let clearScreen = "\u{1B}[2J"
    static let csi = "\u{9B}31m"
    static let hostile = "a\(clipboard)b\(clearScreen)c\(csi)d"

    static func expectSafe(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for raw in ["\u{1B}", "\u{07}", "\u{9B}"] {
            #expect(!text.contains(raw), "\(what) shows a raw control character", sourceLocation: sourceLocation)
        }
        guard !what.contains("markdown") else {
            // Markdown escapes its own specials (\\, [ and ]) as well: it renders as the text escapes.
            #expect(text.contains(#"\\x1B\]52;c;aGVsbG8=\\x07"#), "\(what) shows OSC 52 escaped:\n\(text)", sourceLocation: sourceLocation)
            #expect(text.contains(#"\\x1B\[2J"#) && text.contains(#"\\u{009B}31m"#), "\(what):\n\(text)", sourceLocation: sourceLocation)
            return
        }
        #expect(text.contains("\\x1B]52;c;aGVsbG8=\\x07"), "\(what) shows OSC 52 escaped:\n\(text)", sourceLocation: sourceLocation)
        #expect(text.contains("\\x1B[2J"), "\(what) shows ESC [ 2 J escaped", sourceLocation: sourceLocation)
        #expect(text.contains("\\u{009B}31m"), "\(what) shows U+009B escaped", sourceLocation: sourceLocation)
    }

    @Test func notesAndLabelsAreShownEscaped() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("add", "20=2")
        let added = try till.ok("note", Self.hostile)
        Self.expectSafe(added.stdout, "note (the echo)")
        Self.expectSafe(try till.ok("note").stdout, "note (the list)")
        Self.expectSafe(try till.ok("report").stdout, "report")
        Self.expectSafe(try till.ok("report", "--format", "markdown").stdout, "report --format markdown")
        try till.ok("save", "--label", Self.hostile)
        Self.expectSafe(try till.run(["history"], environment: ["COLUMNS": "300"]).stdout, "history")
        let shown = try till.ok("history", "show", "1").stdout
        Self.expectSafe(shown, "history show")
        #expect(shown.components(separatedBy: "\\x1B]52").count == 3, "the label and the note, both escaped")

        // JSON keeps the exact text.
        #expect(try TillcountJSON.object(try till.ok("report", "--format", "json").stdout)["notes"] as? [String] == [Self.hostile])
        let saved = try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)
        #expect(saved["label"] as? String == Self.hostile)
        #expect(saved["notes"] as? [String] == [Self.hostile])
        #expect(try TillcountJSON.array(try till.ok("history", "--format", "json").stdout).first?["label"] as? String == Self.hostile)
    }

    @Test func theDenominationsFilesLabelsAreShownEscaped() throws {
        let till = try TillcountSandbox(currency: "NOK")
        let label = Self.hostile.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? String(format: "\\u%04X", $0.value) : String($0) }.joined()
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"NOK": {"add": [{"kind": "coin", "value": "0.50", "label": "\#(label)"}], "rolls": [{"coin": "0.50", "count": 10}]}}}"#)
        try till.ok("add", "0.50=3", "roll:0.50=1")
        Self.expectSafe(try till.ok("show").stdout, "show")
        Self.expectSafe(try till.ok("show", "--all").stdout, "show --all")
        Self.expectSafe(try till.ok("deposit").stdout, "deposit")
        Self.expectSafe(try till.ok("denominations").stdout, "denominations")
        Self.expectSafe(try till.ok("report", "--format", "markdown").stdout, "report --format markdown")
        Self.expectSafe(try till.ok("total", "0.50=2", "--currency", "NOK").stdout, "total")
        try till.ok("save")
        Self.expectSafe(try till.ok("history", "show", "1").stdout, "history show")
        let listed = try TillcountJSON.object(try till.ok("denominations", "--format", "json").stdout)
        let labels = (listed["denominations"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
        #expect(labels.contains(Self.hostile), "JSON keeps the label's bytes")
    }
}
