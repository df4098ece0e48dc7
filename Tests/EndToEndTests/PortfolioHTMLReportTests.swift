// portfolio report (issue 16, item 11) through the real binary: the text report, and the
// HTML page read back and shown by a real browser. Headless Chromium prints it to PDF
// (pdftotext finds every figure on the page) and lays it out at a phone's width and a
// desktop's, where a script in a frame around the page checks that nothing overflows its
// box: not the page, not a table's box, not a cell, not a chart's label. Skipped without
// chromium and poppler-utils unless MONEYKIT_REQUIRE_BROWSER=1 (as tillcount's test).

import Foundation
import Testing

@Suite struct PortfolioHTMLReportTests {
    /// PortfolioChangeTests' box (Savings and New ISA in GBP) and a USD account.
    static func box() throws -> (PortfolioBox, PortfolioChangeTests.Today) {
        let (box, today) = try PortfolioChangeTests.box()
        try box.ok("add", "Brokerage account", "2000", "--currency", "USD", "--date", today.lastYear)
        return (box, today)
    }

    @Test func theHTMLPageHasTheFiguresAndChangesNothing() throws {
        let (box, today) = try Self.box()
        let before = try Data(contentsOf: URL(fileURLWithPath: box.database))
        let result = try box.ok("report", "--format", "html")
        #expect(result.stderr.isEmpty)
        let page = result.stdout
        PortfolioPage.expectBalanced(page)
        let month = today.month > 1 ? "+£555.00(+50.5%)" : "+£655.00(+65.5%)"
        #expect(HTMLPage.rows(page, table: "totals").dropFirst().map { $0 } == [
            ["GBP", "£1,655.00", month, "+£655.00(+65.5%)"],
            ["USD", "$2,000.00", "$0.00(0.0%)", "$0.00(0.0%)"],
        ])
        let names = HTMLPage.rows(page, table: "accounts").dropFirst().map { $0.first ?? "" }
        #expect(names == ["Brokerage account", "New ISA", "Savings"])
        #expect(HTMLPage.rows(page, table: "monthly").count > 12)
        for outside in ["http", "//", "src=", "href=", "<script", "@import", "url("] { #expect(!page.contains(outside), "the page has \(outside)") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == before)
    }

    @Test func theTextReportAndItsRefusals() throws {
        let (box, today) = try Self.box()
        let text = try box.ok("report", environment: ["COLUMNS": "120"]).stdout
        #expect(text.contains("Total GBP  £1,655.00  month's change"), "\(text)")
        #expect(text.contains("Month by month"))
        #expect(text.contains(String(format: "%04d-%02d", today.year, today.month)))
        #expect(text.contains("+£500.00 (new)"))
        let bad = try box.fails(64, "report", "--format", "pdf")
        #expect(bad.stdout.isEmpty && bad.stderr.contains("portfolio: error:"))
        // A named store that is not there is refused and not created (issue 26, item
        // 36); an empty one reads as empty.
        let empty = try PortfolioBox()
        #expect(try empty.fails(66, "report", "--format", "html").stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: empty.database))
        try empty.ok("db", "init")
        let page = try empty.ok("report", "--format", "html").stdout
        #expect(page.contains("No accounts yet."))
        let help = try box.ok("report", "--help").stdout
        #expect(help.contains("html") && help.contains("self-contained"))
    }

    /// Printed by Chromium, every figure of the page's tables is in the PDF; shown at a
    /// phone's width and a desktop's, nothing overflows its box.
    @Test(.enabled(if: BrowserPrint.canRun, BrowserPrint.skipReason), .timeLimit(.minutes(2)))
    func aBrowserShowsEveryFigureAndNothingOverflows() throws {
        let (box, _) = try Self.box()
        try box.ok("add", "A rather long account name that has to wrap somewhere on a phone", "123456.78", "--currency", "GBP")
        let page = try box.ok("report", "--format", "html").stdout
        let printed = try BrowserPrint.pdf(of: page, in: box.sandbox)
        #expect(printed.pages >= 1 && printed.pageSize.contains("A4"), "\(printed.pages) pages of \(printed.pageSize)")
        let text = BrowserPrint.normalized(printed.text)
        // A change's amount and its percentage stand on two lines: each is looked for.
        func parts(_ cell: String) -> [String] {
            cell.components(separatedBy: "(").map { $0.replacingOccurrences(of: ")", with: "") }.filter { !$0.isEmpty }
        }
        var figures = HTMLPage.rows(page, table: "totals").flatMap { $0.flatMap(parts) }
        figures += HTMLPage.rows(page, table: "accounts").dropFirst().flatMap { $0.prefix(4).flatMap(parts) }
        figures += ["Savings", "New ISA", "Brokerage account", "Portfolio (GBP)", "Portfolio (USD)", "Month by month"]
        #expect(figures.count > 20)
        for figure in figures {
            #expect(text.contains(BrowserPrint.normalized(figure)), "\(figure) is not in the printed page:\n\(printed.text)")
        }
        let widths = [390, 1280]
        for (width, faults) in zip(widths, try PageLayout.faults(of: page, atWidths: widths, in: box.sandbox)) {
            #expect(faults == [], "at \(width) CSS pixels: \(faults)")
        }
    }

    /// The demo's seven accounts at a desktop's width: the monthly table fits beside the rest.
    @Test(.enabled(if: BrowserPrint.canRun, BrowserPrint.skipReason), .timeLimit(.minutes(1)))
    func theDemoFitsADesktop() throws {
        let box = try PortfolioBox()
        try box.ok("demo", "--set", "1")
        let page = try box.ok("report", "--format", "html").stdout
        let faults = try PageLayout.faults(of: page, atWidth: 1280, in: box.sandbox, scrollingAllowed: false)
        #expect(faults == [], "\(faults)")
    }
}

/// The page laid out by headless Chromium at a width, checked by a script in the frame
/// around it (the report itself has no script): the page is no wider than the screen;
/// a table's box scrolls only where that is allowed (the monthly table on a phone); no
/// element outside a table's box lies beyond the screen's edges; no cell's content is
/// wider than its cell; every chart label lies inside its chart.
enum PageLayout {
    static func faults(of page: String, atWidth width: Int, in sandbox: Sandbox, scrollingAllowed: Bool = true,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try faults(of: page, atWidths: [width], in: sandbox, scrollingAllowed: scrollingAllowed, sourceLocation: sourceLocation)[0]
    }

    /// The faults at each of `widths`, in one start of the browser.
    static func faults(of page: String, atWidths widths: [Int], in sandbox: Sandbox, scrollingAllowed: Bool = true,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String]] {
        try BrowserPrint.measure(page, widths: widths, height: 900, in: sandbox, sourceLocation: sourceLocation, script: """
            const root = page.documentElement, edge = root.clientWidth;
            const faults = [];
            const name = el => el.tagName + "." + (el.getAttribute("class") || "") + " '" + (el.textContent || "").slice(0, 30) + "'";
            if (root.scrollWidth > root.clientWidth) faults.push("page " + root.scrollWidth + ">" + root.clientWidth);
            for (const box of page.querySelectorAll(".scroll")) {
                const table = box.querySelector("table");
                const mayScroll = \(scrollingAllowed ? "true" : "false") && table && table.classList.contains("monthly") && edge < 600;
                if (box.scrollWidth > box.clientWidth && !mayScroll) faults.push("box " + name(table) + " " + box.scrollWidth + ">" + box.clientWidth);
            }
            for (const el of page.body.querySelectorAll("*")) {
                if (el.closest(".scroll") && !el.classList.contains("scroll")) continue;
                const r = el.getBoundingClientRect();
                if (r.width > 0 && (r.left < -0.5 || r.right > edge + 0.5)) faults.push("outside " + name(el) + " " + r.left + "-" + r.right);
            }
            for (const cell of page.querySelectorAll("td, th")) {
                if (cell.scrollWidth > cell.clientWidth + 1) faults.push("cell " + name(cell) + " " + cell.scrollWidth + ">" + cell.clientWidth);
            }
            for (const svg of page.querySelectorAll("svg")) {
                const view = svg.viewBox.baseVal;
                for (const label of svg.querySelectorAll("text")) {
                    const b = label.getBBox();
                    if (b.x < view.x - 0.5 || b.x + b.width > view.x + view.width + 0.5 || b.y < view.y - 0.5 || b.y + b.height > view.y + view.height + 0.5)
                        faults.push("label " + name(label));
                }
            }
            return "checked " + page.querySelectorAll("*").length + faults.map(f => " | " + f).join("");
            """).map { measured in
            #expect(measured.hasPrefix("checked "), "the layout was not checked: \(measured)", sourceLocation: sourceLocation)
            return measured.components(separatedBy: " | ").dropFirst().map { $0 }
        }
    }
}
