// Word wrapping for the changelog and the control file's long description.

enum TextWrapping {
    /// `text` wrapped at spaces to at most `width` columns (a longer word stands alone),
    /// the first line after `firstPrefix`, the others after `prefix`; each line ends in "\n".
    static func wrap(_ text: String, firstPrefix: String, prefix: String, width: Int = 78) -> String {
        var lines: [String] = []
        var line = firstPrefix
        var lineIsEmpty = true
        for word in text.split(separator: " ") {
            if !lineIsEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = prefix
                lineIsEmpty = true
            }
            line += (lineIsEmpty ? "" : " ") + word
            lineIsEmpty = false
        }
        lines.append(line)
        return lines.map { $0 + "\n" }.joined()
    }
}
