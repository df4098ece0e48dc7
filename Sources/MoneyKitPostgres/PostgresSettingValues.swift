// The connection settings whose values come from a fixed list. libpq reads any value
// when it parses a connection string and refuses a wrong one only when it connects, where
// it would look like an unreachable server (69). Checked first, a typo such as
// sslmode=verify_full is a bad connection string (78), and the message lists what is allowed.

import CLibPQ

enum PostgresSettingValues {
    /// The values libpq 15 accepts, by keyword.
    static let allowed: [String: [String]] = [
        "sslmode": ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"],
        "gssencmode": ["disable", "prefer", "require"],
        "channel_binding": ["disable", "prefer", "require"],
        "target_session_attrs": ["any", "read-write", "read-only", "primary", "standby", "prefer-standby"],
    ]

    /// The value `keyword` has in the parsed `options` (nil: not given, or empty).
    static func value(of keyword: String, in options: UnsafeMutablePointer<PQconninfoOption>) -> String? {
        var option = options
        while let name = option.pointee.keyword {
            defer { option += 1 }
            guard String(cString: name) == keyword, let value = option.pointee.val else { continue }
            let text = String(cString: value)
            return text.isEmpty ? nil : text
        }
        return nil
    }

    /// What is wrong with the parsed `options` (a PQconninfoParse array), or nil.
    static func problem(in options: UnsafeMutablePointer<PQconninfoOption>) -> String? {
        var option = options
        while let keyword = option.pointee.keyword {
            defer { option += 1 }
            guard let valuePointer = option.pointee.val else { continue }
            let name = String(cString: keyword)
            guard let values = allowed[name] else { continue }
            let value = String(cString: valuePointer)
            if !values.contains(value) {
                return "\(name) is '\(value)', which libpq does not know (use one of: \(values.joined(separator: ", ")))"
            }
        }
        return nil
    }
}
