// Word wrapping for the changelog and the control file's long description.

enum TextWrapping {
    /// `text` wrapped at spaces to at most `width` columns (a longer word stands alone),
    /// the first line after `firstPrefix`, the others after `prefix`; each line ends in "\n".
    /// No line but the first starts with '-' or '*' when that can be helped.
    static func wrap(_ text: String, firstPrefix: String, prefix: String, width: Int = 78) -> String {
        var lines: [String] = []
        var linePrefix = firstPrefix
        var words: [Substring] = []
        var length = 0  // of the words on the line and the spaces between them
        for word in text.split(separator: " ") {
            if !words.isEmpty && linePrefix.count + length + 1 + word.count > width {
                // A line starting with '-' or '*' reads as a list item in a Debian description
                // (lintian: possible-unindented-list-in-extended-description), as an option
                // such as --no-save would: the words before it go down with it.
                var carried: [Substring] = []
                while words.count > 1, (carried.first ?? word).first.map({ $0 == "-" || $0 == "*" }) == true {
                    carried.insert(words.removeLast(), at: 0)
                }
                lines.append(linePrefix + words.joined(separator: " "))
                linePrefix = prefix
                words = carried
                length = carried.reduce(0) { $0 + $1.count } + max(0, carried.count - 1)
            }
            length += (words.isEmpty ? 0 : 1) + word.count
            words.append(word)
        }
        lines.append(linePrefix + words.joined(separator: " "))
        return lines.map { $0 + "\n" }.joined()
    }
}
