// tillcount report --format html (issue 15, item 15): one self-contained page to print
// on one A4 sheet. The page is read back here (its rows, cells and tags), and a real
// browser prints it: headless Chromium to PDF, one page by pdfinfo, the figures by
// pdftotext.

import Foundation
import MoneyKit
import Testing

@Suite struct TillcountHTMLReportTests {
    static func till() throws -> TillcountSandbox {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("float", "100")
        try till.ok("add", "20=3", "10=2", "5=4", "2=5", "1=10", "0.50=4", "roll:1=1")
        try till.ok("note", "Sam's float & change")
        return till
    }

    @Test func everyFigureIsOnThePage() throws {
        let till = try Self.till()
        let page = try till.ok("report", "--format", "html", "--expected", "150").stdout
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(page.range(of: #"<title>Till count, main, \d{4}-\d\d-\d\d \d\d:\d\d, GBP</title>"#, options: .regularExpression) != nil)
        #expect(page.range(of: #"<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)">\d{4}-\d\d-\d\d \d\d:\d\d</time>"#, options: .regularExpression) != nil)
        HTMLPage.expectBalanced(page)
        #expect(HTMLPage.rows(page, table: "lines") == [
            ["Denomination", "Kind", "Quantity", "Value"],
            ["Loose notes and coins"],
            ["£20", "note", "3", "£60.00"],
            ["£10", "note", "2", "£20.00"],
            ["£5", "note", "4", "£20.00"],
            ["£2", "coin", "5", "£10.00"],
            ["£1", "coin", "10", "£10.00"],
            ["50p", "coin", "4", "£2.00"],
            ["Subtotal, loose notes and coins", "28 pc", "£122.00"],
            ["Rolls and bags"],
            ["£1 bag of 20", "bag", "1", "£20.00"],
            ["Subtotal, rolls and bags", "20 pc", "£20.00"],
        ])
        #expect(HTMLPage.rows(page, table: "totals") == [
            ["Total", "£142.00"], ["Float", "£100.00"], ["Deposit", "£42.00"],
            ["Expected", "£150.00"], ["Over/short", "short by £8.00"],
        ])
        #expect(HTMLPage.text(of: "li", in: page) == ["Sam's float & change"])
        #expect(page.contains("Counted by (cashier)") && page.contains("Checked by"))

        // Short of the float, no expected: the shortage, and no expected rows.
        try till.ok("float", "150")
        let short = try till.ok("report", "--format", "html").stdout
        #expect(HTMLPage.rows(short, table: "totals") == [["Total", "£142.00"], ["Float", "£150.00"], ["Short by", "£8.00"]])
        #expect(try till.ok("report", "--format", "html", "--expected", "141").stdout.contains("over by £1.00"))
    }

    @Test func theTillIsNamed() throws {
        let till = try Self.till()
        let main = try till.ok("report", "--format", "html").stdout
        #expect(main.contains("<div><dt>Till</dt><dd>main</dd></div>"))
        try till.ok("--till", "Bar & \"grill\"", "currency", "GBP")
        try till.ok("--till", "Bar & \"grill\"", "add", "20=1")
        let bar = try till.ok("--till", "Bar & \"grill\"", "report", "--format", "html").stdout
        #expect(bar.contains("<div><dt>Till</dt><dd>Bar &amp; &quot;grill&quot;</dd></div>"))
        #expect(bar.range(of: #"<title>Till count, Bar &amp; &quot;grill&quot;, \d{4}-\d\d-\d\d \d\d:\d\d, GBP</title>"#, options: .regularExpression) != nil)
        #expect(HTMLPage.rows(bar, table: "totals").first == ["Total", "£20.00"])
        let named = try till.ok("report", "--format", "html", environment: ["TILLCOUNT_TILL": "Bar & \"grill\""]).stdout
        #expect(HTMLPage.rows(named, table: "totals").first == ["Total", "£20.00"])
    }

    /// The GBP till (£142.00 against a £100 float) with sales, a paid-in, a paid-out and a
    /// drop recorded: expected 100 + 50 + 10 − 12.50 − 20 = £127.50.
    static func tillWithMovements() throws -> TillcountSandbox {
        let till = try Self.till()
        try till.ok("sales", "50")
        try till.ok("paid-in", "10", "--reason", "change from the safe")
        try till.ok("paid-out", "12.50", "--reason", "milk & <eggs>")
        try till.ok("drop", "20")
        try till.ok("tolerance", "1")
        return till
    }

    @Test func theExpectedCashItsFiguresAndTheMovements() throws {
        let till = try Self.tillWithMovements()
        let page = try till.ok("report", "--format", "html").stdout
        HTMLPage.expectBalanced(page)
        #expect(HTMLPage.rows(page, table: "totals") == [
            ["Total", "£142.00"], ["Float", "£100.00"], ["Deposit", "£42.00"],
            ["Cash sales", "£50.00"], ["Paid in", "£10.00"], ["Paid out", "£12.50"], ["Drops", "£20.00"],
            ["Expected", "£127.50"], ["Over/short", "over by £14.50"], ["Tolerance", "beyond tolerance (£1.00)"],
        ])
        let movements = HTMLPage.rows(page, table: "movements")
        #expect(movements.first == ["Time", "Kind", "Amount", "Reason"])
        #expect(movements.dropFirst().map { Array($0.dropFirst()) } == [
            ["paid in", "£10.00", "change from the safe"], ["paid out", "£12.50", "milk & <eggs>"], ["drop", "£20.00", ""],
        ])
        for row in movements.dropFirst() {
            // Recorded the day of the report: the time alone (the day too across midnight).
            #expect(row.first?.range(of: #"^(\d{4}-\d\d-\d\d )?\d\d:\d\d$"#, options: .regularExpression) != nil, "\(row)")
        }
        #expect(page.contains("<td>milk &amp; &lt;eggs&gt;</td>"))
        // --expected stands for the movements; --tolerance for the till's; within it, no flag.
        let given = try till.ok("report", "--format", "html", "--expected", "142.50", "--tolerance", "0.50").stdout
        #expect(HTMLPage.rows(given, table: "totals").suffix(3) == [["Expected", "£142.50"], ["Over/short", "short by £0.50"], ["Tolerance", "within tolerance (£0.50)"]])
        #expect(!given.contains("Cash sales"))
    }

    /// A blind count shows no expected cash, cash sales or over/short (with --blind, or set
    /// for the till): only that the expected cash is hidden. Paid-ins, paid-outs and
    /// drops stay, as on every blind report.
    @Test(arguments: [["report", "--format", "html", "--blind"], ["report", "--format", "html"]])
    func aBlindCountHidesTheExpectedCash(arguments: [String]) throws {
        let till = try Self.tillWithMovements()
        if !arguments.contains("--blind") { try till.ok("blind", "on") }
        let page = try till.run(arguments)
        #expect(page.status == 0, "\(page.stderr)")
        #expect(HTMLPage.rows(page.stdout, table: "totals") == [
            ["Total", "£142.00"], ["Float", "£100.00"], ["Deposit", "£42.00"], ["Expected", "hidden (blind count: shown once saved)"],
        ])
        for hidden in ["£50.00", "£127.50", "14.50", "Cash sales", "Over/short", "over by", "olerance"] {
            #expect(!page.stdout.contains(hidden), "a blind page shows \(hidden)")
        }
        #expect(HTMLPage.rows(page.stdout, table: "movements").count == 4)
    }

    @Test func amountsAreFormattedAsTheTextReportFormatsThem() throws {
        let till = try TillcountSandbox(currency: "CHF")
        try till.ok("add", "1000=12", "0.05=3", "roll:1=1")
        let text = try till.ok("report").stdout
        let page = try till.ok("report", "--format", "html").stdout
        let totals = HTMLPage.rows(page, table: "totals")
        let total = try #require(totals.first?.last)
        #expect(text.contains(total), "the text report's total is \(total):\n\(text)")
        for row in HTMLPage.rows(page, table: "lines") where row.count == 4 && row[0] != "Denomination" {
            #expect(text.contains(row[3]), "\(row[3]) in the text report:\n\(text)")
        }
    }

    @Test func storedAndTypedTextIsEscaped() throws {
        let till = try TillcountSandbox(currency: "NOK")
        // A label from the denominations file with markup and an escape sequence.
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"NOK": {"add": [{"kind": "coin", "value": "0.50", "label": "<b>50</b> & \"øre\" \u001B[2J"}]}}}"#)
        try till.ok("add", "0.50=3")
        let hostile = "<script>alert('x')</script> & \"quoted\" \u{1B}]52;c;aGVsbG8=\u{07} \u{202E}txet"
        try till.ok("note", hostile)
        try till.ok("note", "</li></ul><img src=x onerror=alert(1)>")
        let page = try till.ok("report", "--format", "html").stdout
        HTMLPage.expectBalanced(page)
        #expect(!page.contains("<script") && !page.contains("<img") && !page.contains("<b>"))
        for raw in ["\u{1B}", "\u{07}", "\u{202E}"] { #expect(!page.contains(raw), "a raw control character on the page") }
        #expect(page.contains("<li>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot; \\x1B]52;c;aGVsbG8=\\x07 \\u{202E}txet</li>"))
        #expect(page.contains("<li>&lt;/li&gt;&lt;/ul&gt;&lt;img src=x onerror=alert(1)&gt;</li>"))
        #expect(page.contains("<td>&lt;b&gt;50&lt;/b&gt; &amp; &quot;øre&quot; \\x1B[2J</td>"))
        // Read back, the page shows the text as the terminal shows it.
        #expect(HTMLPage.text(of: "li", in: page).first == "<script>alert('x')</script> & \"quoted\" \\x1B]52;c;aGVsbG8=\\x07 \\u{202E}txet")
    }

    @Test func thePageIsSelfContained() throws {
        let till = try Self.till()
        let page = try till.ok("report", "--format", "html", "--expected", "150").stdout
        for outside in ["http", "//", "src=", "href=", "<link", "<script", "<img", "@import", "url(", "@font-face"] {
            #expect(!page.contains(outside), "the page has \(outside)")
        }
        #expect(page.contains("@page { size: A4;"))
    }

    @Test func theLanguageIsEnglishWithTheLocalesRegion() throws {
        let till = try Self.till()
        func lang(_ environment: [String: String]) throws -> String? {
            let page = try till.ok("report", "--format", "html", environment: environment).stdout
            return page.range(of: #"(?<=<html lang=")[^"]*"#, options: .regularExpression).map { String(page[$0]) }
        }
        #expect(try lang(["LANG": "en_GB.UTF-8"]) == "en-GB")
        #expect(try lang(["LANG": "C.UTF-8", "LC_ALL": "en_US.UTF-8"]) == "en-US")
        // The page's words are English, whatever the locale.
        #expect(try lang(["LANG": "de_DE.UTF-8"]) == "en")
        #expect(try lang(["LANG": "C"]) == "en")
        #expect(try lang(["LANG": "en_\"><script>"]) == "en")
    }

    @Test func anEmptyCountSaysSo() throws {
        let till = try TillcountSandbox(currency: "EUR")
        let page = try till.ok("report", "--format", "html").stdout
        HTMLPage.expectBalanced(page)
        #expect(HTMLPage.rows(page, table: "lines") == [["Denomination", "Kind", "Quantity", "Value"], ["Nothing counted yet"]])
        #expect(HTMLPage.rows(page, table: "totals") == [["Total", "0,00\u{A0}€"], ["Float", "0,00\u{A0}€"], ["Deposit", "0,00\u{A0}€"]])
        #expect(HTMLPage.text(of: "li", in: page).isEmpty)
    }

    @Test func reportingHTMLChangesNothing() throws {
        let till = try Self.till()
        let before = try #require(till.stateBytes())
        try till.ok("report", "--format", "html")
        #expect(till.stateBytes() == before)
        let help = try till.ok("report", "--help").stdout
        #expect(help.contains("html"))
    }

    /// The largest set in the catalog (most notes, coins and rolls), every line counted
    /// with a four-digit quantity, on a named till with a float, sales, a paid-in, a
    /// paid-out and a drop (the expected cash and its figures), a tolerance and notes: its
    /// page, with the currency and how many lines it has.
    static func fullTill() throws -> (till: TillcountSandbox, page: String, currency: String, lines: Int) {
        let largest = try #require(DenominationSet.builtInCurrencyCodes.compactMap { code -> (String, Int)? in
            guard let currency = Currency(code: code), let set = DenominationSet.builtIn(for: currency) else { return nil }
            return (code, set.denominations.count + set.rolls.count)
        }.max { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 > $1.0) })
        let till = try TillcountSandbox()
        let front = ["TILLCOUNT_TILL": "Front counter 2"]
        try till.ok("currency", largest.0, environment: front)
        let tokens = try till.ok("denominations", "--tokens", environment: front).stdout.split(separator: "\n").map(String.init)
        #expect(tokens.count == largest.1, "every denomination of \(largest.0)")
        let set = try till.run(["set"] + tokens.map { "\($0)=9999" }, environment: front)
        #expect(set.status == 0, "set: \(set.stderr)")
        try till.ok("float", "150", environment: front)
        try till.ok("sales", "1234.50", environment: front)
        try till.ok("paid-in", "20", "--reason", "change from the safe", environment: front)
        try till.ok("paid-out", "12.50", "--reason", "milk and a window cleaner", environment: front)
        try till.ok("drop", "500", "--reason", "noon drop, bag 4471", environment: front)
        try till.ok("tolerance", "5", environment: front)
        // Five notes of a shift: the page keeps room for them.
        for note in ["Counted twice; one note of the largest value checked under UV", "Safe drop at noon by the manager, receipt in the bag",
                     "Float topped up from the safe at 15:10", "One torn note set aside for the bank", "Change bags ordered for Monday"] {
            try till.ok("note", note, environment: front)
        }
        let page = try till.ok("report", "--format", "html", environment: front).stdout
        #expect(page.contains("<dd>Front counter 2</dd>") && page.contains("<table class=\"movements\">") && page.contains("Tolerance"))
        return (till, page, largest.0, largest.1)
    }

    /// A full till printed by Chromium fits one A4 page and shows every figure of the page;
    /// on a phone (390 CSS pixels wide) it needs no sideways scrolling: neither the page
    /// nor a table is wider than the screen. (One test: the till is made once.)
    @Test(.enabled(if: BrowserPrint.canRun, BrowserPrint.skipReason), .timeLimit(.minutes(1)))
    func aFullTillPrintsOnOneA4PageAndFitsAPhone() throws {
        let (till, page, currency, count) = try Self.fullTill()
        let largest = (currency, count)
        let printed = try BrowserPrint.pdf(of: page, in: till.sandbox)
        #expect(printed.pages == 1, "\(largest.0): \(printed.pages) pages")
        #expect(printed.pageSize.contains("A4"), "page size \(printed.pageSize)")
        let text = BrowserPrint.normalized(printed.text)
        var figures = HTMLPage.rows(page, table: "lines").filter { $0.count == 4 }.flatMap { [$0[0], $0[2], $0[3]] }
        figures += HTMLPage.rows(page, table: "totals").flatMap { $0 }
        figures += HTMLPage.rows(page, table: "movements").flatMap { $0.dropFirst() }
        figures += HTMLPage.text(of: "li", in: page) + ["Front counter 2"]
        #expect(figures.count > 3 * largest.1)
        for figure in figures {
            #expect(text.contains(BrowserPrint.normalized(figure)), "\(figure) is not in the printed page:\n\(printed.text)")
        }
        #expect(text.contains("Over/short") && text.contains("Checkedby"))

        let widths = try BrowserPrint.widths(of: page, atWidth: 390, in: till.sandbox)
        #expect(widths.count == 4, "the page and its three tables: \(widths)")
        for (scroll, client) in widths {
            #expect(scroll > 0 && scroll <= client, "\(currency): \(scroll) CSS pixels wide in \(client)")
        }
    }
}

/// Reading the page back: rows and cells of a table, an element's text, and a check that
/// every tag opened is closed in order.
enum HTMLPage {
    static let voidElements: Set<String> = ["meta", "col", "br", "hr", "img", "input", "link"]

    /// The rows of the table with class `table`, each as its cells' text.
    static func rows(_ page: String, table: String) -> [[String]] {
        guard let start = page.range(of: "<table class=\"\(table)\">"), let end = page.range(of: "</table>", range: start.upperBound..<page.endIndex) else { return [] }
        let body = String(page[start.upperBound..<end.lowerBound])
        return matches(#"<tr[^>]*>(.*?)</tr>"#, in: body).map { row in
            matches(#"<t[hd][^>]*>(.*?)</t[hd]>"#, in: row).map(plainText)
        }
    }

    /// The text of every `element` on the page.
    static func text(of element: String, in page: String) -> [String] {
        matches("<\(element)>(.*?)</\(element)>", in: page).map(plainText)
    }

    /// Tags removed, the five entities read back.
    static func plainText(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Every element opened is closed, innermost first; nothing is closed that was not open.
    static func expectBalanced(_ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var open: [String] = []
        guard let tags = try? NSRegularExpression(pattern: #"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>"#) else {
            Issue.record("the tag pattern", sourceLocation: sourceLocation)
            return
        }
        for match in tags.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
            guard let slash = Range(match.range(at: 1), in: page), let name = Range(match.range(at: 2), in: page) else { continue }
            let tag = page[name].lowercased()
            if voidElements.contains(tag) { continue }
            if page[slash].isEmpty {
                open.append(tag)
            } else if open.last == tag {
                open.removeLast()
            } else {
                Issue.record("</\(tag)> closes \(open.last ?? "nothing")", sourceLocation: sourceLocation)
                return
            }
        }
        #expect(open.isEmpty, "left open: \(open)", sourceLocation: sourceLocation)
    }
}

/// Headless Chromium printing a page to PDF, read back with poppler's pdfinfo and
/// pdftotext. Neither is on a fresh machine: the test is skipped there (`.ci/run`
/// installs both and sets MONEYKIT_REQUIRE_BROWSER, so there a missing one fails).
enum BrowserPrint {
    static let chromium = "/usr/bin/chromium"
    static let pdfinfo = "/usr/bin/pdfinfo"
    static let pdftotext = "/usr/bin/pdftotext"

    static var canRun: Bool {
        [chromium, pdfinfo, pdftotext].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            || ProcessInfo.processInfo.environment["MONEYKIT_REQUIRE_BROWSER"] == "1"
    }

    static let skipReason: Comment = "chromium and poppler-utils are not installed: skipped (apt-get install chromium poppler-utils; .ci/run installs them and runs this)"

    struct Printed {
        let pages: Int
        let pageSize: String
        let text: String
    }

    /// `page` written into the sandbox and printed to PDF as a user would print it (no
    /// browser header or footer).
    static func pdf(of page: String, in sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> Printed {
        let html = sandbox.path("report.html")
        let pdf = sandbox.path("report.pdf")
        try page.write(toFile: html, atomically: true, encoding: .utf8)
        let printed = try ToolProcess.run("/usr/bin/timeout", [
            "50", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-pdf-header-footer",
            "--user-data-dir=" + sandbox.path("chromium"), "--print-to-pdf=" + pdf, "file://" + html,
        ], environment: sandbox.environment)
        #expect(printed.status == 0, "chromium: \(printed.stderr)", sourceLocation: sourceLocation)
        let info = try ToolProcess.run(pdfinfo, [pdf], environment: sandbox.environment)
        #expect(info.status == 0, "pdfinfo: \(info.stderr)", sourceLocation: sourceLocation)
        // Reading order (not -layout): the totals stand beside the notes, and -layout would
        // interleave their lines.
        let text = try ToolProcess.run(pdftotext, [pdf, "-"], environment: sandbox.environment)
        func field(_ name: String) -> String {
            info.stdout.split(separator: "\n").first { $0.hasPrefix(name + ":") }
                .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) } ?? ""
        }
        return Printed(pages: Int(field("Pages")) ?? 0, pageSize: field("Page size"), text: text.stdout)
    }

    /// The scroll and client widths of the page's root element and of each `.scroll`
    /// box (a table), with the page shown `width` CSS pixels wide (see `measure`).
    static func widths(of page: String, atWidth width: Int, in sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> [(Int, Int)] {
        let measured = try measure(page, width: width, height: 844, in: sandbox, sourceLocation: sourceLocation, script: """
            const boxes = [page.documentElement, ...page.querySelectorAll(".scroll")];
            return boxes.map(box => box.scrollWidth + "/" + box.clientWidth).join(" ");
            """)
        return measured.split(separator: " ").compactMap { pair in
            let parts = pair.split(separator: "/").compactMap { Int($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    /// Shows `page` in a srcdoc frame `width` by `height` CSS pixels (a headless window is
    /// never narrower than 500 pixels, a frame may be), runs `script` once it has loaded
    /// (a function body: `page` is the frame's document, it returns a string) and gives
    /// back what the script returned. The frame's parent writes it into its own title,
    /// which --dump-dom prints; the report itself has no script.
    static func measure(_ page: String, width: Int, height: Int, in sandbox: Sandbox,
                        sourceLocation: SourceLocation = #_sourceLocation, script: String) throws -> String {
        try measure(page, widths: [width], height: height, in: sandbox, sourceLocation: sourceLocation, script: script)[0]
    }

    /// As `measure(_:width:…)`, at each of `widths` in one start of the browser (a start
    /// costs most of a second): one frame per width, what the script returned in each.
    static func measure(_ page: String, widths: [Int], height: Int, in sandbox: Sandbox,
                        sourceLocation: SourceLocation = #_sourceLocation, script: String) throws -> [String] {
        let attribute = page.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        let separator = "@@next-frame@@"
        let frames = widths.map {
            #"<iframe style="display:block;border:0;width:\#($0)px;height:\#(height)px" srcdoc="\#(attribute)"></iframe>"#
        }.joined(separator: "\n")
        let frame = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><title>-</title></head><body style="margin:0">
            \(frames)
            <script>
            const frames = [...document.querySelectorAll("iframe")];
            const results = new Array(frames.length);
            let left = frames.length;
            frames.forEach((frame, index) => {
                frame.onload = () => {
                    const page = frame.contentDocument;
                    results[index] = (() => { \(script) })();
                    left -= 1;
                    if (left === 0) document.title = "measured:" + results.join("\(separator)");
                };
            });
            </script></body></html>
            """
        let path = sandbox.path("frame-\(widths.map(String.init).joined(separator: "-")).html")
        try frame.write(toFile: path, atomically: true, encoding: .utf8)
        let dump = try ToolProcess.run("/usr/bin/timeout", [
            "50", chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--virtual-time-budget=5000",
            "--user-data-dir=" + sandbox.path("chromium"), "--dump-dom", "file://" + path,
        ], environment: sandbox.environment)
        #expect(dump.status == 0, "chromium: \(dump.stderr)", sourceLocation: sourceLocation)
        let title = HTMLPage.text(of: "title", in: dump.stdout).first ?? ""
        #expect(title.hasPrefix("measured:"), "the script did not run: \(title)", sourceLocation: sourceLocation)
        let results = title.dropFirst("measured:".count).components(separatedBy: separator)
        return results.count == widths.count ? results : Array(repeating: "", count: widths.count)
    }

    /// The text without its white space: a PDF keeps the glyphs, not always the spaces
    /// (a no-break space between "5" and "€" may come out as none) or the line breaks.
    static func normalized(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }
}
