// Facts about the terminal: whether a stream is one, its width, and whether to colour.

import MoneyKitPlatform
import MoneyKitProcess

package enum ColorChoice: String, Sendable, CaseIterable {
    case auto, always, never
}

package struct Terminal: Sendable {
    package let environment: [String: String]
    // Asked once: a report that styles every row must not make a system call per cell.
    package let stdinIsTerminal: Bool
    package let stdoutIsTerminal: Bool
    package let stderrIsTerminal: Bool
    private let stdoutSize: (columns: Int, rows: Int)?

    package init(environment: [String: String]) {
        self.environment = environment
        stdinIsTerminal = FileDescriptor.standardInput.isTerminal
        stdoutIsTerminal = FileDescriptor.standardOutput.isTerminal
        stderrIsTerminal = FileDescriptor.standardError.isTerminal
        stdoutSize = stdoutIsTerminal ? FileDescriptor.standardOutput.windowSize : nil
    }

    /// Facts given rather than asked (a run in-process): which streams are terminals and,
    /// when stdout is one, its size.
    package init(
        environment: [String: String], stdinIsTerminal: Bool, stdoutIsTerminal: Bool, stderrIsTerminal: Bool,
        stdoutSize: (columns: Int, rows: Int)? = nil
    ) {
        self.environment = environment
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.stdoutSize = stdoutIsTerminal ? stdoutSize : nil
    }

    /// No stream is a terminal: width and height from COLUMNS and LINES, else 80 by 24.
    package init(notATerminal environment: [String: String]) {
        self.init(environment: environment, stdinIsTerminal: false, stdoutIsTerminal: false, stderrIsTerminal: false)
    }

    package static func isTerminal(_ descriptor: Int32) -> Bool { FileDescriptor(rawValue: descriptor).isTerminal }

    /// Prompts and full-screen interaction only when a person is at both ends.
    package var isInteractive: Bool { stdinIsTerminal && stdoutIsTerminal }

    /// TERM=dumb: a terminal that cannot colour, place the cursor or switch screens.
    package var isDumb: Bool { environment["TERM"] == "dumb" }

    /// Columns for output: the terminal's width when stdout is one, else `COLUMNS` when
    /// set, else 80.
    package var width: Int {
        if let size = stdoutSize, size.columns > 0 { return size.columns }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// Rows of the terminal on stdout, else `LINES`, else 24.
    package var height: Int {
        if let size = stdoutSize, size.rows > 0 { return size.rows }
        if let lines = environment["LINES"].flatMap(Int.init), lines > 0 { return lines }
        return 24
    }

    /// The window size of the terminal on `descriptor`, asked now (it changes on resize).
    package func windowSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
        Self.windowSize(descriptor)
    }

    package static func windowSize(_ descriptor: Int32) -> (columns: Int, rows: Int)? {
        FileDescriptor(rawValue: descriptor).windowSize
    }

    /// Whether to colour output on `descriptor`: `always` and `never` decide alone;
    /// `auto` colours a terminal unless `NO_COLOR` is set (non-empty) or `TERM=dumb`.
    package func colorEnabled(_ choice: ColorChoice, descriptor: Int32 = FileDescriptor.standardOutput.rawValue) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if isDumb { return false }
            switch descriptor {
            case FileDescriptor.standardOutput.rawValue: return stdoutIsTerminal
            case FileDescriptor.standardError.rawValue: return stderrIsTerminal
            default: return Self.isTerminal(descriptor)
            }
        }
    }
}

/// ANSI styling that is a no-op when colour is off.
package struct Styler: Sendable {
    package let enabled: Bool

    package init(enabled: Bool) {
        self.enabled = enabled
    }

    package enum Color: Int, Sendable {
        case red = 31, green = 32, yellow = 33, blue = 34, magenta = 35, cyan = 36
    }

    package func color(_ text: String, _ color: Color) -> String {
        enabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }

    package func bold(_ text: String) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    package func dim(_ text: String) -> String { enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
