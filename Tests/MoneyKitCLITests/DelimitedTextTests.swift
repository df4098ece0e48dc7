// CSV (RFC 4180 quoting, formula neutralisation, reading back) and TSV escaping.

import Testing
@testable import MoneyKitCLI
@testable import MoneyKitStorage

// MARK: - Writing CSV

@Test(
    "CSV fields are quoted when RFC 4180 needs it",
    arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("line1\nline2", "\"line1\nline2\""),
        ("cr\rhere", "\"cr\rhere\""),
        (" leading", "\" leading\""),
        ("trailing ", "\"trailing \""),
        ("in side", "in side"),
        ("ünïcödé 日本 🎉", "ünïcödé 日本 🎉"),
        ("12.50", "12.50"),
    ])
func csvQuoting(_ field: String, _ expected: String) {
    #expect(DelimitedText.csvField(field) == expected)
}

@Test func csvFieldWithCRLFIsQuoted() {
    // In Swift "\r\n" is one Character, equal to neither "\r" nor "\n".
    #expect(DelimitedText.csvField("a\r\nb") == "\"a\r\nb\"")
}

@Test func csvFieldWithQuoteOrCommaBeforeACombiningMarkIsQuoted() {
    // A combining mark joins the quote or comma before it into one Character.
    #expect(DelimitedText.csvField("x\"\u{301}y") == "\"x\"\"\u{301}y\"")
    #expect(DelimitedText.csvField("x,\u{301}y") == "\"x,\u{301}y\"")
}

@Test(
    "Cells a spreadsheet would run as formulas get a leading quote",
    arguments: [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("+cmd", "'+cmd"),
        ("-cmd", "'-cmd"),
        ("@x", "'@x"),
        ("\tx", "'\tx"),
        ("\rx", "\"'\rx\""),
        ("=1,2", "\"'=1,2\""),  // neutralised, then quoted for the comma
        ("=\"a\"", "\"'=\"\"a\"\"\""),
        ("-1e5", "'-1e5"),
        ("+-5", "'+-5"),
        ("-", "'-"),
        ("--5", "'--5"),
        ("1.2.3", "1.2.3"),  // no formula character first
    ])
func formulaNeutralised(_ field: String, _ expected: String) {
    #expect(DelimitedText.csvField(field) == expected)
}

@Test(
    "Plain numbers are data, not formulas",
    arguments: ["-3.10", "+5", "-5", "-0.5", "-.5", "+0", "0", "1-2", "a=b", "x@y"])
func plainNumbersUntouched(_ field: String) {
    #expect(DelimitedText.csvField(field) == field)
}

@Test func neutralisationCanBeTurnedOff() {
    #expect(DelimitedText.csvField("=SUM(A1)", neutralizeFormulas: false) == "=SUM(A1)")
    #expect(DelimitedText.csvField("=1,2", neutralizeFormulas: false) == "\"=1,2\"")
    #expect(DelimitedText.csvLine(["=a", "@b"], neutralizeFormulas: false) == "=a,@b")
}

@Test func csvLineJoinsQuotedFields() {
    #expect(DelimitedText.csvLine(["a", "b,c", "", "=x", "-3.10"]) == "a,\"b,c\",,'=x,-3.10")
    #expect(DelimitedText.csvLine([]) == "")
    #expect(DelimitedText.csvLine(["", ""]) == ",")
}

// MARK: - Writing TSV

@Test(
    "TSV escapes tab, newline, carriage return and backslash",
    arguments: [
        ("plain", "plain"),
        ("a\tb", "a\\tb"),
        ("a\nb", "a\\nb"),
        ("a\rb", "a\\rb"),
        ("a\r\nb", "a\\r\\nb"),
        ("back\\slash", "back\\\\slash"),
        ("\\n", "\\\\n"),  // a literal backslash-n stays distinguishable from a newline
        ("=SUM(A1)", "'=SUM(A1)"),  // neutralised as in CSV
        ("a,\"b\"", "a,\"b\""),
        ("日本 🎉", "日本 🎉"),
    ])
func tsvEscaping(_ field: String, _ expected: String) {
    #expect(DelimitedText.tsvField(field) == expected)
}

@Test func tsvBackslashBeforeACombiningMarkIsEscaped() {
    #expect(DelimitedText.tsvField("x\\\u{301}") == "x\\\\\u{301}")
}

@Test func tsvLineJoinsWithTabsAndStaysOneLine() {
    let line = DelimitedText.tsvLine(["a\tb", "c\nd", "", "e"])
    #expect(line == "a\\tb\tc\\nd\t\te")
    #expect(!line.contains("\n"))
    #expect(line.split(separator: "\t", omittingEmptySubsequences: false).count == 4)
}

@Test func recordPrinterWritesHeaderThenRows() {
    let csv = RecordPrinter.delimitedLines(header: ["name", "value"], rows: [["a,b", "-3"], ["=x", "4"]], format: .csv)
    #expect(csv == ["name,value", "\"a,b\",-3", "'=x,4"])
    let tsv = RecordPrinter.delimitedLines(header: ["name", "value"], rows: [["a\tb", "-3"]], format: .tsv)
    #expect(tsv == ["name\tvalue", "a\\tb\t-3"])
}

// MARK: - Reading CSV

@Test(
    "parseCSV reads records",
    arguments: [
        ("a,b\nc,d\n", [["a", "b"], ["c", "d"]]),
        ("a,b\nc,d", [["a", "b"], ["c", "d"]]),
        ("a,b\r\nc,d\r\n", [["a", "b"], ["c", "d"]]),
        ("", []),
        ("a", [["a"]]),
        ("a,", [["a", ""]]),
        (",\n", [["", ""]]),
        ("\"\"", [[""]]),
        ("\"a\"\"b\"", [["a\"b"]]),
        ("\"a,b\",c", [["a,b", "c"]]),
        ("\"multi\nline\",x\n", [["multi\nline", "x"]]),
        ("\"crlf\r\ninside\"\r\n", [["crlf\r\ninside"]]),
        ("a\rb", [["a\rb"]]),  // a lone CR is data
        ("\" padded \"", [[" padded "]]),
        (" unquoted ", [[" unquoted "]]),
        ("ünï,日本,🎉", [["ünï", "日本", "🎉"]]),
        ("a\n\nb", [["a"], [""], ["b"]]),
    ])
func parseRecords(_ text: String, _ expected: [[String]]) throws {
    #expect(try DelimitedText.parseCSV(text) == expected)
}

private let trickyRecords: [[String]] = [
    ["name", "note", "amount"],
    ["plain", "with,comma", "12.50"],
    ["with \"quotes\"", "\"", "\"\""],
    ["multi\nline", "cr\ronly", "-3.10"],
    ["", "", ""],
    [" padded ", "trailing ", " leading"],
    ["ünïcödé", "日本語", "🎉👍🏽"],
    ["e\u{301}", "tab\there", "back\\slash"],
    ["=SUM(A1)", "@x", "+5"],
    ["single"],
]

@Test func csvRoundTripsTrickyFields() throws {
    let text = trickyRecords.map { DelimitedText.csvLine($0, neutralizeFormulas: false) }.joined(separator: "\n") + "\n"
    #expect(try DelimitedText.parseCSV(text) == trickyRecords)
    // CRLF line ends read the same.
    let crlf = trickyRecords.map { DelimitedText.csvLine($0, neutralizeFormulas: false) }.joined(separator: "\r\n")
    #expect(try DelimitedText.parseCSV(crlf) == trickyRecords)
}

@Test func csvRoundTripKeepsNeutralisedFormulasAsText() throws {
    let text = DelimitedText.csvLine(["=SUM(A1)", "-cmd", "-3.10", "=1,2"])
    #expect(try DelimitedText.parseCSV(text) == [["'=SUM(A1)", "'-cmd", "-3.10", "'=1,2"]])
}

@Test func csvRoundTripsAFieldWithCRLF() throws {
    let records = [["before", "a\r\nb", "after"], ["next"]]
    let text = records.map { DelimitedText.csvLine($0) }.joined(separator: "\n")
    let parsed = try DelimitedText.parseCSV(text)
    #expect(parsed == records)
}

struct CSVFailure: Sendable, CustomTestStringConvertible {
    let text: String
    let message: String
    var testDescription: String { text.debugDescription }
}

@Test(
    "parseCSV reports malformed input with its line",
    arguments: [
        CSVFailure(text: "\"open", message: "input: line 1: a quoted field is never closed"),
        CSVFailure(text: "a,b\nc,\"d\ne", message: "input: line 2: a quoted field is never closed"),
        CSVFailure(text: "\"a\nb\",\"c\n", message: "input: line 2: a quoted field is never closed"),
        CSVFailure(text: "\"a\r\nb\"\r\n\"x", message: "input: line 3: a quoted field is never closed"),
        CSVFailure(text: "\"a\"b", message: "input: line 1: text after a closing quote"),
        CSVFailure(text: "x\ny\n\"a\" ,b", message: "input: line 3: text after a closing quote"),
        CSVFailure(text: "ab\"c", message: "input: line 1: a quote inside an unquoted field"),
        CSVFailure(text: "ok\n\"q\"\"\"x", message: "input: line 2: text after a closing quote"),
        CSVFailure(text: "\"a\"\"b", message: "input: line 1: a quoted field is never closed"),
    ])
func parseErrors(_ row: CSVFailure) {
    do {
        let records = try DelimitedText.parseCSV(row.text)
        Issue.record("expected an error, got \(records)")
    } catch {
        #expect(error.exitCode == .dataError)
        #expect(error.message == row.message)
        #expect(error.usageCommandPath == nil)
    }
}

@Test func parseErrorsNameTheSourceAndHint() {
    do {
        _ = try DelimitedText.parseCSV("a\nb\"c", source: "counters.csv")
        Issue.record("expected an error")
    } catch {
        #expect(error.message == "counters.csv: line 2: a quote inside an unquoted field")
        #expect(error.hint == "quote the whole field and double the quotes inside it")
    }
    do {
        _ = try DelimitedText.parseCSV("\"x", source: "-")
        Issue.record("expected an error")
    } catch {
        #expect(error.message == "-: line 1: a quoted field is never closed")
    }
}

// Issue 12, item 19: TSV neutralised as CSV is; cells holding a separator are safe in a
// spreadsheet that splits on another one; everything still reads back exactly.

@Test("a formula after a separator inside a cell is neutralised", arguments: [
    ("x;=1+1", "\"'x;=1+1\""),
    ("x,=1+1", "\"'x,=1+1\""),
    ("a; @SUM(A1)", "\"'a; @SUM(A1)\""),
    ("a;\"=1", "\"'a;\"\"=1\""),
    ("a;-5", "a;-5"),
    ("a;b", "a;b"),
    ("40.00;40.00", "40.00;40.00"),
    ("3,50", "\"3,50\""),
])
func separatorHoldingCells(field: String, expected: String) {
    #expect(DelimitedText.csvField(field) == expected)
}

@Test("TSV cells are neutralised like CSV's", arguments: [
    ("=SUM(A1)", "'=SUM(A1)"),
    ("@x", "'@x"),
    ("+cmd", "'+cmd"),
    ("-3.10", "-3.10"),
    ("'quoted", "''quoted"),
    ("x;=1+1", "'x;=1+1"),
    ("plain", "plain"),
])
func tsvNeutralisation(field: String, expected: String) {
    #expect(DelimitedText.tsvField(field) == expected)
}

@Test func everyNeutralisedCSVCellReadsBackExactly() throws {
    let fields = ["=1+1", "x;=1+1", "'a", "''b", "a,b", "-5", "-x", "@", "a;\"=1", "\t=x", "plain", ";=x", ",+y"]
    let line = DelimitedText.csvLine(fields)
    let records = try DelimitedText.parseCSV(line + "\n")
    #expect(records.count == 1)
    #expect(records.first?.map(DelimitedText.restoreNeutralized) == fields)
}
