// The terminal on standard input switched to raw mode (keys one at a time, no echo, no
// signals from Ctrl-C) for the full-screen commands, and back.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MoneyKitPlatform

/// Raw mode on standard input's terminal while the value lives; restored on `restore()`
/// or when it goes.
public final class TerminalRawMode {
    private var original = termios()
    private var active = false

    /// Switches standard input's terminal to raw mode.
    /// - Throws: `SystemError` when its settings cannot be read.
    public init() throws(SystemError) {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { throw SystemError(code: errno) }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        active = true
    }

    deinit { restore() }

    /// Puts the settings back as they were. Safe to call more than once.
    public func restore() {
        guard active else { return }
        active = false
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    }
}
