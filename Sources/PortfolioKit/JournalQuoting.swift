// The quoted strings portfolio writes into a journal's metadata (an account's original
// name) and reads back: double quotes, with \" \\ \n \t and \u{XXXX} for every other
// control character, so any stored name fits on one line of any of the three formats;
// and \u{2C} for a comma, where hledger ends a tag's value and reads what follows as
// another tag (a name "Cash, type: L" would give the account hledger's type L).

/// The quoted strings of a journal's metadata: written and read back exactly.
public enum JournalQuoting {
    /// `text` in double quotes, escaped so it fits on one line.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case ",": result += "\\u{2C}"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x2029).contains(value) {
                    result += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The text of a quoted string written by `quoted` (the whole of `text`, quotes
    /// included), nil when it is not one.
    public static func unquoted(_ text: Substring) -> String? {
        var scalars = Substring(text).unicodeScalars[...]
        guard scalars.first == "\"", scalars.last == "\"", scalars.count >= 2 else { return nil }
        scalars = scalars.dropFirst().dropLast()
        var result = String.UnicodeScalarView()
        var iterator = scalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\"" { return nil }
            guard scalar == "\\" else { result.append(scalar); continue }
            switch iterator.next() {
            case "\"": result.append("\"")
            case "\\": result.append("\\")
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "u":
                guard iterator.next() == "{" else { return nil }
                var hex = ""
                var closed = false
                while let digit = iterator.next() {
                    if digit == "}" { closed = true; break }
                    hex.unicodeScalars.append(digit)
                    if hex.count > 6 { return nil }
                }
                guard closed, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                result.append(decoded)
            default:
                return nil
            }
        }
        return String(result)
    }
}
