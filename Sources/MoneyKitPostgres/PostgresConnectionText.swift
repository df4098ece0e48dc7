// What a user typed to name a PostgreSQL database (a postgresql:// URI or a libpq
// keyword string), read only to hide its passwords: a message that must echo the text
// shows it redacted, and libpq's own messages are scrubbed of the passwords found here.
// The scanner follows libpq's syntax but never fails: whatever it cannot read is hidden.

import MoneyKitPlatform

/// Hides passwords in a connection URI or keyword string.
package enum PostgresConnectionText {
    /// What stands for a hidden password (or for text that could not be read safely).
    package static let mask = "****"

    /// Whether `text` is a URI (libpq's two prefixes) rather than a keyword string.
    package static func isURI(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// `text` with every password replaced by `mask`: the password of a URI's user
    /// information and its `password` query parameter, the `password` keyword's value, and
    /// the same inside a `dbname` that is itself a connection string.
    package static func redacted(_ text: String) -> String {
        scan(text).redacted
    }

    /// The passwords `text` carries, as typed and as libpq decodes them, for scrubbing
    /// messages. Empty passwords are left out.
    package static func passwords(in text: String) -> [String] {
        scan(text).passwords
    }

    /// `message` with each of `secrets` (longest first) replaced by `mask`.
    package static func scrubbing(_ message: String, of secrets: [String]) -> String {
        var result = message
        for secret in Set(secrets).sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
            result = result.replacingAll(secret, with: mask)
        }
        return result
    }

    private struct Scan {
        var redacted: String
        var passwords: [String]
    }

    private static func scan(_ text: String) -> Scan {
        // A text of a URI's shape is read as one even when libpq would not (a blank
        // before it, postgresql:/h, mysql://): its user information may hold a password.
        if let shape = PostgresURIShape.of(text) { return scanURI(text, authorityStart: shape.authorityStart) }
        return scanKeywords(text)
    }

    // MARK: URIs: postgresql://user:password@host:port/dbname?key=value&...

    /// `authorityStart`: where the user information begins in `Array(text)` (after the
    /// scheme, its colon and slashes).
    private static func scanURI(_ text: String, authorityStart start: Int) -> Scan {
        let characters = Array(text)
        // The authority ends at the first "/" or "?"; the user information at its last "@"
        // (libpq stops at the first, but a password with a stray "@" is hidden whole).
        var authorityEnd = start
        while authorityEnd < characters.count, characters[authorityEnd] != "/", characters[authorityEnd] != "?" {
            authorityEnd += 1
        }
        var output = String(characters[..<start])
        var passwords: [String] = []
        let authority = Array(characters[start..<authorityEnd])
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            if let colon = userInfo.firstIndex(of: ":") {
                let password = String(userInfo[(colon + 1)...])
                passwords += [password, percentDecoded(password)]
                output += String(userInfo[...colon]) + mask
            } else {
                output += String(userInfo)
            }
            output += String(authority[at...])
        } else {
            output += String(authority)
        }
        var rest = String(characters[authorityEnd...])
        if let question = rest.firstIndex(of: "?") {
            let path = String(rest[..<question])
            let query = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            let parameters = query.map { parameter -> String in
                guard let equals = parameter.firstIndex(of: "=") else { return String(parameter) }
                let key = percentDecoded(String(parameter[..<equals])).lowercased()
                let value = String(parameter[parameter.index(after: equals)...])
                switch key {
                case "password":
                    passwords += [value, percentDecoded(value)]
                    return String(parameter[..<equals]) + "=" + mask
                case "dbname":
                    let inner = scan(percentDecoded(value))
                    passwords += inner.passwords
                    return inner.passwords.isEmpty ? String(parameter) : String(parameter[..<equals]) + "=" + inner.redacted
                default:
                    return String(parameter)
                }
            }
            rest = path + "?" + parameters.joined(separator: "&")
        }
        return Scan(redacted: output + rest, passwords: passwords.filter { !$0.isEmpty })
    }

    /// %XX sequences decoded as UTF-8 (an invalid sequence is left as typed).
    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return UTF8Text.validated(bytes) ?? text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: keyword strings: key = value key = 'quoted \' value' ...

    private static func scanKeywords(_ text: String) -> Scan {
        let characters = Array(text)
        var output = ""
        var passwords: [String] = []
        var index = 0
        func skipSpaces() {
            while index < characters.count, characters[index].isWhitespace {
                output.append(characters[index])
                index += 1
            }
        }
        while true {
            skipSpaces()
            if index >= characters.count { break }
            var key = ""
            while index < characters.count, characters[index] != "=", !characters[index].isWhitespace {
                key.append(characters[index])
                index += 1
            }
            output += key
            skipSpaces()
            // Not key=value: libpq refuses the string; what follows may be a password.
            guard index < characters.count, characters[index] == "=" else {
                if index < characters.count { output += mask }
                break
            }
            output.append("=")
            index += 1
            skipSpaces()
            let valueStart = index
            var value = ""
            var closed = true
            if index < characters.count, characters[index] == "'" {
                closed = false
                index += 1
                while index < characters.count {
                    let character = characters[index]
                    index += 1
                    if character == "\\", index < characters.count {
                        value.append(characters[index])
                        index += 1
                    } else if character == "'" {
                        closed = true
                        break
                    } else {
                        value.append(character)
                    }
                }
            } else {
                while index < characters.count, !characters[index].isWhitespace {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    value.append(characters[index])
                    index += 1
                }
            }
            let typed = String(characters[valueStart..<index])
            switch key.lowercased() {
            case "password":
                passwords += [typed, value]
                output += mask
            case "dbname" where PostgresURIShape.of(value) != nil || value.contains("="):
                let inner = scan(value)
                passwords += inner.passwords
                output += inner.passwords.isEmpty ? typed : "'" + inner.redacted + "'"
            case let other where !PostgresConnectionText.libpqKeywords.contains(other):
                // Not a setting libpq knows: libpq refuses the string, and its value is
                // hidden; a mistyped password keyword (pasword=, passwd=, pwd=) still
                // holds a password, to be scrubbed wherever it appears.
                output += mask
                if ["pas", "pw", "secret"].contains(where: other.contains) { passwords += [typed, value] }
            default:
                // An unclosed quote swallowed the rest of the string: hide it.
                output += closed ? typed : mask
            }
            if !closed { break }
        }
        return Scan(redacted: output, passwords: passwords.filter { !$0.isEmpty })
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement` (no Foundation).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
