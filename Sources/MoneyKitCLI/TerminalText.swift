// The one output sanitiser for text meant for people. Text that comes from outside (a
// name read from a store or a CSV, a note, an argument echoed in an error) must never
// drive the terminal nor hide what it says: an ESC, a C1 control or a bidirectional
// override could set the window title, clear the screen, write the clipboard (OSC 52) or
// make a line read differently from its bytes, and a zero-width space makes two names
// read alike. Such characters are shown escaped (the list is MoneyKitStorage's
// HiddenCharacters, which also keeps them out of new names).
//
// Text this program formatted itself is another matter: a currency formatter for Arabic
// (`1,234.56 د.إ.` with right-to-left marks) or Hebrew puts direction marks where they
// belong. Such text is `formatted`: its direction marks and other invisible characters
// pass, and only controls (which no formatter writes) are escaped. Which text is which is
// said by the type: `TerminalText.escaped` and `String.terminalSafe` for text from
// outside, `TerminalText.formatted` and a `TextTable.Cell(formatted:)` for ours, and
// `ShownText`, a message whose literal parts and `\(formatted:)` parts are ours and whose
// every other interpolation is escaped. Machine formats (JSON, CSV, TSV) keep the exact
// bytes and never pass through here.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

package enum TerminalText {
    /// Text from outside (stores, files, argv) made safe to show: every control and every
    /// invisible character not part of what a visible character shows (see
    /// HiddenCharacters) is shown as an escape: `\n`, `\r`, `\t`, other C0 controls and
    /// DEL as `\xHH`, bytes that were not UTF-8 as `\xHH`, the rest as `\u{HHHH}`. A
    /// backslash is left as it is: the escapes are for reading, not for parsing back.
    package static func escaped(_ text: String) -> String {
        // Most text needs nothing: check first, so the common case copies nothing.
        guard text.unicodeScalars.contains(where: HiddenCharacters.mayBeHidden) else { return text }
        let scalars = Array(text.unicodeScalars)
        return rendered(scalars) { HiddenCharacters.isHidden(at: $0, in: scalars) }
    }

    /// Text this program formatted (money, percentages, dates, its own labels): its
    /// direction marks and joiners pass as they are; only controls, which no formatter
    /// writes, are escaped, so even a formatter fed odd data cannot drive the terminal.
    package static func formatted(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: HiddenCharacters.isControl) else { return text }
        let scalars = Array(text.unicodeScalars)
        return rendered(scalars) { HiddenCharacters.isControl(scalars[$0]) }
    }

    /// Whether the scalar at `index` of `text` is shown escaped by `escaped(_:)`.
    static func needsEscape(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        HiddenCharacters.isHidden(at: index, in: scalars)
    }

    /// `scalars` with those at the positions `hidden` picks written as escapes.
    private static func rendered(_ scalars: [Unicode.Scalar], hidden: (Int) -> Bool) -> String {
        var result = ""
        result.reserveCapacity(scalars.count + 8)
        for (index, scalar) in scalars.enumerated() {
            guard hidden(index) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            if let byte = LosslessText.escapedByte(scalar) {
                // A byte that was not UTF-8, kept from argv or a file name: show the byte.
                result += "\\x" + hex(UInt32(byte), digits: 2)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x80 {
                    result += "\\x" + hex(scalar.value, digits: 2)
                } else {
                    result += "\\u{" + hex(scalar.value, digits: 4) + "}"
                }
            }
        }
        return result
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension String {
    /// This text, from outside, made safe to show on a terminal (see `TerminalText.escaped`).
    package var terminalSafe: String { TerminalText.escaped(self) }
}

/// A message for people whose type says which parts are trusted: its literal text and
/// the parts interpolated as `\(formatted: …)` are this program's own (money, dates and
/// percentages it formatted keep their direction marks); every other interpolation (a
/// name, a path, a note, an argument) is escaped (`TerminalText.escaped`).
///
///     invocation.say("Added '\(account.name)': \(formatted: money) on \(date)")
package struct ShownText: ExpressibleByStringInterpolation, Sendable, Equatable {
    /// The message as it is printed.
    package private(set) var text: String

    /// Trusted text as it is (controls still escaped).
    package init(formatted text: String) {
        self.text = TerminalText.formatted(text)
    }

    /// Text from outside, escaped.
    package init(escaping text: String) {
        self.text = TerminalText.escaped(text)
    }

    package init(stringLiteral value: String) {
        text = TerminalText.formatted(value)
    }

    package init(stringInterpolation: Interpolation) {
        text = stringInterpolation.text
    }

    /// `a + b`: both parts as they are shown.
    package static func + (left: ShownText, right: ShownText) -> ShownText {
        var joined = left
        joined.text += right.text
        return joined
    }

    /// The parts of a message being built.
    package struct Interpolation: StringInterpolationProtocol {
        var text = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        /// A literal part: this program's own text.
        package mutating func appendLiteral(_ literal: String) {
            text += TerminalText.formatted(literal)
        }

        /// Text from outside: escaped.
        package mutating func appendInterpolation(_ value: String) {
            text += TerminalText.escaped(value)
        }

        /// Any other value, described and escaped.
        package mutating func appendInterpolation<Value: CustomStringConvertible>(_ value: Value) {
            text += TerminalText.escaped(value.description)
        }

        /// Text this program formatted (money, a percentage, a date): kept as it is.
        package mutating func appendInterpolation(formatted value: String) {
            text += TerminalText.formatted(value)
        }

        /// A message already made safe.
        package mutating func appendInterpolation(_ value: ShownText) {
            text += value.text
        }
    }
}
