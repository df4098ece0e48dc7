// A JSON value with object keys kept in order: what tools print for scripts (stable
// key order, money as strings like "1234.56") and what the file store reads and writes.
// Written and read here rather than through Codable: on Linux JSONDecoder costs
// milliseconds per start (protocol conformance lookups), which tally inc cannot afford.

public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    /// A number as already formatted text (an integer, or a plain decimal).
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func integer(_ value: Int64) -> JSONValue { .number(String(value)) }
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The member `key` of an object, or nil (also when this is not an object).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A whole number that fits Int64 (written without fraction or exponent).
    public var int64Value: Int64? {
        if case .number(let text) = self { return Int64(text) }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var objectValue: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// Structural equality; object members compare in order, numbers by their text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)), let (.number(a), .number(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Compact (one line) or pretty (two-space indents) text.
    public func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(into: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(into output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .string(let text): Self.writeString(text, into: &output)
        case .number(let text): output += text
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(into: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.writeString(key, into: &output)
                output += pretty ? ": " : ":"
                value.write(into: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
