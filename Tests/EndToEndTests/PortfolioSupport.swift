// Helpers for the portfolio end-to-end tests: a sandbox with one database, running the
// real binary, and reading its JSON, CSV and SVG output.

import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A sandbox holding one portfolio database (PORTFOLIO_DB), in a chosen time zone, for a
/// user in Britain (LANG=en_GB.UTF-8: new accounts default to GBP).
final class PortfolioBox {
    let sandbox: Sandbox
    let database: String
    let timeZone: String

    init(timeZone: String = "UTC", database relative: String = "portfolio.sqlite") throws {
        sandbox = try Sandbox()
        database = sandbox.path(relative)
        self.timeZone = timeZone
    }

    var environment: [String: String] {
        sandbox.environment.merging(["PORTFOLIO_DB": database, "TZ": timeZone, "LANG": "en_GB.UTF-8"]) { $1 }
    }

    /// Runs `portfolio arguments…` against the box's database.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) throws -> ToolResult {
        try ToolProcess.run("portfolio", arguments, environment: environment.merging(extra) { $1 }, stdin: stdin)
    }

    @discardableResult
    func run(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:]) throws -> ToolResult {
        try run(arguments, stdin: stdin, environment: extra)
    }

    /// Runs and expects exit 0 (no crash); returns the result for more checks.
    @discardableResult
    func ok(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:],
            sourceLocation: SourceLocation = #_sourceLocation) throws -> ToolResult {
        let result = try run(arguments, stdin: stdin, environment: extra)
        #expect(result.status == 0 && !result.killedBySignal,
                "portfolio \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    /// Runs and expects exit `status`; returns the result.
    @discardableResult
    func fails(_ status: Int32, _ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:],
               sourceLocation: SourceLocation = #_sourceLocation) throws -> ToolResult {
        let result = try run(arguments, stdin: stdin, environment: extra)
        #expect(result.status == status && !result.killedBySignal,
                "portfolio \(arguments.joined(separator: " ")) → \(result.status), expected \(status): \(result.stderr)",
                sourceLocation: sourceLocation)
        return result
    }

    /// The output of a command parsed as JSON.
    func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let result = try run(arguments)
        #expect(result.status == 0, "portfolio \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }

    /// `list --format json` (with --all when asked). While the box's database has not been
    /// made, no accounts: the list is then refused as a read of a store that is not there
    /// (66, issue 26 item 36), which is checked here.
    func list(all: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> PortfolioList {
        let result = try run(all ? ["list", "--all", "--format", "json"] : ["list", "--format", "json"])
        if !FileManager.default.fileExists(atPath: database) {
            #expect(result.status == 66 && result.stderr.contains("no such file"), "list: \(result.stderr)", sourceLocation: sourceLocation)
            return PortfolioList()
        }
        #expect(result.status == 0, "list: \(result.stderr)", sourceLocation: sourceLocation)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                                  sourceLocation: sourceLocation)
        return try PortfolioList(object, sourceLocation: sourceLocation)
    }

    /// `show NAME --format json`.
    func show(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = try run("show", name, "--format", "json")
        #expect(result.status == 0, "show \(name): \(result.stderr)", sourceLocation: sourceLocation)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
                            sourceLocation: sourceLocation)
    }

    /// The data rows of a CSV command (the header checked against `header` when given).
    func csv(_ arguments: String..., header: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String]] {
        let result = try run(arguments)
        #expect(result.status == 0, "portfolio \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.last == "", "CSV output ends with a newline", sourceLocation: sourceLocation)
        let body = lines.dropLast()
        if let header { #expect(body.first == header, sourceLocation: sourceLocation) }
        return body.dropFirst().map(PortfolioCSV.fields)
    }

    /// The first value `sql` gives on the box's database, read with /usr/bin/sqlite3 (nil when absent).
    func sqlite(_ sql: String) throws -> String? {
        try SQLiteShell.query(database, sql)
    }
}

/// `portfolio list --format json`, read.
struct PortfolioList {
    struct Row {
        let name: String
        let currency: String
        let value: String?
        let active: Bool
        let updates: Int
        let keys: Set<String>
    }

    let accounts: [Row]
    let totals: [String: String]

    /// The list of a store with no accounts.
    init() {
        accounts = []
        totals = [:]
    }

    init(_ object: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rows = try #require(object["accounts"] as? [[String: Any]], sourceLocation: sourceLocation)
        accounts = try rows.map { row in
            Row(name: try #require(row["name"] as? String, sourceLocation: sourceLocation),
                currency: try #require(row["currency"] as? String, sourceLocation: sourceLocation),
                value: row["value"] as? String,
                active: try #require(row["active"] as? Bool, sourceLocation: sourceLocation),
                updates: try #require(row["updates"] as? Int, sourceLocation: sourceLocation),
                keys: Set(row.keys))
        }
        totals = try #require(object["totals"] as? [String: String], sourceLocation: sourceLocation)
    }

    func account(_ name: String) -> Row? { accounts.first { $0.name == name } }
    var names: [String] { accounts.map(\.name) }
}

enum PortfolioCSV {
    /// One CSV line into fields (quotes and doubled quotes; no line breaks inside fields).
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if inQuotes {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { inQuotes = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                inQuotes = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }

    /// Pence from a plain amount such as "1234.56" or "-5.00" (two decimals).
    static func pence(_ plain: String) -> Int? {
        let negative = plain.hasPrefix("-")
        let digits = negative ? String(plain.dropFirst()) : plain
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        return (negative ? -1 : 1) * (major * 100 + minor)
    }

    /// "1234.56" from pence.
    static func plain(_ minor: Int) -> String {
        let sign = minor < 0 ? "-" : ""
        let size = abs(minor)
        let cents = size % 100
        return "\(sign)\(size / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}

/// The elements of an SVG document, read with Foundation's XMLParser.
final class PortfolioSVG: NSObject, XMLParserDelegate {
    private(set) var elements: [(name: String, attributes: [String: String])] = []
    private(set) var error: Error?
    private(set) var wellFormed = false

    init(_ text: String) {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        wellFormed = parser.parse()
        error = parser.parserError
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append((elementName, attributeDict))
    }

    func count(_ name: String) -> Int { elements.filter { $0.name == name }.count }
    func all(_ name: String) -> [[String: String]] { elements.filter { $0.name == name }.map(\.attributes) }
    var root: (name: String, attributes: [String: String])? { elements.first }
}

extension String {
    var portfolioIsASCII: Bool { unicodeScalars.allSatisfy(\.isASCII) }

    /// The characters used by the block-character charts.
    var portfolioHasBlocks: Bool { contains { "▁▂▃▄▅▆▇█".contains($0) } }
}
