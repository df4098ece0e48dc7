// Trimming the blanks around what people type or files hold, shared by every tool and
// library (here, at the bottom of the graph, so that the dates below the kits use it too).

extension Substring {
    /// The text without leading and trailing whitespace.
    public var trimmingSpaces: String {
        // Most fields have no blanks at either end: answer them without Unicode lookups
        // (an import trims millions of fields).
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80 {
            return String(self)
        }
        var view = self
        while view.first?.isWhitespace == true { view.removeFirst() }
        while view.last?.isWhitespace == true { view.removeLast() }
        return String(view)
    }
}

extension String {
    /// The text without leading and trailing whitespace.
    public var trimmingSpaces: String { self[...].trimmingSpaces }
}
