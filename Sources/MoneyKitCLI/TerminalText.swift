// The one output sanitiser for text meant for people. Stored or typed text (a name read
// from a CSV, a note, an argument echoed in an error) must never drive the terminal: an
// ESC, a C1 control or a bidirectional override could set the window title, clear the
// screen, write the clipboard (OSC 52) or make a line read differently from its bytes.
// Such characters are shown escaped instead; machine formats (JSON, CSV, TSV) keep the
// exact bytes and never pass through here.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

package enum TerminalText {
    /// `text` with every control character shown as an escape: `\n`, `\r`, `\t`, other
    /// C0 controls and DEL as `\xHH`, C1 controls and invisible format characters that
    /// reorder or hide text as `\u{HHHH}`. A backslash is left as it is: the escapes are
    /// for reading, not for parsing back.
    package static func escaped(_ text: String) -> String {
        // Most text needs nothing: check first, so the common case copies nothing.
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
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

    /// Whether `scalar` would act on the terminal or hide what is shown: the one list in
    /// MoneyKit's ItemName, which also keeps such characters out of new names.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { ItemName.isHiddenControl(scalar) }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

extension String {
    /// This text made safe to show on a terminal (see `TerminalText.escaped`).
    package var terminalSafe: String { TerminalText.escaped(self) }
}
