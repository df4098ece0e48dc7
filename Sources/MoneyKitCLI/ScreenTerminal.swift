// What a full-screen view needs of a terminal: keys in, text out, its size, and putting it
// back as it was. The real one is RawTerminal; a run in-process may open another (a test's
// scripted keys) through its ToolIO, so a screen runs whole without a tty.

/// A terminal a screen draws on and reads keys from.
package protocol ScreenTerminal: AnyObject {
    /// True once input has ended (the terminal has gone): the screen must then end.
    var inputEnded: Bool { get }
    /// The terminal's size now.
    var size: (columns: Int, rows: Int) { get }
    /// The next key, or nil when `timeoutMilliseconds` pass first, a signal arrives, or
    /// input ends.
    func readKey(timeoutMilliseconds: Int32) -> Key?
    /// Writes `text` to the terminal as it is.
    func write(_ text: String)
    /// Puts the terminal back as it was before the screen. Safe to call more than once.
    func restore()
}

extension ScreenTerminal {
    /// Clears the screen and draws `lines`, one per row from the top, as many as there are rows.
    package func draw(_ lines: [String]) {
        let rows = size.rows
        var screen = "\u{1B}[H\u{1B}[2J"
        for (row, line) in lines.enumerated() where row < rows {
            screen += "\u{1B}[\(row + 1);1H" + line
        }
        write(screen)
    }
}

extension RawTerminal: ScreenTerminal {}
