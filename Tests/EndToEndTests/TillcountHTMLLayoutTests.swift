// The printable page's totals box, laid out by a real browser (issue 26, item 30): its
// labels ("Total", "Expected", "Paid out") stay whole words on one line beside their
// cells, on a blind count (whose Expected cell is a sentence, "hidden (…)", that once
// squeezed "Total" into "To/ta/l") and on an open one, at a phone's width and at the
// width of the A4 page the report prints on.

import Foundation
import Testing

@Suite struct TillcountHTMLLayoutTests {
    /// Each totals label with the number of lines its text takes (a Range's client
    /// rectangles: one per line box), with the page shown at each of `widths` CSS pixels
    /// (one browser start).
    static func labelLines(_ page: String, widths: [Int], in sandbox: Sandbox) throws -> [[(String, Int)]] {
        try BrowserPrint.measure(page, widths: widths, height: 1200, in: sandbox, script: """
            return [...page.querySelectorAll(".totals th")].map(th => {
                const range = page.createRange();
                range.selectNodeContents(th);
                const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
                return th.textContent + "=" + lines.size;
            }).join("|");
            """).map { measured in
            measured.split(separator: "|").compactMap { pair in
                let parts = pair.split(separator: "=")
                guard parts.count == 2, let lines = Int(parts[1]) else { return nil }
                return (String(parts[0]), lines)
            }
        }
    }

    @Test(.enabled(if: BrowserPrint.canRun, BrowserPrint.skipReason), .timeLimit(.minutes(1)),
          arguments: [false, true])
    func theTotalsLabelsStayOnOneLine(blind: Bool) throws {
        let till = try TillcountHTMLReportTests.tillWithMovements()
        for note in ["Counted twice; one note checked under UV", "Safe drop at noon by the manager, receipt in the bag"] {
            try till.ok("note", note)
        }
        if blind { try till.ok("blind", "on") }
        let page = try till.ok("report", "--format", "html").stdout
        // 390: a phone; 720: the A4 page's width less its margins (180 mm), as printed.
        let widths = [390, 720]
        for (width, labels) in zip(widths, try Self.labelLines(page, widths: widths, in: till.sandbox)) {
            #expect(labels.map(\.0).contains("Total") && labels.map(\.0).contains("Expected"), "\(labels)")
            #expect(labels.count == (blind ? 4 : 10), "blind \(blind) at \(width): \(labels)")
            for (label, lines) in labels {
                #expect(lines == 1, "blind \(blind), \(width) px: '\(label)' takes \(lines) lines")
            }
        }
    }
}
