// JSON for machine output: key order, string escaping, pretty and compact forms.

import Foundation
import MoneyKit
import MoneyKitStorage
import Testing
@testable import MoneyKitCLI

private func parse(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

private let sample: JSONValue = .object([
    ("zeta", .string("last letter first")),
    ("alpha", .integer(Int64(-42))),
    ("amount", .string("1234.56")),
    ("rate", .number("0.125")),
    ("ok", .bool(true)),
    ("off", .bool(false)),
    ("nothing", .null),
    ("list", .array([.integer(1), .string("two"), .array([]), .object([])])),
    ("nested", .object([("b", .integer(2)), ("a", .integer(1))])),
])

@Test func compactSerialization() {
    #expect(
        sample.serialized()
            == #"{"zeta":"last letter first","alpha":-42,"amount":"1234.56","rate":0.125,"ok":true,"off":false,"nothing":null,"list":[1,"two",[],{}],"nested":{"b":2,"a":1}}"#
    )
}

@Test func prettySerialization() {
    let expected = """
        {
          "zeta": "last letter first",
          "alpha": -42,
          "amount": "1234.56",
          "rate": 0.125,
          "ok": true,
          "off": false,
          "nothing": null,
          "list": [
            1,
            "two",
            [],
            {}
          ],
          "nested": {
            "b": 2,
            "a": 1
          }
        }
        """
    #expect(sample.serialized(pretty: true) == expected)
}

@Test func scalarsAndEmptyContainers() {
    #expect(JSONValue.null.serialized() == "null")
    #expect(JSONValue.bool(true).serialized(pretty: true) == "true")
    #expect(JSONValue.integer(7).serialized() == "7")
    #expect(JSONValue.integer(Int64.min).serialized() == "-9223372036854775808")
    #expect(JSONValue.array([]).serialized(pretty: true) == "[]")
    #expect(JSONValue.object([]).serialized(pretty: true) == "{}")
}

@Test func keyOrderIsKeptAsGiven() {
    let keys = (0..<50).map { "k\(49 - $0)" }
    let value = JSONValue.object(keys.map { ($0, JSONValue.null) })
    let text = value.serialized()
    var position = text.startIndex
    for key in keys {
        guard let range = text.range(of: "\"\(key)\":", range: position..<text.endIndex) else {
            Issue.record("\(key) missing or out of order")
            return
        }
        position = range.upperBound
    }
}

@Test(
    "Strings are escaped",
    arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("a/b", #""a/b""#),
        ("line\nbreak", #""line\nbreak""#),
        ("cr\rtab\t", #""cr\rtab\t""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{01}", #""\u0001""#),
        ("\u{00}", #""\u0000""#),
        ("\u{1F}", #""\u001f""#),
        ("\u{2028}\u{2029}", #""\u2028\u2029""#),
        ("\u{7F}", "\"\u{7F}\""),  // DEL needs no escape
        ("ünï 日本 🎉", "\"ünï 日本 🎉\""),
        ("\r\n", #""\r\n""#),
    ])
func stringEscaping(_ text: String, _ expected: String) {
    #expect(JSONValue.string(text).serialized() == expected)
}

@Test func keysAreEscapedToo() {
    #expect(JSONValue.object([("a\"b\n", .integer(1))]).serialized() == #"{"a\"b\n":1}"#)
}

@Test func outputParsesWithJSONSerializationAndKeepsEveryValue() throws {
    let nasty = "q\" b\\ c\u{01} \u{1F} \u{2028} \u{2029} \t\n\r 日本 🎉 e\u{301}"
    let value = JSONValue.object([
        ("text", .string(nasty)),
        ("n", .integer(Int64(12))),
        ("list", .array([.bool(false), .null, .string("x")])),
        (nasty, .string("key")),
    ])
    for pretty in [false, true] {
        let object = try #require(try parse(value.serialized(pretty: pretty)) as? [String: Any])
        #expect(object["text"] as? String == nasty)
        #expect((object["n"] as? NSNumber)?.intValue == 12)
        let list = try #require(object["list"] as? [Any])
        #expect(list.count == 3)
        #expect(list[0] as? Bool == false)
        #expect(list[1] is NSNull)
        #expect(list[2] as? String == "x")
        #expect(object[nasty] as? String == "key")
    }
}

@Test(
    "Every control character round-trips through JSONSerialization",
    arguments: Array(0..<0x20).map { UInt8($0) })
func controlCharacterRoundTrip(_ byte: UInt8) throws {
    let text = "<" + String(UnicodeScalar(byte)) + ">"
    let serialized = JSONValue.string(text).serialized()
    #expect(!serialized.unicodeScalars.contains { $0.value < 0x20 })
    #expect(try parse(serialized) as? String == text)
}

@Test func equalityComparesSerializedText() {
    #expect(JSONValue.integer(1) == JSONValue.number("1"))
    #expect(JSONValue.integer(Int64(1)) == JSONValue.integer(1))
    #expect(JSONValue.object([("a", .null), ("b", .null)]) != JSONValue.object([("b", .null), ("a", .null)]))
    #expect(JSONValue.string("1") != JSONValue.number("1"))
}
