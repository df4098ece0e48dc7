// A report's columns defined once: the JSON keys, the CSV/TSV header and the text
// table's columns all come from the same definition.

import Testing
import MoneyKitStorage
@testable import MoneyKitCLI

private struct Row {
    let name: String
    let count: Int64
    let note: String?
}

private let columns = ReportColumns<Row>([
    ReportColumn("name", layout: .text("NAME"), value: { .string($0.name) }),
    ReportColumn("count", layout: .init("COUNT", .right), value: { .integer($0.count) }, display: { TextTable.Cell("#\($0.count)") }),
    .scriptOnly("note", value: { $0.note.map(JSONValue.string) ?? .null }),
])

private let rows = [Row(name: "cars", count: 12, note: nil), Row(name: "=1+1", count: -3, note: "a, b")]

@Suite struct ReportColumnsTests {
    @Test func jsonKeysFollowTheColumns() {
        #expect(columns.jsonObject(rows[0]).serialized() == #"{"name":"cars","count":12,"note":null}"#)
    }

    @Test func csvAndTsvHaveTheHeaderAndPlainValues() {
        #expect(columns.delimitedLines(rows, format: .csv) == ["name,count,note", "cars,12,", "'=1+1,-3,\"a, b\""])
        #expect(columns.delimitedLines(rows, format: .tsv).first == "name\tcount\tnote")
    }

    @Test func theTextTableShowsPeoplesColumnsOnly() {
        let lines = columns.textTable(rows).render()
        #expect(lines.first?.contains("NAME") == true)
        #expect(lines.first?.contains("note") == false)
        #expect(lines.contains { $0.contains("#12") })
    }
}
