// A full-screen session on the terminal: raw keys in, an alternate screen out, and the
// terminal put back as it was on every way out (return, error, SIGINT, SIGTERM, SIGHUP).

import MoneyKitPlatform
import MoneyKitProcess

package enum Key: Equatable, Sendable {
    case character(Character)
    case enter, backspace, escape, up, down, left, right, tab, interrupt
    case delete, home, end, pageUp, pageDown, insert
    /// Shift-Tab.
    case backTab
    /// F1 to F12.
    case function(Int)
    /// A key whose sequence was read whole but means nothing here (Alt-x, F13, a mouse
    /// report): screens ignore it, never take it for Esc.
    case unknown
}

package final class RawTerminal {
    private var rawMode: TerminalRawMode?
    /// True once the terminal has gone (end of input, hang-up): screens must then end.
    package private(set) var inputEnded = false

    /// Enters raw mode and the alternate screen. Refuses politely off a terminal.
    /// `terminal`: the facts of this run (its TERM decides whether a screen can be drawn).
    package init(commandName: String, terminal: Terminal) throws(CLIError) {
        try Self.checkCanDraw(commandName: commandName, terminal: terminal)
        do {
            rawMode = try TerminalRawMode()
        } catch {
            throw CLIError("cannot read the terminal's settings: \(error)", exitCode: .ioError)
        }
        SignalFlags.install()
        write("\u{1B}[?1049h\u{1B}[?25l")
    }

    /// Refuses a screen where none can be drawn: stdin and stdout not both a terminal, or
    /// TERM=dumb. Any screen (a run in-process too) is refused in these words.
    /// - Throws: `CLIError.usage` (exit 64) saying why.
    package static func checkCanDraw(commandName: String, terminal: Terminal) throws(CLIError) {
        let commandPath = Array(commandName.split(separator: " ").dropFirst().map(String.init))
        guard terminal.isInteractive else {
            throw CLIError.usage(
                "\(commandName) needs a terminal: standard input and output must both be one",
                commandPath: commandPath)
        }
        // A dumb terminal cannot place the cursor or switch screens: draw nothing there.
        if terminal.isDumb {
            throw CLIError.usage(
                "\(commandName) needs a terminal that can draw a screen, and TERM is dumb",
                hint: "set TERM to your terminal's type, or use the plain commands", commandPath: commandPath)
        }
    }

    deinit { restore() }

    /// Leaves the alternate screen, shows the cursor, restores the settings. Safe to
    /// call more than once.
    package func restore() {
        guard let rawMode else { return }
        self.rawMode = nil
        write("\u{1B}[?25h\u{1B}[?1049l")
        rawMode.restore()
    }

    /// Writes straight to the terminal, unbuffered.
    package func write(_ text: String) {
        // A terminal that cannot be written to has gone; readKey notices and ends the screen.
        _ = FileDescriptor.standardOutput.writeAll(Array(text.utf8))
    }

    /// The next key, or nil when `timeoutMilliseconds` pass first, a signal arrives, or
    /// input ends.
    package func readKey(timeoutMilliseconds: Int32 = -1) -> Key? {
        guard let byte = readByte(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
        switch byte {
        case 0x03: return .interrupt
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x09: return .tab
        case 0x1B:
            return readEscapeSequence()
        default:
            var bytes = [byte]
            // The rest of a multi-byte UTF-8 character.
            let extra = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
            for _ in 0..<extra { if let next = readByte(timeoutMilliseconds: 30) { bytes.append(next) } }
            guard let text = UTF8Text.validated(bytes), let character = text.first else { return nil }
            return .character(character)
        }
    }

    /// After ESC: a lone Esc (nothing follows within 30 ms), or a whole CSI sequence
    /// (ESC [ parameters intermediates final) or SS3 sequence (ESC O final), read to its
    /// last byte so that nothing of it is taken for keys of its own.
    private func readEscapeSequence() -> Key {
        guard let second = readByte(timeoutMilliseconds: 30) else { return .escape }
        switch second {
        case UInt8(ascii: "["):
            var parameters: [UInt8] = []
            // Parameter and intermediate bytes (0x20–0x3F), then one final byte (0x40–0x7E).
            while let next = readByte(timeoutMilliseconds: 30) {
                if (0x40...0x7E).contains(next) { return Self.csiKey(parameters: parameters, final: next) }
                guard (0x20...0x3F).contains(next), parameters.count < 32 else { return .unknown }
                parameters.append(next)
            }
            return .unknown
        case UInt8(ascii: "O"):
            guard let final = readByte(timeoutMilliseconds: 30) else { return .unknown }
            return Self.ss3Key(final)
        default:
            // Alt with a key (ESC x): not a key the screens use.
            return .unknown
        }
    }

    /// The key a CSI sequence stands for (xterm and VT220 forms; modifiers ignored).
    static func csiKey(parameters: [UInt8], final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            let first = String(decoding: parameters, as: UTF8.self).split(separator: ";").first.flatMap { Int($0) }
            switch first {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case let code? where (11...15).contains(code): return .function(code - 10)
            case let code? where (17...21).contains(code): return .function(code - 11)
            case let code? where (23...24).contains(code): return .function(code - 12)
            default: return .unknown
            }
        default: return letterKey(final) ?? .unknown
        }
    }

    /// The key an SS3 sequence stands for (application cursor keys, keypad Enter, F1–F4).
    static func ss3Key(_ final: UInt8) -> Key {
        final == UInt8(ascii: "M") ? .enter : letterKey(final) ?? .unknown
    }

    /// The final letters CSI and SS3 share: arrows, Home, End, F1–F4.
    private static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
        default: return nil
        }
    }

    private func readByte(timeoutMilliseconds: Int32) -> UInt8? {
        guard FileDescriptor.standardInput.waitUntilReadable(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
        switch FileDescriptor.standardInput.readByte() {
        case .byte(let byte): return byte
        case .nothing: return nil
        case .ended:
            inputEnded = true
            return nil
        }
    }

    /// The terminal's size now.
    package var size: (columns: Int, rows: Int) {
        // A terminal whose size was never set reports 0×0: draw for 80×24 then.
        guard let size = FileDescriptor.standardOutput.windowSize, size.columns > 0, size.rows > 0 else {
            return (80, 24)
        }
        return size
    }
}
