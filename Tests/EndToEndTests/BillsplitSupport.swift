// Helpers for the billsplit end-to-end tests: running the binary in a sandbox, reading
// its JSON, exact money arithmetic on the plain decimal strings it prints, and a seeded
// random generator so the randomized checks reproduce.

import Foundation
import Testing

enum BillsplitE2E {
    /// Runs billsplit in `sandbox` with `arguments`; stdin is /dev/null unless given.
    static func run(
        _ sandbox: Sandbox, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]
    ) throws -> ToolResult {
        try ToolProcess.run(
            "billsplit", arguments, environment: sandbox.environment.merging(environment) { $1 }, stdin: stdin)
    }

    /// The default preferences file of a sandbox: $XDG_CONFIG_HOME/billsplit/preferences.json.
    static func preferencesPath(_ sandbox: Sandbox) -> String {
        sandbox.path("config/billsplit/preferences.json")
    }

    /// The file's bytes, or nil when it does not exist.
    static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    /// The `content` of a preferences file, after checking its envelope.
    static func preferences(_ path: String) throws -> [String: Any] {
        let data = try #require(bytes(path), "no preferences file at \(path)")
        let envelope = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(envelope["format"] as? String == "billsplit-preferences")
        #expect(envelope["version"] as? Int == 1)
        return try #require(envelope["content"] as? [String: Any])
    }

    static func writePreferences(_ path: String, content: String, version: Int = 1) throws {
        let text = "{\"format\": \"billsplit-preferences\", \"version\": \(version), \"content\": \(content)}\n"
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func jsonObject(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
    }

    /// The number of decimals of the currencies the tests use.
    static let exponents: [String: Int] = ["JPY": 0, "KRW": 0, "USD": 2, "NOK": 2, "EUR": 2, "KES": 2, "KWD": 3, "BHD": 3]

    /// "33.34" → 3334 for a currency with two decimals; nil unless the text has exactly
    /// `exponent` decimals (how billsplit prints amounts in JSON, CSV and TSV).
    static func minorUnits(_ text: String, exponent: Int) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit) else { return nil }
        var fraction = ""
        if exponent == 0 {
            guard parts.count == 1 else { return nil }
        } else {
            guard parts.count == 2, parts[1].count == exponent, parts[1].allSatisfy(isDigit) else { return nil }
            fraction = String(parts[1])
        }
        return Int64(whole + fraction)
    }

    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }

    /// 3334 → "33.34" for two decimals.
    static func plain(_ minorUnits: Int64, exponent: Int) -> String {
        guard exponent > 0 else { return String(minorUnits) }
        var digits = String(minorUnits)
        if digits.count <= exponent { digits = String(repeating: "0", count: exponent - digits.count + 1) + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -exponent))
        return digits
    }

    /// The text with runs of spaces (also no-break and narrow no-break spaces, as ICU
    /// puts them between number and symbol) collapsed to one space, ends trimmed.
    static func squeezed(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        return spaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Stdout as squeezed lines.
    static func squeezedLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { squeezed(String($0)) }
    }
}

/// SplitMix64 (as BillsplitRandom): tiny, fast and seedable, so a failing random case can be replayed.
struct BillsplitRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<bound.
    mutating func below(_ bound: UInt64) -> UInt64 { next() % bound }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(below(UInt64(range.upperBound - range.lowerBound + 1)))
    }

    mutating func pick<T>(_ values: [T]) -> T { values[int(0...(values.count - 1))] }
}
