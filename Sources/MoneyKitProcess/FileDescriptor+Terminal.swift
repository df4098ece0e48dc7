// The terminal facts about an open descriptor the command line asks (is it a terminal,
// how wide is it): terminal APIs, so they live with the process, not in the platform
// layer an app links.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MoneyKitPlatform

extension FileDescriptor {
    /// Whether this is a terminal.
    public var isTerminal: Bool { isatty(rawValue) == 1 }

    /// The size of the terminal open here, asked now (it changes on resize); nil when
    /// this is not a terminal.
    public var windowSize: (columns: Int, rows: Int)? {
        var size = winsize()
        guard ioctl(rawValue, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}
